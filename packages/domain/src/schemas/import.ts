import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { zText } from '../validation.ts';
import { clientSummaryDto } from './clients.ts';

/** Spec 4: import types and upload types. */
export const IMPORT_TYPES = ['ocr', 'perspective', 'leads'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const UPLOAD_TYPES = ['gdrive', 'local'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Spec 4: OCR processing stages, termination, review and duplication filters. */
export const OCR_PROCESSING = ['init', 'gdrive', 'bucket', 'ocr'] as const;
export type OcrProcessing = (typeof OCR_PROCESSING)[number];
export const OCR_TERMINATION = ['initiated', 'terminated'] as const;
export type OcrTermination = (typeof OCR_TERMINATION)[number];
export const REVIEW_FILTERS = ['not_reviewed', 'reviewed', 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
export const DUPLICATION_FILTERS = ['without_duplicates', 'duplicates', 'all'] as const;
export type DuplicationFilter = (typeof DUPLICATION_FILTERS)[number];

export const REVIEW_STATUSES = ['not_reviewed', 'reviewed'] as const;
export const DUPLICATION_STATUSES = ['without_duplicates', 'duplicates'] as const;

/** The fields a column of a lead file (or a field of the paper form) can be mapped to. */
export const IMPORT_FIELDS = [
  'salutation',
  'name',
  'surname',
  'phone',
  'mobile_phone',
  'email',
  'address',
  'zipcode',
  'city',
  'age',
  'language',
  'company',
  'note',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** What to do with a row that matches an existing client. */
export const IMPORT_DECISIONS = ['skip', 'create', 'merge'] as const;
export type ImportDecision = (typeof IMPORT_DECISIONS)[number];

/** Where a row is: waiting for review and launch, or done. */
export const IMPORT_ROW_STATES = ['pending', 'created', 'merged', 'skipped'] as const;

export const IMPORT_ORDER_FIELDS = ['location', 'row_no', 'surname', 'zipcode', 'created_at'] as const;

/** A row's values after mapping: text as the file held it (trimmed), phones as typed. */
export const importRowData = z.object({
  salutation: zText(40).nullable().default(null),
  name: zText(100).nullable().default(null),
  surname: zText(100).nullable().default(null),
  phone: zText(40).nullable().default(null),
  mobile_phone: zText(40).nullable().default(null),
  email: zText(200).nullable().default(null),
  address: zText(200).nullable().default(null),
  zipcode: zText(10).nullable().default(null),
  city: zText(100).nullable().default(null),
  age: zText(10).nullable().default(null),
  language: zText(10).nullable().default(null),
  company: zText(200).nullable().default(null),
  note: zText(2000).nullable().default(null),
});
export type ImportRowData = z.infer<typeof importRowData>;

/** One client a row may be, with why (the duplicate engine's explanation) and its score 0–1. */
export const importMatchDto = z.object({
  client: clientSummaryDto,
  score: z.number(),
  reasons: z.array(z.string()),
});

/** Spec 3 "Import row". */
export const importRowDto = z.object({
  id: z.number(),
  batch_id: z.number(),
  row_no: z.number(),
  import_type: z.enum(IMPORT_TYPES),
  file_name: z.string(),
  location: z.object({ id: z.number(), code: z.string(), display_name: z.string() }).nullable(),
  data: importRowData,
  /** Per field, the validation key of what is wrong (`invalid_phone`, `postcode_unknown`, `ocr_uncertain` …). */
  errors: z.record(z.string(), z.string()),
  /** OCR rows: per field, the engine's confidence 0–1 and the id of the cropped image of the field. */
  confidence: z.record(z.string(), z.number()).nullable(),
  /** Field → the crop's file id (GET /api/files/{id}). */
  field_images: z.record(z.string(), z.string()).nullable(),
  review_status: z.enum(REVIEW_STATUSES),
  duplication_status: z.enum(DUPLICATION_STATUSES),
  /** Existing clients this row may be (best first). */
  matches: z.array(importMatchDto),
  /** Earlier rows of the same upload that are the same person. */
  file_duplicate_of: z.array(z.number()),
  decision: z.enum(IMPORT_DECISIONS).nullable(),
  merge_into_id: z.number().nullable(),
  state: z.enum(IMPORT_ROW_STATES),
});
export type ImportRowDto = z.infer<typeof importRowDto>;

/** GET /api/import/prepare-import. */
export const prepareImportQuery = z.object({
  importType: z.enum(IMPORT_TYPES),
  limit: z.coerce.number().int().min(1).max(500).default(PAGE_SIZES.import),
  offset: z.coerce.number().int().min(0).default(0),
  orderBy: z.enum(IMPORT_ORDER_FIELDS).default('location'),
  orderMethod: z.enum(['asc', 'desc']).default('desc'),
  review: z.enum(REVIEW_FILTERS).default('all'),
  duplication: z.enum(DUPLICATION_FILTERS).default('all'),
  batch_id: z.coerce.number().int().positive().optional(),
});
export type PrepareImportQuery = z.infer<typeof prepareImportQuery>;

const groupedMatches = z.array(z.object({ value: z.string(), row_ids: z.array(z.number()), clients: z.array(clientSummaryDto) }));

export const prepareImportDto = z.object({
  data: z.array(importRowDto),
  /** Spec 3: the page's matches in the database, grouped by what they share. */
  duplicatesInDB: z.object({ email: groupedMatches, phone: groupedMatches, mobile_phone: groupedMatches, address: groupedMatches }),
  offset: z.number(),
  limit: z.number(),
  total: z.number(),
  /** Counts over all pending rows of the type (for the filter chips). */
  counts: z.object({ not_reviewed: z.number(), reviewed: z.number(), duplicates: z.number(), with_errors: z.number() }),
});
export type PrepareImportDto = z.infer<typeof prepareImportDto>;

/** An uploaded file, parsed: its columns, a sample, and the proposed mapping. */
export const importBatchDto = z.object({
  id: z.number(),
  import_type: z.enum(IMPORT_TYPES),
  upload_type: z.enum(UPLOAD_TYPES),
  file_name: z.string(),
  /** Parsing, then checking rows (validation and duplicates): the progress bar's stage and percent. */
  stage: z.enum(['uploaded', 'parsed', 'checking', 'ready', 'failed', 'launched']),
  progress: z.number(),
  error: z.string().nullable(),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  row_count: z.number(),
  /** Column index → field; proposed from the header, or what was chosen last time for the same columns. */
  mapping: z.record(z.string(), z.enum(IMPORT_FIELDS)),
  mapping_remembered: z.boolean(),
  location_id: z.number().nullable(),
  /** Set when a file with the same content was uploaded before. */
  earlier_upload_at: z.string().nullable(),
  created_at: z.string(),
});
export type ImportBatchDto = z.infer<typeof importBatchDto>;

/** POST /api/import/upload-file (multipart): fields importType, location_id (optional), then the file(s). */
export const uploadFileAnswer = z.object({ data: z.array(importBatchDto) });

/** POST /api/import/upload-from-gdrive. */
export const uploadFromGdriveBody = z.object({
  importType: z.enum(IMPORT_TYPES),
  /** A folder id or a folder's address. */
  folder: z.string().trim().min(1, 'field_is_required').max(300, 'too_long'),
  location_id: z.number().int().positive().nullable().default(null),
});

/** POST /api/import/batches/{id}/mapping: apply the columns' mapping and check every row. */
export const importMappingBody = z.object({
  mapping: z.record(z.string(), z.enum(IMPORT_FIELDS)),
  location_id: z.number().int().positive().nullable().default(null),
});

/**
 * The fields a correction sends: only those given change (no defaults, unlike importRowData, whose
 * nulls would otherwise wipe the fields not sent).
 */
export const importRowPatch = z.object({
  salutation: zText(40).nullable().optional(),
  name: zText(100).nullable().optional(),
  surname: zText(100).nullable().optional(),
  phone: zText(40).nullable().optional(),
  mobile_phone: zText(40).nullable().optional(),
  email: zText(200).nullable().optional(),
  address: zText(200).nullable().optional(),
  zipcode: zText(10).nullable().optional(),
  city: zText(100).nullable().optional(),
  age: zText(10).nullable().optional(),
  language: zText(10).nullable().optional(),
  company: zText(200).nullable().optional(),
  note: zText(2000).nullable().optional(),
});

/** POST /api/import/update-record. */
export const updateImportRecordBody = z.object({
  id: z.number().int().positive(),
  data: importRowPatch.optional(),
  reviewed: z.boolean().optional(),
  decision: z.enum(IMPORT_DECISIONS).nullable().optional(),
  merge_into_id: z.number().int().positive().nullable().optional(),
});

/** POST /api/import/launch-import. */
export const launchImportBody = z.object({
  importType: z.enum(IMPORT_TYPES),
  /** The selected rows; with `all: true`, every pending row of the type that passes the filters below. */
  ids: z.array(z.number().int().positive()).max(200_000).default([]),
  all: z.boolean().default(false),
  /** For rows matching an existing client that have no decision of their own. */
  duplicates: z.enum(IMPORT_DECISIONS).default('skip'),
});

export const launchImportAnswer = z.object({
  updatedN: z.number(),
  created: z.number(),
  merged: z.number(),
  skipped: z.number(),
  errors: z.array(
    z.object({ row_id: z.number(), row_no: z.number(), file_name: z.string(), field: z.string().nullable(), error: z.string() }),
  ),
});
export type LaunchImportAnswer = z.infer<typeof launchImportAnswer>;

/** Spec 3: an OCR operation with done and termination_status. */
export const ocrOperationDto = z.object({
  id: z.number(),
  upload_type: z.enum(UPLOAD_TYPES),
  processing: z.enum(OCR_PROCESSING),
  done: z.boolean(),
  termination_status: z.enum(OCR_TERMINATION).nullable(),
  pages_total: z.number(),
  pages_done: z.number(),
  rows_created: z.number(),
  error: z.string().nullable(),
  /** What the run reads: the names of the uploaded files, or the Drive folder's name (its id until it is fetched). */
  files: z.array(z.string()),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type OcrOperationDto = z.infer<typeof ocrOperationDto>;

/** The most uploads one OCR run reads. */
export const OCR_MAX_UPLOADS = 100;

/**
 * POST /api/import/ocr-imports: one run over the pages of every given upload of scans (local: `batch_ids`, the
 * batches POST /api/import/upload-file answered, read in the order they were uploaded), or over every scan of a
 * Drive folder (`folder`).
 */
export const startOcrBody = z.object({
  batch_ids: z.array(z.number().int().positive()).min(1, 'field_is_required').max(OCR_MAX_UPLOADS, 'too_long').optional(),
  folder: z.string().trim().min(1).max(300, 'too_long').optional(),
  location_id: z.number().int().positive().nullable().default(null),
});

export const ocrImportsDto = z.object({ data: z.array(ocrOperationDto) });
/** GET /api/import/pool-ocr-result: the last operation (null before the first). */
export const ocrResultDto = z.object({ operation: ocrOperationDto.nullable() });
