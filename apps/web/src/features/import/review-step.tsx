import CheckCircle from '@mui/icons-material/CheckCircle';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import { Box, Button, Checkbox, Chip, FormControlLabel, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import {
  DUPLICATION_FILTERS,
  IMPORT_FIELDS,
  isOneOf,
  isSpecialLocation,
  PAGE_SIZES,
  REVIEW_FILTERS,
  type DuplicationFilter,
  type ImportField,
  type ImportRowDto,
  type ReviewFilter,
} from '@bo/domain';
import { useMemo, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';

import { snackbar } from '../../app/snackbar.tsx';
import { useDetailsId } from '../../ui/data-table/details-id.ts';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useImportRows, useUpdateRecord, type RecordChange } from './api.ts';
import { decisionValue, isSelected, parseDecision, selectedCount, type FlowAction, type ImportFlow } from './flow.ts';
import { FieldCell, RowDetails } from './row-bits.tsx';
import { RowDialog } from './row-dialog.tsx';
import { failureText } from './failure.ts';

const PAGE_SIZE_CHOICES = [25, 50, 100, 250] as const;
const SHOWN: readonly ImportField[] = ['name', 'surname', 'phone', 'mobile_phone', 'email', 'address', 'zipcode', 'city'];
const WIDTH: Partial<Record<ImportField, number>> = {
  email: 200,
  address: 200,
  note: 220,
  zipcode: 100,
  salutation: 90,
  age: 70,
  language: 90,
};
const SORTABLE = new Set<string>(['surname', 'zipcode']);
/**
 * What stays longest when the screen is narrow (higher stays longer): what a reviewer decides on (status,
 * decision), who the person is and where the place check looks (postcode, place), the row of which file,
 * then how to reach them.
 */
const PRIORITY: Partial<Record<string, number>> = {
  status: 9,
  decision: 9,
  name: 8,
  surname: 8,
  zipcode: 8,
  city: 8,
  phone: 7,
  email: 6,
  address: 6,
  row_no: 7,
  location: 3,
};

interface RowActions {
  flow: ImportFlow;
  dispatch: Dispatch<FlowAction>;
  pageIds: readonly number[];
  expanded: ReadonlySet<number>;
  toggleExpanded: (id: number) => void;
  change: (c: RecordChange) => void;
  edit: (row: ImportRowDto) => void;
}

function SelectCell({ row, a }: { row: ImportRowDto; a: RowActions }) {
  const { t } = useTranslation('import');
  const open = a.expanded.has(row.id);
  const detailsId = useDetailsId(row.id);
  const label = t('import:review.rowLabel', { row: row.row_no, file: row.file_name });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mx: -0.5, my: -0.5 }}>
      <IconButton
        size="small"
        sx={{ p: 0.5 }}
        onClick={() => a.toggleExpanded(row.id)}
        aria-expanded={open}
        aria-controls={open ? detailsId : undefined}
        aria-label={open ? t('import:review.collapse', { row: label }) : t('import:review.expand', { row: label })}
        data-testid="import-expand"
      >
        {open ? <KeyboardArrowDown fontSize="small" /> : <KeyboardArrowRight fontSize="small" />}
      </IconButton>
      <Checkbox
        size="small"
        sx={{ p: 0.5 }}
        checked={isSelected(a.flow.selection, row.id)}
        onChange={() => a.dispatch({ type: 'toggleRow', id: row.id, pageIds: a.pageIds })}
        slotProps={{ input: { 'aria-label': t('import:review.select', { row: label }) } }}
        data-testid="import-select"
      />
    </Box>
  );
}

function StatusCell({ row }: { row: ImportRowDto }) {
  const { t } = useTranslation('import');
  const errors = Object.keys(row.errors).length;
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {errors > 0 && <Chip size="small" color="error" label={t('import:review.errorCount', { count: errors })} />}
      {row.duplication_status === 'duplicates' && (
        <Chip
          size="small"
          color="warning"
          label={t('import:review.dupCount', { count: row.matches.length + row.file_duplicate_of.length })}
        />
      )}
      {errors === 0 && row.duplication_status === 'without_duplicates' && (
        <Chip size="small" color="success" variant="outlined" label={t('import:review.ok')} />
      )}
    </Box>
  );
}

function DecisionCell({ row, a }: { row: ImportRowDto; a: RowActions }) {
  const { t } = useTranslation('import');
  if (row.matches.length === 0 && row.file_duplicate_of.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <TextField
      select
      size="small"
      variant="standard"
      fullWidth
      value={decisionValue(row.decision, row.merge_into_id)}
      onChange={(e) => a.change({ id: row.id, ...parseDecision(e.target.value) })}
      slotProps={{
        select: {
          SelectDisplayProps: {
            'data-testid': 'import-decision',
            'aria-label': t('import:review.decisionFor', { row: row.row_no }),
          } as object,
        },
      }}
    >
      <MenuItem value="">
        <em>{t('import:decisions.default')}</em>
      </MenuItem>
      <MenuItem value="skip">{t('import:decisions.skip')}</MenuItem>
      <MenuItem value="create">{t('import:decisions.create')}</MenuItem>
      {row.matches.map((m) => (
        <MenuItem key={m.client.id} value={`merge:${m.client.id}`}>
          {t('import:decisions.mergeInto', { name: `${m.client.name} ${m.client.surname}`.trim() })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ActionsCell({ row, a }: { row: ImportRowDto; a: RowActions }) {
  const { t } = useTranslation('import');
  const reviewed = row.review_status === 'reviewed';
  const label = t('import:review.rowLabel', { row: row.row_no, file: row.file_name });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', my: -0.5 }}>
      <Tooltip title={t('import:review.edit')}>
        <IconButton
          size="small"
          onClick={() => a.edit(row)}
          aria-label={t('import:review.editRow', { row: label })}
          data-testid="import-edit"
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={reviewed ? t('import:review.unmark') : t('import:review.mark')}>
        <IconButton
          size="small"
          color={reviewed ? 'success' : 'default'}
          onClick={() => a.change({ id: row.id, reviewed: !reviewed })}
          aria-pressed={reviewed}
          aria-label={t('import:review.markRow', { row: label })}
          data-testid="import-mark-reviewed"
        >
          {reviewed ? <CheckCircle fontSize="small" /> : <CheckCircleOutline fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** Step 4: the pending rows of the type, a page at a time, with their errors, matches and decisions. */
export function ReviewStep({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation(['import', 'common', 'tables']);
  const { t: tc } = useTranslation();
  const [review, setReview] = useState<ReviewFilter>('all');
  const [duplication, setDuplication] = useState<DuplicationFilter>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<ImportRowDto | null>(null);
  const update = useUpdateRecord();

  const actions = useRef<RowActions | null>(null);
  const columns = useMemo<DataTableColumn<ImportRowDto>[]>(() => {
    const a = () => actions.current!;
    return [
      {
        id: 'select',
        label: t('import:columns.select'),
        width: 96,
        alwaysVisible: true,
        render: (row) => <SelectCell row={row} a={a()} />,
      },
      {
        id: 'row_no',
        label: t('import:columns.row'),
        width: 150,
        priority: PRIORITY.row_no,
        sortable: true,
        render: (row) => (
          <Tooltip title={row.file_name}>
            <span>{t('import:review.rowOf', { row: row.row_no, file: row.file_name })}</span>
          </Tooltip>
        ),
      },
      {
        id: 'location',
        label: t('import:columns.location'),
        width: 110,
        priority: PRIORITY.location,
        sortable: true,
        render: (row) => (row.location ? (isSpecialLocation(row.location.id) ? t('tables:noLocation') : row.location.code) : '—'),
      },
      ...IMPORT_FIELDS.map((f): DataTableColumn<ImportRowDto> => ({
        id: f,
        label: t(`import:fields.${f}`),
        width: WIDTH[f] ?? 130,
        priority: PRIORITY[f],
        visible: SHOWN.includes(f),
        sortable: SORTABLE.has(f),
        render: (row) => <FieldCell row={row} field={f} />,
      })),
      { id: 'status', label: t('import:columns.status'), width: 190, priority: PRIORITY.status, render: (row) => <StatusCell row={row} /> },
      {
        id: 'decision',
        label: t('import:columns.decision'),
        width: 190,
        priority: PRIORITY.decision,
        render: (row) => <DecisionCell row={row} a={a()} />,
      },
      {
        id: 'actions',
        label: t('import:columns.actions'),
        width: 90,
        align: 'right',
        alwaysVisible: true,
        render: (row) => <ActionsCell row={row} a={a()} />,
      },
    ];
  }, [t]);

  const table = useDataTable({
    tableName: 'import',
    columns,
    pageSize: PAGE_SIZES.import,
    pageSizes: PAGE_SIZE_CHOICES,
    sort: { field: 'location', direction: 'desc' },
  });
  const query = useImportRows({ importType: flow.importType, review, duplication }, table.query);
  const page = query.data;
  const rows = page?.data;
  const pageIds = useMemo(() => rows?.map((r) => r.id) ?? [], [rows]);
  const total = page?.total ?? 0;
  const counts = page?.counts;
  const pending = counts ? counts.reviewed + counts.not_reviewed : 0;

  const change = (c: RecordChange) => update.mutate(c, { onError: (err) => snackbar.show(failureText(err, t, tc)) });

  actions.current = {
    flow,
    dispatch,
    pageIds,
    expanded,
    toggleExpanded: (id) =>
      setExpanded((s) => {
        const next = new Set(s);
        if (next.has(id)) {
          next.delete(id);
        } else {
          next.add(id);
        }
        return next;
      }),
    change,
    edit: setEditing,
  };

  const pageChecked = pageIds.length > 0 && pageIds.every((id) => isSelected(flow.selection, id));
  const pageSome = pageIds.some((id) => isSelected(flow.selection, id));
  const chosen = selectedCount(flow.selection, pending);

  const reviewLabel = (f: ReviewFilter) => `${t(`import:filters.review.${f}`)}${counts ? ` (${f === 'all' ? pending : counts[f]})` : ''}`;
  const dupLabel = (f: DuplicationFilter) => {
    const n = !counts ? null : f === 'all' ? pending : f === 'duplicates' ? counts.duplicates : pending - counts.duplicates;
    return `${t(`import:filters.duplication.${f}`)}${n === null ? '' : ` (${n})`}`;
  };

  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, py: 1, alignItems: 'center', flexGrow: 1 }}>
      <TextField
        select
        size="small"
        label={t('import:filters.review.label')}
        value={review}
        onChange={(e) => {
          if (isOneOf(REVIEW_FILTERS, e.target.value)) {
            setReview(e.target.value);
            table.setPage(0);
          }
        }}
        sx={{ minWidth: 190 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'import-filter-review' } as object } }}
      >
        {REVIEW_FILTERS.map((f) => (
          <MenuItem key={f} value={f} data-value={f}>
            {reviewLabel(f)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('import:filters.duplication.label')}
        value={duplication}
        onChange={(e) => {
          if (isOneOf(DUPLICATION_FILTERS, e.target.value)) {
            setDuplication(e.target.value);
            table.setPage(0);
          }
        }}
        sx={{ minWidth: 210 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'import-filter-duplication' } as object } }}
      >
        {DUPLICATION_FILTERS.map((f) => (
          <MenuItem key={f} value={f} data-value={f}>
            {dupLabel(f)}
          </MenuItem>
        ))}
      </TextField>
      {counts && counts.with_errors > 0 && (
        <Chip
          color="error"
          variant="outlined"
          label={t('import:review.withErrors', { count: counts.with_errors })}
          data-testid="import-with-errors"
        />
      )}
      <Box sx={{ flexGrow: 1 }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={pageChecked}
              indeterminate={!pageChecked && pageSome}
              onChange={(e) => dispatch({ type: 'selectPage', pageIds, on: e.target.checked })}
              data-testid="import-select-page"
            />
          }
          label={t('import:review.selectPage')}
        />
        <Button
          size="small"
          onClick={() => dispatch({ type: 'selectAll' })}
          disabled={pending === 0 || flow.selection.all}
          data-testid="import-select-all"
        >
          {t('import:review.selectAll', { count: pending })}
        </Button>
        <Typography variant="body2" aria-live="polite" data-testid="import-selected" data-count={chosen}>
          {t('import:review.selected', { count: chosen })}
        </Typography>
        <Button
          variant="contained"
          disabled={chosen === 0}
          onClick={() => dispatch({ type: 'launchDialog', open: true })}
          data-testid="import-launch"
        >
          {t('import:launch.open')}
        </Button>
      </Box>
    </Box>
  );

  return (
    <Box>
      <DataTable
        table={table}
        label={t('import:review.tableLabel', { type: t(`import:types.${flow.importType}`) })}
        rows={rows}
        total={total}
        rowKey={(row) => row.id}
        loading={!page}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('import:review.empty')}
        toolbar={toolbar}
        isExpanded={(row) => expanded.has(row.id)}
        renderExpanded={(row) => <RowDetails row={row} onMerge={(id) => change({ id: row.id, decision: 'merge', merge_into_id: id })} />}
        testIds={{ table: 'import-table' }}
        rowAttributes={(row) => ({
          'data-testid': 'import-row',
          'data-row-no': row.row_no,
          'data-row-id': row.id,
          'data-batch-id': row.batch_id,
          'data-errors': Object.keys(row.errors).join(','),
          'data-review': row.review_status,
        })}
      />
      <RowDialog
        row={editing}
        onClose={() => setEditing(null)}
        onSaved={(row) => setEditing(Object.keys(row.errors).length > 0 ? row : null)}
      />
    </Box>
  );
}
