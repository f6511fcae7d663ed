import type { ImportBatchDto, ImportDecision, ImportField, ImportType } from '@bo/domain';

/** The steps of the import screen (spec 4 "stepped flow"): type, upload, columns (OCR: recognition), review, launch. */
export const STEPS = ['type', 'upload', 'columns', 'review', 'launch'] as const;
export type StepName = (typeof STEPS)[number];
export type StepIndex = 0 | 1 | 2 | 3 | 4;

/** The rows chosen for the launch: some ids, or every pending row of the type. */
export type Selection = { all: true } | { all: false; ids: ReadonlySet<number> };

export interface ImportFlow {
  importType: ImportType;
  step: StepIndex;
  /** The lead location the uploaded rows get. */
  locationId: number | null;
  /** The files of this upload, parsed by the server. */
  batches: readonly ImportBatchDto[];
  /** Per batch, the column → field choice being edited (starts as the server's proposal). */
  mappings: Readonly<Record<number, Readonly<Record<string, ImportField>>>>;
  selection: Selection;
  launchOpen: boolean;
}

export const NO_SELECTION: Selection = { all: false, ids: new Set() };

export function initialFlow(importType: ImportType = 'leads'): ImportFlow {
  return { importType, step: 0, locationId: null, batches: [], mappings: {}, selection: NO_SELECTION, launchOpen: false };
}

export type FlowAction =
  | { type: 'importType'; importType: ImportType }
  | { type: 'step'; step: StepIndex }
  | { type: 'location'; locationId: number | null }
  | { type: 'uploaded'; batches: readonly ImportBatchDto[] }
  | { type: 'batch'; batch: ImportBatchDto }
  | { type: 'discard'; batchId: number }
  | { type: 'map'; batchId: number; column: string; field: ImportField | null }
  | { type: 'toggleRow'; id: number; pageIds: readonly number[] }
  | { type: 'selectPage'; pageIds: readonly number[]; on: boolean }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  | { type: 'launchDialog'; open: boolean }
  | { type: 'launched' }
  /** One OCR run was started over the uploaded scans: they are its now, the screen follows the run. */
  | { type: 'ocrStarted' }
  | { type: 'ocrDone' };

/** Whether every uploaded file's rows were checked (validation and duplicates). */
export function allChecked(batches: readonly ImportBatchDto[]): boolean {
  return batches.length > 0 && batches.every((b) => b.stage === 'ready' || b.stage === 'launched');
}

/** A batch's rows are being read or checked: its progress is asked for. */
export function isBusy(batch: ImportBatchDto): boolean {
  return batch.stage === 'uploaded' || batch.stage === 'checking';
}

export function isSelected(selection: Selection, id: number): boolean {
  return selection.all || selection.ids.has(id);
}

export function selectedCount(selection: Selection, total: number): number {
  return selection.all ? total : selection.ids.size;
}

/** Columns mapped to a field another column is mapped to as well (column → field). */
export function clashingColumns(mapping: Readonly<Record<string, ImportField>>): Set<string> {
  const byField = new Map<ImportField, string[]>();
  for (const [column, field] of Object.entries(mapping)) {
    byField.set(field, [...(byField.get(field) ?? []), column]);
  }
  return new Set([...byField.values()].filter((cols) => cols.length > 1).flat());
}

function withIds(ids: Iterable<number>): Selection {
  return { all: false, ids: new Set(ids) };
}

export function flowReducer(flow: ImportFlow, action: FlowAction): ImportFlow {
  switch (action.type) {
    case 'importType':
      // Spec 4: changing the import type resets the state.
      return action.importType === flow.importType ? flow : initialFlow(action.importType);
    case 'step':
      return { ...flow, step: action.step, launchOpen: action.step === 4 };
    case 'location':
      return { ...flow, locationId: action.locationId };
    case 'uploaded': {
      const mappings = { ...flow.mappings };
      for (const b of action.batches) {
        mappings[b.id] = { ...b.mapping };
      }
      const batches = [...flow.batches.filter((b) => !action.batches.some((n) => n.id === b.id)), ...action.batches];
      return { ...flow, batches, mappings, step: flow.importType === 'ocr' ? 1 : 2 };
    }
    case 'batch': {
      if (!flow.batches.some((b) => b.id === action.batch.id)) {
        return flow;
      }
      const batches = flow.batches.map((b) => (b.id === action.batch.id ? action.batch : b));
      // Once every file was checked, the rows are reviewed.
      const step = flow.step === 2 && flow.importType !== 'ocr' && allChecked(batches) ? 3 : flow.step;
      return { ...flow, batches, step };
    }
    case 'discard': {
      const batches = flow.batches.filter((b) => b.id !== action.batchId);
      const mappings = { ...flow.mappings };
      delete mappings[action.batchId];
      return { ...flow, batches, mappings, step: batches.length === 0 && flow.step === 2 ? 1 : flow.step };
    }
    case 'map': {
      const current = { ...(flow.mappings[action.batchId] ?? {}) };
      if (action.field === null) {
        delete current[action.column];
      } else {
        current[action.column] = action.field;
      }
      return { ...flow, mappings: { ...flow.mappings, [action.batchId]: current } };
    }
    case 'toggleRow': {
      if (flow.selection.all) {
        // Leaving "all" keeps what is in view: the page's rows but this one.
        return { ...flow, selection: withIds(action.pageIds.filter((id) => id !== action.id)) };
      }
      const ids = new Set(flow.selection.ids);
      if (ids.has(action.id)) {
        ids.delete(action.id);
      } else {
        ids.add(action.id);
      }
      return { ...flow, selection: { all: false, ids } };
    }
    case 'selectPage': {
      if (flow.selection.all) {
        return action.on ? flow : { ...flow, selection: NO_SELECTION };
      }
      const ids = new Set(flow.selection.ids);
      action.pageIds.forEach((id) => (action.on ? ids.add(id) : ids.delete(id)));
      return { ...flow, selection: { all: false, ids } };
    }
    case 'selectAll':
      return { ...flow, selection: { all: true } };
    case 'clearSelection':
      return { ...flow, selection: NO_SELECTION };
    case 'launchDialog':
      return { ...flow, launchOpen: action.open, step: action.open ? 4 : flow.step === 4 ? 3 : flow.step };
    case 'launched':
      // Spec 8: a successful launch clears rows, files and selection and closes the dialog.
      return { ...initialFlow(flow.importType), step: 1, locationId: flow.locationId };
    case 'ocrStarted':
      return { ...flow, batches: [], mappings: {}, step: 2 };
    case 'ocrDone':
      return { ...flow, batches: [], mappings: {}, step: 3 };
  }
}

/** The decision select of a row: '' follows the launch's "for all duplicates"; `merge:<client id>` merges into that client. */
export function decisionValue(decision: ImportDecision | null, mergeIntoId: number | null): string {
  if (decision === 'merge' && mergeIntoId !== null) {
    return `merge:${mergeIntoId}`;
  }
  return decision ?? '';
}

export function parseDecision(value: string): { decision: ImportDecision | null; merge_into_id: number | null } {
  if (value.startsWith('merge:')) {
    const id = Number(value.slice('merge:'.length));
    return Number.isInteger(id) && id > 0 ? { decision: 'merge', merge_into_id: id } : { decision: null, merge_into_id: null };
  }
  if (value === 'skip' || value === 'create') {
    return { decision: value, merge_into_id: null };
  }
  return { decision: null, merge_into_id: null };
}
