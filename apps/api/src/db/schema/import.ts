import type { ImportDecision, ImportField, ImportRowData, ImportType, OcrProcessing, OcrTermination, UploadType } from '@bo/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { users } from './identity.ts';
import { locations } from './locations.ts';

export type ImportBatchStage = 'uploaded' | 'parsed' | 'checking' | 'ready' | 'failed' | 'launched';
export type ImportRowState = 'pending' | 'created' | 'merged' | 'skipped';

/** One existing client an import row may be: the duplicate engine's score and reasons. */
export interface StoredImportMatch {
  client_id: number;
  score: number;
  reasons: string[];
}

/** An uploaded lead file (or a set of scans for the OCR), its columns and where its check stands. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    importType: text('import_type').$type<ImportType>().notNull(),
    uploadType: text('upload_type').$type<UploadType>().notNull().default('local'),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** The stored original (files module's storage), when kept. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<ImportBatchStage>().notNull().default('uploaded'),
    progress: smallint('progress').notNull().default(0),
    error: text('error'),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    sample: jsonb('sample').$type<string[][]>().notNull().default([]),
    rowCount: integer('row_count').notNull().default(0),
    /** Column index → field. */
    mapping: jsonb('mapping').$type<Record<string, ImportField>>().notNull().default({}),
    mappingRemembered: boolean('mapping_remembered').notNull().default(false),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    ocrOperationId: integer('ocr_operation_id'),
    /**
     * The review's counts of the batch's pending rows (modules/import/repo.ts reviewCounts), kept so the
     * review page does not count 100,000 rows a call; null when rows changed since (counted again on the
     * next read). `countsVersion` grows with each change, so a count made before a change is not stored.
     */
    reviewCounts: jsonb('review_counts').$type<ReviewCells>(),
    countsVersion: integer('counts_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_batches_sha_idx').on(t.fileSha256, t.createdAt),
    index('import_batches_created_by_idx').on(t.createdById, t.createdAt.desc()),
    // The uploads an OCR run reads (each job step and each progress poll asks for them).
    index('import_batches_ocr_operation_idx')
      .on(t.ocrOperationId)
      .where(sql`${t.ocrOperationId} IS NOT NULL`),
    check('import_batches_progress_range', sql`${t.progress} BETWEEN 0 AND 100`),
  ],
);

/** A batch's pending rows by review (n: not reviewed, r: reviewed) and duplication (d: duplicates, w: without), and with errors. */
export interface ReviewCells {
  nd: number;
  nw: number;
  rd: number;
  rw: number;
  errors: number;
}

/**
 * One person of an upload: the mapped values, what is wrong with them, whom they may be, and the decision.
 *
 * `batch_id` (import_batches, rows deleted with their batch) and `location_id` (locations, set null
 * when the location is deleted) are kept by triggers of migration 0044 instead of foreign keys: a
 * foreign key checks and locks its row once per inserted row, 1.5 s of a 100,000-row check; the
 * triggers check and lock each batch and location once per statement, with the same guarantees
 * (docs/import.md "The rows' references").
 */
export const importRows = pgTable(
  'import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id').notNull(),
    rowNo: integer('row_no').notNull(),
    importType: text('import_type').$type<ImportType>().notNull(),
    createdById: integer('created_by_id').notNull(),
    locationId: integer('location_id'),
    data: jsonb('data').$type<ImportRowData>().notNull(),
    /** The original cells of the row, in the file's column order. */
    raw: jsonb('raw').$type<string[]>().notNull().default([]),
    errors: jsonb('errors').$type<Record<string, string>>().notNull().default({}),
    confidence: jsonb('confidence').$type<Record<string, number>>(),
    /** Field → id of the stored crop (files.id, a uuid). */
    fieldImages: jsonb('field_images').$type<Record<string, string>>(),
    reviewStatus: text('review_status').$type<'not_reviewed' | 'reviewed'>().notNull().default('not_reviewed'),
    duplicationStatus: text('duplication_status').$type<'without_duplicates' | 'duplicates'>().notNull().default('without_duplicates'),
    matches: jsonb('matches').$type<StoredImportMatch[]>().notNull().default([]),
    fileDuplicateOf: integer('file_duplicate_of')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Whether some error is set (kept beside `errors` so the counts and the launch need not read the JSON). */
    hasErrors: boolean('has_errors').notNull().default(false),
    decision: text('decision').$type<ImportDecision>(),
    mergeIntoId: integer('merge_into_id'),
    state: text('state').$type<ImportRowState>().notNull().default('pending'),
    clientId: integer('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_rows_batch_row_unique').on(t.batchId, t.rowNo),
    // The review page: the caller's pending rows of a type, by location (default, newest location first) then row.
    index('import_rows_review_location_idx')
      .on(t.createdById, t.importType, t.locationId.desc().nullsLast(), t.id)
      .where(sql`${t.state} = 'pending'`),
    // Only the launched rows hold a client (a check's hundred thousand new rows add nothing to it).
    index('import_rows_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
  ],
);

/** The mapping chosen last time for a column layout ("remembered per source"). */
export const importMappings = pgTable(
  'import_mappings',
  {
    importType: text('import_type').$type<ImportType>().notNull(),
    headerSignature: text('header_signature').notNull(),
    mapping: jsonb('mapping').$type<Record<string, ImportField>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.importType, t.headerSignature] })],
);

/** An OCR run over scanned lead forms. */
export const ocrOperations = pgTable(
  'ocr_operations',
  {
    id: serial('id').primaryKey(),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadType: text('upload_type').$type<UploadType>().notNull().default('local'),
    folder: text('folder'),
    batchId: integer('batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    processing: text('processing').$type<OcrProcessing>().notNull().default('init'),
    done: boolean('done').notNull().default(false),
    terminationStatus: text('termination_status').$type<OcrTermination>(),
    pagesTotal: integer('pages_total').notNull().default(0),
    pagesDone: integer('pages_done').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    error: text('error'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ocr_operations_created_by_idx').on(t.createdById, t.createdAt.desc())],
);

/** One page of a scan: a restarted OCR job resumes at the first page not done and never makes a row twice. */
export const ocrPages = pgTable(
  'ocr_pages',
  {
    id: serial('id').primaryKey(),
    operationId: integer('operation_id')
      .notNull()
      .references(() => ocrOperations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    pageNo: integer('page_no').notNull(),
    state: text('state').$type<'pending' | 'done' | 'failed'>().notNull().default('pending'),
    rowId: bigint('row_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ocr_pages_operation_file_page_unique').on(t.operationId, t.fileId, t.pageNo)],
);
