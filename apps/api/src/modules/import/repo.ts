import type { ImportType, PrepareImportQuery } from '@bo/domain';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { importBatches, importMappings, importRows, locations } from '../../db/schema/index.ts';

export type BatchRow = typeof importBatches.$inferSelect;
export type BatchInsert = typeof importBatches.$inferInsert;
export type ImportRowRow = typeof importRows.$inferSelect;
export type ImportRowInsert = typeof importRows.$inferInsert;

export async function insertBatch(tx: Tx, values: BatchInsert): Promise<BatchRow> {
  const [row] = await tx.insert(importBatches).values(values).returning();
  return row!;
}

export async function findBatch(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<BatchRow | undefined> {
  const query = tx.select().from(importBatches).where(eq(importBatches.id, id));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** When a file with the same content (and import type) was first uploaded before this batch. */
export async function earlierUploadAt(tx: Tx, batch: Pick<BatchRow, 'id' | 'fileSha256' | 'importType'>): Promise<Date | null> {
  const [row] = await tx
    .select({ at: importBatches.createdAt })
    .from(importBatches)
    .where(
      and(eq(importBatches.fileSha256, batch.fileSha256), eq(importBatches.importType, batch.importType), ne(importBatches.id, batch.id)),
    )
    .orderBy(asc(importBatches.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export async function updateBatch(tx: Tx, id: number, values: Partial<BatchInsert>): Promise<BatchRow | undefined> {
  const [row] = await tx
    .update(importBatches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(importBatches.id, id))
    .returning();
  return row;
}

export async function deleteBatch(tx: Tx, id: number): Promise<void> {
  await tx.delete(importBatches).where(eq(importBatches.id, id));
}

export async function rememberedMapping(tx: Tx, importType: ImportType, signature: string) {
  const [row] = await tx
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.importType, importType), eq(importMappings.headerSignature, signature)));
  return row?.mapping;
}

export async function saveMapping(tx: Tx, importType: ImportType, signature: string, mapping: Record<string, string>) {
  await tx
    .insert(importMappings)
    .values({ importType, headerSignature: signature, mapping: mapping as BatchRow['mapping'] })
    .onConflictDoUpdate({
      target: [importMappings.importType, importMappings.headerSignature],
      set: { mapping: mapping as BatchRow['mapping'], updatedAt: sql`now()` },
    });
}

/** Whether any row of the batch has left the pending state (created, merged or skipped). */
export async function batchHasDoneRows(tx: Tx, batchId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: importRows.id })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), ne(importRows.state, 'pending')))
    .limit(1);
  return row !== undefined;
}

export async function deletePendingRows(tx: Tx, batchId: number): Promise<void> {
  await tx.delete(importRows).where(and(eq(importRows.batchId, batchId), eq(importRows.state, 'pending')));
}

export async function insertRows(tx: Tx, rows: ImportRowInsert[]): Promise<void> {
  const CHUNK = 1_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(importRows).values(rows.slice(i, i + CHUNK));
  }
}

/** One row inserted (an OCR page's), answering its id. */
export async function insertRow(tx: Tx, row: ImportRowInsert): Promise<number> {
  const [r] = await tx.insert(importRows).values(row).returning({ id: importRows.id });
  return r!.id;
}

/** The pending rows of a batch in file order, for a check of rows written by someone else (the OCR). */
export function pendingRowsOfBatch(tx: Tx, batchId: number) {
  return tx
    .select({ id: importRows.id, rowNo: importRows.rowNo, data: importRows.data, errors: importRows.errors })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), eq(importRows.state, 'pending')))
    .orderBy(asc(importRows.rowNo));
}

export interface RowCheck {
  id: number;
  errors: Record<string, string>;
  matches: ImportRowRow['matches'];
  fileDuplicateOf: number[];
}

/** The results of a check written onto existing rows, many per statement. */
export async function writeRowChecks(tx: Tx, checks: RowCheck[]): Promise<void> {
  const CHUNK = 2_000;
  for (let i = 0; i < checks.length; i += CHUNK) {
    const part = checks.slice(i, i + CHUNK);
    const payload = JSON.stringify(part.map((c) => ({ id: c.id, errors: c.errors, matches: c.matches, dup: c.fileDuplicateOf })));
    await tx.execute(sql`
      UPDATE import_rows r SET
        errors = x.errors,
        has_errors = x.errors <> '{}'::jsonb,
        matches = x.matches,
        file_duplicate_of = ARRAY(SELECT jsonb_array_elements_text(x.dup)::int),
        duplication_status = CASE WHEN jsonb_array_length(x.matches) > 0 OR jsonb_array_length(x.dup) > 0 THEN 'duplicates' ELSE 'without_duplicates' END,
        updated_at = now()
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, errors jsonb, matches jsonb, dup jsonb)
      WHERE r.id = x.id`);
  }
}

export interface ReviewScope {
  createdById: number;
  importType: ImportType;
  batchId?: number | undefined;
}

function scopeCondition(scope: ReviewScope): SQL {
  return and(
    eq(importRows.createdById, scope.createdById),
    eq(importRows.importType, scope.importType),
    eq(importRows.state, 'pending'),
    scope.batchId === undefined ? undefined : eq(importRows.batchId, scope.batchId),
  )!;
}

/** Rows of batches still being checked are not shown (their rows are being written). */
const batchReady = sql`EXISTS (SELECT 1 FROM import_batches b WHERE b.id = ${importRows.batchId} AND b.stage = 'ready')`;

function filterCondition(q: Pick<PrepareImportQuery, 'review' | 'duplication'>): SQL | undefined {
  return and(
    q.review === 'all' ? undefined : eq(importRows.reviewStatus, q.review),
    q.duplication === 'all' ? undefined : eq(importRows.duplicationStatus, q.duplication),
  );
}

const ORDER: Record<PrepareImportQuery['orderBy'], SQL> = {
  location: sql`${importRows.locationId}`,
  row_no: sql`${importRows.batchId}`,
  surname: sql`lower(${importRows.data}->>'surname')`,
  zipcode: sql`${importRows.data}->>'zipcode'`,
  created_at: sql`${importRows.createdAt}`,
};

/** A page of the review: the caller's pending rows of the type, filtered and ordered, with file name and location. */
export async function reviewPage(tx: Tx, scope: ReviewScope, q: PrepareImportQuery) {
  const dir = q.orderMethod === 'desc' ? desc : asc;
  const key = ORDER[q.orderBy];
  const order =
    q.orderBy === 'location'
      ? [
          q.orderMethod === 'desc' ? sql`${importRows.locationId} DESC NULLS LAST` : sql`${importRows.locationId} ASC NULLS FIRST`,
          asc(importRows.id),
        ]
      : q.orderBy === 'row_no'
        ? [dir(importRows.batchId), dir(importRows.rowNo)]
        : [dir(key), asc(importRows.id)];
  const where = and(scopeCondition(scope), batchReady, filterCondition(q));
  const rows = await tx
    .select({
      row: importRows,
      fileName: importBatches.fileName,
      location: { id: locations.id, code: locations.code, displayName: locations.displayName },
    })
    .from(importRows)
    .innerJoin(importBatches, eq(importBatches.id, importRows.batchId))
    .leftJoin(locations, eq(locations.id, importRows.locationId))
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await tx.select({ n: count() }).from(importRows).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type ReviewRow = Awaited<ReturnType<typeof reviewPage>>['rows'][number];

/** Counts over all the caller's pending rows of the type (the filter chips). */
export async function reviewCounts(tx: Tx, scope: ReviewScope) {
  const [row] = await tx
    .select({
      not_reviewed: sql<number>`count(*) FILTER (WHERE ${importRows.reviewStatus} = 'not_reviewed')::int`,
      reviewed: sql<number>`count(*) FILTER (WHERE ${importRows.reviewStatus} = 'reviewed')::int`,
      duplicates: sql<number>`count(*) FILTER (WHERE ${importRows.duplicationStatus} = 'duplicates')::int`,
      with_errors: sql<number>`count(*) FILTER (WHERE ${importRows.hasErrors})::int`,
    })
    .from(importRows)
    .where(and(scopeCondition(scope), batchReady));
  return row ?? { not_reviewed: 0, reviewed: 0, duplicates: 0, with_errors: 0 };
}

/** One row with its file name and location, optionally locked. */
export async function findRow(tx: Tx, id: number, opts: { lock?: boolean } = {}) {
  const query = tx
    .select({
      row: importRows,
      fileName: importBatches.fileName,
      stage: importBatches.stage,
      location: { id: locations.id, code: locations.code, displayName: locations.displayName },
    })
    .from(importRows)
    .innerJoin(importBatches, eq(importBatches.id, importRows.batchId))
    .leftJoin(locations, eq(locations.id, importRows.locationId))
    .where(eq(importRows.id, id));
  const [row] = await (opts.lock ? query.for('update', { of: importRows }) : query);
  return row;
}

export async function updateRow(tx: Tx, id: number, values: Partial<ImportRowInsert>): Promise<void> {
  await tx
    .update(importRows)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(importRows.id, id));
}

/** The rows a launch takes, locked, in file order: the selected ones (or all) of the caller's pending rows of the type. */
export async function rowsForLaunch(tx: Tx, scope: ReviewScope, ids: readonly number[] | 'all') {
  const where = and(scopeCondition(scope), batchReady, ids === 'all' ? undefined : inArray(importRows.id, [...ids]));
  return tx
    .select({ row: importRows, fileName: importBatches.fileName })
    .from(importRows)
    .innerJoin(importBatches, eq(importBatches.id, importRows.batchId))
    .where(where)
    .orderBy(asc(importRows.batchId), asc(importRows.rowNo))
    .for('update', { of: importRows });
}

/** The row numbers of a batch's rows already made into clients or merged (file duplicates of them are skipped). */
export async function doneRowNos(tx: Tx, batchIds: readonly number[]) {
  if (batchIds.length === 0) {
    return [];
  }
  return tx
    .select({ batchId: importRows.batchId, rowNo: importRows.rowNo })
    .from(importRows)
    .where(and(inArray(importRows.batchId, [...batchIds]), inArray(importRows.state, ['created', 'merged'])));
}

export interface RowOutcome {
  id: number;
  state: 'created' | 'merged' | 'skipped';
  clientId: number | null;
}

export async function writeOutcomes(tx: Tx, outcomes: RowOutcome[]): Promise<void> {
  const CHUNK = 5_000;
  for (let i = 0; i < outcomes.length; i += CHUNK) {
    const payload = JSON.stringify(outcomes.slice(i, i + CHUNK));
    await tx.execute(sql`
      UPDATE import_rows r SET state = x.state, client_id = x."clientId", updated_at = now()
      FROM jsonb_to_recordset(${payload}::jsonb) AS x(id bigint, state text, "clientId" int)
      WHERE r.id = x.id`);
  }
}

/** Batches whose rows are all done become 'launched'. */
export async function markLaunched(tx: Tx, batchIds: readonly number[]): Promise<void> {
  if (batchIds.length === 0) {
    return;
  }
  await tx.execute(sql`
    UPDATE import_batches b SET stage = 'launched', updated_at = now()
    WHERE b.id IN (${sql.join(
      batchIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM import_rows r WHERE r.batch_id = b.id AND r.state = 'pending')`);
}

/** The batches in stage 'checking' (a check to run or to run again). */
export async function batchesBeingChecked(tx: Tx): Promise<number[]> {
  const rows = await tx.select({ id: importBatches.id }).from(importBatches).where(eq(importBatches.stage, 'checking'));
  return rows.map((r) => r.id);
}
