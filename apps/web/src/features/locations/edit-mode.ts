/**
 * The edit mode of the locations table (spec 4 "Location table"): one row in edit mode at a time, an added
 * row at the top, drafts kept across a refetch. Pure, so the page and the tests read the same rules.
 */
import { DEFAULT_LOCATION_TYPE, type LocationType } from '@bo/domain';

/** The fields an admin types in a row. */
export interface LocationFields {
  code: string;
  city: string;
  display_name: string;
  index: string;
  type: LocationType;
}

/** A saved location as the table receives it. */
export interface LocationRecord extends LocationFields {
  id: number;
  users: number;
}

export type RowMode = 'view' | 'edit';

/** The key of the row that is added but not yet saved; there is at most one. */
export const NEW_LOCATION_KEY = 'new';

export interface LocationRow {
  /** `String(id)` of a saved location, or NEW_LOCATION_KEY. */
  key: string;
  id: number | null;
  users: number;
  /** What the server has; `draft` goes back to it when an edit is discarded. */
  saved: LocationFields;
  draft: LocationFields;
  mode: RowMode;
  /** Per-field validation keys of the last save, shown next to the fields. */
  errors: Partial<Record<keyof LocationFields, string>>;
}

function fieldsOf(record: LocationFields): LocationFields {
  return { code: record.code, city: record.city, display_name: record.display_name, index: record.index, type: record.type };
}

export function emptyLocation(type: LocationType): LocationFields {
  return { code: '', city: '', display_name: '', index: '', type };
}

function viewRow(record: LocationRecord): LocationRow {
  const fields = fieldsOf(record);
  return { key: String(record.id), id: record.id, users: record.users, saved: fields, draft: fields, mode: 'view', errors: {} };
}

/** A row back in view mode with its unsaved changes discarded. */
function discarded(row: LocationRow): LocationRow {
  return row.mode === 'view' ? row : { ...row, mode: 'view', draft: row.saved, errors: {} };
}

/** Everything in view mode; an added row that was never saved disappears. */
function allInView(rows: readonly LocationRow[]): LocationRow[] {
  return rows.filter((r) => r.id !== null).map(discarded);
}

/**
 * The rows of a freshly loaded page. The row being edited (or the added row) keeps its draft, so a
 * refetch in the background does not throw away what the admin is typing.
 */
export function rowsFromRecords(records: readonly LocationRecord[], previous: readonly LocationRow[] = []): LocationRow[] {
  const editing = previous.find((r) => r.mode === 'edit');
  const rows = records.map((record) => {
    const row = viewRow(record);
    return editing && editing.key === row.key ? { ...row, mode: 'edit' as const, draft: editing.draft, errors: editing.errors } : row;
  });
  return editing?.id === null ? [editing, ...rows] : rows;
}

/** Spec 4: starting an edit on one row resets the others to view with their changes discarded. */
export function startEdit(rows: readonly LocationRow[], key: string): LocationRow[] {
  if (!rows.some((r) => r.key === key)) {
    return [...rows];
  }
  return rows.filter((r) => r.key === key || r.id !== null).map((r) => (r.key === key ? { ...r, mode: 'edit' as const } : discarded(r)));
}

/** Spec 4: a new location is added at the top, in edit mode, with a user count of 0. */
export function addRow(rows: readonly LocationRow[], type: LocationType): LocationRow[] {
  const fields = emptyLocation(type);
  const added: LocationRow = { key: NEW_LOCATION_KEY, id: null, users: 0, saved: fields, draft: fields, mode: 'edit', errors: {} };
  return [added, ...allInView(rows)];
}

/** Cancel: the row shows its saved values again; an added row that was never saved goes away. */
export function cancelEdit(rows: readonly LocationRow[], key: string): LocationRow[] {
  return rows.filter((r) => !(r.key === key && r.id === null)).map((r) => (r.key === key ? discarded(r) : r));
}

/** Typing in a row; the error of an edited field is cleared (spec 5: a draft error clears once edited). */
export function editDraft(rows: readonly LocationRow[], key: string, patch: Partial<LocationFields>): LocationRow[] {
  return rows.map((r) => {
    if (r.key !== key || r.mode !== 'edit') {
      return r;
    }
    const errors = { ...r.errors };
    for (const field of Object.keys(patch) as (keyof LocationFields)[]) {
      delete errors[field];
    }
    return { ...r, draft: { ...r.draft, ...patch }, errors };
  });
}

/** A refused save: the row stays in edit mode and shows the errors next to its fields. */
export function rowErrors(rows: readonly LocationRow[], key: string, errors: Record<string, string>): LocationRow[] {
  const known = Object.fromEntries(Object.entries(errors).filter(([field]) => field in emptyLocation(DEFAULT_LOCATION_TYPE)));
  return rows.map((r) => (r.key === key ? { ...r, errors: known } : r));
}

/** A successful save replaces the row (the added row gets its id) and returns it to view mode. */
export function rowSaved(rows: readonly LocationRow[], key: string, record: LocationRecord): LocationRow[] {
  return rows.map((r) => (r.key === key ? viewRow(record) : r));
}

export function rowDeleted(rows: readonly LocationRow[], key: string): LocationRow[] {
  return rows.filter((r) => r.key !== key);
}

export function isRowDirty(row: LocationRow): boolean {
  return row.id === null || (Object.keys(row.saved) as (keyof LocationFields)[]).some((k) => row.saved[k] !== row.draft[k]);
}

/**
 * What the table asks the server for besides the page and sort, which the data table keeps. The page
 * goes back to the first whenever this changes to another value.
 */
export interface LocationFilter {
  type: LocationType;
  search: string;
}

export const INITIAL_LOCATION_FILTER: LocationFilter = { type: DEFAULT_LOCATION_TYPE, search: '' };

/** Spec 4: changing the active location type clears the search. The same type keeps the filter as it is. */
export function changeLocationType(filter: LocationFilter, type: LocationType): LocationFilter {
  return type === filter.type ? filter : { type, search: '' };
}

/** The same search keeps the filter as it is, so the page stays too. */
export function changeLocationSearch(filter: LocationFilter, search: string): LocationFilter {
  return search === filter.search ? filter : { ...filter, search };
}
