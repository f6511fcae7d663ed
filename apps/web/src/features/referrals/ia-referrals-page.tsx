import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney, type ReferralStatus } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useIaReferrals } from './api.ts';
import { ReferralLinkCard } from './referral-link-card.tsx';
import { compactCells } from '../../ui/table-cells.ts';

const STATUS_COLOUR: Record<ReferralStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'default',
  in_progress: 'warning',
};

/** `/ia-dashboard/referrals`: whom the agent brought, their referral status, and the L1–L3 commissions earned through each. */
export function IaReferralsPage() {
  const { t } = useTranslation(['referrals']);
  const { t: tc } = useTranslation();
  const { data: me } = useCurrentUser();
  const referrals = useIaReferrals();
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.referrals')}
      </Typography>
      {me && <ReferralLinkCard userId={me.id} />}
      {referrals.isError && <Alert severity="error">{errorMessage(referrals.error, tc)}</Alert>}
      {referrals.isLoading && <Loading />}
      {referrals.data && (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="ia-referrals-table" sx={compactCells}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('referrals:ia.name')}</TableCell>
                  <TableCell>{t('referrals:ia.kind')}</TableCell>
                  <TableCell>{t('referrals:ia.since')}</TableCell>
                  <TableCell>{t('referrals:ia.status')}</TableCell>
                  <TableCell align="right">L1</TableCell>
                  <TableCell align="right">L2</TableCell>
                  <TableCell align="right">L3</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {referrals.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={7}>{t('referrals:ia.empty')}</TableCell>
                  </TableRow>
                )}
                {referrals.data.data.map((r) => (
                  <TableRow key={r.id} data-testid="ia-referral-row">
                    <TableCell>{[r.name, r.surname].filter(Boolean).join(' ')}</TableCell>
                    <TableCell>{tc(`roles.${r.role}`)}</TableCell>
                    <TableCell>{formatDate(r.created_at)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={STATUS_COLOUR[r.referral_status]}
                        label={t(`referrals:referralStatus.${r.referral_status}`)}
                      />
                    </TableCell>
                    <TableCell align="right">{formatMoney(r.l1)}</TableCell>
                    <TableCell align="right">{formatMoney(r.l2)}</TableCell>
                    <TableCell align="right">{formatMoney(r.l3)}</TableCell>
                  </TableRow>
                ))}
                <TableRow data-testid="ia-referrals-totals">
                  <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                    {t('referrals:ia.total')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(referrals.data.totals.l1)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(referrals.data.totals.l2)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(referrals.data.totals.l3)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('referrals:ia.note')}
      </Typography>
    </Box>
  );
}
