import { DEBOUNCE_MS, DEFAULT_PAGE_SIZES, type TableName } from '@bo/domain';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  activeFilters,
  defaultLayout,
  initialLayoutState,
  layoutReducer,
  mergeLayout,
  sameRows,
  setColumnVisible,
  type LayoutColumnSpec,
  type LayoutDefaults,
  type TableLayout,
  type TableSort,
} from './layout-state.ts';
import { useTableSnapshot } from './use-table-snapshot.ts';

export interface DataTableColumn<Row> extends LayoutColumnSpec {
  label: string;
  render: (row: Row) => ReactNode;
  /** Accessible name of the column's filter field; by default "Filter <label>". */
  filterLabel?: string;
  align?: 'left' | 'right' | 'center';
}

export interface DataTableOptions<Row> {
  tableName: TableName;
  /** Keep the array stable (useMemo): a new array means new columns. */
  columns: readonly DataTableColumn<Row>[];
  pageSize?: number;
  pageSizes?: readonly number[];
  sort?: TableSort | null;
}

/** What a page hands to its list request: the page, its size, the sort and the settled filters. */
export interface DataTableQuery {
  offset: number;
  limit: number;
  sort: TableSort | null;
  filters: Record<string, string>;
}

export interface DataTableState<Row> {
  columns: readonly DataTableColumn<Row>[];
  pageSizes: readonly number[];
  /** The saved layout was read (or could not be); until then the table shows its defaults and says loading. */
  restored: boolean;
  /** The saved layout asked for other rows than the defaults did: the rows of the defaults are not shown as its rows. */
  restoredOtherRows: boolean;
  layout: TableLayout;
  page: number;
  query: DataTableQuery;
  saveFailed: boolean;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  toggleSort: (field: string) => void;
  setFilter: (id: string, value: string) => void;
  clearFilters: () => void;
  moveColumn: (id: string, delta: -1 | 1) => void;
  setVisible: (id: string, visible: boolean) => void;
  setWidth: (id: string, width: number) => void;
  reset: () => void;
}

/** A layout change is saved once the user paused this long. */
const SAVE_DELAY_MS = 600;

/**
 * The state of a data table: its layout (the defaults at once, then the user's table snapshot when it was
 * read, with the user's own changes kept; saved back after each change), the page, and the query the page
 * sends to the server.
 */
export function useDataTable<Row>(options: DataTableOptions<Row>): DataTableState<Row> {
  const { tableName, columns } = options;
  const pageSizes = options.pageSizes ?? DEFAULT_PAGE_SIZES;
  const defaults: LayoutDefaults = useMemo(
    () => ({ pageSize: options.pageSize ?? pageSizes.at(-1) ?? 100, pageSizes, sort: options.sort ?? null }),
    [options.pageSize, options.sort, pageSizes],
  );
  const snapshot = useTableSnapshot(tableName);
  const [state, dispatch] = useReducer(layoutReducer, undefined, () => initialLayoutState(defaultLayout(columns, defaults)));
  const { layout } = state;
  const [page, setPage] = useState(0);
  // Filters reach the query only after typing paused.
  const [applied, setApplied] = useState<Record<string, string> | null>(null);
  const filterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [restoredOtherRows, setRestoredOtherRows] = useState(false);

  // The saved layout, as soon as it was read (already in this render when it was read before: no request
  // is sent with the defaults then).
  if (snapshot.settled && !state.restored) {
    const restore = { type: 'restored', layout: mergeLayout(snapshot.saved?.snapshot, columns, defaults) } as const;
    dispatch(restore);
    if (!sameRows(layoutReducer(state, restore).layout, layout)) {
      setRestoredOtherRows(true);
      setPage(0);
      setApplied(null);
    }
  }

  // Saving: after a pause, and when the page is left before the pause ended. A layout changed before the
  // saved one was read is saved once it was merged with it.
  const { save, saveOnExit } = snapshot;
  const toSave = state.changed && state.restored ? layout : null;
  const pending = useRef<TableLayout | null>(null);
  const exit = useRef(saveOnExit);
  useEffect(() => {
    exit.current = saveOnExit;
  }, [saveOnExit]);
  useEffect(() => {
    if (!toSave) {
      return undefined;
    }
    pending.current = toSave;
    const timer = setTimeout(() => {
      pending.current = null;
      save(toSave);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [toSave, save]);
  useEffect(() => {
    const flush = () => {
      if (pending.current) {
        exit.current(pending.current);
        pending.current = null;
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
      clearTimeout(filterTimer.current);
    };
  }, []);

  const applyFilters = useCallback((filters: Record<string, string>) => {
    clearTimeout(filterTimer.current);
    setApplied(activeFilters(filters));
    setPage(0);
  }, []);

  return {
    columns,
    pageSizes,
    restored: state.restored,
    restoredOtherRows,
    layout,
    page,
    query: {
      offset: page * layout.pageSize,
      limit: layout.pageSize,
      sort: layout.sort,
      filters: applied ?? activeFilters(layout.filters),
    },
    saveFailed: snapshot.saveFailed,
    setPage,
    setPageSize: (size) => {
      dispatch({ type: 'pageSize', size });
      setPage(0);
    },
    toggleSort: (field) => {
      dispatch({ type: 'sort', field });
      setPage(0);
    },
    setFilter: (id, value) => {
      const filters = { ...layout.filters, [id]: value };
      dispatch({ type: 'filter', id, value });
      clearTimeout(filterTimer.current);
      filterTimer.current = setTimeout(() => applyFilters(filters), DEBOUNCE_MS);
    },
    clearFilters: () => {
      dispatch({ type: 'clearFilters' });
      applyFilters({});
    },
    moveColumn: (id, delta) => dispatch({ type: 'move', id, delta }),
    setVisible: (id, visible) => {
      const spec = columns.find((c) => c.id === id);
      const next = setColumnVisible(layout, id, visible, spec);
      dispatch({ type: 'visible', id, visible, spec });
      if (next.filters !== layout.filters) {
        applyFilters(next.filters);
      }
    },
    setWidth: (id, width) => dispatch({ type: 'width', id, width }),
    reset: () => {
      dispatch({ type: 'reset', layout: defaultLayout(columns, defaults) });
      applyFilters({});
    },
  };
}
