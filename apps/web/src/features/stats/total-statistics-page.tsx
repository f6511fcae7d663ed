import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  can,
  formatMoney,
  isOneOf,
  zurichClock,
  type CallAgentFigures,
  type CellKind,
  type LeadStatsDto,
  type RoleCode,
  type SalesAgentFigures,
} from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useCallAgentStats, useLeadStats, useSalesAgentStats, type AgentStatsFilter } from './api.ts';
import { StatsChart } from './stats-chart.tsx';
import { ComputedAt, ExportButtons, FigureCards, StatsTable } from './stats-table.tsx';

/** The years to choose from: this one (spec 9: the default) and the four before it. */
const YEARS_BACK = 4;

type Kind = Exclude<CellKind, 'text'>;
type Figures = Record<string, unknown>;

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

const TABS = ['sales', 'call', 'leads'] as const;
const TAB_PERMISSION = { sales: 'stats.salesAgents', call: 'stats.callAgents', leads: 'stats.leads' } as const;
const EXPORT_PATH = {
  sales: '/api/stats/sales-agent/export',
  call: '/api/stats/call-agent/export',
  leads: '/api/stats/leads/export',
} as const;

/** The export address of a tab with the screen's filters and language. */
function exportUrl(tab: StatsTab, f: AgentStatsFilter, format: string, lang: string): string {
  const q = new URLSearchParams({ format, lang });
  if (tab === 'leads' || f.day === null) {
    q.set('year', String(f.year));
    q.set('from', String(f.from));
    q.set('to', String(f.to));
  } else {
    q.set('day', f.day);
  }
  if (f.agentId !== null && tab !== 'leads') {
    q.set('agent_id', String(f.agentId));
  }
  return `${EXPORT_PATH[tab]}?${q.toString()}`;
}
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
  const agentId = whole('agent_id', 1, 2_147_483_647);
  // ?day=YYYY-MM-DD: that day's figures (its year and month chosen above it).
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.get('day') ?? '');
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const valid = new Date(Date.UTC(year, month - 1, date)).toISOString().startsWith(day[0]) && year >= 2000 && year <= 2100;
    if (valid) {
      return { year, from: month, to: month, agentId, day: day[0] };
    }
  }
  return {
    year: whole('year', 2000, 2100) ?? currentYear,
    from: Math.min(from, to),
    to: Math.max(from, to),
    agentId,
    day: null,
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
  const tabs = TABS.filter((tab) => can(role, TAB_PERMISSION[tab]));
  const requested = params.get('tab');
  const tab: StatsTab = isOneOf<StatsTab>(tabs, requested) ? requested : (tabs[0] ?? 'sales');
  const admin = role === 'admin';
  const currentYear = zurichClock(new Date()).year;
  // A dashboard card opens the period it counts: ?year=…&from=…&to=…&agent_id=… (the first filter only).
  const [filter, setFilter] = useState<AgentStatsFilter>(() => filterOfParams(params, currentYear));
  const sales = useSalesAgentStats(filter, tab === 'sales' && tabs.includes('sales'));
  const calls = useCallAgentStats(filter, tab === 'call' && tabs.includes('call'));
  const leads = useLeadStats(filter, tab === 'leads' && tabs.includes('leads'));
  // The agent filter offers the agents of the period (the unfiltered answer, cached).
  const everyoneSales = useSalesAgentStats({ ...filter, agentId: null }, admin && tab === 'sales');
  const everyoneCalls = useCallAgentStats({ ...filter, agentId: null }, admin && tab === 'call');
  const query = tab === 'sales' ? sales : tab === 'call' ? calls : leads;
  const agents = (tab === 'sales' ? everyoneSales.data : everyoneCalls.data)?.table.rows.map((r) => r.agent) ?? [];

  useEffect(() => {
    if (query.isError) {
      snackbar.show(t('totalstats:get_statistics_error'));
    }
  }, [query.isError, query.errorUpdatedAt, t]);

  const monthName = (month: number, style: 'short' | 'long') =>
    new Intl.DateTimeFormat(i18n.language, { month: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 15)));

  // Choosing a year or months leaves the one day a card asked for.
  const set = (change: Partial<AgentStatsFilter>) =>
    setFilter((f) => ({ ...f, ...change, day: 'year' in change || 'from' in change || 'to' in change ? null : f.day }));
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
      {filter.day !== null && tab !== 'leads' && (
        <Chip
          label={t('totalstats:dayOnly', { day: filter.day.split('-').reverse().join('.') })}
          onDelete={() => setFilter((f) => ({ ...f, day: null }))}
          data-testid="totalstats-day"
        />
      )}
      {admin && tab !== 'leads' && (
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
    const exportButtons = (
      <ExportButtons
        id="totalstats-export"
        formats={tab === 'leads' ? ['csv', 'xlsx'] : ['csv', 'xlsx', 'pdf']}
        url={(format) => exportUrl(tab, filter, format, i18n.language)}
      />
    );
    if (tab === 'leads') {
      return <LeadsView data={leads.data!} monthLabel={(m) => monthName(Number(m.slice(5)), 'short')} exportButtons={exportButtons} />;
    }
    const data = (tab === 'sales' ? sales.data : calls.data)!;
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
        exportButtons={exportButtons}
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
  tab: 'sales' | 'call';
  months: (Figures & { month: string })[];
  rows: (Figures & { agent: { id: number; name: string; surname: string } })[];
  total: Figures;
  own: boolean;
  columns: [string, Kind][];
  lines: readonly string[];
  computedAt: string;
  monthLabel: (month: string) => string;
  breakdown: SalesAgentFigures | null;
  exportButtons: React.ReactNode;
}) {
  const { t } = useTranslation(['common', 'totalstats']);
  const chartData = props.months.map((m) => ({ ...m, label: props.monthLabel(m.month) }));
  const label = (key: string) => t(`totalstats:figures.${key}`);
  const team = props.own ? ` (${t('totalstats:team')})` : '';
  const cards = props.columns
    .filter(([key]) => ['sales', 'sold', 'demo_to_sale', 'calls', 'reach_rate', 'show_up_rate', 'commissions', 'demos_held'].includes(key))
    .map(([key, kind]) => ({ key, kind, label: `${label(key)}${team}`, value: props.total[key] }));
  return (
    <Stack spacing={2}>
      <FigureCards id="totalstats-cards" cards={cards} />

      <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
        <StatsChart
          id="totalstats-chart"
          title={t(props.own ? 'totalstats:chartTitleOwn' : 'totalstats:chartTitle')}
          kind="line"
          data={chartData}
          x="label"
          series={props.lines.map((key) => ({ key, label: label(key) }))}
        />
      </Paper>

      <StatsTable
        id="totalstats-table"
        title={t('totalstats:tableTitle')}
        subtitle={<ComputedAt at={props.computedAt} testId="totalstats-computed" extra={props.own ? t('totalstats:ownHint') : undefined} />}
        actions={props.exportButtons}
        firstLabel={t('totalstats:agent')}
        columns={props.columns.map(([key, kind]) => ({ key, kind, label: label(key) }))}
        rows={props.rows.map((row) => ({ key: row.agent.id, label: `${row.agent.name} ${row.agent.surname}`, values: row }))}
        total={{ label: t(props.own ? 'totalstats:teamTotal' : 'totalstats:total'), values: props.total }}
        rowTestId="totalstats-row"
        totalTestId="totalstats-total"
      />

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

/**
 * The leads tab (admins, GET /api/stats/leads): the leads created per month as a chart, and per source,
 * location and status today a table with a column per month and the sum.
 */
function LeadsView(props: { data: LeadStatsDto['data']; monthLabel: (month: string) => string; exportButtons: React.ReactNode }) {
  const { t } = useTranslation(['common', 'totalstats', 'tables']);
  const d = props.data;
  const monthColumns = [
    ...d.charts.months.map((m) => ({ key: m.month, label: props.monthLabel(m.month), kind: 'count' as const })),
    { key: 'total', label: t('totalstats:total'), kind: 'count' as const },
  ];
  const values = (months: number[], total: number) => ({
    ...Object.fromEntries(d.charts.months.map((m, i) => [m.month, months[i] ?? 0])),
    total,
  });
  const none = t('totalstats:leads.none');
  const total = { label: t('totalstats:total'), values: values(d.table.total.months, d.table.total.total) };
  const tables = [
    {
      id: 'leadstats-source',
      title: t('totalstats:leads.bySource'),
      first: t('totalstats:leads.source'),
      rows: d.table.by_source.map((r) => ({
        key: r.lead_source ?? '',
        label: r.lead_source ? t(`tables:leadSources.${r.lead_source}`, { defaultValue: r.lead_source }) : none,
        values: values(r.months, r.total),
      })),
    },
    {
      id: 'leadstats-location',
      title: t('totalstats:leads.byLocation'),
      first: t('totalstats:leads.location'),
      rows: d.table.by_location.map((r) => ({
        key: r.location?.id ?? 0,
        label: r.location?.name ?? none,
        values: values(r.months, r.total),
      })),
    },
    {
      id: 'leadstats-status',
      title: t('totalstats:leads.byStatus'),
      first: t('totalstats:leads.status'),
      rows: d.table.by_status.map((r) => ({
        key: r.status ?? '',
        label: r.status ? t(`tables:clientStatuses.${r.status}`, { defaultValue: r.status }) : none,
        values: values(r.months, r.total),
      })),
    },
  ];
  return (
    <Stack spacing={2} data-testid="leadstats">
      <FigureCards
        id="leadstats-cards"
        cards={[
          { key: 'total', label: t('totalstats:leads.leads'), kind: 'count', value: d.table.total.total },
          ...d.table.by_source.slice(0, 4).map((r) => ({
            key: r.lead_source ?? 'none',
            label: r.lead_source ? t(`tables:leadSources.${r.lead_source}`, { defaultValue: r.lead_source }) : none,
            kind: 'count' as const,
            value: r.total,
          })),
        ]}
      />
      <Paper sx={{ p: { xs: 1.5, md: 2 } }}>
        <StatsChart
          id="leadstats-chart"
          title={t('totalstats:leads.chartTitle')}
          kind="line"
          data={d.charts.months.map((m) => ({ ...m, label: props.monthLabel(m.month) }))}
          x="label"
          series={[{ key: 'leads', label: t('totalstats:leads.leads') }]}
        />
      </Paper>
      {tables.map((table, i) => (
        <StatsTable
          key={table.id}
          id={table.id}
          title={table.title}
          subtitle={i === 0 ? <ComputedAt at={d.computed_at} testId="leadstats-computed" /> : undefined}
          actions={i === 0 ? props.exportButtons : undefined}
          firstLabel={table.first}
          columns={monthColumns}
          rows={table.rows}
          total={total}
          rowTestId={`${table.id}-row`}
          totalTestId={`${table.id}-total`}
        />
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('totalstats:leads.rule')}
      </Typography>
    </Stack>
  );
}
