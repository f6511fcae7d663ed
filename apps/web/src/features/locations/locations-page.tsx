import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import {
  Box,
  Button,
  InputAdornment,
  LinearProgress,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  addRow,
  cancelEdit,
  changeLocationSearch,
  changeLocationType,
  DEBOUNCE_MS,
  editDraft,
  fieldValidationFrom,
  INITIAL_LOCATION_FILTER,
  LOCATION_TYPES,
  locationBody,
  PAGE_SIZES,
  rowDeleted,
  rowErrors,
  rowSaved,
  rowsFromRecords,
  startEdit,
  type LocationFields,
  type LocationRow,
  type LocationType,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useDeleteLocation, useLocations, useSaveLocation } from './api.ts';
import { DeleteLocationDialog } from './delete-location-dialog.tsx';
import { LocationTableRow } from './location-row.tsx';

const COLUMNS = ['code', 'display_name', 'city', 'index', 'users'] as const;
/** Fixed widths, so a row keeps its columns when it switches between view and edit. */
const WIDTHS: Record<(typeof COLUMNS)[number] | 'actions', number | undefined> = {
  code: 130,
  display_name: undefined,
  city: 140,
  index: 104,
  users: 80,
  actions: 112,
};

/** Spec 4 "Location table": events and malls, one row in edit mode at a time. */
export function LocationsPage() {
  const { t } = useTranslation(['locations', 'common']);
  const { t: tc } = useTranslation();
  const [filter, setFilter] = useState(INITIAL_LOCATION_FILTER);
  const [searchInput, setSearchInput] = useState('');
  const [rows, setRows] = useState<LocationRow[]>([]);
  const [toDelete, setToDelete] = useState<LocationRow | null>(null);
  const query = useLocations(filter);
  const save = useSaveLocation();
  const remove = useDeleteLocation();

  useEffect(() => {
    const timer = setTimeout(() => setFilter((f) => changeLocationSearch(f, searchInput.trim())), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  // A fresh page replaces the rows; the row being edited keeps what was typed.
  const page = query.data;
  useEffect(() => {
    if (page) {
      setRows((previous) => rowsFromRecords(page.data, previous));
    }
  }, [page]);

  const records = useMemo(() => new Map(page?.data.map((d) => [d.id, d])), [page]);

  const changeType = (type: LocationType) => {
    // Spec 4: another type clears the search; what was being edited belongs to the old tab.
    setFilter((f) => changeLocationType(f, type));
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

  const total = page?.total ?? 0;
  const emptyText = filter.search ? t('locations:noMatch', { search: filter.search }) : t('locations:empty');

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.locations')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('locations:intro')}
      </Typography>
      <Paper>
        <Tabs value={filter.type} onChange={(_e, v: LocationType) => changeType(v)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {LOCATION_TYPES.map((type) => (
            <Tab key={type} value={type} label={t(`locations:types.${type}`)} data-testid={`location-tab-${type}`} />
          ))}
        </Tabs>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
          <TextField
            size="small"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            placeholder={t('locations:search')}
            sx={{ flex: '1 1 260px', maxWidth: 420 }}
            slotProps={{
              htmlInput: { 'aria-label': t('locations:search'), 'data-testid': 'location-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" startIcon={<Add />} onClick={() => setRows((r) => addRow(r, filter.type))} data-testid="add-location">
            {t('locations:add')}
          </Button>
        </Box>
        <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
        <TableContainer>
          <Table size="small" data-testid="locations-table" sx={{ minWidth: 720, tableLayout: 'fixed' }}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c} align={c === 'users' ? 'right' : 'left'} sx={{ width: WIDTHS[c] }}>
                    {t(`locations:columns.${c}`)}
                  </TableCell>
                ))}
                <TableCell align="right" sx={{ width: WIDTHS.actions }}>
                  {t('locations:columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isError && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1}>{errorMessage(query.error, tc)}</TableCell>
                </TableRow>
              )}
              {page && !query.isPlaceholderData && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                    {emptyText}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <LocationTableRow
                  key={row.key}
                  row={row}
                  record={row.id === null ? undefined : records.get(row.id)}
                  saving={save.isPending}
                  onEdit={() => setRows((r) => startEdit(r, row.key))}
                  onCancel={() => setRows((r) => cancelEdit(r, row.key))}
                  onChange={(patch: Partial<LocationFields>) => setRows((r) => editDraft(r, row.key, patch))}
                  onSave={() => saveRow(row)}
                  onDelete={() => setToDelete(row)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.floor(filter.offset / PAGE_SIZES.locations)}
          rowsPerPage={PAGE_SIZES.locations}
          rowsPerPageOptions={[PAGE_SIZES.locations]}
          onPageChange={(_e, p) => setFilter((f) => ({ ...f, offset: p * PAGE_SIZES.locations }))}
          labelRowsPerPage={tc('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => tc('common.displayedRows', { from, to, count })}
        />
      </Paper>
      <DeleteLocationDialog row={toDelete} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
