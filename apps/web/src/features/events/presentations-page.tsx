import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  DEBOUNCE_MS,
  formatNumber,
  isOneOf,
  PAGE_SIZES,
  PRESENTATION_PAGES,
  PRESENTATION_STATUSES,
  type PresentationPage,
  type PresentationStatus,
  type RoleCode,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable } from '../../ui/data-table/use-data-table.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { presentationsQuery, usePresentationCounts, usePresentations, type PresentationCounts } from './api.ts';
import { eventLinks, totalText } from './event-bits.tsx';
import { eventColumns } from './event-columns.tsx';

const PAGE_SIZE_OPTIONS = [PAGE_SIZES.presentations, 50, 100] as const;

/** Spec 2 "Presentations list pages": expired, future, successful, delivery and history, as tabs. */
export function PresentationsPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <Presentations role={user.role.code} />;
}

function TabLabel({ page, counts }: { page: PresentationPage; counts: PresentationCounts | undefined }) {
  const { t } = useTranslation(['events']);
  const count = page === 'history' || !counts ? undefined : `${formatNumber(counts[page])}${counts.capped[page] ? '+' : ''}`;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {t(`events:pages.${page}`)}
      {count !== undefined && (
        <Box
          component="span"
          data-testid={`presentations-count-${page}`}
          sx={{ px: 0.75, borderRadius: 1, bgcolor: 'action.selected', fontSize: 'caption.fontSize', lineHeight: '20px', minWidth: 20 }}
        >
          {count}
        </Box>
      )}
    </Box>
  );
}

function Presentations({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['events', 'tables']);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const page: PresentationPage = isOneOf<PresentationPage>(PRESENTATION_PAGES, tabParam) ? tabParam : PRESENTATION_PAGES[0];
  const counts = usePresentationCounts();

  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  // Only the history mixes statuses; the other tabs are defined by theirs.
  const [status, setStatus] = useState<PresentationStatus | ''>('');
  const statuses = page === 'history' && status ? [status] : [];

  const links = useMemo(() => eventLinks(role), [role]);
  const columns = useMemo(() => eventColumns(t, links, { sortableDate: false, showType: false }), [t, links]);
  const table = useDataTable({
    tableName: 'presentations',
    columns,
    pageSize: PAGE_SIZES.presentations,
    pageSizes: PAGE_SIZE_OPTIONS,
  });

  const filterKey = JSON.stringify([page, search, statuses]);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    table.setPage(0);
  }
  const { offset, limit } = table.query;
  const query = usePresentations(presentationsQuery({ page, search, statuses, offset: shownFor === filterKey ? offset : 0, limit }));

  const setTab = (next: PresentationPage) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('tab', next);
        return p;
      },
      { replace: true },
    );

  const filtered = search !== '' || statuses.length > 0;
  const total = query.data?.total;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.presentations')}
      </Typography>
      <Paper sx={{ mb: 1 }}>
        <Tabs value={page} onChange={(_e, v: PresentationPage) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 1 }}>
          {PRESENTATION_PAGES.map((p) => (
            <Tab key={p} value={p} label={<TabLabel page={p} counts={counts.data} />} data-testid={`presentations-tab-${p}`} />
          ))}
        </Tabs>
      </Paper>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <SearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('events:filters.search')}
          testId="presentations-search"
          sx={{ flex: '1 1 240px', maxWidth: 380, bgcolor: 'background.paper' }}
        />
        {page === 'history' && (
          <FilterSelect
            label={t('events:filters.status')}
            value={status}
            onChange={(v) => setStatus(v as PresentationStatus | '')}
            allLabel={t('events:filters.all')}
            options={PRESENTATION_STATUSES.map((s) => ({ value: s, label: t(`events:statuses.${s}`) }))}
            testId="presentations-status-filter"
          />
        )}
        {filtered && (
          <Button
            size="small"
            onClick={() => {
              setSearchInput('');
              setSearch('');
              setStatus('');
            }}
          >
            {t('events:filters.reset')}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="presentations-hint">
        {t(`events:pageHints.${page}`)}
      </Typography>
      <DataTable
        table={table}
        label={t(`events:pages.${page}`)}
        rows={query.data?.data}
        total={total}
        rowKey={(r) => r.id}
        loading={!query.data && !query.isError}
        fetching={query.isFetching}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyText={filtered ? t('events:empty.filtered') : t(`events:emptyPages.${page}`)}
        toolbar={
          <Typography variant="body2" color="text.secondary" data-testid="presentations-total">
            {totalText(t, query.data, 'presentations')}
          </Typography>
        }
        testIds={{ table: 'presentations-table', row: 'presentation-row' }}
        rowAttributes={(r) => ({ 'data-event-id': r.id, 'data-status': r.status })}
      />
    </Box>
  );
}
