import {
  comparePrepared,
  mappingApplier,
  mayMatch,
  normalisePhone,
  preparedForm,
  remembered,
  validateImportRow,
  type ImportRowData,
  type MatchRecord,
  type PostcodeTable,
  type PreparedRecord,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { StoredImportMatch } from '../../db/schema/index.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { findClientMatchesInBatches } from '../clients/index.ts';
import { storedBytes, type FilesDeps } from '../files/index.ts';
import { readLeadFile, type ParsedLeadFile } from './parse/index.ts';
import { takeParsed } from './parsed.ts';
import * as repo from './repo.ts';

export interface CheckDeps {
  db: Db;
  /** Where a lead file's original is read from (not needed for OCR rows). */
  files?: FilesDeps;
}

/** The probes of the duplicate engine are sent this many at a time. */
const MATCH_CHUNK = 1_000;
/** A check writing this many rows refreshes the planner's statistics of the rows table. */
const ANALYZE_ROWS = 10_000;
/** The rows made into COPY's text at a time. */
const INSERT_CHUNK = 1_000;
/** The earlier rows compared per shared key. */
const KEY_CANDIDATES = 20;
/** The most matches kept per row. */
const MATCHES_KEPT = 5;

/** The postcode table of the row rules, from the Swiss postcodes (core/postcodes.ts). */
export function postcodeTable(): PostcodeTable {
  const postcodes = swissPostcodes();
  return {
    localities: (postcode) => {
      const list = postcodes.localitiesOf(postcode);
      return list.length > 0 ? list : undefined;
    },
  };
}

/**
 * The E.164 forms of a row's two phones (undefined: no valid number), parsed once per row: the rules,
 * the file's keys and the duplicate engine's probe all need them, and at a hundred thousand rows the
 * parser's own memory of recent writings no longer holds them from one phase to the next. Kept per
 * row object; a check never changes a row's data.
 */
const phoneForms = new WeakMap<ImportRowData, readonly [string | undefined, string | undefined]>();

function phonesOf(data: ImportRowData): readonly [string | undefined, string | undefined] {
  let forms = phoneForms.get(data);
  if (!forms) {
    forms = [normalisePhone(data.phone), normalisePhone(data.mobile_phone)];
    phoneForms.set(data, forms);
  }
  return forms;
}

export function matchRecordOf(data: ImportRowData, id?: number): MatchRecord {
  const [phone, mobile] = phonesOf(data);
  return {
    ...(id === undefined ? {} : { id }),
    name: data.name,
    surname: data.surname,
    email: data.email,
    phone: data.phone,
    mobile_phone: data.mobile_phone,
    phone_e164: phone ?? null,
    mobile_phone_e164: mobile ?? null,
    zipcode: data.zipcode,
    city: data.city,
    address: data.address,
  };
}

/** A name as the file's keys compare it; remembered (a file's names repeat). */
const fold = remembered((s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ''),
);

/** The keys two rows of one file that may be the same person share: e-mail, a phone, or surname with postcode. */
function fileKeys(data: ImportRowData): string[] {
  const keys: string[] = [];
  if (data.email) {
    keys.push(`e:${data.email.trim().toLowerCase()}`);
  }
  for (const n of phonesOf(data)) {
    if (n) {
      keys.push(`p:${n}`);
    }
  }
  if (data.surname && data.zipcode) {
    keys.push(`s:${fold(data.surname)}:${fold(data.name).slice(0, 2)}:${data.zipcode.trim()}`);
  }
  return keys;
}

/**
 * For each row, the earlier rows of the same file that are the same person: rows that share a key
 * (e-mail, phone, surname within the postcode) and that the duplicate engine's scorer calls a match.
 */
export function fileDuplicates(rows: readonly { rowNo: number; data: ImportRowData }[]): number[][] {
  return rows.map(fileDuplicateFinder(rows));
}

/** fileDuplicates, a few thousand rows at a time with the event loop's other work between them. */
function fileDuplicatesInTurns(rows: readonly { rowNo: number; data: ImportRowData }[]): Promise<number[][]> {
  return inTurns(rows, fileDuplicateFinder(rows));
}

/** The rows taken in order, TURN_ROWS at a time, other work of the process running between the turns. */
async function inTurns<R, T>(rows: readonly R[], fn: (row: R, i: number) => T): Promise<T[]> {
  const out: T[] = [];
  for (let from = 0; from < rows.length; from += TURN_ROWS) {
    const to = Math.min(rows.length, from + TURN_ROWS);
    for (let i = from; i < to; i += 1) {
      out.push(fn(rows[i]!, i));
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return out;
}

/** Rows checked per turn by inTurns (a few milliseconds of work). */
const TURN_ROWS = 2_000;

/** The finder of fileDuplicates: called with each row and its index in order, it answers the earlier rows it repeats. */
function fileDuplicateFinder(rows: readonly { rowNo: number; data: ImportRowData }[]): (r: { data: ImportRowData }, i: number) => number[] {
  const postcodes = swissPostcodes();
  // The prepared records of the rows compared only (most rows share no key with an earlier one).
  const made = new Map<number, PreparedRecord>();
  const record = (i: number) => {
    let r = made.get(i);
    if (!r) {
      r = preparedForm(matchRecordOf(rows[i]!.data), true);
      made.set(i, r);
    }
    return r;
  };
  // Per key, the row that holds it, or the rows once two do (most keys are held by one row).
  const seen = new Map<string, number | number[]>();
  return (r, i) => {
    let candidates: number[] | null = null;
    for (const key of fileKeys(r.data)) {
      const held = seen.get(key);
      if (held === undefined) {
        seen.set(key, i);
      } else if (typeof held === 'number') {
        // A row's key twice (the same number as phone and mobile) makes it no repeat of itself.
        if (held !== i) {
          (candidates ??= []).push(held);
          seen.set(key, [held, i]);
        }
      } else if (held[held.length - 1] !== i) {
        // The latest rows of a crowded key only: a file of one family or one street stays linear.
        for (let k = Math.max(0, held.length - KEY_CANDIDATES); k < held.length; k += 1) {
          (candidates ??= []).push(held[k]!);
        }
        held.push(i);
      }
    }
    const dups: number[] = [];
    if (candidates === null) {
      return dups;
    }
    for (const j of [...new Set(candidates)].sort((a, b) => a - b)) {
      // mayMatch first: most pairs are refused without comparing the names or making the reasons.
      const a = record(i);
      const b = record(j);
      if (mayMatch(a, b, postcodes) && comparePrepared(a, b, postcodes).isMatch) {
        dups.push(rows[j]!.rowNo);
      }
    }
    return dups;
  };
}

/** The existing clients each row may be (best first, at most MATCHES_KEPT), every client of the company considered. */
export async function databaseMatches(
  tx: Tx,
  rows: readonly ImportRowData[],
  onProgress?: (done: number) => Promise<void>,
): Promise<StoredImportMatch[][]> {
  const found = await findClientMatchesInBatches(
    tx,
    // Each chunk's probes are made when it is looked up and scored, and dropped after it.
    { length: rows.length, slice: (from, to) => rows.slice(from, to).map((d) => matchRecordOf(d)) },
    { chunk: MATCH_CHUNK, keep: MATCHES_KEPT, ...(onProgress ? { onProgress } : {}) },
  );
  return found.map((list) => list.map((m) => ({ client_id: m.clientId, score: m.score, reasons: m.reasons })));
}

/** What is wrong with a row: the row rules, and the OCR's doubts about fields not corrected since. */
export function rowErrors(data: ImportRowData, postcodes: PostcodeTable, kept: Record<string, string> = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(kept)) {
    if (key === 'ocr_uncertain') {
      errors[field] = key;
    }
  }
  return { ...errors, ...validateImportRow(data, postcodes) };
}

/** A lead file as its upload stored it, read again (the cells its upload kept are gone: parsed.ts). */
async function readStoredFile(deps: CheckDeps, batch: repo.BatchRow, limits: { maxRows: number }): Promise<ParsedLeadFile> {
  const stored = batch.fileId && deps.files ? await storedBytes(deps.files, batch.fileId) : null;
  if (!stored) {
    throw new Error('the uploaded file is no longer stored');
  }
  return readLeadFile(stored.bytes, { maxBytes: Number.MAX_SAFE_INTEGER, maxRows: Math.max(limits.maxRows, batch.rowCount) });
}

/**
 * Checks a batch's rows (the job behind POST /api/import/batches/{id}/mapping, and behind the OCR's
 * rows): a lead file is read again from its stored original and mapped; each row is validated, compared
 * with the file's earlier rows and looked for among the clients; the rows are written in one
 * transaction (the batch's earlier pending rows replaced), so a failed check leaves none. Progress is
 * written to the batch as it goes; a failure sets stage 'failed' with the reason.
 */
export async function checkBatch(deps: CheckDeps, batchId: number, limits: { maxBytes: number; maxRows: number }): Promise<void> {
  const batch = await repo.findBatch(deps.db, batchId);
  if (!batch || batch.stage !== 'checking') {
    return;
  }
  const progress = async (percent: number) => {
    await repo.updateBatch(deps.db, batchId, { progress: Math.max(0, Math.min(99, Math.round(percent))) });
  };
  try {
    const postcodes = postcodeTable();
    if (batch.importType === 'ocr') {
      const rows = await repo.pendingRowsOfBatch(deps.db, batchId);
      const dups = fileDuplicates(rows);
      const matches = await databaseMatches(
        deps.db,
        rows.map((r) => r.data),
        (done) => progress(10 + (80 * done) / Math.max(1, rows.length)),
      );
      await deps.db.transaction(async (tx) => {
        await repo.writeRowChecks(
          tx,
          rows.map((r, i) => ({
            id: r.id,
            errors: rowErrors(r.data, postcodes, r.errors),
            matches: matches[i]!,
            fileDuplicateOf: dups[i]!,
          })),
        );
        await repo.recountBatches(tx, [batchId]);
        await repo.updateBatch(tx, batchId, { stage: 'ready', progress: 100, rowCount: rows.length });
      });
      return;
    }
    const file = (batch.fileId ? takeParsed(batch.fileId) : undefined) ?? (await readStoredFile(deps, batch, limits));
    await progress(5);
    const apply = mappingApplier(batch.mapping);
    const rows = file.rows.map((cells, i) => ({ rowNo: i + 1, cells, data: apply(cells) }));
    await progress(10);
    // The duplicate engine's statements run in the database while this process checks the rows
    // against the rules and the file's earlier rows, a few thousand at a time between the engine's
    // turns: the two halves of the check overlap instead of following each other.
    const found = databaseMatches(
      deps.db,
      rows.map((r) => r.data),
      (done) => progress(10 + (75 * done) / Math.max(1, rows.length)),
    );
    // A failure of the engine is answered where it is awaited, not as unhandled meanwhile.
    found.catch(() => undefined);
    const errors = await inTurns(rows, (r) => rowErrors(r.data, postcodes));
    const dups = await fileDuplicatesInTurns(rows);
    const matches = await found;
    await deps.db.transaction(async (tx) => {
      const locked = await repo.findBatch(tx, batchId, { lock: true });
      if (!locked || locked.stage !== 'checking') {
        return;
      }
      await repo.deletePendingRows(tx, batchId);
      // Copied in one statement, each thousand's rows made when the database takes them.
      const { importType, createdById } = batch;
      const { locationId } = locked;
      function* parts(): Generator<repo.CheckedRowInsert[]> {
        for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
          yield rows.slice(from, from + INSERT_CHUNK).map((r, k) => {
            const i = from + k;
            return {
              batchId,
              rowNo: r.rowNo,
              importType,
              createdById,
              locationId,
              data: r.data,
              raw: r.cells,
              errors: errors[i]!,
              hasErrors: Object.keys(errors[i]!).length > 0,
              matches: matches[i]!,
              fileDuplicateOf: dups[i]!,
              duplicationStatus: matches[i]!.length > 0 || dups[i]!.length > 0 ? 'duplicates' : 'without_duplicates',
            };
          });
        }
      }
      await repo.copyRows(tx, parts());
      await repo.recountBatches(tx, [batchId]);
      await repo.updateBatch(tx, batchId, { stage: 'ready', progress: 100, rowCount: rows.length, error: null });
    });
    if (rows.length >= ANALYZE_ROWS) {
      // The planner's figures of the rows table, before the review reads it (a page by id otherwise scans the batch).
      await repo.analyzeRows(deps.db);
    }
  } catch (err) {
    await repo
      .updateBatch(deps.db, batchId, { stage: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : 'check failed' })
      .catch(() => undefined);
    throw err;
  }
}

/**
 * The checks of this process, one after the other (where no pg-boss worker runs them): answers the
 * `scheduleCheck` of the routes. A failed check is on its batch (stage 'failed'); `onError` hears why.
 */
export function inProcessChecks(deps: CheckDeps, limits: { maxBytes: number; maxRows: number }, onError: (err: unknown) => void) {
  let chain: Promise<void> = Promise.resolve();
  return (batchId: number): void => {
    chain = chain.then(() => checkBatch(deps, batchId, limits)).catch(onError);
  };
}

/**
 * The rows someone else wrote into a batch (the OCR's, one per page) are all there: validated and
 * looked for among the clients and the batch's other rows, as a lead file's rows are; the batch is
 * 'ready' after. Runs in the caller (the OCR's job).
 */
export async function checkWrittenRows(db: Db, batchId: number): Promise<void> {
  await repo.updateBatch(db, batchId, { stage: 'checking', progress: 0, error: null });
  await checkBatch({ db }, batchId, { maxBytes: 0, maxRows: 0 });
}
