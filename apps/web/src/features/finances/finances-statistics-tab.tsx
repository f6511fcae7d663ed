import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { formatMoney, formatNumber, zurichClock, type FinanceFigures, type FinanceStatsDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../app/error-message.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useFinanceStats } from './api.ts';

type Stats = FinanceStatsDto['data'];
type Agent = Stats['table'][number]['agent'];

/** The years to choose from: this one (spec 9: the default) and the four before it. */
const YEARS_BACK = 4;
/** The totals row reads like the rows above it, in bold (a table footer is smaller and grey by default). */
const FOOTER = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } as const;
/** Spec 9 chart defaults. */
const CHART = { animationMs: 360, yTicks: 5 } as const;

/** Whole francs with de-CH grouping for the axis ("12'500"); the tooltip and the tables show Rappen. */
const francs = (rappen: number) => formatNumber(Math.round(rappen / 100));

const FIGURES = ['orders', 'sold', 'paid', 'owed', 'commissions'] as const satisfies readonly (keyof FinanceFigures)[];
const shown = (key: keyof FinanceFigures, value: number) => (key === 'orders' ? formatNumber(value) : formatMoney(value));

/**
 * Finances statistics (spec 2, the default tab): what was sold and paid per month as a chart, and per
 * agent what they sold, what was paid and is still owed on it, and the commissions they earned, for a
 * year (the current one first). A click on an agent narrows everything to them; an independent agent
 * sees only their own figures.
 */
export function FinancesStatisticsTab() {
  const { t, i18n } = useTranslation(['common', 'finstats']);
  const theme = useTheme();
  const currentYear = zurichClock(new Date()).year;
  const [year, setYear] = useState(currentYear);
  const [agent, setAgent] = useState<Agent | null>(null);
  const query = useFinanceStats(year, agent?.id ?? null);

  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const label = (month: string) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return monthName.format(new Date(Date.UTC(y, m - 1, 15)));
  };

  const filters = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('finstats:year')}
        value={year}
        onChange={(e) => setYear(Number(e.target.value))}
        sx={{ minWidth: 120 }}
      >
        {Array.from({ length: YEARS_BACK + 1 }, (_, i) => currentYear - i).map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      {agent && (
        <Chip
          label={t('finstats:onlyAgent', { name: `${agent.name} ${agent.surname}` })}
          onDelete={() => setAgent(null)}
          data-testid="finstats-agent-filter"
        />
      )}
    </Stack>
  );

  const content = () => {
    if (query.isPending) {
      return <Loading />;
    }
    if (query.isError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('finstats:retry')}
            </Button>
          }
        >
          {errorMessage(query.error, t)}
        </Alert>
      );
    }
    const data = query.data;
    if (data.totals.orders === 0 && data.totals.commissions === 0 && data.table.length === 0) {
      return (
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary" data-testid="finstats-empty">
            {t('finstats:empty', { year: data.year })}
          </Typography>
        </Paper>
      );
    }
    const chartData = data.charts.months.map((m) => ({ ...m, label: label(m.month) }));
    const narrowable = data.agent_id === null && data.table.length > 1;
    return (
      <Stack spacing={2}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}
          data-testid="finstats-totals"
        >
          {FIGURES.map((key) => (
            <Paper key={key} sx={{ p: 2 }} data-testid={`finstats-total-${key}`}>
              <Typography variant="body2" color="text.secondary">
                {t(`finstats:figures.${key}`)}
              </Typography>
              <Typography variant="h6" component="p">
                {shown(key, data.totals[key])}
              </Typography>
            </Paper>
          ))}
        </Box>

        <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
          <Typography variant="h6" component="h2" gutterBottom id="finstats-chart-title">
            {t('finstats:chartTitle', { year: data.year })}
          </Typography>
          <Box sx={{ width: '100%', height: 320 }} role="img" aria-labelledby="finstats-chart-title" data-testid="finstats-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chartData} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tickLine={false} />
                <YAxis tickFormatter={francs} tickCount={CHART.yTicks} width={80} />
                <Tooltip
                  formatter={(value) => formatMoney(Number(value))}
                  labelFormatter={(_l, payload) => {
                    const month = (payload[0]?.payload as { month?: string } | undefined)?.month;
                    return month ? `${label(month)} ${month.slice(0, 4)}` : '';
                  }}
                />
                {/* In the order of the bars, sold first, not alphabetically by the translated name. */}
                <Legend itemSorter={(item) => (item.dataKey === 'sold' ? 0 : 1)} />
                <Bar
                  dataKey="sold"
                  name={t('finstats:figures.sold')}
                  fill={theme.palette.primary.main}
                  animationDuration={CHART.animationMs}
                  radius={[3, 3, 0, 0]}
                />
                <Bar
                  dataKey="paid"
                  name={t('finstats:figures.paid')}
                  fill={theme.palette.success.main}
                  animationDuration={CHART.animationMs}
                  radius={[3, 3, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('finstats:rule')}
          </Typography>
        </Paper>

        <Paper>
          <Box sx={{ p: 2, pb: 0 }}>
            <Typography variant="h6" component="h2">
              {t('finstats:tableTitle')}
            </Typography>
            {narrowable && (
              <Typography variant="body2" color="text.secondary">
                {t('finstats:narrowHint')}
              </Typography>
            )}
          </Box>
          <TableContainer>
            <Table size="small" data-testid="finstats-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('finstats:agent')}</TableCell>
                  {FIGURES.map((key) => (
                    <TableCell key={key} align="right">
                      {t(`finstats:figures.${key}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.table.map((row) => (
                  <TableRow
                    key={row.agent.id}
                    hover={narrowable}
                    onClick={narrowable ? () => setAgent(row.agent) : undefined}
                    sx={narrowable ? { cursor: 'pointer' } : undefined}
                    data-testid="finstats-agent-row"
                  >
                    <TableCell>
                      {narrowable ? (
                        <Button
                          size="small"
                          variant="text"
                          sx={{ p: 0, minWidth: 0, textTransform: 'none', justifyContent: 'flex-start' }}
                          onClick={(e) => {
                            e.stopPropagation();
                            setAgent(row.agent);
                          }}
                        >
                          {row.agent.name} {row.agent.surname}
                        </Button>
                      ) : (
                        `${row.agent.name} ${row.agent.surname}`
                      )}
                    </TableCell>
                    {FIGURES.map((key) => (
                      <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {shown(key, row[key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter>
                <TableRow>
                  <TableCell sx={FOOTER}>{t('finstats:total')}</TableCell>
                  {FIGURES.map((key) => (
                    <TableCell key={key} align="right" sx={{ ...FOOTER, whiteSpace: 'nowrap' }}>
                      {shown(key, data.totals[key])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            </Table>
          </TableContainer>
        </Paper>
      </Stack>
    );
  };

  return (
    <Box data-testid="finances-statistics">
      {filters}
      {content()}
    </Box>
  );
}
