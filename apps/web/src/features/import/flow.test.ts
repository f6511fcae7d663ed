import type { ImportBatchDto } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import {
  clashingColumns,
  decisionValue,
  flowReducer,
  initialFlow,
  isSelected,
  parseDecision,
  selectedCount,
  type ImportFlow,
} from './flow.ts';
import { percentOf, reasonParts } from './reasons.ts';

const batch = (id: number, stage: ImportBatchDto['stage'] = 'parsed'): ImportBatchDto => ({
  id,
  import_type: 'leads',
  upload_type: 'local',
  file_name: `f${id}.csv`,
  stage,
  progress: 0,
  error: null,
  headers: ['Name', 'Telefon'],
  sample: [['Muster', '044 000 00 00']],
  row_count: 1,
  mapping: { '0': 'surname', '1': 'phone' },
  mapping_remembered: false,
  location_id: null,
  earlier_upload_at: null,
  created_at: '2026-01-01T00:00:00Z',
});

const run = (flow: ImportFlow, ...actions: Parameters<typeof flowReducer>[1][]) => actions.reduce(flowReducer, flow);

describe('import flow', () => {
  it('changing the import type resets everything', () => {
    const busy = run(
      initialFlow('leads'),
      { type: 'uploaded', batches: [batch(1)] },
      { type: 'selectAll' },
      { type: 'location', locationId: 3 },
    );
    const next = flowReducer(busy, { type: 'importType', importType: 'perspective' });
    expect(next).toEqual(initialFlow('perspective'));
    expect(flowReducer(busy, { type: 'importType', importType: 'leads' })).toBe(busy);
  });

  it('an upload proposes the server mapping; a file goes to columns, scans stay for OCR', () => {
    const leads = run(initialFlow('leads'), { type: 'uploaded', batches: [batch(1)] });
    expect(leads.step).toBe(2);
    expect(leads.mappings[1]).toEqual({ '0': 'surname', '1': 'phone' });
    const ocr = run(initialFlow('ocr'), { type: 'step', step: 1 }, { type: 'uploaded', batches: [batch(2)] });
    expect(ocr.step).toBe(1);
  });

  it('OCR: scans dropped in two goes are all kept for one run; the run takes them, its end opens the review', () => {
    const uploaded = run(
      { ...initialFlow('ocr'), step: 1 },
      { type: 'uploaded', batches: [batch(1, 'uploaded'), batch(2, 'uploaded')] },
      { type: 'uploaded', batches: [batch(3, 'uploaded')] },
    );
    expect(uploaded.batches.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(uploaded.step).toBe(1);
    const started = flowReducer(uploaded, { type: 'ocrStarted' });
    expect(started).toMatchObject({ batches: [], mappings: {}, step: 2 });
    expect(flowReducer(started, { type: 'ocrDone' }).step).toBe(3);
  });

  it('the review opens once every file was checked', () => {
    const flow = run(initialFlow('leads'), { type: 'uploaded', batches: [batch(1), batch(2)] });
    const one = flowReducer(flow, { type: 'batch', batch: batch(1, 'ready') });
    expect(one.step).toBe(2);
    expect(flowReducer(one, { type: 'batch', batch: batch(2, 'ready') }).step).toBe(3);
    expect(flowReducer(one, { type: 'batch', batch: batch(9, 'ready') })).toBe(one);
  });

  it('mapping a column to nothing removes it; clashes are found', () => {
    const flow = run(
      initialFlow('leads'),
      { type: 'uploaded', batches: [batch(1)] },
      { type: 'map', batchId: 1, column: '1', field: null },
      { type: 'map', batchId: 1, column: '2', field: 'surname' },
    );
    expect(flow.mappings[1]).toEqual({ '0': 'surname', '2': 'surname' });
    expect(clashingColumns(flow.mappings[1]!)).toEqual(new Set(['0', '2']));
  });

  it('selection: rows, the page, all; leaving "all" keeps the page but the row', () => {
    const page = [1, 2, 3];
    let flow = run(initialFlow(), { type: 'toggleRow', id: 2, pageIds: page });
    expect(isSelected(flow.selection, 2)).toBe(true);
    flow = run(flow, { type: 'selectPage', pageIds: page, on: true });
    expect(selectedCount(flow.selection, 1000)).toBe(3);
    flow = run(flow, { type: 'selectAll' });
    expect(selectedCount(flow.selection, 1000)).toBe(1000);
    flow = run(flow, { type: 'toggleRow', id: 1, pageIds: page });
    expect(flow.selection).toEqual({ all: false, ids: new Set([2, 3]) });
    expect(run(flow, { type: 'selectAll' }, { type: 'selectPage', pageIds: page, on: false }).selection).toEqual({
      all: false,
      ids: new Set(),
    });
  });

  it('a launch clears rows, files and selection, closes the dialog and keeps type and location', () => {
    const flow = run(
      initialFlow('perspective'),
      { type: 'location', locationId: 4 },
      { type: 'uploaded', batches: [batch(1)] },
      { type: 'selectAll' },
      { type: 'launchDialog', open: true },
    );
    expect(flow.step).toBe(4);
    const done = flowReducer(flow, { type: 'launched' });
    expect(done).toEqual({ ...initialFlow('perspective'), step: 1, locationId: 4 });
    expect(flowReducer(flow, { type: 'launchDialog', open: false }).step).toBe(3);
  });

  it.each([
    ['skip', null, 'skip'],
    ['create', null, 'create'],
    ['merge', 12, 'merge:12'],
    [null, null, ''],
  ] as const)('decision %s/%s is the select value %s and back', (decision, merge, value) => {
    expect(decisionValue(decision, merge)).toBe(value);
    expect(parseDecision(value)).toEqual({ decision, merge_into_id: merge });
  });
});

describe('match reasons', () => {
  const pct = (s: number) => percentOf(s, 'de-CH');
  it.each([
    ['same_phone', 'same_phone', {}],
    ['names_swapped', 'names_swapped', {}],
    ['street_similar:0.92', 'street_similar', { v1: '0.92', percent: '92%' }],
    ['postcode_near:8050:8005', 'postcode_near', { v1: '8050', v2: '8005', a: '8050', b: '8005' }],
    ['surname_similar:1', 'surname_similar', { v1: '1', percent: '100%' }],
    ['street_number_similar:1:2', 'street_number_similar', { v1: '1', v2: '2', a: '1', b: '2' }],
  ])('%s', (reason, key, values) => {
    expect(reasonParts(reason, pct)).toEqual({ key, values });
  });
});
