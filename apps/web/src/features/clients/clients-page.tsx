import FilterList from '@mui/icons-material/FilterList';
import Phone from '@mui/icons-material/Phone';
import { Badge, Box, Button, Chip, Collapse, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  chooseFilterField,
  clientTableFilters,
  clientTablesFor,
  DEBOUNCE_MS,
  dashboardPath,
  emptyCustomFilter,
  isOneOf,
  validateCustomFilters,
  type ClientPreset,
  type ClientTable,
  type RoleCode,
} from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { useLeadLocations, useStatuses } from './api.ts';
import { ClientActionsProvider } from './client-actions.tsx';
import { useStatusLabel } from './client-bits.tsx';
import { ClientsTable } from './clients-table.tsx';
import { FilterPanel, togglePreset } from './filter-panel.tsx';
import { initialFilters, type ClientFilters } from './list-query.ts';
import { SearchField } from '../../ui/search-field.tsx';
import { EmailRemindersTable } from '../email-reminders/email-reminders-table.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filters a dashboard card's link asks for: open recalls up to a day (`open_recalls_to`, recalls
 * due), clients created in a period (`created_at_from` / `_to`) and only those the viewer created
 * (`created_by_me=true`, their own leads).
 */
function withLinkFilters(filters: ClientFilters, params: URLSearchParams): ClientFilters {
  const custom = [...filters.custom];
  const recallsTo = params.get('open_recalls_to') ?? '';
  if (DAY.test(recallsTo)) {
    custom.push({ ...chooseFilterField(emptyCustomFilter(), 'open_recalls'), to: recallsTo });
  }
  const createdFrom = params.get('created_at_from') ?? '';
  const createdTo = params.get('created_at_to') ?? '';
  if (DAY.test(createdFrom) || DAY.test(createdTo)) {
    custom.push({
      ...chooseFilterField(emptyCustomFilter(), 'created_at'),
      from: DAY.test(createdFrom) ? createdFrom : '',
      to: DAY.test(createdTo) ? createdTo : '',
    });
  }
  return { ...filters, custom, createdByMe: params.get('created_by_me') === 'true' };
}

/** Spec 2 "Clients list": the page of a signed-in staff member (the layout only renders it with a user). */
export function ClientsPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <ClientsList role={user.role.code} />;
}

function ClientsList({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['clients', 'tables', 'reminders']);
  const { t: tc } = useTranslation();
  const statusLabel = useStatusLabel();
  const [params, setParams] = useSearchParams();
  const tables = clientTablesFor(role);
  const tabParam = params.get('tab');
  const table: ClientTable = isOneOf<ClientTable>(tables, tabParam) ? tabParam : tables[0]!;
  // The incoming-call link: ?number=… filters by that phone number until the chip is removed.
  const number = params.get('number') ?? '';

  // A dashboard card's link starts the list with its filters applied.
  const [applied, setApplied] = useState<ClientFilters>(() => withLinkFilters(initialFilters(role), params));
  const [draft, setDraft] = useState<ClientFilters>(applied);
  const [panelOpen, setPanelOpen] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const statuses = useStatuses();
  const needsLocations = panelOpen && draft.custom.some((f) => f.name === 'lead_source');
  const locations = useLeadLocations(needsLocations);

  const setParam = (key: 'tab' | 'number', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) {
          next.set(key, value);
        } else {
          next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const runSearch = () => {
    const check = validateCustomFilters(draft.custom);
    if (!check.valid) {
      // Spec 5: the errors show next to the fields and the search is not run.
      setDraft({ ...draft, custom: check.filters });
      return;
    }
    const next = { ...draft, custom: check.filters };
    setDraft(next);
    setApplied(next);
  };
  const reset = () => {
    const defaults = initialFilters(role);
    setDraft(defaults);
    setApplied(defaults);
  };
  const toggleBuyerPreset = (preset: ClientPreset) => {
    setApplied((a) => ({ ...a, presets: togglePreset(a.presets, preset) }));
    setDraft((d) => ({ ...d, presets: togglePreset(d.presets, preset) }));
  };

  // What the panel filters in this tab (the buyers' presets are counted by their own toggles).
  const tableFilters = clientTableFilters(table);
  const activeCount =
    (tableFilters.statusFilter && applied.statuses.length > 0 ? 1 : 0) +
    applied.presets.filter((p) => tableFilters.panelPresets.includes(p)).length +
    (applied.zipcode ? 1 : 0) +
    applied.custom.length;
  const demoColour = statuses.data?.make_a_demo.colour;

  return (
    <ClientActionsProvider base={dashboardPath(role)}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {tc('screens.clients')}
        </Typography>
        <Paper sx={{ mb: 1 }}>
          <Tabs
            value={table}
            onChange={(_e, v: ClientTable) => setParam('tab', v)}
            variant="scrollable"

            sx={{ px: 1 }}
          >
            {tables.map((name) => (
              <Tab key={name} value={name} label={t(`clients:tabs.${name}`)} data-testid={`clients-tab-${name}`} />
            ))}
          </Tabs>
        </Paper>
        {table === 'email_reminders' ? (
          // The reminders tab is a list of its own: the leads by reminder stage, moved or stopped together.
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('reminders:intro')}
            </Typography>
            <EmailRemindersTable base={dashboardPath(role)} />
          </>
        ) : (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <SearchField
                value={searchInput}
                onChange={setSearchInput}
                label={t('clients:search')}
                testId="clients-search"
                sx={{ flex: '1 1 260px', maxWidth: 420, bgcolor: 'background.paper' }}
              />
              <Badge badgeContent={activeCount} color="primary">
                <Button
                  variant={panelOpen ? 'contained' : 'outlined'}
                  startIcon={<FilterList />}
                  onClick={() => setPanelOpen((o) => !o)}
                  aria-expanded={panelOpen}
                  data-testid="toggle-filters"
                >
                  {t('clients:filters.title')}
                </Button>
              </Badge>
              {number && (
                <Chip
                  icon={<Phone />}
                  label={t('clients:numberFilter', { number })}
                  onDelete={() => setParam('number', null)}
                  color="primary"
                  variant="outlined"
                  data-testid="number-chip"
                />
              )}
              {applied.createdByMe && (
                <Chip
                  label={t('clients:createdByMe')}
                  onDelete={() => {
                    setApplied((f) => ({ ...f, createdByMe: false }));
                    setDraft((f) => ({ ...f, createdByMe: false }));
                  }}
                  color="primary"
                  variant="outlined"
                  data-testid="created-by-me-chip"
                />
              )}
              {tableFilters.statusFilter && applied.statuses.length > 0 && (
                <Typography variant="body2" color="text.secondary" data-testid="status-summary" sx={{ minWidth: 0 }}>
                  {applied.includeStatuses ? t('clients:filters.onlyStatuses') : t('clients:filters.withoutStatuses')}{' '}
                  {applied.statuses.map(statusLabel).join(', ')}
                </Typography>
              )}
            </Box>
            {tableFilters.togglePresets.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }} data-testid="buyer-presets">
                {tableFilters.togglePresets.map((p) => {
                  const on = applied.presets.includes(p);
                  return (
                    <Chip
                      key={p}
                      label={t(`clients:presets.${p}`)}
                      color={on ? 'primary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      onClick={() => toggleBuyerPreset(p)}
                      aria-pressed={on}
                      data-testid={`preset-${p}`}
                    />
                  );
                })}
              </Box>
            )}
            <Collapse in={panelOpen} unmountOnExit>
              <FilterPanel
                table={table}
                draft={draft}
                onDraft={setDraft}
                catalogue={statuses.data}
                locations={locations.data ?? []}
                onSearch={runSearch}
                onReset={reset}
              />
            </Collapse>
            <ClientsTable key={table} table={table} filters={applied} search={search} number={number} statusColour={demoColour} />
          </>
        )}
      </Box>
    </ClientActionsProvider>
  );
}
