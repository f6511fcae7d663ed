import type { OcrProcessing } from '@bo/domain';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files, importBatches, ocrOperations, ocrPages } from '../../db/schema/index.ts';

export type OcrOperationRow = typeof ocrOperations.$inferSelect;
export type OcrPageRow = typeof ocrPages.$inferSelect;

/** The new operation, or 'unknown_location' when its location does not exist (the foreign key decides). */
export async function insertOperation(
  tx: Tx,
  values: Pick<typeof ocrOperations.$inferInsert, 'createdById' | 'uploadType' | 'folder' | 'batchId' | 'locationId'>,
): Promise<OcrOperationRow | 'unknown_location'> {
  try {
    const [row] = await tx.insert(ocrOperations).values(values).returning();
    return row!;
  } catch (err) {
    if (pgError(err)?.code === '23503' && pgError(err)?.constraint?.includes('location')) {
      return 'unknown_location';
    }
    throw err;
  }
}

function pgError(err: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && 'severity' in e) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
    }
  }
  return undefined;
}

export async function findOperation(tx: Tx, id: number): Promise<OcrOperationRow | null> {
  const [row] = await tx.select().from(ocrOperations).where(eq(ocrOperations.id, id));
  return row ?? null;
}

/** The operation, locked until the caller's transaction ends (its counters and stage change together). */
export async function lockOperation(tx: Tx, id: number): Promise<OcrOperationRow | null> {
  const [row] = await tx.select().from(ocrOperations).where(eq(ocrOperations.id, id)).for('update');
  return row ?? null;
}

/**
 * Holds the operation's preparation (fetching and splitting the scans) for the caller's transaction: a second worker
 * waits, then finds the pages there.
 */
export async function lockPreparation(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PREPARE_LOCK}, ${id})`);
}
const PREPARE_LOCK = 0x6f63; // 'oc'

export async function listOperations(tx: Tx, createdById: number, limit: number): Promise<OcrOperationRow[]> {
  return tx
    .select()
    .from(ocrOperations)
    .where(eq(ocrOperations.createdById, createdById))
    .orderBy(desc(ocrOperations.createdAt), desc(ocrOperations.id))
    .limit(limit);
}

export async function lastOperation(tx: Tx, createdById: number): Promise<OcrOperationRow | null> {
  return (await listOperations(tx, createdById, 1))[0] ?? null;
}

export async function runningOperation(tx: Tx, createdById: number): Promise<OcrOperationRow | null> {
  const [row] = await tx
    .select()
    .from(ocrOperations)
    .where(and(eq(ocrOperations.createdById, createdById), eq(ocrOperations.done, false)))
    .orderBy(desc(ocrOperations.id))
    .limit(1);
  return row ?? null;
}

/** Every operation not finished, oldest first: what a (re)started worker picks up. */
export async function unfinishedOperationIds(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: ocrOperations.id })
    .from(ocrOperations)
    .where(eq(ocrOperations.done, false))
    .orderBy(asc(ocrOperations.id));
  return rows.map((r) => r.id);
}

export async function setProcessing(tx: Tx, id: number, processing: OcrProcessing): Promise<void> {
  await tx
    .update(ocrOperations)
    .set({ processing })
    .where(and(eq(ocrOperations.id, id), eq(ocrOperations.done, false)));
}

export async function setBatch(tx: Tx, id: number, batchId: number): Promise<void> {
  await tx.update(ocrOperations).set({ batchId }).where(eq(ocrOperations.id, id));
}

export async function initiateTermination(tx: Tx, id: number): Promise<void> {
  await tx
    .update(ocrOperations)
    .set({ terminationStatus: 'initiated' })
    .where(and(eq(ocrOperations.id, id), eq(ocrOperations.done, false), isNull(ocrOperations.terminationStatus)));
}

/** Ends the operation: done, with an error key or the termination confirmed. Only once. */
export async function finishOperation(tx: Tx, id: number, end: { error?: string | null; terminated?: boolean }): Promise<void> {
  await tx
    .update(ocrOperations)
    .set({
      done: true,
      finishedAt: sql`now()`,
      ...(end.error !== undefined ? { error: end.error } : {}),
      ...(end.terminated ? { terminationStatus: 'terminated' as const } : {}),
    })
    .where(and(eq(ocrOperations.id, id), eq(ocrOperations.done, false)));
}

/** The pages of the scans, in order; pages already there are kept (a resumed split adds nothing twice). */
export async function insertPages(tx: Tx, operationId: number, pages: { fileId: string; pageNo: number }[]): Promise<void> {
  if (pages.length > 0) {
    await tx
      .insert(ocrPages)
      .values(pages.map((p) => ({ operationId, fileId: p.fileId, pageNo: p.pageNo })))
      .onConflictDoNothing();
  }
  const [total] = await tx.select({ n: count() }).from(ocrPages).where(eq(ocrPages.operationId, operationId));
  await tx
    .update(ocrOperations)
    .set({ pagesTotal: total?.n ?? 0, processing: 'ocr' })
    .where(eq(ocrOperations.id, operationId));
}

export interface ClaimedPage {
  id: number;
  fileId: string;
  pageNo: number;
  /** 1-based place of the page in the operation: the row number of its import row. */
  seq: number;
  storageKey: string;
  contentType: string;
  originalName: string;
}

/**
 * Takes the operation's first page not done and locks it until the caller's transaction ends. SKIP LOCKED lets a
 * second worker (another process after a restart) pass over a page being read instead of reading it again.
 */
export async function claimNextPage(tx: Tx, operationId: number): Promise<ClaimedPage | null> {
  const result = await tx.execute<{
    id: number;
    file_id: string;
    page_no: number;
    storage_key: string;
    content_type: string;
    original_name: string;
  }>(sql`
    SELECT p.id, p.file_id, p.page_no, f.storage_key, f.content_type, f.original_name
    FROM ${ocrPages} p JOIN ${files} f ON f.id = p.file_id
    WHERE p.operation_id = ${operationId} AND p.state = 'pending'
    ORDER BY p.id
    LIMIT 1
    FOR UPDATE OF p SKIP LOCKED`);
  const row = result.rows[0];
  if (!row) {
    return null;
  }
  const [seq] = await tx
    .select({ n: count() })
    .from(ocrPages)
    .where(and(eq(ocrPages.operationId, operationId), sql`${ocrPages.id} <= ${row.id}`));
  return {
    id: row.id,
    fileId: row.file_id,
    pageNo: row.page_no,
    seq: seq?.n ?? 1,
    storageKey: row.storage_key,
    contentType: row.content_type,
    originalName: row.original_name,
  };
}

/** The page's end, counted on its operation, in the transaction that wrote its row. */
export async function markPage(
  tx: Tx,
  page: { id: number; operationId: number },
  state: 'done' | 'failed',
  rowId: number | null,
): Promise<void> {
  const changed = await tx
    .update(ocrPages)
    .set({ state, rowId })
    .where(and(eq(ocrPages.id, page.id), eq(ocrPages.state, 'pending')))
    .returning({ id: ocrPages.id });
  if (changed.length !== 1) {
    throw new Error(`page ${page.id} was already read`);
  }
  await tx
    .update(ocrOperations)
    .set({
      pagesDone: sql`${ocrOperations.pagesDone} + 1`,
      ...(rowId !== null ? { rowsCreated: sql`${ocrOperations.rowsCreated} + 1` } : {}),
    })
    .where(eq(ocrOperations.id, page.operationId));
}

/** Pages not yet read (some may be locked by another worker right now). */
export async function pendingPages(tx: Tx, operationId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ocrPages)
    .where(and(eq(ocrPages.operationId, operationId), eq(ocrPages.state, 'pending')));
  return row?.n ?? 0;
}

export async function failedPages(tx: Tx, operationId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(ocrPages)
    .where(and(eq(ocrPages.operationId, operationId), eq(ocrPages.state, 'failed')));
  return row?.n ?? 0;
}

const ocrBatchColumns = {
  id: importBatches.id,
  createdById: importBatches.createdById,
  importType: importBatches.importType,
  fileId: importBatches.fileId,
  stage: importBatches.stage,
  locationId: importBatches.locationId,
  fileName: importBatches.fileName,
  ocrOperationId: importBatches.ocrOperationId,
};
export type OcrBatchRow = { [K in keyof typeof ocrBatchColumns]: (typeof importBatches.$inferSelect)[K] };

/**
 * The uploads a run is asked to read, locked until the caller's transaction ends (so two runs cannot both take one),
 * by id. Those that do not exist are not in the answer.
 */
export async function lockBatches(tx: Tx, batchIds: readonly number[]): Promise<OcrBatchRow[]> {
  if (batchIds.length === 0) {
    return [];
  }
  return tx
    .select(ocrBatchColumns)
    .from(importBatches)
    .where(inArray(importBatches.id, [...batchIds]))
    .orderBy(asc(importBatches.id))
    .for('update');
}

/** The uploads become the operation's: its pages' rows are written into them. */
export async function assignBatches(tx: Tx, operationId: number, batchIds: readonly number[]): Promise<void> {
  if (batchIds.length > 0) {
    await tx
      .update(importBatches)
      .set({ ocrOperationId: operationId, updatedAt: sql`now()` })
      .where(and(inArray(importBatches.id, [...batchIds]), isNull(importBatches.ocrOperationId)));
  }
}

/**
 * The batches an operation writes its rows into, in upload order: the uploads it reads (one per scan file), or the
 * batch it made of a Drive folder's scans (`batch_id`, no file of its own). An operation started before runs read
 * several uploads names its one upload by `batch_id` only.
 */
export async function batchesOfOperation(tx: Tx, op: Pick<OcrOperationRow, 'id' | 'batchId'>): Promise<OcrBatchRow[]> {
  return tx
    .select(ocrBatchColumns)
    .from(importBatches)
    .where(
      op.batchId === null
        ? eq(importBatches.ocrOperationId, op.id)
        : or(eq(importBatches.ocrOperationId, op.id), eq(importBatches.id, op.batchId)),
    )
    .orderBy(asc(importBatches.id));
}

/** Per operation, the names of what it reads (its batches' file names, in upload order). */
export async function batchNamesOf(tx: Tx, operations: readonly Pick<OcrOperationRow, 'id' | 'batchId'>[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(operations.map((o) => [o.id, []]));
  if (operations.length === 0) {
    return out;
  }
  const legacy = new Map(operations.filter((o) => o.batchId !== null).map((o) => [o.batchId!, o.id]));
  const rows = await tx
    .select({ id: importBatches.id, operationId: importBatches.ocrOperationId, fileName: importBatches.fileName })
    .from(importBatches)
    .where(
      or(
        inArray(
          importBatches.ocrOperationId,
          operations.map((o) => o.id),
        ),
        legacy.size > 0 ? inArray(importBatches.id, [...legacy.keys()]) : undefined,
      ),
    )
    .orderBy(asc(importBatches.id));
  for (const r of rows) {
    const opId = r.operationId !== null && out.has(r.operationId) ? r.operationId : legacy.get(r.id);
    const names = opId === undefined ? undefined : out.get(opId);
    if (names && !names.includes(r.fileName)) {
      names.push(r.fileName);
    }
  }
  return out;
}

/**
 * Serializes the starts of one user's runs for the caller's transaction: "one running operation at a time" holds
 * however many starts arrive at once.
 */
export async function lockStarts(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${START_LOCK}, ${userId})`);
}
const START_LOCK = 0x6f73; // 'os'
