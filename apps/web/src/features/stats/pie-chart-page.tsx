import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { formatNumber, MAKE_A_DEMO, type ClientsDistributionDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useClientsDistribution } from './api.ts';
import { PieChart, type PieEntry } from './pie-chart.tsx';

/** The make-a-demo statuses in shades of its colour (#00bcd4 first), so the group reads as one. */
const DEMO_SHADES = ['#00bcd4', '#0097a7', '#4dd0e1', '#00838f', '#80deea'] as const;
/** Other slices by rank; no cyan, so they never pass for make-a-demo. */
const PALETTE = [
  '#1976d2',
  '#e91e63',
  '#ff9800',
  '#43a047',
  '#8e24aa',
  '#f4511e',
  '#3949ab',
  '#c0ca33',
  '#6d4c41',
  '#546e7a',
  '#fdd835',
  '#5e35b1',
  '#ad1457',
  '#7cb342',
  '#ef6c00',
  '#1e88e5',
  '#8d6e63',
  '#d81b60',
  '#9e9d24',
  '#4e342e',
  '#283593',
  '#c62828',
  '#2e7d32',
] as const;
const NONE_COLOUR = '#bdbdbd';

const demoIndex = (status: string | null) => (MAKE_A_DEMO.statuses as readonly (string | null)[]).indexOf(status);

function statusEntries(rows: ClientsDistributionDto['data']['by_status'], label: (status: string | null) => string): PieEntry[] {
  const demo = rows.filter((r) => demoIndex(r.status) >= 0);
  const others = rows.filter((r) => demoIndex(r.status) < 0);
  let rank = 0;
  return [
    ...demo.map((r) => ({
      key: r.status!,
      label: label(r.status),
      count: r.count,
      colour: DEMO_SHADES[demoIndex(r.status)] ?? MAKE_A_DEMO.colour,
    })),
    ...others.map((r) => ({
      key: r.status ?? '∅',
      label: label(r.status),
      count: r.count,
      colour: r.status === null ? NONE_COLOUR : PALETTE[rank++ % PALETTE.length]!,
    })),
  ];
}

function leadSourceEntries(rows: ClientsDistributionDto['data']['by_lead_source'], label: (source: string | null) => string): PieEntry[] {
  let rank = 0;
  return rows.map((r) => ({
    key: r.lead_source ?? '∅',
    label: label(r.lead_source),
    count: r.count,
    colour: r.lead_source === null ? NONE_COLOUR : PALETTE[rank++ % PALETTE.length]!,
  }));
}

/** Admin: how the clients spread over the statuses and the lead sources. */
export function PieChartPage() {
  const { t } = useTranslation(['common', 'tables']);
  const query = useClientsDistribution();

  const statusLabel = (status: string | null) =>
    status === null ? t('tables:pie.noStatus') : t(`tables:clientStatuses.${status}`, { defaultValue: status });
  const sourceLabel = (source: string | null) =>
    source === null ? t('tables:pie.noLeadSource') : t(`tables:leadSources.${source}`, { defaultValue: source });

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
              {t('tables:retry')}
            </Button>
          }
        >
          {errorMessage(query.error, t)}
        </Alert>
      );
    }
    const data = query.data;
    if (data.total === 0) {
      return (
        <Paper sx={{ p: 3 }}>
          <Typography color="text.secondary">{t('tables:pie.empty')}</Typography>
        </Paper>
      );
    }
    const statuses = statusEntries(data.by_status, statusLabel);
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' }, gap: 3 }}>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <PieChart
            title={t('tables:pie.byStatus')}
            entries={statuses}
            group={{
              label: t('tables:pie.makeADemo'),
              colour: MAKE_A_DEMO.colour,
              keys: statuses.filter((e) => demoIndex(e.key) >= 0).map((e) => e.key),
            }}
            testId="pie-by-status"
          />
        </Paper>
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <PieChart
            title={t('tables:pie.byLeadSource')}
            entries={leadSourceEntries(data.by_lead_source, sourceLabel)}
            testId="pie-by-lead-source"
          />
        </Paper>
      </Box>
    );
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.pieChart')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {query.data && query.data.total > 0 ? t('tables:pie.intro', { total: formatNumber(query.data.total) }) : t('tables:pie.introEmpty')}
      </Typography>
      {content()}
    </Box>
  );
}
