import type { ImportType, PrepareImportQuery } from '@bo/domain';
import { and, asc, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { transactionClient, type Db, type Tx } from '../../db/client.ts';
import { importBatches, importMappings, importRows, locations, type ReviewCells } from '../../db/schema/index.ts';

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
  await recountBatches(tx, [batchId]);
}

/** A checked row of a lead file, as the check writes it. */
export type CheckedRowInsert = Required<
  Pick<
    ImportRowInsert,
    | 'batchId'
    | 'rowNo'
    | 'importType'
    | 'createdById'
    | 'data'
    | 'raw'
    | 'errors'
    | 'hasErrors'
    | 'matches'
    | 'fileDuplicateOf'
    | 'duplicationStatus'
  >
> & { locationId: number | null };

/** A value of COPY's text format: backslash, tab, newline and carriage return escaped. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

/** One row as a line of COPY's text format, in the column order of copyRows' statement. */
function copyLine(r: CheckedRowInsert): string {
  return (
    [
      String(r.batchId),
      String(r.rowNo),
      copyText(r.importType),
      String(r.createdById),
      r.locationId === null ? '\\N' : String(r.locationId),
      copyText(JSON.stringify(r.data)),
      copyText(JSON.stringify(r.raw)),
      copyText(JSON.stringify(r.errors)),
      r.hasErrors ? 't' : 'f',
      copyText(JSON.stringify(r.matches)),
      `{${r.fileDuplicateOf.map((n) => String(Math.trunc(n))).join(',')}}`,
      copyText(r.duplicationStatus),
    ].join('\t') + '\n'
  );
}

/**
 * Writes a check's rows with COPY … FROM STDIN on the transaction's connection, the parts made one
 * after the other as the database takes them (a hundred thousand rows are never all held as text).
 * COPY parses each value once where an INSERT of the rows as one JSON parameter parsed the parameter
 * and then each row's values again (100,000 rows: 6.3 → 4.4 s, docs/performance.md). A failure (a
 * value the database refuses, a part that cannot be made) fails the statement, and with it the
 * caller's transaction: no row of it is kept.
 */
export async function copyRows(tx: Tx, parts: Iterable<CheckedRowInsert[]>): Promise<ReviewCells> {
  const client = transactionClient(tx);
  const copy = client.query(
    copyFrom(`COPY import_rows (batch_id, row_no, import_type, created_by_id, location_id, data, raw, errors, has_errors, matches,
                                file_duplicate_of, duplication_status) FROM STDIN`),
  );
  // Where the rows written stand in the counts (new rows: pending and not reviewed).
  const written: ReviewCells = { nd: 0, nw: 0, rd: 0, rw: 0, errors: 0 };
  function* lines(): Generator<string> {
    for (const part of parts) {
      for (const r of part) {
        written[cellKey({ reviewStatus: 'not_reviewed', duplicationStatus: r.duplicationStatus, hasErrors: r.hasErrors })] += 1;
        written.errors += Number(r.hasErrors);
      }
      yield part.map(copyLine).join('');
    }
  }
  await pipeline(Readable.from(lines()), copy);
  return written;
}

/**
 * The planner's statistics of the rows table, after a big batch was written: of the columns the review
 * pages and counts choose their rows by, from a sample of 6,000 rows (statistics target 20). Those
 * columns hold few values each; the whole table at the default target sampled 30,000 rows and sorted
 * every JSON value of them (100,000 new rows: 700 ms, now 50 ms).
 */
export async function analyzeRows(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL default_statistics_target = 20`);
    await tx.execute(
      sql`ANALYZE import_rows (id, batch_id, row_no, created_by_id, import_type, location_id, state, review_status, duplication_status, has_errors)`,
    );
  });
}

/** One row inserted (an OCR page's), answering its id. */
export async function insertRow(tx: Tx, row: ImportRowInsert): Promise<number> {
  const [r] = await tx.insert(importRows).values(row).returning({ id: importRows.id });
  await recountBatches(tx, [row.batchId]);
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

/**
 * The kept counts of these batches, counted again after their rows changed, in the writer's transaction (a
 * read never writes them). The batches are locked first, in id order, so that two writers of one batch count
 * one after the other, the second seeing the first's rows.
 */
export async function recountBatches(tx: Tx, batchIds: readonly number[]): Promise<void> {
  const ids = [...new Set(batchIds)].sort((a, b) => a - b);
  if (ids.length === 0) {
    return;
  }
  await tx
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(inArray(importBatches.id, ids))
    .orderBy(asc(importBatches.id))
    // NO KEY UPDATE: the counts are no key, and a plain FOR UPDATE would wait for the KEY SHARE lock that
    // another transaction's new row of the batch holds through its foreign key while that transaction
    // waits for this one here: two OCR workers writing pages of one batch deadlocked so.
    .for('no key update');
  for (const id of ids) {
    const cells = await countBatch(tx, id);
    await tx
      .update(importBatches)
      .set({ reviewCounts: cells, countsVersion: sql`${importBatches.countsVersion} + 1` })
      .where(eq(importBatches.id, id));
  }
}

/** Where a pending row stands in the kept counts. */
export interface RowCell {
  reviewStatus: 'not_reviewed' | 'reviewed';
  duplicationStatus: 'without_duplicates' | 'duplicates';
  hasErrors: boolean;
}

const cellKey = (c: RowCell): 'nd' | 'nw' | 'rd' | 'rw' =>
  `${c.reviewStatus === 'reviewed' ? 'r' : 'n'}${c.duplicationStatus === 'duplicates' ? 'd' : 'w'}`;

/** A pending row of the batch moved from one cell of the counts to another (a correction, a review mark). */
export async function moveInCounts(tx: Tx, batchId: number, from: RowCell, to: RowCell): Promise<void> {
  const delta: ReviewCells = { nd: 0, nw: 0, rd: 0, rw: 0, errors: Number(to.hasErrors) - Number(from.hasErrors) };
  delta[cellKey(from)] -= 1;
  delta[cellKey(to)] += 1;
  await addToCounts(tx, batchId, delta);
}

/**
 * `delta` added to the batch's kept counts (rows written by copyRows, a row moved by moveInCounts):
 * counting a hundred thousand rows just written again took 0.3 s.
 */
export async function addToCounts(tx: Tx, batchId: number, delta: ReviewCells): Promise<void> {
  if (Object.values(delta).every((v) => v === 0)) {
    return;
  }
  const add = (k: keyof ReviewCells) => sql`(${importBatches.reviewCounts}->>${k})::int + ${delta[k]}`;
  await tx
    .update(importBatches)
    .set({
      reviewCounts: sql`CASE WHEN ${importBatches.reviewCounts} IS NULL THEN NULL ELSE jsonb_build_object(
        'nd', ${add('nd')}, 'nw', ${add('nw')}, 'rd', ${add('rd')}, 'rw', ${add('rw')}, 'errors', ${add('errors')}) END`,
      countsVersion: sql`${importBatches.countsVersion} + 1`,
    })
    .where(eq(importBatches.id, batchId));
}

/** The counts of a batch's pending rows, counted (one pass over the batch's rows). */
async function countBatch(tx: Tx, batchId: number): Promise<ReviewCells> {
  const cell = (review: string, dup: string) =>
    sql<number>`count(*) FILTER (WHERE ${importRows.reviewStatus} = ${review} AND ${importRows.duplicationStatus} = ${dup})::int`;
  const [row] = await tx
    .select({
      nd: cell('not_reviewed', 'duplicates'),
      nw: cell('not_reviewed', 'without_duplicates'),
      rd: cell('reviewed', 'duplicates'),
      rw: cell('reviewed', 'without_duplicates'),
      errors: sql<number>`count(*) FILTER (WHERE ${importRows.hasErrors})::int`,
    })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), eq(importRows.state, 'pending')));
  return row ?? { nd: 0, nw: 0, rd: 0, rw: 0, errors: 0 };
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

const ORDER: Record<Exclude<PrepareImportQuery['orderBy'], 'location'>, SQL> = {
  row_no: sql`${importRows.batchId}`,
  surname: sql`lower(${importRows.data}->>'surname')`,
  zipcode: sql`${importRows.data}->>'zipcode'`,
  created_at: sql`${importRows.createdAt}`,
};

/**
 * The ids of a page in the order of the locations' codes (descending: rows without a location last;
 * ascending: first), then by row id. The locations the scope's pending rows have are found by a skip
 * scan of the review index (import_rows_review_location_idx: one lookup per location); then each
 * location's rows come from that index in id order, at most offset + limit of them, one statement per
 * location (planned for that location), until the page is full. A page thus reads a few index entries
 * per location however many rows are pending.
 */
async function idsByLocation(tx: Tx, scope: ReviewScope, where: SQL, q: PrepareImportQuery): Promise<number[]> {
  const want = q.offset + q.limit;
  const r = importRows;
  const pending = and(eq(r.createdById, scope.createdById), eq(r.importType, scope.importType), eq(r.state, 'pending'));
  // Each location with its first pending row, in the review index's own order (so no other index is
  // walked from the table's first row past every launched one).
  const found = await tx.execute<{ location_id: number | null; code: string | null; first_id: string | number }>(sql`
    WITH RECURSIVE loc AS (
      (SELECT ${r.locationId} AS location_id, ${r.id} AS first_id FROM ${r} WHERE ${pending}
        ORDER BY ${r.locationId} DESC NULLS LAST, ${r.id} LIMIT 1)
      UNION ALL
      SELECT n.location_id, n.first_id FROM loc CROSS JOIN LATERAL (
        SELECT ${r.locationId} AS location_id, ${r.id} AS first_id FROM ${r} WHERE ${pending} AND ${r.locationId} < loc.location_id
        ORDER BY ${r.locationId} DESC NULLS LAST, ${r.id} LIMIT 1) n
      WHERE loc.location_id IS NOT NULL
    )
    SELECT loc.location_id, l.code, loc.first_id FROM loc LEFT JOIN locations l ON l.id = loc.location_id WHERE loc.location_id IS NOT NULL
    UNION ALL
    (SELECT NULL, NULL, ${r.id} FROM ${r} WHERE ${pending} AND ${r.locationId} IS NULL
      ORDER BY ${r.locationId} DESC NULLS LAST, ${r.id} LIMIT 1)`);
  const sign = q.orderMethod === 'desc' ? -1 : 1;
  // By code; rows without a location (no code) count as lowest: last when descending, first when ascending.
  const groups = [...found.rows]
    .filter((g, i, all) => all.findIndex((o) => o.location_id === g.location_id) === i)
    .sort((a, b) => {
      if (a.code === null || b.code === null) {
        return a.code === b.code ? 0 : (a.code === null ? -1 : 1) * sign;
      }
      return (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) * sign;
    });
  const ids: number[] = [];
  for (const g of groups) {
    if (ids.length >= want) {
      break;
    }
    const rows = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(where, g.location_id === null ? isNull(r.locationId) : eq(r.locationId, g.location_id), gte(r.id, Number(g.first_id))))
      .orderBy(asc(r.id))
      .limit(want - ids.length);
    ids.push(...rows.map((x) => x.id));
  }
  return ids.slice(q.offset, want);
}

/** A page of the review: the caller's pending rows of the type, filtered and ordered, with file name and location. */
export async function reviewPage(tx: Tx, scope: ReviewScope, q: PrepareImportQuery) {
  const dir = q.orderMethod === 'desc' ? desc : asc;
  const where = and(scopeCondition(scope), batchReady, filterCondition(q))!;
  const select = () =>
    tx
      .select({
        row: importRows,
        fileName: importBatches.fileName,
        location: { id: locations.id, code: locations.code, displayName: locations.displayName },
      })
      .from(importRows)
      .innerJoin(importBatches, eq(importBatches.id, importRows.batchId))
      .leftJoin(locations, eq(locations.id, importRows.locationId));
  let rows: Awaited<ReturnType<ReturnType<typeof select>['where']>>;
  if (q.orderBy === 'location') {
    // The ready batches by id rather than a join per row: a join leads the planner away from the review index.
    const ready = await tx
      .select({ id: importBatches.id })
      .from(importBatches)
      .where(
        and(
          eq(importBatches.stage, 'ready'),
          eq(importBatches.importType, scope.importType),
          scope.batchId === undefined ? undefined : eq(importBatches.id, scope.batchId),
        ),
      );
    const readyWhere = and(
      scopeCondition(scope),
      filterCondition(q),
      inArray(
        importRows.batchId,
        ready.map((b) => b.id),
      ),
    )!;
    const ids = ready.length === 0 ? [] : await idsByLocation(tx, scope, readyWhere, q);
    const found = ids.length === 0 ? [] : await select().where(inArray(importRows.id, ids));
    const at = new Map(ids.map((id, i) => [id, i]));
    rows = found.sort((a, b) => at.get(a.row.id)! - at.get(b.row.id)!);
  } else {
    const order = q.orderBy === 'row_no' ? [dir(importRows.batchId), dir(importRows.rowNo)] : [dir(ORDER[q.orderBy]), asc(importRows.id)];
    rows = await select()
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset);
  }
  const cells = await batchCells(tx, scope);
  const total = cells.reduce((n, c) => {
    const reviews = q.review === 'all' ? ['n', 'r'] : [q.review === 'reviewed' ? 'r' : 'n'];
    const dups = q.duplication === 'all' ? ['d', 'w'] : [q.duplication === 'duplicates' ? 'd' : 'w'];
    return n + reviews.reduce((m, r) => m + dups.reduce((k, d) => k + c[`${r}${d}` as 'nd' | 'nw' | 'rd' | 'rw'], 0), 0);
  }, 0);
  return { rows, total };
}

export type ReviewRow = Awaited<ReturnType<typeof reviewPage>>['rows'][number];

/**
 * The kept counts of the scope's ready batches; those not kept (rows changed since) are counted now
 * and stored, unless the batch changed again meanwhile (its version).
 */
async function batchCells(tx: Tx, scope: ReviewScope): Promise<ReviewCells[]> {
  const batches = await tx
    .select({ id: importBatches.id, cells: importBatches.reviewCounts })
    .from(importBatches)
    .where(
      and(
        eq(importBatches.createdById, scope.createdById),
        eq(importBatches.importType, scope.importType),
        eq(importBatches.stage, 'ready'),
        scope.batchId === undefined ? undefined : eq(importBatches.id, scope.batchId),
      ),
    );
  const out: ReviewCells[] = [];
  for (const b of batches) {
    if (b.cells) {
      out.push(b.cells);
      continue;
    }
    // A batch counted by no writer yet (written before the counts were kept): counted here, not stored.
    out.push(await countBatch(tx, b.id));
  }
  return out;
}

/** Counts over all the caller's pending rows of the type (the filter chips), from the batches' kept counts. */
export async function reviewCounts(tx: Tx, scope: ReviewScope) {
  const cells = await batchCells(tx, scope);
  const sum = (f: (c: ReviewCells) => number) => cells.reduce((n, c) => n + f(c), 0);
  return {
    not_reviewed: sum((c) => c.nd + c.nw),
    reviewed: sum((c) => c.rd + c.rw),
    duplicates: sum((c) => c.nd + c.rd),
    with_errors: sum((c) => c.errors),
  };
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
  // What the launch reads of a row (not the file's cells, the OCR's confidences or crops).
  const r = importRows;
  return tx
    .select({
      row: {
        id: r.id,
        batchId: r.batchId,
        rowNo: r.rowNo,
        importType: r.importType,
        locationId: r.locationId,
        data: r.data,
        errors: r.errors,
        matches: r.matches,
        fileDuplicateOf: r.fileDuplicateOf,
        decision: r.decision,
        mergeIntoId: r.mergeIntoId,
      },
      fileName: importBatches.fileName,
    })
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

/** Batches whose rows are all done become 'launched'; the counts of the launch's batches are counted again. */
export async function markLaunched(tx: Tx, batchIds: readonly number[]): Promise<void> {
  if (batchIds.length === 0) {
    return;
  }
  await recountBatches(tx, batchIds);
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
