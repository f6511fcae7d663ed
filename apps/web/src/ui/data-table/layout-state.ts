import { z } from 'zod';

/**
 * The layout of a data table as the shared table component saves it in a table snapshot: which columns
 * show, in which order and how wide, the sort, the column filters and the page size. The server keeps
 * a snapshot as an opaque object; only the browser reads it, so these rules live here.
 */
export const COLUMN_WIDTH = { min: 60, max: 800, default: 160 } as const;

export const tableLayout = z.object({
  version: z.literal(1),
  columns: z
    .array(
      z.object({
        id: z.string().max(100),
        visible: z.boolean(),
        width: z.number().finite(),
        /** The user showed it: it stays shown on a narrow screen too (the table then scrolls sideways). */
        pinned: z.boolean().optional(),
      }),
    )
    .max(200),
  sort: z.object({ field: z.string().max(100), direction: z.enum(['asc', 'desc']) }).nullable(),
  filters: z.record(z.string().max(100), z.string().max(200)),
  pageSize: z.number().int().positive(),
});
export type TableLayout = z.infer<typeof tableLayout>;
export type TableSort = NonNullable<TableLayout['sort']>;

/** What the table knows about a column today, independent of any saved layout. */
export interface LayoutColumnSpec {
  id: string;
  /** Shown unless the user hid it; false starts it hidden. */
  visible?: boolean;
  /** Never hidden (the column that identifies a row). */
  alwaysVisible?: boolean;
  width?: number;
  /** Narrower than this the column's content no longer reads (by default 70 % of its width). */
  minWidth?: number;
  /** How long the column stays when the screen is narrow: higher stays longer (default 5). */
  priority?: number;
  sortable?: boolean;
  filterable?: boolean;
}

export interface LayoutDefaults {
  pageSize: number;
  pageSizes: readonly number[];
  sort?: TableSort | null;
}

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) {
    return COLUMN_WIDTH.default;
  }
  return Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));
}

function defaultSort(columns: readonly LayoutColumnSpec[], defaults: LayoutDefaults): TableSort | null {
  const sort = defaults.sort ?? null;
  return sort && columns.some((c) => c.id === sort.field && c.sortable) ? sort : null;
}

export function defaultLayout(columns: readonly LayoutColumnSpec[], defaults: LayoutDefaults): TableLayout {
  return {
    version: 1,
    columns: columns.map((c) => ({
      id: c.id,
      visible: c.alwaysVisible || c.visible !== false,
      width: clampWidth(c.width ?? COLUMN_WIDTH.default),
    })),
    sort: defaultSort(columns, defaults),
    filters: {},
    pageSize: defaults.pageSizes.includes(defaults.pageSize) ? defaults.pageSize : (defaults.pageSizes[0] ?? defaults.pageSize),
  };
}

/**
 * A saved layout fitted to today's columns: columns removed since are dropped, columns added since
 * appear with their defaults after the column that precedes them in the definition (or first), the
 * saved order and widths of the others are kept. A sort or filter on a column that can no longer be
 * sorted or filtered falls back to the default, as does a page size the table no longer offers.
 * Anything unreadable gives the default layout: a broken snapshot never breaks a table.
 */
export function mergeLayout(saved: unknown, columns: readonly LayoutColumnSpec[], defaults: LayoutDefaults): TableLayout {
  const fallback = defaultLayout(columns, defaults);
  const parsed = tableLayout.safeParse(saved);
  if (!parsed.success) {
    return fallback;
  }
  const layout = parsed.data;
  const specs = new Map(columns.map((c) => [c.id, c]));

  const seen = new Set<string>();
  const merged: TableLayout['columns'] = [];
  for (const col of layout.columns) {
    const spec = specs.get(col.id);
    if (!spec || seen.has(col.id)) {
      continue;
    }
    seen.add(col.id);
    const visible = spec.alwaysVisible ? true : col.visible;
    merged.push({ id: col.id, visible, width: clampWidth(col.width), ...(visible && col.pinned && { pinned: true }) });
  }
  columns.forEach((spec, index) => {
    if (seen.has(spec.id)) {
      return;
    }
    seen.add(spec.id);
    const entry = fallback.columns[index]!;
    // After the nearest column defined before it that is already placed.
    let at = 0;
    for (let i = index - 1; i >= 0; i -= 1) {
      const before = merged.findIndex((c) => c.id === columns[i]!.id);
      if (before >= 0) {
        at = before + 1;
        break;
      }
    }
    merged.splice(at, 0, entry);
  });
  if (merged.length > 0 && !merged.some((c) => c.visible)) {
    merged[0] = { ...merged[0]!, visible: true };
  }

  const sortSpec = layout.sort ? specs.get(layout.sort.field) : undefined;
  const shown = new Set(merged.filter((c) => c.visible).map((c) => c.id));
  const filters = Object.fromEntries(
    Object.entries(layout.filters).filter(([id, value]) => value.trim() !== '' && shown.has(id) && specs.get(id)?.filterable === true),
  );
  return {
    version: 1,
    columns: merged,
    sort: layout.sort === null ? null : sortSpec?.sortable ? layout.sort : fallback.sort,
    filters,
    pageSize: defaults.pageSizes.includes(layout.pageSize) ? layout.pageSize : fallback.pageSize,
  };
}

/** Moves a column one place left (-1) or right (+1) among all columns; at an end nothing changes. */
export function moveColumn(layout: TableLayout, id: string, delta: -1 | 1): TableLayout {
  const from = layout.columns.findIndex((c) => c.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= layout.columns.length) {
    return layout;
  }
  const columns = [...layout.columns];
  const [moved] = columns.splice(from, 1);
  columns.splice(to, 0, moved!);
  return { ...layout, columns };
}

/**
 * Shows or hides a column; the last visible column and an always-visible one stay shown. A column the
 * user shows is pinned: a narrow screen does not leave it out. Hiding a column drops its filter: rows
 * filtered by a filter nobody can see would look like missing data.
 */
export function setColumnVisible(layout: TableLayout, id: string, visible: boolean, spec?: LayoutColumnSpec): TableLayout {
  if (!visible && (spec?.alwaysVisible || layout.columns.filter((c) => c.visible).every((c) => c.id === id))) {
    return layout;
  }
  const columns = layout.columns.map((c) => {
    if (c.id !== id) {
      return c;
    }
    return visible ? { id: c.id, width: c.width, visible, pinned: true } : { id: c.id, width: c.width, visible };
  });
  if (visible || !(id in layout.filters)) {
    return { ...layout, columns };
  }
  const filters = Object.fromEntries(Object.entries(layout.filters).filter(([key]) => key !== id));
  return { ...layout, columns, filters };
}

/** The filters as a server query takes them: trimmed, empty ones left out. */
export function activeFilters(filters: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([id, value]) => [id, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
}

export function setColumnWidth(layout: TableLayout, id: string, width: number): TableLayout {
  return { ...layout, columns: layout.columns.map((c) => (c.id === id ? { ...c, width: clampWidth(width) } : c)) };
}

/** Clicking a sortable header: ascending, then descending, then back to no sort. */
export function nextSort(current: TableSort | null, field: string): TableSort | null {
  if (current?.field !== field) {
    return { field, direction: 'asc' };
  }
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

/** A change the user makes to a table's layout. */
export type LayoutChange =
  | { type: 'pageSize'; size: number }
  | { type: 'sort'; field: string }
  | { type: 'filter'; id: string; value: string }
  | { type: 'clearFilters' }
  | { type: 'move'; id: string; delta: -1 | 1 }
  | { type: 'visible'; id: string; visible: boolean; spec?: LayoutColumnSpec }
  | { type: 'width'; id: string; width: number }
  /** "Standardansicht wiederherstellen": back to the table's default layout. */
  | { type: 'reset'; layout: TableLayout };

export function applyLayoutChange(layout: TableLayout, change: LayoutChange): TableLayout {
  switch (change.type) {
    case 'pageSize':
      return { ...layout, pageSize: change.size };
    case 'sort':
      return { ...layout, sort: nextSort(layout.sort, change.field) };
    case 'filter':
      return { ...layout, filters: { ...layout.filters, [change.id]: change.value } };
    case 'clearFilters':
      return { ...layout, filters: {} };
    case 'move':
      return moveColumn(layout, change.id, change.delta);
    case 'visible':
      return setColumnVisible(layout, change.id, change.visible, change.spec);
    case 'width':
      return setColumnWidth(layout, change.id, change.width);
    case 'reset':
      return change.layout;
  }
}

/**
 * The layout a table shows. It starts as the default layout, so the table renders and asks for its rows at
 * once; the saved layout replaces it when it was read, with the changes the user made meanwhile replayed on
 * top of it, so none is lost.
 */
export interface LayoutState {
  layout: TableLayout;
  /** The saved layout was read (or could not be: the table then keeps its defaults). */
  restored: boolean;
  /** The user's changes made before the saved layout was read, in order. */
  early: readonly LayoutChange[];
  /** The user changed the layout: only then is it saved (never one that was only read or defaulted). */
  changed: boolean;
}

export type LayoutAction = LayoutChange | { type: 'restored'; layout: TableLayout };

export function initialLayoutState(layout: TableLayout): LayoutState {
  return { layout, restored: false, early: [], changed: false };
}

export function layoutReducer(state: LayoutState, action: LayoutAction): LayoutState {
  if (action.type === 'restored') {
    // Only the first reading counts: later ones are the table's own saves coming back.
    if (state.restored) {
      return state;
    }
    return { layout: state.early.reduce(applyLayoutChange, action.layout), restored: true, early: [], changed: state.changed };
  }
  const layout = applyLayoutChange(state.layout, action);
  return { layout, restored: state.restored, early: state.restored ? [] : [...state.early, action], changed: true };
}

/** Whether two layouts ask the server for the same rows (page size, sort and filters), whatever the columns. */
export function sameRows(a: TableLayout, b: TableLayout): boolean {
  return (
    a.pageSize === b.pageSize &&
    a.sort?.field === b.sort?.field &&
    a.sort?.direction === b.sort?.direction &&
    sameFilters(activeFilters(a.filters), activeFilters(b.filters))
  );
}

function sameFilters(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}
