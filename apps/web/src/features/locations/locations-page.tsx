import Add from '@mui/icons-material/Add';
import { Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import {
  DEBOUNCE_MS,
  DEFAULT_PAGE_SIZES,
  fieldValidationFrom,
  LOCATION_TYPES,
  locationBody,
  PAGE_SIZES,
  type LocationType,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useDeleteLocation, useLocations, useSaveLocation } from './api.ts';
import { DeleteLocationDialog } from './delete-location-dialog.tsx';
import {
  addRow,
  cancelEdit,
  changeLocationSearch,
  changeLocationType,
  editDraft,
  INITIAL_LOCATION_FILTER,
  rowDeleted,
  rowErrors,
  rowSaved,
  rowsFromRecords,
  startEdit,
  type LocationFilter,
  type LocationRow,
} from './edit-mode.ts';
import { EDITABLE_FIELDS, LocationActions, LocationField, LocationRowActionsContext, type LocationRowActions } from './location-cells.tsx';
import { SearchField } from '../../ui/search-field.tsx';

const WIDTHS = { code: 150, display_name: 300, city: 160, index: 110 } as const;

/** Spec 4 "Location table": events and malls, one row in edit mode at a time. */
export function LocationsPage() {
  const { t } = useTranslation(['locations', 'common']);
  const { t: tc } = useTranslation();
  const [filter, setFilter] = useState<LocationFilter>(INITIAL_LOCATION_FILTER);
  const [searchInput, setSearchInput] = useState('');
  const [rows, setRows] = useState<LocationRow[]>([]);
  const [toDelete, setToDelete] = useState<LocationRow | null>(null);

  const columns = useMemo<DataTableColumn<LocationRow>[]>(
    () => [
      ...EDITABLE_FIELDS.map((field): DataTableColumn<LocationRow> => ({
        id: field,
        label: t(`locations:columns.${field}`),
        width: WIDTHS[field],
        sortable: true,
        alwaysVisible: field === 'code',
        render: (row) =>
          row.mode === 'edit' ? (
            <LocationField row={row} field={field} />
          ) : field === 'code' ? (
            <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 500 }}>
              {row.saved.code}
            </Box>
          ) : (
            row.saved[field]
          ),
      })),
      { id: 'users', label: t('locations:columns.users'), width: 120, align: 'right', sortable: true, render: (row) => row.users },
      {
        id: 'actions',
        label: t('locations:columns.actions'),
        width: 120,
        align: 'right',
        alwaysVisible: true,
        render: (row) => <LocationActions row={row} />,
      },
    ],
    [t],
  );
  const table = useDataTable({
    tableName: 'locations',
    columns,
    pageSize: PAGE_SIZES.locations,
    pageSizes: DEFAULT_PAGE_SIZES,
    sort: { field: 'code', direction: 'desc' },
  });
  const { setPage } = table;
  const query = useLocations(filter, table.query);
  const save = useSaveLocation();
  const remove = useDeleteLocation();

  const changeFilter = (change: (f: LocationFilter) => LocationFilter) => {
    const next = change(filter);
    if (next !== filter) {
      setFilter(next);
      setPage(0);
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((f) => {
        const next = changeLocationSearch(f, searchInput.trim());
        if (next !== f) {
          setPage(0);
        }
        return next;
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, setPage]);

  // A fresh page replaces the rows; the row being edited keeps what was typed.
  const page = query.data;
  useEffect(() => {
    if (page) {
      setRows((previous) => rowsFromRecords(page.data, previous));
    }
  }, [page]);

  const changeType = (type: LocationType) => {
    // Spec 4: another type clears the search; what was being edited belongs to the old tab.
    changeFilter((f) => changeLocationType(f, type));
    setSearchInput('');
    setRows([]);
  };

  const saveRow = (row: LocationRow) => {
    const parsed = locationBody.safeParse(row.draft);
    if (!parsed.success) {
      setRows((r) => rowErrors(r, row.key, fieldValidationFrom(parsed.error.issues)));
      return;
    }
    save.mutate(
      { id: row.id, body: parsed.data },
      {
        onSuccess: ({ data }) => {
          setRows((r) => rowSaved(r, row.key, data));
          snackbar.show(row.id === null ? t('locations:added') : t('locations:updated'), 'success');
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          setRows((r) => rowErrors(r, row.key, fields));
          // Spec 5: field errors show next to the fields, not in the snackbar.
          if (Object.keys(fields).length === 0) {
            snackbar.show(errorMessage(err, tc));
          }
        },
      },
    );
  };

  const confirmDelete = () => {
    const row = toDelete;
    if (!row || row.id === null) {
      return;
    }
    remove.mutate(row.id, {
      onSuccess: () => {
        setRows((r) => rowDeleted(r, row.key));
        setToDelete(null);
        snackbar.show(t('locations:deleted'), 'success');
      },
      onError: (err) => {
        setToDelete(null);
        snackbar.show(errorMessage(err, tc));
      },
    });
  };

  const actions: LocationRowActions = {
    records: new Map(page?.data.map((d) => [d.id, d])),
    saving: save.isPending,
    edit: (row) => setRows((r) => startEdit(r, row.key)),
    cancel: (row) => setRows((r) => cancelEdit(r, row.key)),
    change: (row, patch) => setRows((r) => editDraft(r, row.key, patch)),
    save: saveRow,
    remove: setToDelete,
  };

  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, py: 1, alignItems: 'center', flexGrow: 1 }}>
      <SearchField
        value={searchInput}
        onChange={setSearchInput}
        label={t('locations:search')}
        testId="location-search"
        sx={{ flex: '1 1 260px', maxWidth: 420 }}
      />
      <Box sx={{ flexGrow: 1 }} />
      <Button variant="contained" startIcon={<Add />} onClick={() => setRows((r) => addRow(r, filter.type))} data-testid="add-location">
        {t('locations:add')}
      </Button>
    </Box>
  );

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.locations')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('locations:intro')}
      </Typography>
      <Paper sx={{ mb: 1 }}>
        <Tabs value={filter.type} onChange={(_e, v: LocationType) => changeType(v)} sx={{ px: 1 }}>
          {LOCATION_TYPES.map((type) => (
            <Tab key={type} value={type} label={t(`locations:types.${type}`)} data-testid={`location-tab-${type}`} />
          ))}
        </Tabs>
      </Paper>
      <LocationRowActionsContext.Provider value={actions}>
        <DataTable
          table={table}
          label={tc('screens.locations')}
          rows={rows}
          total={page?.total}
          rowKey={(row) => row.key}
          // After a tab change the old tab's page stays as placeholder until the new one arrives.
          loading={!page || (query.isPlaceholderData && rows.length === 0)}
          fetching={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={filter.search ? t('locations:noMatch', { search: filter.search }) : t('locations:empty')}
          toolbar={toolbar}
          isEditing={(row) => row.mode === 'edit'}
          testIds={{ table: 'locations-table' }}
          rowAttributes={(row) => ({ 'data-testid': `location-row-${row.key}`, 'data-mode': row.mode })}
        />
      </LocationRowActionsContext.Provider>
      <DeleteLocationDialog row={toDelete} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
