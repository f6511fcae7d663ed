import { describe, expect, it } from 'vitest';
import {
  addRow,
  cancelEdit,
  changeLocationSearch,
  changeLocationType,
  editDraft,
  INITIAL_LOCATION_FILTER,
  isRowDirty,
  NEW_LOCATION_KEY,
  rowDeleted,
  rowErrors,
  rowSaved,
  rowsFromRecords,
  startEdit,
  type LocationFilter,
  type LocationRecord,
  type LocationRow,
} from './edit-mode.ts';

const glatt: LocationRecord = {
  id: 5,
  code: 'GLATT',
  city: 'Wallisellen',
  display_name: 'Glatt Zentrum Wallisellen',
  index: '8304',
  type: 'mall',
  users: 12,
};
const tivoli: LocationRecord = {
  id: 4,
  code: 'TIVOLI',
  city: 'Spreitenbach',
  display_name: 'Shoppi Tivoli',
  index: '8957',
  type: 'mall',
  users: 0,
};
const centro: LocationRecord = {
  id: 3,
  code: 'CENTRO',
  city: 'Lugano',
  display_name: 'Centro Lugano Sud',
  index: '6900',
  type: 'mall',
  users: 3,
};

/** A compact picture of the table: `key:mode` per row, with `*` where the draft differs from the saved values. */
function picture(rows: readonly LocationRow[]): string[] {
  return rows.map((r) => `${r.key}:${r.mode}${isRowDirty(r) && r.id !== null ? '*' : ''}`);
}

const loaded = () => rowsFromRecords([glatt, tivoli, centro]);
/** Glatt in edit mode with its display name changed. */
const glattEdited = () => editDraft(startEdit(loaded(), '5'), '5', { display_name: 'Glatt (neu)' });
/** The added row at the top with a code typed. */
const withAdded = () => editDraft(addRow(loaded(), 'mall'), NEW_LOCATION_KEY, { code: 'NEU' });

describe('rowsFromRecords', () => {
  it('shows every loaded location in view mode with its user count', () => {
    const rows = loaded();
    expect(picture(rows)).toEqual(['5:view', '4:view', '3:view']);
    expect(rows.map((r) => r.users)).toEqual([12, 0, 3]);
  });

  it.each<[string, () => LocationRow[], string[], string]>([
    ['keeps the draft of the row being edited', glattEdited, ['5:edit*', '4:view', '3:view'], 'Glatt (neu)'],
    ['keeps the added row at the top', withAdded, ['new:edit', '5:view', '4:view', '3:view'], 'Glatt Zentrum Wallisellen'],
  ])('a refetch %s', (_name, before, expected, glattName) => {
    const rows = rowsFromRecords([glatt, tivoli, centro], before());
    expect(picture(rows)).toEqual(expected);
    expect(rows.find((r) => r.key === '5')!.draft.display_name).toBe(glattName);
  });

  it('drops an edit whose location is no longer on the page', () => {
    expect(picture(rowsFromRecords([tivoli, centro], glattEdited()))).toEqual(['4:view', '3:view']);
  });
});

describe('startEdit (spec 4: starting an edit on one row resets the others to view, changes discarded)', () => {
  it.each<[string, () => LocationRow[], string, string[]]>([
    ['a row when none is edited', loaded, '4', ['5:view', '4:edit', '3:view']],
    ['another row while one has changes', glattEdited, '3', ['5:view', '4:view', '3:edit']],
    ['a saved row while a new one is added', withAdded, '4', ['5:view', '4:edit', '3:view']],
    ['the row already in edit', glattEdited, '5', ['5:edit*', '4:view', '3:view']],
    ['the added row again', withAdded, NEW_LOCATION_KEY, ['new:edit', '5:view', '4:view', '3:view']],
    ['an unknown key', glattEdited, '99', ['5:edit*', '4:view', '3:view']],
  ])('on %s', (_name, before, key, expected) => {
    expect(picture(startEdit(before(), key))).toEqual(expected);
  });

  it('gives the reset row its saved values back', () => {
    const rows = startEdit(glattEdited(), '3');
    expect(rows[0]!.draft).toEqual(rows[0]!.saved);
    expect(rows[0]!.draft.display_name).toBe('Glatt Zentrum Wallisellen');
  });

  it('clears the errors of the reset row', () => {
    const refused = rowErrors(glattEdited(), '5', { code: 'already_taken' });
    expect(startEdit(refused, '3')[0]!.errors).toEqual({});
  });
});

describe('addRow (spec 4: a new location is added at the top with a user count of 0)', () => {
  it.each<[string, () => LocationRow[], string[]]>([
    ['to a table in view', loaded, ['new:edit', '5:view', '4:view', '3:view']],
    ['while another row has changes', glattEdited, ['new:edit', '5:view', '4:view', '3:view']],
    ['while a new row is already added', withAdded, ['new:edit', '5:view', '4:view', '3:view']],
    ['to an empty table', () => [], ['new:edit']],
  ])('%s', (_name, before, expected) => {
    expect(picture(addRow(before(), 'event'))).toEqual(expected);
  });

  it('starts empty, with the active type and 0 users', () => {
    const [added] = addRow(withAdded(), 'event');
    expect(added).toMatchObject({ id: null, users: 0, mode: 'edit' });
    expect(added!.draft).toEqual({ code: '', city: '', display_name: '', index: '', type: 'event' });
  });
});

describe('cancelEdit', () => {
  it.each<[string, () => LocationRow[], string, string[]]>([
    ['an edited row goes back to view', glattEdited, '5', ['5:view', '4:view', '3:view']],
    ['the added row disappears', withAdded, NEW_LOCATION_KEY, ['5:view', '4:view', '3:view']],
    ['a row in view stays as it is', loaded, '4', ['5:view', '4:view', '3:view']],
  ])('%s', (_name, before, key, expected) => {
    expect(picture(cancelEdit(before(), key))).toEqual(expected);
  });

  it('restores the saved values', () => {
    expect(cancelEdit(glattEdited(), '5')[0]!.draft.display_name).toBe('Glatt Zentrum Wallisellen');
  });
});

describe('editDraft', () => {
  it('changes only the row in edit mode', () => {
    const rows = editDraft(startEdit(loaded(), '5'), '4', { city: 'Zürich' });
    expect(rows[1]!.draft.city).toBe('Spreitenbach');
  });

  it.each<[string, Record<string, string>, Record<string, string>, Record<string, string>]>([
    [
      'clears the error of the edited field',
      { code: 'already_taken', display_name: 'field_is_required' },
      { code: 'GLATT2' },
      { display_name: 'field_is_required' },
    ],
    ['keeps the errors of other fields', { display_name: 'field_is_required' }, { city: 'Zürich' }, { display_name: 'field_is_required' }],
    ['clears every edited field', { code: 'invalid_value', index: 'invalid_value' }, { code: 'A', index: '8000' }, {}],
  ])('%s', (_name, errors, patch, expected) => {
    const refused = rowErrors(startEdit(loaded(), '5'), '5', errors);
    expect(editDraft(refused, '5', patch)[0]!.errors).toEqual(expected);
  });
});

describe('rowErrors', () => {
  it('keeps only errors of fields a row has', () => {
    const rows = rowErrors(withAdded(), NEW_LOCATION_KEY, { code: 'already_taken', users: 'invalid_value', _: 'invalid_value' });
    expect(rows[0]!.errors).toEqual({ code: 'already_taken' });
  });
});

describe('rowSaved and rowDeleted', () => {
  it('turns the added row into the saved location, in view mode', () => {
    const saved: LocationRecord = { ...glatt, id: 9, code: 'NEU', display_name: 'Neu', users: 0 };
    const rows = rowSaved(withAdded(), NEW_LOCATION_KEY, saved);
    expect(picture(rows)).toEqual(['9:view', '5:view', '4:view', '3:view']);
    expect(rows[0]!.saved.code).toBe('NEU');
  });

  it('replaces an edited row with what the server saved', () => {
    const rows = rowSaved(glattEdited(), '5', { ...glatt, display_name: 'Glatt (neu)' });
    expect(picture(rows)).toEqual(['5:view', '4:view', '3:view']);
    expect(rows[0]!.saved.display_name).toBe('Glatt (neu)');
  });

  it('removes a deleted row', () => {
    expect(picture(rowDeleted(loaded(), '4'))).toEqual(['5:view', '3:view']);
  });
});

describe('isRowDirty', () => {
  it.each<[string, () => LocationRow, boolean]>([
    ['a loaded row', () => loaded()[0]!, false],
    ['a row in edit without changes', () => startEdit(loaded(), '5')[0]!, false],
    ['a row with a changed name', () => glattEdited()[0]!, true],
    ['a row changed back to its saved value', () => editDraft(glattEdited(), '5', { display_name: glatt.display_name })[0]!, false],
    ['the added row', () => addRow(loaded(), 'mall')[0]!, true],
  ])('%s: %s', (_name, row, expected) => {
    expect(isRowDirty(row())).toBe(expected);
  });
});

describe('the filter (spec 4: changing the active location type clears the search)', () => {
  const searching: LocationFilter = { type: 'mall', search: 'Glatt' };

  it('starts on malls, the default type, without a search', () => {
    expect(INITIAL_LOCATION_FILTER).toEqual({ type: 'mall', search: '' });
  });

  it.each<[string, LocationFilter, string, LocationFilter]>([
    ['another type clears the search', searching, 'event', { type: 'event', search: '' }],
    ['the same type keeps the filter (and so the page)', searching, 'mall', searching],
    ['another type from the first page', INITIAL_LOCATION_FILTER, 'event', { type: 'event', search: '' }],
  ])('%s', (_name, filter, type, expected) => {
    expect(changeLocationType(filter, type as 'event' | 'mall')).toEqual(expected);
  });

  it.each<[string, LocationFilter, string, LocationFilter]>([
    ['a new search is another filter', searching, 'Tivoli', { type: 'mall', search: 'Tivoli' }],
    ['the same search keeps the filter (and so the page)', searching, 'Glatt', searching],
    ['clearing the search', searching, '', { type: 'mall', search: '' }],
  ])('%s', (_name, filter, search, expected) => {
    expect(changeLocationSearch(filter, search)).toEqual(expected);
  });
});
