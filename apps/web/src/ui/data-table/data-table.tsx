import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Collapse,
  InputBase,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { Fragment, useCallback, useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { ColumnsMenu } from './columns-menu.tsx';
import { DetailsIdContext } from './details-id.ts';
import { fitColumns } from './fit-columns.ts';
import { useBoxWidth } from './use-box-width.ts';
import { stickyFirstCell } from '../table-cells.ts';
import { clampWidth } from './layout-state.ts';
import type { DataTableState } from './use-data-table.ts';
import { paginationLabels } from './pagination-labels.ts';

export interface DataTableProps<Row> {
  table: DataTableState<Row>;
  /** Accessible name of the table. */
  label: string;
  rows: readonly Row[] | undefined;
  total: number | undefined;
  rowKey: (row: Row) => string | number;
  /** No rows to show yet. */
  loading: boolean;
  /** Rows shown are being replaced (another page, sort or filter). */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What an empty table says: what to do next. */
  emptyText: ReactNode;
  /** Left of the columns button: the page's own actions. */
  toolbar?: ReactNode;
  onRowClick?: (row: Row) => void;
  isExpanded?: (row: Row) => boolean;
  renderExpanded?: (row: Row) => ReactNode;
  testIds?: { table?: string; row?: string };
  /** Extra attributes of a row, e.g. `data-user-id` for tests and scripts; they win over `testIds.row`. */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string | number>;
  /** A row whose cells hold input fields: highlighted, top-aligned and not clipped, so helper texts show. */
  isEditing?: (row: Row) => boolean;
}

const RESIZE_STEP = 16;

/** A handle on a header's right edge: drag it, or focus it and use the arrow keys. */
function ResizeHandle({
  label,
  width,
  onPreview,
  onCommit,
}: {
  label: string;
  width: number;
  onPreview: (w: number | null) => void;
  onCommit: (w: number) => void;
}) {
  const [start, setStart] = useState<{ x: number; width: number } | null>(null);
  const widthAt = (e: PointerEvent) => clampWidth((start?.width ?? width) + e.clientX - (start?.x ?? e.clientX));
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      tabIndex={0}
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => {
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        setStart({ x: e.clientX, width });
      }}
      onPointerMove={(e) => {
        if (start) {
          onPreview(widthAt(e));
        }
      }}
      onPointerUp={(e) => {
        if (start) {
          onCommit(widthAt(e));
          onPreview(null);
          setStart(null);
        }
      }}
      onPointerCancel={() => {
        onPreview(null);
        setStart(null);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
          e.preventDefault();
          onCommit(width + (e.key === 'ArrowLeft' ? -RESIZE_STEP : RESIZE_STEP));
        }
      }}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        bottom: 0,
        width: 8,
        cursor: 'col-resize',
        touchAction: 'none',
        '&::after': { content: '""', position: 'absolute', top: 6, bottom: 6, right: 3, borderRight: 1, borderColor: 'divider' },
        '&:hover::after, &:focus-visible::after': { borderRight: 3, right: 2, borderColor: 'primary.main' },
        '&:focus-visible': { outline: 'none' },
      }}
    />
  );
}

/** A row with one message; it stays in view when the table is scrolled sideways. */
function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span} sx={{ py: 3 }}>
        <Box sx={{ position: 'sticky', left: 16, maxWidth: 'min(720px, calc(100vw - 96px))' }}>{children}</Box>
      </TableCell>
    </TableRow>
  );
}

const clip = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
/** A cell's text wraps onto more lines when its column is narrow; a word longer than the column breaks. */
const wrap = { overflow: 'hidden', overflowWrap: 'break-word', px: 1 } as const;

/**
 * The product's data table: dense, server-side sort and filters through the table state, columns
 * the user can show, hide, move and resize, pagination, and the layout kept per user and table.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { table, rows, rowKey, testIds } = props;
  const { t } = useTranslation(['common', 'tables']);
  const [preview, setPreview] = useState<{ id: string; width: number } | null>(null);
  const tableId = useId();
  // A row's details carry an id, so the row's own toggle button can name them with aria-controls.
  const detailsId = useCallback((key: string | number) => `${tableId}-details-${String(key)}`, [tableId]);

  // The table shows at once with its default layout, its rows asked for; the body says loading until the
  // saved layout was read, and when that layout asks for other rows (another sort, page size or filter),
  // until those came: rows of the defaults are not shown as the saved view's.
  const [restoredRowsCame, setRestoredRowsCame] = useState(false);
  if (table.restoredOtherRows && !restoredRowsCame && !props.fetching) {
    setRestoredRowsCame(true);
  }
  const layoutPending = !table.restored || (table.restoredOtherRows && !restoredRowsCame);

  const [boxRef, boxWidth] = useBoxWidth();
  const specs = new Map(table.columns.map((c) => [c.id, c]));
  const wanted = table.layout.columns
    .filter((c) => c.visible && specs.has(c.id))
    .map((c) => ({ ...c, width: preview?.id === c.id ? preview.width : c.width, spec: specs.get(c.id)! }));
  // The columns fitted to the box: narrower first, then the least important left out, scrolling last.
  const fitted = fitColumns(
    wanted.map((c) => ({
      id: c.id,
      width: c.width,
      minWidth: c.spec.minWidth,
      priority: c.spec.priority,
      alwaysVisible: c.spec.alwaysVisible,
      pinned: c.pinned,
    })),
    boxWidth,
  );
  const visible = wanted.filter((c) => fitted.widths.has(c.id)).map((c) => ({ ...c, width: fitted.widths.get(c.id)! }));
  const sticky = (index: number) => (fitted.scrolls && index === 0 ? stickyFirstCell : undefined);
  const span = visible.length;
  const tableWidth = visible.reduce((sum, c) => sum + c.width, 0);
  const hasFilters = visible.some((c) => c.spec.filterable);
  const filtered = Object.keys(table.query.filters).length > 0;
  const expandable = props.renderExpanded !== undefined;

  const body = (): ReactNode => {
    if (props.error) {
      return (
        <MessageRow span={span}>
          <Alert
            severity="error"
            action={
              props.onRetry && (
                <Button color="inherit" size="small" onClick={props.onRetry}>
                  {t('tables:retry')}
                </Button>
              )
            }
          >
            {errorMessage(props.error, t)}
          </Alert>
        </MessageRow>
      );
    }
    if (props.loading || !rows || layoutPending) {
      return (
        <MessageRow span={span}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={20} />
            <Typography color="text.secondary">{t('tables:loading')}</Typography>
          </Box>
        </MessageRow>
      );
    }
    if (rows.length === 0) {
      return (
        <MessageRow span={span}>
          <Typography color="text.secondary">{filtered ? t('tables:emptyFiltered') : props.emptyText}</Typography>
        </MessageRow>
      );
    }
    return rows.map((row) => {
      const key = rowKey(row);
      const open = props.isExpanded?.(row) ?? false;
      const click = props.onRowClick;
      const editing = props.isEditing?.(row) ?? false;
      return (
        <Fragment key={key}>
          <TableRow
            hover={!editing}
            data-testid={testIds?.row}
            {...props.rowAttributes?.(row)}
            onClick={click && (() => click(row))}
            onKeyDown={
              click &&
              ((e: KeyboardEvent) => {
                if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                  e.preventDefault();
                  click(row);
                }
              })
            }
            tabIndex={click ? 0 : undefined}
            sx={{
              cursor: click ? 'pointer' : undefined,
              '& > td': expandable && open ? { borderBottom: 'none' } : undefined,
              ...(editing && { bgcolor: 'action.hover', verticalAlign: 'top' }),
            }}
          >
            {visible.map((c, index) => (
              <TableCell key={c.id} align={c.spec.align} sx={{ ...(editing ? { py: 1 } : wrap), ...sticky(index) }}>
                {c.spec.render(row)}
              </TableCell>
            ))}
          </TableRow>
          {expandable && (
            <TableRow>
              <TableCell colSpan={span} sx={{ p: 0, borderBottom: open ? undefined : 'none' }}>
                <Collapse in={open} unmountOnExit id={detailsId(key)}>
                  {props.renderExpanded!(row)}
                </Collapse>
              </TableCell>
            </TableRow>
          )}
        </Fragment>
      );
    });
  };

  return (
    <Paper>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, minHeight: 44 }}>
        <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: 1 }}>{props.toolbar}</Box>
        {filtered && (
          <Button size="small" startIcon={<FilterAltOffOutlinedIcon />} onClick={table.clearFilters}>
            {t('tables:clearFilters')}
          </Button>
        )}
        <ColumnsMenu table={table} hiddenForSpace={fitted.hidden} />
      </Box>
      {table.saveFailed && (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          {t('tables:layoutSaveFailed')}
        </Alert>
      )}
      <LinearProgress sx={{ height: 2, visibility: props.fetching && !props.loading && !layoutPending ? 'visible' : 'hidden' }} />
      <TableContainer ref={boxRef}>
        <Table
          size="small"
          aria-label={props.label}
          data-testid={testIds?.table}
          sx={{ tableLayout: 'fixed', width: tableWidth, minWidth: '100%' }}
        >
          <colgroup>
            {visible.map((c) => (
              <col key={c.id} style={{ width: c.width }} />
            ))}
          </colgroup>
          <TableHead>
            <TableRow>
              {visible.map((c, index) => {
                const sorted = table.layout.sort?.field === c.id ? table.layout.sort.direction : undefined;
                return (
                  <TableCell
                    key={c.id}
                    align={c.spec.align}
                    sortDirection={sorted ?? false}
                    title={c.spec.label}
                    sx={{ ...clip, px: 1, position: 'relative', fontWeight: 600, ...sticky(index), ...(sticky(index) && { zIndex: 2 }) }}
                  >
                    {c.spec.sortable ? (
                      <TableSortLabel active={sorted !== undefined} direction={sorted ?? 'asc'} onClick={() => table.toggleSort(c.id)}>
                        {c.spec.label}
                      </TableSortLabel>
                    ) : (
                      c.spec.label
                    )}
                    <ResizeHandle
                      label={t('tables:resize', { column: c.spec.label })}
                      width={c.width}
                      onPreview={(width) => setPreview(width === null ? null : { id: c.id, width })}
                      onCommit={(width) => table.setWidth(c.id, width)}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
            {hasFilters && (
              <TableRow>
                {visible.map((c, index) => (
                  <TableCell key={c.id} sx={{ py: 0.5, ...sticky(index) }}>
                    {c.spec.filterable && (
                      <InputBase
                        value={table.layout.filters[c.id] ?? ''}
                        onChange={(e) => table.setFilter(c.id, e.target.value)}
                        placeholder={t('tables:filterPlaceholder')}
                        inputProps={{ 'aria-label': c.spec.filterLabel ?? t('tables:filterColumn', { column: c.spec.label }) }}
                        fullWidth
                        sx={{ fontSize: 'body2.fontSize', px: 1, borderRadius: 1, bgcolor: 'action.hover' }}
                      />
                    )}
                  </TableCell>
                ))}
              </TableRow>
            )}
          </TableHead>
          <DetailsIdContext.Provider value={detailsId}>
            <TableBody>{body()}</TableBody>
          </DetailsIdContext.Provider>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total ?? 0}
        page={table.page}
        rowsPerPage={table.layout.pageSize}
        rowsPerPageOptions={[...table.pageSizes]}
        onPageChange={(_e, p) => table.setPage(p)}
        onRowsPerPageChange={(e) => table.setPageSize(Number(e.target.value))}
        {...paginationLabels(t)}
      />
    </Paper>
  );
}
