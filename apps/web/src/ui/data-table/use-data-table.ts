import {
  activeFilters,
  DEBOUNCE_MS,
  DEFAULT_PAGE_SIZES,
  defaultLayout,
  mergeLayout,
  moveColumn,
  nextSort,
  setColumnVisible,
  setColumnWidth,
  type LayoutColumnSpec,
  type LayoutDefaults,
  type TableLayout,
  type TableName,
  type TableSort,
} from '@bo/domain';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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
  /** False until the saved layout was read: the page waits with its request, the table shows loading. */
  ready: boolean;
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
 * The state of a data table: its layout (restored from the user's table snapshot and saved back
 * after each change), the page, and the query the page sends to the server.
 */
export function useDataTable<Row>(options: DataTableOptions<Row>): DataTableState<Row> {
  const { tableName, columns } = options;
  const pageSizes = options.pageSizes ?? DEFAULT_PAGE_SIZES;
  const defaults: LayoutDefaults = useMemo(
    () => ({ pageSize: options.pageSize ?? pageSizes.at(-1) ?? 100, pageSizes, sort: options.sort ?? null }),
    [options.pageSize, options.sort, pageSizes],
  );
  const snapshot = useTableSnapshot(tableName);
  const restored = useMemo(
    () => (snapshot.settled ? mergeLayout(snapshot.saved?.snapshot, columns, defaults) : null),
    [snapshot.settled, snapshot.saved, columns, defaults],
  );
  // The user's own changes; until the first one, the restored layout is shown.
  const [changed, setChanged] = useState<TableLayout | null>(null);
  const layout = changed ?? restored ?? defaultLayout(columns, defaults);
  const [page, setPage] = useState(0);
  // Filters reach the query only after typing paused.
  const [applied, setApplied] = useState<Record<string, string> | null>(null);
  const filterTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const update = useCallback(
    (change: (current: TableLayout) => TableLayout) => setChanged((current) => change(current ?? layout)),
    [layout],
  );

  // Saving: after a pause, and when the page is left before the pause ended.
  const { save, saveOnExit } = snapshot;
  const pending = useRef<TableLayout | null>(null);
  const exit = useRef(saveOnExit);
  useEffect(() => {
    exit.current = saveOnExit;
  }, [saveOnExit]);
  useEffect(() => {
    if (!changed) {
      return undefined;
    }
    pending.current = changed;
    const timer = setTimeout(() => {
      pending.current = null;
      save(changed);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changed, save]);
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
    ready: restored !== null,
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
      update((l) => ({ ...l, pageSize: size }));
      setPage(0);
    },
    toggleSort: (field) => {
      update((l) => ({ ...l, sort: nextSort(l.sort, field) }));
      setPage(0);
    },
    setFilter: (id, value) => {
      const filters = { ...layout.filters, [id]: value };
      update((l) => ({ ...l, filters }));
      clearTimeout(filterTimer.current);
      filterTimer.current = setTimeout(() => applyFilters(filters), DEBOUNCE_MS);
    },
    clearFilters: () => {
      update((l) => ({ ...l, filters: {} }));
      applyFilters({});
    },
    moveColumn: (id, delta) => update((l) => moveColumn(l, id, delta)),
    setVisible: (id, visible) => {
      const next = setColumnVisible(
        layout,
        id,
        visible,
        columns.find((c) => c.id === id),
      );
      update(() => next);
      if (next.filters !== layout.filters) {
        applyFilters(next.filters);
      }
    },
    setWidth: (id, width) => update((l) => setColumnWidth(l, id, width)),
    reset: () => {
      update(() => defaultLayout(columns, defaults));
      applyFilters({});
    },
  };
}
