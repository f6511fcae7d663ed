import {
  Alert,
  Box,
  Button,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  can,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  isOneOf,
  zurichClock,
  type CallAgentFigures,
  type RoleCode,
  type SalesAgentFigures,
} from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useCallAgentStats, useSalesAgentStats, type AgentStatsFilter } from './api.ts';

/** Spec 9 chart defaults. */
const CHART = { animationMs: 360, strokeWidth: 2.5, yTicks: 5 } as const;
/** The years to choose from: this one (spec 9: the default) and the four before it. */
const YEARS_BACK = 4;
const FOOTER = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } as const;

type Kind = 'count' | 'money' | 'percent';
type Figures = Record<string, unknown>;

const shown = (kind: Kind, value: unknown): string => {
  if (value === null || value === undefined) {
    return '–';
  }
  const n = Number(value);
  return kind === 'money' ? formatMoney(n) : kind === 'percent' ? formatPercent(n) : formatNumber(n);
};

const SALES_COLUMNS: [keyof SalesAgentFigures, Kind][] = [
  ['leads_created', 'count'],
  ['demos_booked', 'count'],
  ['demos_held', 'count'],
  ['sales', 'count'],
  ['demo_to_sale', 'percent'],
  ['sold', 'money'],
  ['paid', 'money'],
  ['average_order', 'money'],
  ['cancellations', 'count'],
  ['returns', 'count'],
  ['commissions', 'money'],
];
const CALL_COLUMNS: [keyof CallAgentFigures, Kind][] = [
  ['calls', 'count'],
  ['reached', 'count'],
  ['reach_rate', 'percent'],
  ['leads_called', 'count'],
  ['demos_booked', 'count'],
  ['demos_held', 'count'],
  ['show_up_rate', 'percent'],
  ['lead_to_demo', 'percent'],
  ['sales', 'count'],
  ['demo_to_sale', 'percent'],
  ['sold', 'money'],
  ['commissions', 'money'],
];
/** The lines of each tab's chart, counts per month. */
const SALES_LINES = ['demos_booked', 'demos_held', 'sales'] as const;
const CALL_LINES = ['calls', 'reached', 'demos_booked', 'demos_held'] as const;

const TABS = ['sales', 'call'] as const;
type StatsTab = (typeof TABS)[number];

/**
 * Total statistics (spec 2 `/{admin|sa|ca|ia}-dashboard/total-statistics`): a tab for the sales agents
 * and one for the call agents, a year (the current one first) and a period of months, and for admins an
 * agent; per tab a chart per month and a table per agent with the total. Admins see every agent; an
 * agent sees only their own tab, row and months beside the team total (docs/statistics.md).
 */
/** The filter a link asks for (a dashboard card's), each part checked; anything else is the default. */
function filterOfParams(params: URLSearchParams, currentYear: number): AgentStatsFilter {
  const whole = (key: string, min: number, max: number) => {
    const value = Number(params.get(key) ?? '');
    return params.has(key) && Number.isInteger(value) && value >= min && value <= max ? value : null;
  };
  const from = whole('from', 1, 12) ?? 1;
  const to = whole('to', 1, 12) ?? 12;
  return {
    year: whole('year', 2000, 2100) ?? currentYear,
    from: Math.min(from, to),
    to: Math.max(from, to),
    agentId: whole('agent_id', 1, 2_147_483_647),
  };
}

export function TotalStatisticsPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <TotalStatistics role={user.role.code} />;
}

function TotalStatistics({ role }: { role: RoleCode }) {
  const { t, i18n } = useTranslation(['common', 'totalstats']);
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => can(role, tab === 'sales' ? 'stats.salesAgents' : 'stats.callAgents'));
  const requested = params.get('tab');
  const tab: StatsTab = isOneOf<StatsTab>(tabs, requested) ? requested : (tabs[0] ?? 'sales');
  const admin = role === 'admin';
  const currentYear = zurichClock(new Date()).year;
  // A dashboard card opens the period it counts: ?year=…&from=…&to=…&agent_id=… (the first filter only).
  const [filter, setFilter] = useState<AgentStatsFilter>(() => filterOfParams(params, currentYear));
  const sales = useSalesAgentStats(filter, tab === 'sales' && tabs.includes('sales'));
  const calls = useCallAgentStats(filter, tab === 'call' && tabs.includes('call'));
  // The agent filter offers the agents of the period (the unfiltered answer, cached).
  const everyoneSales = useSalesAgentStats({ ...filter, agentId: null }, admin && tab === 'sales');
  const everyoneCalls = useCallAgentStats({ ...filter, agentId: null }, admin && tab === 'call');
  const query = tab === 'sales' ? sales : calls;
  const agents = (tab === 'sales' ? everyoneSales.data : everyoneCalls.data)?.table.rows.map((r) => r.agent) ?? [];

  useEffect(() => {
    if (query.isError) {
      snackbar.show(t('totalstats:get_statistics_error'));
    }
  }, [query.isError, query.errorUpdatedAt, t]);

  const monthName = (month: number, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, { month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 15)));

  const set = (change: Partial<AgentStatsFilter>) => setFilter((f) => ({ ...f, ...change }));
  const filters = (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 2, mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('totalstats:year')}
        value={filter.year}
        onChange={(e) => set({ year: Number(e.target.value) })}
        sx={{ minWidth: 110 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'totalstats-year' } as object } }}
      >
        {Array.from({ length: YEARS_BACK + 1 }, (_, i) => currentYear - i).map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('totalstats:fromMonth')}
        value={filter.from}
        onChange={(e) => {
          const from = Number(e.target.value);
          set({ from, to: Math.max(from, filter.to) });
        }}
        sx={{ minWidth: 140 }}
      >
        {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
          <MenuItem key={m} value={m}>
            {monthName(m, 'long')}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('totalstats:toMonth')}
        value={filter.to}
        onChange={(e) => {
          const to = Number(e.target.value);
          set({ to, from: Math.min(filter.from, to) });
        }}
        sx={{ minWidth: 140 }}
      >
        {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
          <MenuItem key={m} value={m}>
            {monthName(m, 'long')}
          </MenuItem>
        ))}
      </TextField>
      {admin && (
        <TextField
          select
          size="small"
          label={t('totalstats:agent')}
          value={filter.agentId ?? ''}
          onChange={(e) => set({ agentId: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'totalstats-agent' } as object } }}
        >
          <MenuItem value="">{t('totalstats:allAgents')}</MenuItem>
          {filter.agentId !== null && !agents.some((a) => a.id === filter.agentId) && (
            <MenuItem value={filter.agentId}>{t('totalstats:agentNumber', { id: filter.agentId })}</MenuItem>
          )}
          {agents.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name} {a.surname}
            </MenuItem>
          ))}
        </TextField>
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
              {t('totalstats:retry')}
            </Button>
          }
        >
          {t('totalstats:get_statistics_error')} {errorMessage(query.error, t)}
        </Alert>
      );
    }
    const data = query.data;
    const columns = (tab === 'sales' ? SALES_COLUMNS : CALL_COLUMNS) as [string, Kind][];
    const lines = tab === 'sales' ? SALES_LINES : CALL_LINES;
    return (
      <StatsView
        tab={tab}
        months={data.charts.months}
        rows={data.table.rows}
        total={data.table.total}
        own={data.scope === 'own'}
        columns={columns}
        lines={lines}
        computedAt={data.computed_at}
        monthLabel={(m) => monthName(Number(m.slice(5)), 'short')}
        breakdown={tab === 'sales' ? (data.table.total as SalesAgentFigures) : null}
      />
    );
  };

  return (
    <Box data-testid="total-statistics">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.totalStatistics')}
      </Typography>
      {tabs.length > 1 && (
        <Paper sx={{ mb: 2 }}>
          <Tabs
            value={tab}
            onChange={(_e, next: StatsTab) => setParams(next === tabs[0] ? {} : { tab: next }, { replace: true })}
            variant="scrollable"
            sx={{ px: 1 }}
          >
            {tabs.map((value) => (
              <Tab key={value} value={value} label={t(`totalstats:tabs.${value}`)} data-testid={`totalstats-tab-${value}`} />
            ))}
          </Tabs>
        </Paper>
      )}
      {filters}
      {content()}
    </Box>
  );
}

function StatsView(props: {
  tab: StatsTab;
  months: (Figures & { month: string })[];
  rows: (Figures & { agent: { id: number; name: string; surname: string } })[];
  total: Figures;
  own: boolean;
  columns: [string, Kind][];
  lines: readonly string[];
  computedAt: string;
  monthLabel: (month: string) => string;
  breakdown: SalesAgentFigures | null;
}) {
  const { t } = useTranslation(['common', 'totalstats']);
  const theme = useTheme();
  const colours = [theme.palette.primary.main, theme.palette.success.main, theme.palette.warning.main, theme.palette.secondary.main];
  const chartData = props.months.map((m) => ({ ...m, label: props.monthLabel(m.month) }));
  const label = (key: string) => t(`totalstats:figures.${key}`);
  const cards = props.columns.filter(([key]) =>
    ['sales', 'sold', 'demo_to_sale', 'calls', 'reach_rate', 'show_up_rate', 'commissions', 'demos_held'].includes(key),
  );
  return (
    <Stack spacing={2}>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}
        data-testid="totalstats-cards"
      >
        {cards.map(([key, kind]) => (
          <Paper key={key} sx={{ p: 2 }} data-testid={`totalstats-card-${key}`}>
            <Typography variant="body2" color="text.secondary">
              {label(key)}
              {props.own ? ` (${t('totalstats:team')})` : ''}
            </Typography>
            <Typography variant="h6" component="p">
              {shown(kind, props.total[key])}
            </Typography>
          </Paper>
        ))}
      </Box>

      <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
        <Typography variant="h6" component="h2" gutterBottom id="totalstats-chart-title">
          {t(props.own ? 'totalstats:chartTitleOwn' : 'totalstats:chartTitle')}
        </Typography>
        <Box sx={{ width: '100%', height: 300 }} role="img" aria-labelledby="totalstats-chart-title" data-testid="totalstats-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={chartData} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tickLine={false} />
              <YAxis allowDecimals={false} tickCount={CHART.yTicks} tickFormatter={(v: number) => formatNumber(v)} width={56} />
              <Tooltip formatter={(value) => formatNumber(Number(value))} />
              {/* In the order of the lines, not alphabetically by the translated name. */}
              <Legend itemSorter={(item) => props.lines.indexOf(String(item.dataKey))} />
              {props.lines.map((key, i) => (
                <Line
                  key={key}
                  type="monotone"
                  dataKey={key}
                  name={label(key)}
                  stroke={colours[i % colours.length]}
                  strokeWidth={CHART.strokeWidth}
                  animationDuration={CHART.animationMs}
                  dot={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </Box>
      </Paper>

      <Paper>
        <Box sx={{ p: 2, pb: 0 }}>
          <Typography variant="h6" component="h2" id="totalstats-table-title">
            {t('totalstats:tableTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="totalstats-computed">
            {t('totalstats:computedAt', { at: formatDateTime(props.computedAt) })}
            {props.own ? ` · ${t('totalstats:ownHint')}` : ''}
          </Typography>
        </Box>
        {/* Wider than a tablet: the table scrolls, and a keyboard reaches it to scroll it. */}
        <TableContainer tabIndex={0} role="region" aria-labelledby="totalstats-table-title">
          <Table size="small" data-testid="totalstats-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('totalstats:agent')}</TableCell>
                {props.columns.map(([key]) => (
                  <TableCell key={key} align="right">
                    {label(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={row.agent.id} data-testid="totalstats-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.agent.name} {row.agent.surname}
                  </TableCell>
                  {props.columns.map(([key, kind]) => (
                    <TableCell key={key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {shown(kind, row[key])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow data-testid="totalstats-total">
                <TableCell sx={FOOTER}>{t(props.own ? 'totalstats:teamTotal' : 'totalstats:total')}</TableCell>
                {props.columns.map(([key, kind]) => (
                  <TableCell key={key} align="right" sx={{ ...FOOTER, whiteSpace: 'nowrap' }}>
                    {shown(kind, props.total[key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </Paper>

      {props.breakdown && (
        <Paper sx={{ p: 2 }} data-testid="totalstats-commissions">
          <Typography variant="h6" component="h2" gutterBottom>
            {t('totalstats:commissionsTitle')}
            {props.own ? ` (${t('totalstats:team')})` : ''}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Table size="small" aria-label={t('totalstats:byReason')}>
              <TableBody>
                {Object.entries(props.breakdown.commissions_by_reason).map(([reason, amount]) => (
                  <TableRow key={reason}>
                    <TableCell>{t(`totalstats:reasons.${reason}`)}</TableCell>
                    <TableCell align="right">{formatMoney(amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Table size="small" aria-label={t('totalstats:byStatus')}>
              <TableBody>
                {Object.entries(props.breakdown.commissions_by_status).map(([status, amount]) => (
                  <TableRow key={status}>
                    <TableCell>{t(`totalstats:commissionStatuses.${status}`)}</TableCell>
                    <TableCell align="right">{formatMoney(amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary">
        {t(`totalstats:rules.${props.tab}`)}
      </Typography>
    </Stack>
  );
}
