import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  applyLayoutChange,
  COLUMN_WIDTH,
  clampWidth,
  defaultLayout,
  initialLayoutState,
  layoutReducer,
  mergeLayout,
  moveColumn,
  nextSort,
  sameRows,
  setColumnVisible,
  setColumnWidth,
  type LayoutAction,
  type LayoutChange,
  type LayoutColumnSpec,
  type LayoutDefaults,
  type TableLayout,
} from './layout-state.ts';

const COLUMNS: LayoutColumnSpec[] = [
  { id: 'date', width: 150, sortable: true, alwaysVisible: true },
  { id: 'to', width: 240, filterable: true },
  { id: 'subject', sortable: true },
  { id: 'status', visible: false, width: 120 },
];
const DEFAULTS: LayoutDefaults = { pageSize: 100, pageSizes: [25, 50, 100], sort: { field: 'date', direction: 'desc' } };

const layout = (patch: Partial<TableLayout> = {}): TableLayout => ({ ...defaultLayout(COLUMNS, DEFAULTS), ...patch });
const ids = (l: TableLayout) => l.columns.map((c) => c.id);

describe('defaultLayout', () => {
  it('shows the columns in their defined order with their widths, the default sort and page size', () => {
    expect(defaultLayout(COLUMNS, DEFAULTS)).toEqual({
      version: 1,
      columns: [
        { id: 'date', visible: true, width: 150 },
        { id: 'to', visible: true, width: 240 },
        { id: 'subject', visible: true, width: COLUMN_WIDTH.default },
        { id: 'status', visible: false, width: 120 },
      ],
      sort: { field: 'date', direction: 'desc' },
      filters: {},
      pageSize: 100,
    });
  });

  it.each<[string, LayoutDefaults, Pick<TableLayout, 'sort' | 'pageSize'>]>([
    [
      'a default sort on a column that cannot be sorted is no sort',
      { ...DEFAULTS, sort: { field: 'to', direction: 'asc' } },
      { sort: null, pageSize: 100 },
    ],
    [
      'a default page size that is not offered becomes the first offered',
      { ...DEFAULTS, pageSize: 20 },
      { sort: DEFAULTS.sort!, pageSize: 25 },
    ],
  ])('%s', (_name, defaults, expected) => {
    expect(defaultLayout(COLUMNS, defaults)).toMatchObject(expected);
  });
});

describe('mergeLayout: a saved layout fitted to the current columns', () => {
  it('restores a saved layout as it was when nothing changed', () => {
    const saved = layout({
      columns: [
        { id: 'subject', visible: true, width: 300 },
        { id: 'date', visible: true, width: 120 },
        { id: 'status', visible: false, width: 100 },
        { id: 'to', visible: true, width: 200 },
      ],
      sort: { field: 'subject', direction: 'asc' },
      filters: { to: 'anna@' },
      pageSize: 25,
    });
    expect(mergeLayout(saved, COLUMNS, DEFAULTS)).toEqual(saved);
  });

  it.each<[string, unknown]>([
    ['nothing saved', undefined],
    ['null', null],
    ['an array', []],
    ['another version', { ...layout(), version: 2 }],
    ['columns that are not a list', { ...layout(), columns: 'date,to' }],
    ['a width that is not a number', { ...layout(), columns: [{ id: 'date', visible: true, width: 'wide' }] }],
    ['an unknown sort direction', { ...layout(), sort: { field: 'date', direction: 'up' } }],
  ])('gives the default layout for %s', (_name, saved) => {
    expect(mergeLayout(saved, COLUMNS, DEFAULTS)).toEqual(defaultLayout(COLUMNS, DEFAULTS));
  });

  it('drops columns that no longer exist, and their sort and filters', () => {
    const saved = layout({
      columns: [
        { id: 'gone', visible: true, width: 200 },
        { id: 'date', visible: true, width: 150 },
        { id: 'to', visible: true, width: 240 },
        { id: 'subject', visible: true, width: 160 },
        { id: 'status', visible: false, width: 120 },
      ],
      sort: { field: 'gone', direction: 'asc' },
      filters: { gone: 'x', to: 'anna' },
    });
    const merged = mergeLayout(saved, COLUMNS, DEFAULTS);
    expect(ids(merged)).toEqual(['date', 'to', 'subject', 'status']);
    expect(merged.sort).toEqual(DEFAULTS.sort);
    expect(merged.filters).toEqual({ to: 'anna' });
  });

  it('inserts a column added since after the column defined before it, with its defaults', () => {
    const saved = layout({
      columns: [
        { id: 'subject', visible: true, width: 300 },
        { id: 'date', visible: true, width: 150 },
        { id: 'status', visible: true, width: 120 },
      ],
    });
    const merged = mergeLayout(saved, COLUMNS, DEFAULTS);
    // `to` is defined after `date`, so it follows `date` wherever the user put `date`.
    expect(merged.columns).toEqual([
      { id: 'subject', visible: true, width: 300 },
      { id: 'date', visible: true, width: 150 },
      { id: 'to', visible: true, width: 240 },
      { id: 'status', visible: true, width: 120 },
    ]);
  });

  it('puts a new first column first', () => {
    const columns: LayoutColumnSpec[] = [{ id: 'id' }, ...COLUMNS];
    expect(ids(mergeLayout(layout(), columns, DEFAULTS))).toEqual(['id', 'date', 'to', 'subject', 'status']);
  });

  it('keeps each column once when a snapshot names one twice', () => {
    const saved = layout({ columns: [...layout().columns, { id: 'date', visible: false, width: 90 }] });
    expect(ids(mergeLayout(saved, COLUMNS, DEFAULTS))).toEqual(['date', 'to', 'subject', 'status']);
  });

  it.each<[string, number, number]>([
    ['a too narrow width is widened', 10, COLUMN_WIDTH.min],
    ['a too wide width is narrowed', 5000, COLUMN_WIDTH.max],
    ['a fractional width is rounded', 150.6, 151],
  ])('%s', (_name, width, expected) => {
    const saved = layout({ columns: layout().columns.map((c) => (c.id === 'to' ? { ...c, width } : c)) });
    expect(mergeLayout(saved, COLUMNS, DEFAULTS).columns.find((c) => c.id === 'to')?.width).toBe(expected);
  });

  it('shows an always-visible column even when the snapshot hid it', () => {
    const saved = layout({ columns: layout().columns.map((c) => (c.id === 'date' ? { ...c, visible: false } : c)) });
    expect(mergeLayout(saved, COLUMNS, DEFAULTS).columns[0]).toMatchObject({ id: 'date', visible: true });
  });

  it('shows the first column when nothing would be visible', () => {
    const columns: LayoutColumnSpec[] = [{ id: 'a' }, { id: 'b' }];
    const saved = {
      ...defaultLayout(columns, DEFAULTS),
      columns: [
        { id: 'b', visible: false, width: 100 },
        { id: 'a', visible: false, width: 100 },
      ],
    };
    expect(mergeLayout(saved, columns, DEFAULTS).columns).toEqual([
      { id: 'b', visible: true, width: 100 },
      { id: 'a', visible: false, width: 100 },
    ]);
  });

  it.each<[string, TableLayout['sort'], TableLayout['sort']]>([
    ['keeps a sort on a sortable column', { field: 'subject', direction: 'desc' }, { field: 'subject', direction: 'desc' }],
    ['keeps "no sort" that the user chose', null, null],
    ['replaces a sort on a column that cannot be sorted by the default', { field: 'to', direction: 'asc' }, DEFAULTS.sort!],
  ])('%s', (_name, sort, expected) => {
    expect(mergeLayout(layout({ sort }), COLUMNS, DEFAULTS).sort).toEqual(expected);
  });

  it('drops the filter of a hidden column', () => {
    const saved = layout({
      columns: layout().columns.map((c) => (c.id === 'to' ? { ...c, visible: false } : c)),
      filters: { to: 'anna' },
    });
    expect(mergeLayout(saved, COLUMNS, DEFAULTS).filters).toEqual({});
  });

  it('drops empty filters and filters on columns that cannot be filtered', () => {
    const saved = layout({ filters: { to: '  ', subject: 'Passwort', date: '2026' } });
    expect(mergeLayout(saved, COLUMNS, DEFAULTS).filters).toEqual({});
  });

  it.each<[number, number]>([
    [50, 50],
    [20, 100],
    [1000, 100],
  ])('page size %i becomes %i', (pageSize, expected) => {
    expect(mergeLayout(layout({ pageSize }), COLUMNS, DEFAULTS).pageSize).toBe(expected);
  });
});

describe('column changes', () => {
  it.each<[string, -1 | 1, string[]]>([
    ['to', -1, ['to', 'date', 'subject', 'status']],
    ['to', 1, ['date', 'subject', 'to', 'status']],
    ['date', -1, ['date', 'to', 'subject', 'status']],
    ['status', 1, ['date', 'to', 'subject', 'status']],
    ['unknown', 1, ['date', 'to', 'subject', 'status']],
  ])('moving %s by %i gives %j', (id, delta, expected) => {
    expect(ids(moveColumn(layout(), id, delta))).toEqual(expected);
  });

  it('hides and shows a column', () => {
    const hidden = setColumnVisible(layout(), 'to', false);
    expect(hidden.columns.find((c) => c.id === 'to')?.visible).toBe(false);
    expect(setColumnVisible(hidden, 'to', true).columns.find((c) => c.id === 'to')?.visible).toBe(true);
  });

  it('pins a column the user shows, so a narrow screen keeps it; hiding it again unpins it; a saved pin is kept', () => {
    const shown = setColumnVisible(setColumnVisible(layout(), 'to', false), 'to', true);
    expect(shown.columns.find((c) => c.id === 'to')).toMatchObject({ visible: true, pinned: true });
    const hiddenAgain = setColumnVisible(shown, 'to', false);
    expect(hiddenAgain.columns.find((c) => c.id === 'to')).not.toHaveProperty('pinned');
    expect(mergeLayout(shown, COLUMNS, DEFAULTS).columns.find((c) => c.id === 'to')?.pinned).toBe(true);
    expect(mergeLayout(hiddenAgain, COLUMNS, DEFAULTS).columns.find((c) => c.id === 'to')).not.toHaveProperty('pinned');
  });

  it('drops the filter of a column it hides, and only that one', () => {
    const filtered = layout({ filters: { to: 'anna', subject: 'x' } });
    expect(setColumnVisible(filtered, 'to', false).filters).toEqual({ subject: 'x' });
    expect(setColumnVisible(filtered, 'status', false).filters).toEqual({ to: 'anna', subject: 'x' });
    expect(setColumnVisible(filtered, 'to', true).filters).toEqual({ to: 'anna', subject: 'x' });
  });

  it.each<[Record<string, string>, Record<string, string>]>([
    [{}, {}],
    [{ to: ' anna@ ', subject: '   ', status: '' }, { to: 'anna@' }],
  ])('activeFilters(%j) is %j', (filters, expected) => {
    expect(activeFilters(filters)).toEqual(expected);
  });

  it('keeps an always-visible column and the last visible column shown', () => {
    expect(setColumnVisible(layout(), 'date', false, COLUMNS[0])).toEqual(layout());
    const onlyTo = layout({ columns: layout().columns.map((c) => ({ ...c, visible: c.id === 'to' })) });
    expect(setColumnVisible(onlyTo, 'to', false)).toBe(onlyTo);
  });

  it('sets a width within the bounds', () => {
    expect(setColumnWidth(layout(), 'to', 20).columns[1]?.width).toBe(COLUMN_WIDTH.min);
    expect(setColumnWidth(layout(), 'to', 333).columns[1]?.width).toBe(333);
  });

  it.each<[number, number]>([
    [Number.NaN, COLUMN_WIDTH.default],
    [Number.POSITIVE_INFINITY, COLUMN_WIDTH.default],
    [0, COLUMN_WIDTH.min],
  ])('clampWidth(%d) is %i', (width, expected) => {
    expect(clampWidth(width)).toBe(expected);
  });

  it.each<[TableLayout['sort'], string, TableLayout['sort']]>([
    [null, 'date', { field: 'date', direction: 'asc' }],
    [{ field: 'date', direction: 'asc' }, 'date', { field: 'date', direction: 'desc' }],
    [{ field: 'date', direction: 'desc' }, 'date', null],
    [{ field: 'date', direction: 'desc' }, 'subject', { field: 'subject', direction: 'asc' }],
  ])('a header click on a sort of %j by %s gives %j', (current, field, expected) => {
    expect(nextSort(current, field)).toEqual(expected);
  });
});

describe('applyLayoutChange: each change the user makes', () => {
  it.each<[string, LayoutChange, Partial<TableLayout>]>([
    ['page size', { type: 'pageSize', size: 25 }, { pageSize: 25 }],
    ['sort on another column', { type: 'sort', field: 'subject' }, { sort: { field: 'subject', direction: 'asc' } }],
    ['sort on the sorted column', { type: 'sort', field: 'date' }, { sort: null }],
    ['filter', { type: 'filter', id: 'to', value: 'anna' }, { filters: { to: 'anna' } }],
    ['move', { type: 'move', id: 'to', delta: -1 }, { columns: moveColumn(layout(), 'to', -1).columns }],
    ['hide', { type: 'visible', id: 'to', visible: false }, { columns: setColumnVisible(layout(), 'to', false).columns }],
    ['width', { type: 'width', id: 'to', width: 10_000 }, { columns: setColumnWidth(layout(), 'to', COLUMN_WIDTH.max).columns }],
  ])('%s', (_name, change, expected) => {
    expect(applyLayoutChange(layout(), change)).toEqual(layout(expected));
  });

  it('clears the filters and resets to a given layout', () => {
    const changed = layout({ filters: { to: 'anna' }, pageSize: 25 });
    expect(applyLayoutChange(changed, { type: 'clearFilters' })).toEqual(layout({ pageSize: 25 }));
    expect(applyLayoutChange(changed, { type: 'reset', layout: layout() })).toEqual(layout());
  });
});

describe("layoutReducer: the defaults at once, the saved layout when it was read, the user's changes kept", () => {
  const saved = layout({
    pageSize: 25,
    sort: { field: 'subject', direction: 'desc' },
    columns: moveColumn(layout(), 'subject', -1).columns,
  });
  const run = (actions: LayoutAction[]) => actions.reduce(layoutReducer, initialLayoutState(layout()));
  const restoredSaved: LayoutAction = { type: 'restored', layout: saved };

  it.each<[string, LayoutAction[], TableLayout, { restored: boolean; changed: boolean }]>([
    ['starts with the defaults, unchanged', [], layout(), { restored: false, changed: false }],
    ['shows the saved layout once read', [restoredSaved], saved, { restored: true, changed: false }],
    [
      'replays a change made before the saved layout came onto it',
      [{ type: 'width', id: 'to', width: 300 }, restoredSaved],
      setColumnWidth(saved, 'to', 300),
      { restored: true, changed: true },
    ],
    [
      'replays several early changes in their order',
      [{ type: 'sort', field: 'date' }, { type: 'visible', id: 'to', visible: false }, restoredSaved],
      setColumnVisible({ ...saved, sort: { field: 'date', direction: 'asc' } }, 'to', false),
      { restored: true, changed: true },
    ],
    [
      'applies a change after the saved layout directly',
      [restoredSaved, { type: 'pageSize', size: 50 }],
      { ...saved, pageSize: 50 },
      { restored: true, changed: true },
    ],
    [
      'reads the saved layout only once (later readings are its own saves)',
      [restoredSaved, { type: 'restored', layout: layout() }],
      saved,
      { restored: true, changed: false },
    ],
    [
      'keeps the defaults, with the changes, when no layout was saved',
      [
        { type: 'filter', id: 'to', value: 'anna' },
        { type: 'restored', layout: layout() },
      ],
      layout({ filters: { to: 'anna' } }),
      { restored: true, changed: true },
    ],
  ])('%s', (_name, actions, expected, flags) => {
    const state = run(actions);
    expect(state.layout).toEqual(expected);
    expect({ restored: state.restored, changed: state.changed }).toEqual(flags);
    expect(state.early).toEqual(state.restored ? [] : actions);
  });
});

describe('sameRows: whether two layouts ask the server for the same rows', () => {
  it.each<[string, Partial<TableLayout>, boolean]>([
    ['the same layout', {}, true],
    ['other columns and widths', { columns: moveColumn(layout(), 'to', 1).columns }, true],
    ['an empty filter', { filters: { to: '  ' } }, true],
    ['another page size', { pageSize: 25 }, false],
    ['another sort direction', { sort: { field: 'date', direction: 'asc' } }, false],
    ['no sort', { sort: null }, false],
    ['a filter', { filters: { to: 'anna' } }, false],
  ])('%s: %s', (_name, patch, expected) => {
    expect(sameRows(layout(), layout(patch))).toBe(expected);
  });
});
