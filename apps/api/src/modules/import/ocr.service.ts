import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { importRowData, type ImportField, type ImportRowData, type OcrOperationDto } from '@bo/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { LEAD_FORM_CONFIDENT, LEAD_FORM_FIELDS, pdfPages, readLeadForm, type LeadFormReading } from '../../documents/lead-form/index.ts';
import { DriveError, parseFolderRef, type DriveFile, type DriveSource } from '../../integrations/drive/index.ts';
import { OcrError, type OcrEngine } from '../../integrations/ocr/index.ts';
import { storedBytes, storeGeneratedFile, type FilesDeps } from '../files/index.ts';
import {
  assignBatches,
  batchesOfOperation,
  batchNamesOf,
  claimNextPage,
  failedPages,
  findOperation,
  finishOperation,
  initiateTermination,
  insertOperation,
  insertPages,
  lockBatches,
  lockPreparation,
  lockStarts,
  lastOperation,
  listOperations,
  markPage,
  pendingPages,
  runningOperation,
  setBatch,
  setProcessing,
  type ClaimedPage,
  type OcrBatchRow,
  type OcrOperationRow,
} from './ocr.repo.ts';

const run = promisify(execFile);

export interface OcrDeps {
  db: Db;
  files: FilesDeps;
  drive: DriveSource;
  engine: OcrEngine;
  /** An operation was started (or asked to stop): a worker should look at it. */
  onStarted?: (operationId: number) => void;
}

/** What an operation's `error` holds: a key the browser translates (`import.ocr_errors.<key>`). */
export type OcrErrorKey = 'folder_not_found' | 'folder_empty' | 'drive_unreachable' | 'scan_unreadable' | 'ocr_unavailable' | 'ocr_failed';

/** Ends an operation the job gave up on (its tries used up): what went wrong, as a key. */
export async function giveUpOperation(deps: Pick<OcrDeps, 'db'>, operationId: number, err: unknown): Promise<void> {
  const key: OcrErrorKey = err instanceof DriveError ? 'drive_unreachable' : err instanceof OcrError ? 'ocr_unavailable' : 'ocr_failed';
  await finishOperation(deps.db, operationId, { error: key });
}

/** The scans the OCR reads. */
export const SCAN_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'] as const;

/** The operation as the API answers it; `files`: what it reads (its batches' names, else the folder it was given). */
export function toOcrOperationDto(row: OcrOperationRow, files: readonly string[]): OcrOperationDto {
  return {
    id: row.id,
    upload_type: row.uploadType,
    processing: row.processing,
    done: row.done,
    termination_status: row.terminationStatus,
    pages_total: row.pagesTotal,
    pages_done: row.pagesDone,
    rows_created: row.rowsCreated,
    error: row.error,
    files: files.length > 0 ? [...files] : row.folder ? [row.folder] : [],
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The Drive folder id a user gave (id or address), or a field error. */
export function folderIdOf(folder: string): string {
  const id = parseFolderRef(folder);
  if (!id) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Not a folder id or a Drive folder address.',
      fieldValidation: { folder: 'invalid_value' },
    });
  }
  return id;
}

/** The folder's files, or the answer to the user when it cannot be read. */
export async function listFolder(drive: DriveSource, folderId: string): Promise<DriveFile[]> {
  try {
    return await drive.listFiles(folderId);
  } catch (err) {
    if (err instanceof DriveError) {
      if (err.reason === 'folder_not_found' || err.reason === 'not_a_folder' || err.reason === 'folder_invalid') {
        throw new AppError('NOT_FOUND', {
          message: 'No such folder, or it is not shared with the server.',
          fieldValidation: { folder: 'invalid_value' },
        });
      }
      throw new AppError('SERVICE_UNAVAILABLE', { message: `The folder could not be read (${err.reason}).` });
    }
    throw err;
  }
}

const isScan = (f: Pick<DriveFile, 'mimeType'>) => (SCAN_TYPES as readonly string[]).includes(f.mimeType);

/** The answer to a start while the caller's earlier operation runs. */
const stillRunning = () =>
  new AppError('VALIDATION_ERROR', {
    message: 'An OCR operation of yours is still running.',
    fieldValidation: { batch_ids: 'invalid_value' },
  });

/**
 * Starts one run over scanned lead forms: the pages of every given OCR upload (`batch_ids`, each a scan file: a PDF
 * of many forms or an image) or every scan of a Drive folder (`folder`). The caller's earlier operation must have
 * ended; an upload is read by one run only. Refused as a whole (nothing started) when one upload is unknown,
 * someone else's, not an upload of scans, or taken by a run already. The pages are read by the background job.
 */
export async function startOcr(
  deps: Pick<OcrDeps, 'db' | 'drive' | 'onStarted'>,
  actor: Actor,
  body: { batch_ids?: readonly number[] | undefined; folder?: string | undefined; location_id: number | null },
): Promise<OcrOperationDto> {
  if ((body.batch_ids === undefined) === (body.folder === undefined)) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Either batch_ids (uploaded scans) or folder.',
      fieldValidation: body.batch_ids === undefined ? { batch_ids: 'field_is_required' } : { folder: 'invalid_value' },
    });
  }
  if (body.batch_ids?.length === 0) {
    throw new AppError('VALIDATION_ERROR', { message: 'No upload to read.', fieldValidation: { batch_ids: 'field_is_required' } });
  }
  // Asked before the folder is listed (a call to Drive); asked again under the lock below.
  if (await runningOperation(deps.db, actor.userId)) {
    throw stillRunning();
  }
  let folderId: string | null = null;
  if (body.folder !== undefined) {
    folderId = folderIdOf(body.folder);
    const scans = (await listFolder(deps.drive, folderId)).filter(isScan);
    if (scans.length === 0) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'The folder holds no scans (PDF, PNG, JPEG, TIFF).',
        fieldValidation: { folder: 'file_empty' },
      });
    }
  }
  const batchIds = [...new Set(body.batch_ids ?? [])];
  const { row, files } = await deps.db.transaction(async (tx) => {
    await lockStarts(tx, actor.userId);
    if (await runningOperation(tx, actor.userId)) {
      throw stillRunning();
    }
    let batches: OcrBatchRow[] = [];
    if (folderId === null) {
      batches = await lockBatches(tx, batchIds);
      checkUploads(actor, batchIds, batches);
    }
    const locations = new Set(batches.map((b) => b.locationId));
    const inserted = await insertOperation(tx, {
      createdById: actor.userId,
      uploadType: folderId === null ? 'local' : 'gdrive',
      folder: folderId,
      batchId: null,
      // Without a location of the start, the uploads' own when they share one.
      locationId: body.location_id ?? (locations.size === 1 ? (batches[0]?.locationId ?? null) : null),
    });
    if (inserted === 'unknown_location') {
      throw new AppError('UNKNOWN_LOCATION_ID', { fieldValidation: { location_id: 'invalid_value' } });
    }
    await assignBatches(tx, inserted.id, batchIds);
    return { row: inserted, files: batches.map((b) => b.fileName) };
  });
  deps.onStarted?.(row.id);
  return toOcrOperationDto(row, files);
}

/** Every upload asked for is the caller's, of scans, and not read by a run yet; else the whole start is refused. */
function checkUploads(actor: Actor, batchIds: readonly number[], batches: readonly OcrBatchRow[]): void {
  const found = new Map(batches.filter((b) => b.createdById === actor.userId).map((b) => [b.id, b]));
  const unknown = batchIds.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    // Someone else's upload is answered as one that does not exist.
    throw new AppError('NOT_FOUND', {
      message: `No such upload of yours: ${unknown.join(', ')}.`,
      fieldValidation: { batch_ids: 'invalid_value' },
    });
  }
  const notScans = batches.filter((b) => b.importType !== 'ocr' || !b.fileId);
  if (notScans.length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: `Not uploads of scans to read: ${notScans.map((b) => b.id).join(', ')}.`,
      fieldValidation: { batch_ids: 'invalid_value' },
    });
  }
  const taken = batches.filter((b) => b.ocrOperationId !== null || b.stage === 'launched');
  if (taken.length > 0) {
    throw new AppError('IMPORT_BATCH_NOT_READY', {
      message: `Read by an OCR run already: ${taken.map((b) => b.id).join(', ')}.`,
      fieldValidation: { batch_ids: 'invalid_value' },
    });
  }
}

/** The operations as the API answers them, with what each reads. */
async function toDtos(db: Db, rows: readonly OcrOperationRow[]): Promise<OcrOperationDto[]> {
  const names = await batchNamesOf(db, rows);
  return rows.map((r) => toOcrOperationDto(r, names.get(r.id) ?? []));
}

export async function ocrOperations(deps: Pick<OcrDeps, 'db'>, actor: Actor): Promise<OcrOperationDto[]> {
  return toDtos(deps.db, await listOperations(deps.db, actor.userId, 50));
}

export async function lastOcrResult(deps: Pick<OcrDeps, 'db'>, actor: Actor): Promise<{ operation: OcrOperationDto | null }> {
  const row = await lastOperation(deps.db, actor.userId);
  return { operation: row ? ((await toDtos(deps.db, [row]))[0] ?? null) : null };
}

/** Asks the caller's running operation to stop: it stops before its next page. The last operation either way. */
export async function terminateRunningOcr(
  deps: Pick<OcrDeps, 'db' | 'onStarted'>,
  actor: Actor,
): Promise<{ operation: OcrOperationDto | null }> {
  const running = await runningOperation(deps.db, actor.userId);
  if (running) {
    await initiateTermination(deps.db, running.id);
    deps.onStarted?.(running.id);
  }
  return lastOcrResult(deps, actor);
}

// ---------------------------------------------------------------------------------------------------------------
// The background work

/** Writes an OCR row in the page's transaction; the import module's rows (see ocr.jobs.ts for the wiring). */
export interface OcrRowWriter {
  /** Makes the batch a Drive folder's scans become (upload type gdrive, named by the folder), answers its id. */
  createBatch(db: Db, op: OcrOperationRow, name: string, sha256: string): Promise<number>;
  insertRow(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: {
      batchId: number;
      rowNo: number;
      createdById: number;
      locationId: number | null;
      data: ImportRowData;
      raw: string[];
      errors: Record<string, string>;
      confidence: Record<string, number>;
      fieldImages: Record<string, string>;
    },
  ): Promise<number>;
  /** The rows of the batch are all written: validation and the duplicate check, as for a file's rows. */
  rowsWritten(db: Db, batchId: number): Promise<void>;
}

export type StepResult = 'finished' | 'stopped' | 'continue';

/** The owner of what the job stores (scans, crops): only the id is read by the files module. */
function ownerActor(userId: number): Actor {
  return { userId, role: 'ocr_manager', sessionId: 'ocr-job', impersonatorId: null };
}

/**
 * Carries an operation on from where it stands: init → gdrive (a folder's scans fetched and stored) → bucket
 * (each scan of every upload, or of the folder, split into pages, one ocr_pages row each) → ocr (each page read,
 * one import row each, in the batch of the upload it came from, or in the folder's batch). Each page is taken
 * under a row lock and its row, its state and the counters are written in one transaction, so a page is done at
 * most once and a restarted server resumes at the first page not done. Stops before the next page when
 * termination was asked for, `shouldStop()` answers true (the server is stopping) or `budgetMs` has passed.
 */
export async function processOperation(
  deps: OcrDeps,
  writer: OcrRowWriter,
  operationId: number,
  opts: { shouldStop?: () => boolean; budgetMs?: number } = {},
): Promise<StepResult> {
  const started = Date.now();
  const op = await findOperation(deps.db, operationId);
  if (!op || op.done) {
    return 'finished';
  }
  if (op.terminationStatus === 'initiated') {
    await endTerminated(deps, writer, op.id);
    return 'finished';
  }
  if (op.processing !== 'ocr') {
    const prepared = await deps.db.transaction(async (tx) => {
      await lockPreparation(tx, op.id);
      const fresh = await findOperation(tx, op.id);
      if (!fresh || fresh.done) {
        return { finished: true as const };
      }
      return fresh.processing === 'ocr' ? { prepared: true as const } : prepareScans(deps, writer, fresh);
    });
    if ('finished' in prepared) {
      return 'finished';
    }
    if ('error' in prepared) {
      await finishOperation(deps.db, op.id, { error: prepared.error });
      return 'finished';
    }
  }
  // Where each page's row goes: the batch of the upload holding its scan, else the batch made of the folder.
  const current = await findOperation(deps.db, op.id);
  const batches = current ? await batchesOfOperation(deps.db, current) : [];
  const byFile = new Map(batches.filter((b) => b.fileId !== null).map((b) => [b.fileId!, b]));
  const folderBatch = batches.find((b) => b.id === current?.batchId && b.fileId === null) ?? null;
  if (batches.length === 0) {
    await finishOperation(deps.db, op.id, { error: 'scan_unreadable' });
    return 'finished';
  }
  for (;;) {
    if (opts.shouldStop?.()) {
      return 'stopped';
    }
    const now = await findOperation(deps.db, op.id);
    if (!now || now.done) {
      return 'finished';
    }
    if (now.terminationStatus === 'initiated') {
      await endTerminated(deps, writer, op.id);
      return 'finished';
    }
    if (opts.budgetMs !== undefined && Date.now() - started > opts.budgetMs) {
      return 'continue';
    }
    const took = await deps.db.transaction(async (tx) => {
      const page = await claimNextPage(tx, op.id);
      if (!page) {
        return false;
      }
      const batch = byFile.get(page.fileId) ?? folderBatch;
      const reading = batch ? await readPage(deps, page) : null;
      if (!batch || !reading) {
        await markPage(tx, { id: page.id, operationId: op.id }, 'failed', null);
        return true;
      }
      const row = await rowOf(deps, op, page, reading);
      const rowId = await writer.insertRow(tx, {
        batchId: batch.id,
        // An upload's rows are numbered by the page of its scan; a folder's by the page's place in the run.
        rowNo: batch.fileId === page.fileId ? page.pageNo : page.seq,
        createdById: op.createdById,
        locationId: op.locationId ?? batch.locationId,
        ...row,
      });
      await markPage(tx, { id: page.id, operationId: op.id }, 'done', rowId);
      return true;
    });
    if (!took) {
      break;
    }
  }
  if ((await pendingPages(deps.db, op.id)) > 0) {
    // Another worker holds the last pages; it finishes the operation.
    return 'finished';
  }
  // The last worker out checks the rows of every batch (once: under the operation's lock, only while not yet done)
  // and ends it. A server stopping in between checks them again when it resumes.
  await deps.db.transaction(async (tx) => {
    await lockPreparation(tx, op.id);
    const fresh = await findOperation(tx, op.id);
    if (!fresh || fresh.done) {
      return;
    }
    const failed = await failedPages(tx, op.id);
    for (const batch of batches) {
      await writer.rowsWritten(deps.db, batch.id);
    }
    await finishOperation(tx, op.id, { error: failed > 0 ? 'scan_unreadable' : null });
  });
  return 'finished';
}

/** Ends a run asked to stop, once: the rows of the pages read so far are checked, so they can be reviewed. */
async function endTerminated(deps: OcrDeps, writer: OcrRowWriter, operationId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockPreparation(tx, operationId);
    const fresh = await findOperation(tx, operationId);
    if (!fresh || fresh.done) {
      return;
    }
    for (const batch of await batchesOfOperation(tx, fresh)) {
      await writer.rowsWritten(deps.db, batch.id);
    }
    await finishOperation(tx, operationId, { terminated: true });
  });
}

/**
 * The scans stored and split into pages (gdrive, bucket): a folder's scans are fetched and become one batch; an
 * upload's scan is its batch's stored file. Answers why nothing can be read, if so.
 */
async function prepareScans(
  deps: OcrDeps,
  writer: OcrRowWriter,
  op: OcrOperationRow,
): Promise<{ prepared: true } | { error: OcrErrorKey }> {
  const pages: { fileId: string; pageNo: number }[] = [];
  /** One page per page of the scan; an unreadable scan still gets its page: reading it fails, and the run says so. */
  const addPages = async (fileId: string, contentType: string, bytes: Buffer) => {
    const count = contentType === 'application/pdf' ? await pdfPageCount(bytes) : 1;
    for (let n = 1; n <= Math.max(count, 1); n++) {
      pages.push({ fileId, pageNo: n });
    }
  };
  if (op.uploadType === 'gdrive') {
    await setProcessing(deps.db, op.id, 'gdrive');
    const fetched = await fetchFolderScans(deps, op);
    if ('error' in fetched) {
      return fetched;
    }
    if (op.batchId === null) {
      const sha = createHash('sha256');
      for (const s of fetched.scans) {
        sha.update(s.bytes);
      }
      const batchId = await writer.createBatch(deps.db, op, await folderNameOf(deps.drive, op.folder ?? ''), sha.digest('hex'));
      await setBatch(deps.db, op.id, batchId);
    }
    await setProcessing(deps.db, op.id, 'bucket');
    for (const s of fetched.scans) {
      await addPages(s.fileId, s.contentType, s.bytes);
    }
  } else {
    const uploads = (await batchesOfOperation(deps.db, op)).filter((b) => b.fileId !== null);
    if (uploads.length === 0) {
      return { error: 'scan_unreadable' };
    }
    await setProcessing(deps.db, op.id, 'bucket');
    // One scan in memory at a time, in upload order.
    for (const upload of uploads) {
      const stored = await storedFile(deps.files, upload.fileId!);
      if (!stored) {
        return { error: 'scan_unreadable' };
      }
      await addPages(upload.fileId!, stored.contentType, stored.bytes);
    }
  }
  await deps.db.transaction((tx) => insertPages(tx, op.id, pages));
  return { prepared: true };
}

/** The name a Drive folder's batch takes: the folder's name where the provider tells it, else its id. */
async function folderNameOf(drive: DriveSource, folderId: string): Promise<string> {
  try {
    return (await drive.folderName(folderId))?.trim().slice(0, 200) || folderId || 'Google Drive';
  } catch (err) {
    if (err instanceof DriveError) {
      return folderId || 'Google Drive';
    }
    throw err;
  }
}

/** Every scan of the operation's folder, stored in the files module's storage under the operation's owner. */
async function fetchFolderScans(
  deps: OcrDeps,
  op: OcrOperationRow,
): Promise<{ scans: { fileId: string; contentType: string; bytes: Buffer }[] } | { error: OcrErrorKey }> {
  let listed: DriveFile[];
  try {
    listed = (await deps.drive.listFiles(op.folder ?? '')).filter(isScan);
  } catch (err) {
    if (err instanceof DriveError && err.reason !== 'unreachable' && err.reason !== 'access_denied') {
      return { error: 'folder_not_found' };
    }
    throw err; // worth trying again (the job is retried)
  }
  if (listed.length === 0) {
    return { error: 'folder_empty' };
  }
  const scans = [];
  for (const f of listed) {
    let bytes: Buffer;
    try {
      bytes = await buffer((await deps.drive.download(f)).body);
    } catch (err) {
      if (err instanceof DriveError && err.reason === 'file_not_found') {
        continue; // removed meanwhile
      }
      throw err;
    }
    const sniffed = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
    const contentType = sniffed && (SCAN_TYPES as readonly string[]).includes(sniffed.mime) ? sniffed.mime : f.mimeType;
    const stored = await storeGeneratedFile(deps.files, ownerActor(op.createdById), {
      name: f.name,
      contentType,
      body: bytes,
      kind: contentType === 'application/pdf' ? 'document' : 'image',
    });
    scans.push({ fileId: stored.id, contentType, bytes });
  }
  return scans.length === 0 ? { error: 'folder_empty' } : { scans };
}

async function storedFile(files: FilesDeps, fileId: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const got = await storedBytes(files, fileId);
  return got ? { contentType: got.contentType, bytes: got.bytes } : null;
}

/** The page as an image, read; null when the scan cannot be decoded. Engine failures are thrown (tried again later). */
async function readPage(deps: OcrDeps, page: ClaimedPage): Promise<LeadFormReading | null> {
  let image: Buffer | null;
  try {
    const bytes = await buffer(await deps.files.storage.read(page.storageKey));
    if (page.contentType === 'application/pdf') {
      // Rendered as PGM, one page: the reader takes its pixels as they are (no PNG written and decoded).
      image = (await pdfPages(bytes, { format: 'pgm', first: page.pageNo, last: page.pageNo }))[0] ?? null;
    } else {
      image = bytes;
      await sharp(image, { failOn: 'error' }).metadata();
    }
  } catch {
    image = null;
  }
  if (!image) {
    return null;
  }
  try {
    return await readLeadForm(image, deps.engine);
  } catch (err) {
    if (err instanceof OcrError) {
      throw err;
    }
    return null;
  }
}

const FIELD_MAX: Partial<Record<ImportField, number>> = {
  salutation: 40,
  phone: 40,
  mobile_phone: 40,
  zipcode: 10,
  age: 10,
  language: 10,
  note: 2000,
};

/** The import row of a page: values, confidence per field, and for each uncertain field `ocr_uncertain` and its crop. */
async function rowOf(deps: OcrDeps, op: OcrOperationRow, page: ClaimedPage, reading: LeadFormReading) {
  const values: Partial<Record<ImportField, string | null>> = {};
  const confidence: Record<string, number> = {};
  const errors: Record<string, string> = {};
  const fieldImages: Record<string, string> = {};
  for (const field of LEAD_FORM_FIELDS) {
    const read = reading.fields[field];
    const value = read.value?.trim() ? read.value.trim().slice(0, FIELD_MAX[field] ?? 200) : null;
    values[field] = value;
    confidence[field] = Math.round(read.confidence * 1000) / 1000;
    if (read.confidence < LEAD_FORM_CONFIDENT) {
      errors[field] = 'ocr_uncertain';
      const crop = await storeGeneratedFile(deps.files, ownerActor(op.createdById), {
        name: `ocr-${op.id}-${page.seq}-${field}.png`,
        contentType: 'image/png',
        body: read.image,
        kind: 'image',
      });
      fieldImages[field] = crop.id;
    }
  }
  const parsed = importRowData.safeParse(values);
  const data: ImportRowData = parsed.success ? parsed.data : importRowData.parse({});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] = 'invalid_value';
    }
  }
  const raw = LEAD_FORM_FIELDS.map((f) => values[f] ?? '');
  return { data, raw, errors, confidence, fieldImages };
}

/** The number of pages of a PDF (poppler's `pdfinfo`); 0 when it cannot be read. */
async function pdfPageCount(pdf: Buffer): Promise<number> {
  return withTempPdf(pdf, async (file) => {
    try {
      const { stdout } = await run('pdfinfo', [file], { timeout: 60_000 });
      return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
    } catch {
      return 0;
    }
  });
}

async function withTempPdf<T>(pdf: Buffer, work: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocr-pdf-'));
  try {
    const file = path.join(dir, 'scan.pdf');
    await fs.writeFile(file, pdf);
    return await work(file, dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
