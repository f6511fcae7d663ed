import { COLUMN_WIDTH } from './layout-state.ts';

/** A shown column as the fitting sees it: its width in the layout and how much it may give up. */
export interface FitColumn {
  id: string;
  /** The width the layout asks for. */
  width: number;
  /** Narrower than this its content no longer reads; by default 70 % of its width. */
  minWidth?: number;
  /** Higher stays longer when space is short (default 5); an always-visible or pinned column never goes. */
  priority?: number;
  /** The column identifies a row. */
  alwaysVisible?: boolean;
  /** The user asked to see it: it is not hidden for lack of space. */
  pinned?: boolean;
}

export interface FittedColumns {
  /** Each shown column's width, in the layout's order. */
  widths: Map<string, number>;
  /** Columns the layout shows that were left out for lack of space, in the layout's order. */
  hidden: string[];
  /** Even at their narrowest the remaining columns are wider than the box: the table scrolls sideways. */
  scrolls: boolean;
}

export const DEFAULT_PRIORITY = 5;
/** A column may shrink to this share of its width before columns are hidden. */
const SHRINK_TO = 0.7;

export function minWidthOf(column: FitColumn): number {
  return Math.min(column.width, Math.max(COLUMN_WIDTH.min, column.minWidth ?? Math.round(column.width * SHRINK_TO)));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Fits a table's shown columns into the width of its box, as a person would: columns first give up width
 * (each down to its minimum, in proportion to its width), then the least important columns are left out
 * (lowest priority first, the rightmost of equal ones first; never one that identifies the row or one the
 * user asked for), and only when what remains still does not fit does the table scroll sideways.
 * A box of unknown width (not measured yet) keeps the layout as it is.
 */
export function fitColumns(columns: readonly FitColumn[], boxWidth: number | null): FittedColumns {
  if (boxWidth === null || sum(columns.map((c) => c.width)) <= boxWidth) {
    return { widths: new Map(columns.map((c) => [c.id, c.width])), hidden: [], scrolls: false };
  }
  let shown = [...columns];
  const hidden = new Set<string>();
  while (sum(shown.map(minWidthOf)) > boxWidth) {
    let victim: FitColumn | undefined;
    for (const c of shown) {
      if (c.alwaysVisible || c.pinned) {
        continue;
      }
      if (!victim || (c.priority ?? DEFAULT_PRIORITY) <= (victim.priority ?? DEFAULT_PRIORITY)) {
        victim = c;
      }
    }
    if (!victim) {
      break;
    }
    hidden.add(victim.id);
    shown = shown.filter((c) => c !== victim);
  }
  const mins = new Map(shown.map((c) => [c.id, minWidthOf(c)]));
  if (sum([...mins.values()]) > boxWidth) {
    return { widths: mins, hidden: columns.filter((c) => hidden.has(c.id)).map((c) => c.id), scrolls: true };
  }
  // Shrink in proportion to the widths; a column that reaches its minimum stays there and the others share the rest.
  const widths = new Map<string, number>();
  let free = shown;
  for (;;) {
    const fixed = sum(shown.filter((c) => !free.includes(c)).map((c) => mins.get(c.id)!));
    const factor = Math.min(1, (boxWidth - fixed) / sum(free.map((c) => c.width)));
    const clamped = free.filter((c) => c.width * factor < mins.get(c.id)!);
    if (clamped.length === 0) {
      for (const c of shown) {
        widths.set(c.id, free.includes(c) ? Math.floor(c.width * factor) : mins.get(c.id)!);
      }
      break;
    }
    free = free.filter((c) => !clamped.includes(c));
  }
  return { widths, hidden: columns.filter((c) => hidden.has(c.id)).map((c) => c.id), scrolls: false };
}
