import { mappingApplier, normalisePhone, validateImportRow, type ImportRowData, type MatchRecord, type PostcodeTable } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { StoredImportMatch } from '../../db/schema/index.ts';
import { swissPostcodes } from '../../core/postcodes.ts';
import { findClientMatchesAndRepeats, findClientMatchesInBatches } from '../clients/index.ts';
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

/** A row as the duplicate engine compares it (its phones' E.164 forms parsed once, here). */
export function matchRecordOf(data: ImportRowData, id?: number): MatchRecord {
  const phone = normalisePhone(data.phone);
  const mobile = normalisePhone(data.mobile_phone);
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
  return found.map(storedMatches);
}

function storedMatches(list: readonly { clientId: number; score: number; reasons: string[] }[]): StoredImportMatch[] {
  return list.map((m) => ({ client_id: m.clientId, score: m.score, reasons: m.reasons }));
}

/**
 * The existing clients each row may be (as databaseMatches), and the file's own duplicates: each row's
 * earlier rows (their numbers) that are the same person (repeatsAmong of the duplicate engine).
 */
export async function matchesAndFileDuplicates(
  tx: Tx,
  rows: readonly { rowNo: number; data: ImportRowData }[],
  onProgress?: (done: number) => Promise<void>,
): Promise<{ matches: StoredImportMatch[][]; fileDuplicates: number[][] }> {
  const found = await findClientMatchesAndRepeats(
    tx,
    { length: rows.length, slice: (from, to) => rows.slice(from, to).map((r) => matchRecordOf(r.data)) },
    { chunk: MATCH_CHUNK, keep: MATCHES_KEPT, ...(onProgress ? { onProgress } : {}) },
  );
  return {
    matches: found.matches.map(storedMatches),
    fileDuplicates: found.repeats.map((earlier) => earlier.map((j) => rows[j]!.rowNo)),
  };
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
      const { matches, fileDuplicates: dups } = await matchesAndFileDuplicates(deps.db, rows, (done) =>
        progress(10 + (80 * done) / Math.max(1, rows.length)),
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
    // The duplicate engine (the clients each row may be, and the file's own duplicates: at a hundred
    // thousand rows both in its scoring thread) works while this process checks the rows against the
    // rules, a few thousand at a time between the engine's turns: the two overlap.
    const found = matchesAndFileDuplicates(deps.db, rows, (done) => progress(10 + (75 * done) / Math.max(1, rows.length)));
    // A failure of the engine is answered where it is awaited, not as unhandled meanwhile.
    found.catch(() => undefined);
    const errors = await inTurns(rows, (r) => rowErrors(r.data, postcodes));
    const { matches, fileDuplicates: dups } = await found;
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
      // The counts were recounted when the pending rows were deleted; the rows written are added to them.
      await repo.addToCounts(tx, batchId, await repo.copyRows(tx, parts()));
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
