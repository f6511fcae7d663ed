import { createHash } from 'node:crypto';
import path from 'node:path';
import { hasNoNul, headerSignature, IMPORT_TYPES, proposeMapping, type ImportBatchDto, type ImportType, type UploadType } from '@bo/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { storeGeneratedFile, type FilesDeps } from '../files/index.ts';
import { toBatchDto } from './dto.ts';
import { readLeadFile, type LeadFileLimits, type ParsedLeadFile } from './parse/index.ts';
import { keepParsed } from './parsed.ts';
import * as repo from './repo.ts';

export interface ImportDeps {
  db: Db;
  files: FilesDeps;
  limits: LeadFileLimits;
  /** Checks a batch's rows in the background: a pg-boss job where the worker runs, else in this process. */
  scheduleCheck(batchId: number): void;
}

/** The scans the OCR reads (PDF, PNG, JPEG, TIFF); the OCR's own job takes them from the batch. */
const SCAN_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/tiff'];
/** The rows of a file shown beside the mapping. */
const SAMPLE_ROWS = 5;
/** The most files of one upload. */
const MAX_FILES = 20;

export interface IncomingLeadFile {
  name: string;
  bytes: Buffer;
}

const cleanName = (name: string) => path.basename(name || 'upload').slice(0, 200) || 'upload';

/** A PostgreSQL foreign-key failure on the location: the location named does not exist. */
export function isUnknownLocation(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code ? e : e?.cause;
  return pg?.code === '23503' && (pg.constraint ?? '').includes('location');
}

/**
 * POST /api/import/upload-file: the form's `importType` and `location_id`, then the files. Every file
 * is read and checked before anything is stored, so a refused file leaves nothing of the upload.
 */
export async function uploadFromForm(deps: ImportDeps, actor: Actor, request: FastifyRequest): Promise<ImportBatchDto[]> {
  const fields: Record<string, string> = {};
  const files: IncomingLeadFile[] = [];
  const tooLarge = () =>
    new AppError('FILE_TOO_LARGE', {
      message: `At most ${Math.round(deps.limits.maxBytes / 1024 / 1024)} MB per file.`,
      fieldValidation: { file: 'file_too_large' },
    });
  for await (const part of request.parts({ limits: { files: MAX_FILES, fileSize: deps.limits.maxBytes + 1 } })) {
    if (part.type === 'field') {
      const value = typeof part.value === 'string' ? part.value : '';
      if (!hasNoNul(value)) {
        throw new AppError('VALIDATION_ERROR', { message: 'Invalid body', fieldValidation: { [part.fieldname]: 'invalid_value' } });
      }
      fields[part.fieldname] = value;
      continue;
    }
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of part.file) {
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      // The multipart plugin ends a file over the limit with an error of its own.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw tooLarge();
      }
      throw err;
    }
    if (part.file.truncated) {
      throw tooLarge();
    }
    if (!hasNoNul(part.filename)) {
      throw new AppError('VALIDATION_ERROR', { message: 'Invalid file name', fieldValidation: { file: 'invalid_value' } });
    }
    files.push({ name: cleanName(part.filename), bytes: Buffer.concat(chunks) });
  }
  const importType = fields.importType as ImportType;
  if (!(IMPORT_TYPES as readonly string[]).includes(importType)) {
    throw new AppError('VALIDATION_ERROR', {
      message: `importType is one of ${IMPORT_TYPES.join(', ')}.`,
      fieldValidation: { importType: fields.importType ? 'invalid_value' : 'field_is_required' },
    });
  }
  let locationId: number | null = null;
  if (fields.location_id !== undefined && fields.location_id !== '' && fields.location_id !== 'null') {
    locationId = Number(fields.location_id);
    if (!Number.isInteger(locationId) || locationId <= 0) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { location_id: 'invalid_value' } });
    }
  }
  if (files.length === 0) {
    throw new AppError('EMPTY_FILE', { message: 'No file in the form body.', fieldValidation: { file: 'field_is_required' } });
  }
  return uploadFiles(deps, actor, files, { importType, locationId, uploadType: 'local' });
}

interface Prepared {
  file: IncomingLeadFile;
  sha256: string;
  contentType: string;
  parsed: ParsedLeadFile | null;
}

/**
 * Lead files (CSV, XLSX) for the types perspective and leads, scans for ocr: each read and checked, then
 * stored with its batch (stage 'parsed' with headers, sample, row count and the proposed or remembered
 * mapping; an OCR scan stays 'uploaded' until its operation reads it).
 */
export async function uploadFiles(
  deps: Pick<ImportDeps, 'db' | 'files' | 'limits'>,
  actor: Actor,
  files: readonly IncomingLeadFile[],
  opts: { importType: ImportType; locationId: number | null; uploadType: UploadType },
): Promise<ImportBatchDto[]> {
  const prepared: Prepared[] = [];
  for (const file of files) {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    if (opts.importType === 'ocr') {
      if (file.bytes.length === 0) {
        throw new AppError('EMPTY_FILE', { message: 'The file is empty.', fieldValidation: { file: 'file_empty' } });
      }
      if (file.bytes.length > deps.limits.maxBytes) {
        throw new AppError('FILE_TOO_LARGE', { fieldValidation: { file: 'file_too_large' } });
      }
      const sniffed = await fileTypeFromBuffer(file.bytes);
      if (!sniffed || !SCAN_TYPES.includes(sniffed.mime)) {
        throw new AppError('UNSUPPORTED_FILE_TYPE', {
          message: `Expected a scan (PDF, PNG, JPEG, TIFF); got ${sniffed?.mime ?? 'an unknown type'}.`,
          fieldValidation: { file: 'file_type_unsupported' },
        });
      }
      prepared.push({ file, sha256, contentType: sniffed.mime, parsed: null });
    } else {
      const parsed = await readLeadFile(file.bytes, deps.limits);
      prepared.push({ file, sha256, contentType: parsed.contentType, parsed });
    }
  }
  const stored: { id: string }[] = [];
  for (const p of prepared) {
    stored.push(
      await storeGeneratedFile(deps.files, actor, { name: p.file.name, contentType: p.contentType, body: p.file.bytes, kind: 'document' }),
    );
  }
  let rows: repo.BatchRow[];
  try {
    // One transaction for all the files: a refused one (an unknown location) leaves no batch.
    rows = await deps.db.transaction(async (tx) => {
      const made: repo.BatchRow[] = [];
      for (const [i, p] of prepared.entries()) {
        const headers = p.parsed?.headers ?? [];
        const remembered = p.parsed ? await repo.rememberedMapping(tx, opts.importType, headerSignature(headers)) : undefined;
        const usable = remembered && Object.keys(remembered).every((k) => Number(k) < headers.length) ? remembered : undefined;
        made.push(
          await repo.insertBatch(tx, {
            importType: opts.importType,
            uploadType: opts.uploadType,
            fileName: p.file.name,
            fileSha256: p.sha256,
            fileId: stored[i]!.id,
            createdById: actor.userId,
            stage: p.parsed ? 'parsed' : 'uploaded',
            progress: p.parsed ? 100 : 0,
            headers,
            sample: p.parsed ? p.parsed.rows.slice(0, SAMPLE_ROWS) : [],
            rowCount: p.parsed?.rows.length ?? 0,
            mapping: usable ?? (p.parsed ? proposeMapping(headers, p.parsed.rows.slice(0, 50)) : {}),
            mappingRemembered: usable !== undefined,
            locationId: opts.locationId,
          }),
        );
      }
      return made;
    });
  } catch (err) {
    if (isUnknownLocation(err)) {
      throw new AppError('UNKNOWN_LOCATION_ID', { fieldValidation: { location_id: 'invalid_value' } });
    }
    throw err;
  }
  for (const [i, p] of prepared.entries()) {
    if (p.parsed) {
      keepParsed(stored[i]!.id, p.parsed);
    }
  }
  const out: ImportBatchDto[] = [];
  for (const row of rows) {
    out.push(toBatchDto(row, await repo.earlierUploadAt(deps.db, row)));
  }
  return out;
}
