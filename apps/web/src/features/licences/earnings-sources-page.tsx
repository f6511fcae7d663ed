import { Alert, Box, Chip, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatMoney } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { DateField } from '../../ui/date-fields.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useEarningsSources } from './api.ts';
import { compactCells } from '../../ui/table-cells.ts';

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10} %`);

/**
 * The earnings-sources report for the admin (UWG art. 3 para. 1 lit. r): per agent, commissions from
 * their own sales against those from their downline's sales, flagging who earns mainly from recruits.
 */
export function EarningsSourcesPage() {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const report = useEarningsSources({ from, to });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {tc('screens.earningsSources')}
      </Typography>
      <Typography color="text.secondary">{t('licences:report.intro')}</Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateField size="small" label={t('licences:report.from')} value={from} onChange={setFrom} testId="earnings-from" />
        <DateField size="small" label={t('licences:report.to')} value={to} onChange={setTo} testId="earnings-to" />
      </Box>
      {report.isPending && <Loading />}
      {report.isError && <Alert severity="error">{errorMessage(report.error, tc)}</Alert>}
      {report.data && (
        <>
          <Typography data-testid="earnings-totals">
            {t('licences:report.totals', {
              own: formatMoney(report.data.totals.own_sales),
              downline: formatMoney(report.data.totals.downline),
              share: percent(report.data.totals.downline_share),
            })}
          </Typography>
          <TableContainer component={Paper}>
            <Table size="small" aria-label={tc('screens.earningsSources')} sx={compactCells}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('licences:fields.agent')}</TableCell>
                  <TableCell align="right">{t('licences:report.own')}</TableCell>
                  <TableCell align="right">L1</TableCell>
                  <TableCell align="right">L2</TableCell>
                  <TableCell align="right">L3</TableCell>
                  <TableCell align="right">{t('licences:report.share')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {report.data.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>{t('licences:report.empty')}</TableCell>
                  </TableRow>
                )}
                {report.data.data.map((r) => (
                  <TableRow key={r.agent.id} data-testid="earnings-row">
                    <TableCell>
                      {r.agent.name} {r.agent.surname}
                    </TableCell>
                    <TableCell align="right">{formatMoney(r.own_sales)}</TableCell>
                    <TableCell align="right">{formatMoney(r.l1)}</TableCell>
                    <TableCell align="right">{formatMoney(r.l2)}</TableCell>
                    <TableCell align="right">{formatMoney(r.l3)}</TableCell>
                    <TableCell align="right">
                      {percent(r.downline_share)}{' '}
                      {r.mainly_downline && <Chip size="small" color="warning" label={t('licences:report.mainlyDownline')} />}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}
