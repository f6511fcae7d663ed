import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  DEBOUNCE_MS,
  DEFAULT_PAGE_SIZES,
  EVENT_TYPES,
  isOneOf,
  PAGE_SIZES,
  PRESENTATION_STATUSES,
  dashboardPath,
  type EventPeriod,
  type EventType,
  type PresentationStatus,
  type RoleCode,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable } from '../../ui/data-table/use-data-table.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useSalesAgents } from '../clients/api.ts';
import { useEventsList, type EventsListKind } from './api.ts';
import { eventLinks, totalText } from './event-bits.tsx';
import { eventColumns } from './event-columns.tsx';

/** Spec 2 "Events lists": history shows the past, the upcoming list today, the next 7 and the next 30 days. */
const PERIODS: Record<EventsListKind, readonly EventPeriod[]> = {
  history: ['past'],
  upcoming: ['today', 'week', 'month'],
};
/** The nearest first in the upcoming list, the newest first in the history. */
const DEFAULT_SORT: Record<EventsListKind, 'asc' | 'desc'> = { upcoming: 'asc', history: 'desc' };

export function EventsUpcomingPage() {
  return <EventsListFor kind="upcoming" />;
}

export function EventsHistoryPage() {
  return <EventsListFor kind="history" />;
}

function EventsListFor({ kind }: { kind: EventsListKind }) {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <EventsList key={kind} kind={kind} role={user.role.code} />;
}

interface Filters {
  status: PresentationStatus | '';
  agentId: number | null;
  eventType: EventType | '';
}

function EventsList({ kind, role }: { kind: EventsListKind; role: RoleCode }) {
  const { t } = useTranslation(['events', 'tables']);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const periods = PERIODS[kind];
  const tabParam = params.get('tab');
  const period: EventPeriod = isOneOf<EventPeriod>(periods, tabParam) ? tabParam : periods[0]!;
  const isAdmin = role === 'admin';
  const agents = useSalesAgents(isAdmin);

  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  const [filters, setFilters] = useState<Filters>({ status: '', agentId: null, eventType: '' });

  const links = useMemo(() => eventLinks(role), [role]);
  const columns = useMemo(() => eventColumns(t, links, { sortableDate: true, showType: true }), [t, links]);
  const table = useDataTable({
    tableName: kind === 'upcoming' ? 'events_upcoming' : 'events_history',
    columns,
    pageSize: PAGE_SIZES.events,
    pageSizes: DEFAULT_PAGE_SIZES,
    sort: { field: 'date', direction: DEFAULT_SORT[kind] },
  });

  // Another tab, search or filter starts again on the first page.
  const filterKey = JSON.stringify([period, search, filters]);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    table.setPage(0);
  }
  const { offset, limit, sort } = table.query;
  const query = useEventsList(kind, {
    period,
    search,
    ...filters,
    sorted: sort?.field === 'date' ? sort.direction : DEFAULT_SORT[kind],
    offset: shownFor === filterKey ? offset : 0,
    limit,
  });

  const setTab = (next: EventPeriod) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  const filtered = search !== '' || filters.status !== '' || filters.agentId !== null || filters.eventType !== '';
  const total = query.data?.total;
  const empty = filtered ? (
    t('events:empty.filtered')
  ) : kind === 'upcoming' ? (
    <>
      {t(`events:empty.${period}`)}{' '}
      <Button component={RouterLink} to={`${dashboardPath(role)}/calendar`} size="small" data-testid="empty-to-calendar">
        {t('events:empty.toCalendar')}
      </Button>
    </>
  ) : (
    t('events:empty.past')
  );

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc(kind === 'upcoming' ? 'screens.eventsUpcoming' : 'screens.eventsHistory')}
      </Typography>
      {periods.length > 1 && (
        <Paper sx={{ mb: 1 }}>
          <Tabs value={period} onChange={(_e, v: EventPeriod) => setTab(v)} variant="scrollable" sx={{ px: 1 }}>
            {periods.map((p) => (
              <Tab key={p} value={p} label={t(`events:periods.${p}`)} data-testid={`events-tab-${p}`} />
            ))}
          </Tabs>
        </Paper>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <SearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('events:filters.search')}
          testId="events-search"
          sx={{ flex: '1 1 240px', maxWidth: 380, bgcolor: 'background.paper' }}
        />
        <FilterSelect
          label={t('events:filters.status')}
          value={filters.status}
          onChange={(v) => setFilters((f) => ({ ...f, status: v as Filters['status'] }))}
          allLabel={t('events:filters.all')}
          options={PRESENTATION_STATUSES.map((s) => ({ value: s, label: t(`events:statuses.${s}`) }))}
          testId="events-status-filter"
        />
        <FilterSelect
          label={t('events:filters.type')}
          value={filters.eventType}
          onChange={(v) => setFilters((f) => ({ ...f, eventType: v as Filters['eventType'] }))}
          allLabel={t('events:filters.all')}
          options={EVENT_TYPES.map((type) => ({ value: type, label: t(`events:types.${type}`) }))}
          testId="events-type-filter"
          minWidth={150}
        />
        {isAdmin && (
          <FilterSelect
            label={t('events:filters.agent')}
            value={filters.agentId === null ? '' : String(filters.agentId)}
            onChange={(v) => setFilters((f) => ({ ...f, agentId: v ? Number(v) : null }))}
            allLabel={t('events:filters.allAgents')}
            options={(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            testId="events-agent-filter"
            minWidth={200}
          />
        )}
        {filtered && (
          <Button
            size="small"
            onClick={() => {
              setSearchInput('');
              setSearch('');
              setFilters({ status: '', agentId: null, eventType: '' });
            }}
          >
            {t('events:filters.reset')}
          </Button>
        )}
      </Box>
      <DataTable
        table={table}
        label={tc(kind === 'upcoming' ? 'screens.eventsUpcoming' : 'screens.eventsHistory')}
        rows={query.data?.data}
        total={total}
        rowKey={(r) => `${r.type}-${r.id}`}
        loading={!query.data && !query.isError}
        fetching={query.isFetching}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyText={empty}
        toolbar={
          <Typography variant="body2" color="text.secondary" data-testid="events-total">
            {totalText(t, query.data, 'events')}
          </Typography>
        }
        testIds={{ table: 'events-table', row: 'event-row' }}
        rowAttributes={(r) => ({ 'data-event-id': r.id, 'data-type': r.type, 'data-status': r.status, 'data-agent-id': r.agent?.id ?? '' })}
      />
    </Box>
  );
}
