import { Alert, Box, Button, Chip, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { formatMoney, formatNumber, zurichClock, type FinanceFigures, type FinanceStatsDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { StatsChart } from '../stats/stats-chart.tsx';
import { ComputedAt, ExportButtons, FigureCards, StatsTable } from '../stats/stats-table.tsx';
import { useFinanceStats } from './api.ts';

type Stats = FinanceStatsDto['data'];
type Agent = Stats['table'][number]['agent'];

/** The years to choose from: this one (spec 9: the default) and the four before it. */
const YEARS_BACK = 4;

/** Whole francs with de-CH grouping for the axis ("12'500"); the tooltip and the tables show Rappen. */
const francs = (rappen: number) => formatNumber(Math.round(rappen / 100));

const FIGURES = ['orders', 'sold', 'paid', 'owed', 'commissions'] as const satisfies readonly (keyof FinanceFigures)[];
const kindOf = (key: keyof FinanceFigures) => (key === 'orders' ? ('count' as const) : ('money' as const));

/**
 * Finances statistics (spec 2, the default tab): what was sold and paid per month as a chart, and per
 * agent what they sold, what was paid and is still owed on it, and the commissions they earned, for a
 * year (the current one first). A click on an agent narrows everything to them; an independent agent
 * sees only their own figures.
 */
export function FinancesStatisticsTab() {
  const { t, i18n } = useTranslation(['common', 'finstats', 'totalstats']);
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
    const exportUrl = (format: string) => {
      const q = new URLSearchParams({ format, year: String(data.year), lang: i18n.language });
      if (data.agent_id !== null) {
        q.set('agent_id', String(data.agent_id));
      }
      return `/api/stats/finances/export?${q.toString()}`;
    };
    return (
      <Stack spacing={2}>
        <FigureCards
          id="finstats-totals"
          cards={FIGURES.map((key) => ({ key, label: t(`finstats:figures.${key}`), kind: kindOf(key), value: data.totals[key] }))}
        />

        <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
          <StatsChart
            id="finstats-chart"
            title={t('finstats:chartTitle', { year: data.year })}
            kind="bar"
            data={chartData}
            x="label"
            series={[
              { key: 'sold', label: t('finstats:figures.sold') },
              { key: 'paid', label: t('finstats:figures.paid') },
            ]}
            formatY={francs}
            formatTooltip={formatMoney}
            tooltipLabel={(p) => `${label(p.month)} ${p.month.slice(0, 4)}`}
            height={320}
          >
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('finstats:rule')}
            </Typography>
          </StatsChart>
        </Paper>

        <StatsTable
          id="finstats-table"
          title={t('finstats:tableTitle')}
          subtitle={
            <>
              <ComputedAt at={data.computed_at} testId="finstats-computed" />
              {narrowable && (
                <Typography variant="body2" color="text.secondary">
                  {t('finstats:narrowHint')}
                </Typography>
              )}
            </>
          }
          actions={<ExportButtons id="finstats-export" formats={['csv', 'xlsx']} url={exportUrl} />}
          firstLabel={t('finstats:agent')}
          columns={FIGURES.map((key) => ({ key, label: t(`finstats:figures.${key}`), kind: kindOf(key) }))}
          rows={data.table.map((row) => ({
            key: row.agent.id,
            values: row,
            onClick: narrowable ? () => setAgent(row.agent) : undefined,
            label: narrowable ? (
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
            ),
          }))}
          total={{ label: t('finstats:total'), values: data.totals }}
          rowTestId="finstats-agent-row"
        />
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
