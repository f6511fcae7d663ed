import {
  Alert,
  Box,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { formatDate, formatDateTime, formatNumber, PARTNER_USERS_PAGE, type PartnerStatus } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { colouredSx } from '../../ui/coloured.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { usePartnerStats, usePartnerUsers } from './api.ts';
import { PartnerStatusChip } from './partner-status-chip.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';

/** `/partner-dashboard/partner-users`: the partner's link, their referrals by partner status, and the people themselves. */
export function PartnerUsersPage() {
  const { t } = useTranslation(['referrals']);
  const { t: tc } = useTranslation();
  const { data: me } = useCurrentUser();
  const [status, setStatus] = useState<PartnerStatus | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const stats = usePartnerStats();
  const users = usePartnerUsers({ limit: PARTNER_USERS_PAGE, offset }, status);
  const choose = (s: PartnerStatus | undefined) => {
    setStatus(s);
    setOffset(0);
  };

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.partnerUsers')}
      </Typography>
      {me && <ReferralLinkCard userId={me.id} />}
      {stats.data && (
        <Box
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
          role="group"
          aria-label={t('referrals:partner.byStatus')}
          data-testid="partner-stats"
        >
          <Chip
            label={t('referrals:partner.all', { count: stats.data.total })}
            variant={status === undefined ? 'filled' : 'outlined'}
            onClick={() => choose(undefined)}
            aria-pressed={status === undefined}
          />
          {stats.data.table
            .filter((r) => r.count > 0)
            .map((r) => (
              <Chip
                key={r.status}
                label={`${t(`referrals:partnerStatus.${r.status}`)} · ${formatNumber(r.count)}`}
                onClick={() => choose(r.status)}
                aria-pressed={status === r.status}
                data-testid={`partner-stat-${r.status}`}
                sx={status === r.status ? colouredSx(r.colour) : { borderColor: r.colour, borderWidth: 2, borderStyle: 'solid' }}
                variant={status === r.status ? 'filled' : 'outlined'}
              />
            ))}
        </Box>
      )}
      {users.isError && <Alert severity="error">{errorMessage(users.error, tc)}</Alert>}
      {users.isLoading && <Loading />}
      {users.data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="partner-users-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('referrals:partner.name')}</TableCell>
                  <TableCell>{t('referrals:partner.city')}</TableCell>
                  <TableCell>{t('referrals:partner.since')}</TableCell>
                  <TableCell>{t('referrals:partner.status')}</TableCell>
                  <TableCell>{t('referrals:partner.nextDemo')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>{t('referrals:partner.empty')}</TableCell>
                  </TableRow>
                )}
                {users.data.data.map((u) => (
                  <TableRow key={u.id} data-testid="partner-user-row" data-user-id={u.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/partner-dashboard/partner-flow/${u.lead_hash}`}>
                        {[u.name, u.surname].filter(Boolean).join(' ')}
                      </Link>
                    </TableCell>
                    <TableCell>{u.city ?? '–'}</TableCell>
                    <TableCell>{formatDate(u.created_at)}</TableCell>
                    <TableCell>
                      <PartnerStatusChip status={u.partner_status} />
                    </TableCell>
                    <TableCell>{u.next_presentation_at ? formatDateTime(u.next_presentation_at) : '–'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={users.data.total}
            page={Math.floor(offset / PARTNER_USERS_PAGE)}
            rowsPerPage={PARTNER_USERS_PAGE}
            rowsPerPageOptions={[PARTNER_USERS_PAGE]}
            onPageChange={(_, p) => setOffset(p * PARTNER_USERS_PAGE)}
            labelDisplayedRows={({ from, to, count }) => t('referrals:partner.rows', { from, to, count })}
          />
        </Paper>
      )}
    </Box>
  );
}
