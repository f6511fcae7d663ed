import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUpload, hasNoNul, type FileDto, type FileKind, UPLOAD_RULES } from '@bo/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { FileStorage } from '../../integrations/storage/index.ts';
import type { Actor } from '../../core/actor.ts';
import { toFileDto } from './dto.ts';
import { mayReadFile } from './policy.ts';
import { deleteFiles, fileUsage, findFile, insertFile, type FileRow } from './repo.ts';

export interface FilesDeps {
  db: Db;
  storage: FileStorage;
}

export interface IncomingFile {
  filename: string;
  file: Readable & { truncated?: boolean };
}

/** The multipart size limit for a kind: one byte more than allowed, so an oversized file is noticed. */
export function uploadLimit(kind: FileKind): number {
  return UPLOAD_RULES[kind].maxBytes + 1;
}

/**
 * The one file of a multipart body, with the size limit of the kind the endpoint takes. Its name and
 * the form's fields are text like any other: a NUL in them is refused (the JSON bodies are looked at
 * by the text guard, which cannot see into a multipart stream).
 */
export async function oneFile(request: FastifyRequest, kind: FileKind) {
  const file = await request.file({ limits: { fileSize: uploadLimit(kind), files: 1 } });
  if (file) {
    const fields = Object.entries(file.fields).flatMap(([name, part]) =>
      [part].flat().flatMap((p) => (p && p.type === 'field' && typeof p.value === 'string' ? [[name, p.value] as const] : [])),
    );
    const bad = [[file.fieldname, file.filename] as const, ...fields].find(([, value]) => !hasNoNul(value));
    if (bad) {
      file.file.resume();
      throw new AppError('VALIDATION_ERROR', { message: 'Invalid body', fieldValidation: { [bad[0]]: 'invalid_value' } });
    }
  }
  return file;
}

/**
 * Receives one uploaded file: streamed to a temporary file, its type sniffed from the bytes, checked
 * against the kind's rules, then stored under a random key and recorded. A refused file leaves nothing.
 */
export async function receiveUpload(deps: FilesDeps, actor: Actor, incoming: IncomingFile | undefined, kind: FileKind): Promise<FileDto> {
  if (!incoming) {
    throw new AppError('EMPTY_FILE', {
      message: 'No file in the form body (field "file").',
      fieldValidation: { file: 'field_is_required' },
    });
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-upload-'));
  const tempPath = path.join(dir, 'upload');
  try {
    await pipeline(incoming.file, createWriteStream(tempPath));
    const { size } = await fs.stat(tempPath);
    const sniffed = size > 0 ? await fileTypeFromFile(tempPath) : undefined;
    const verdict = incoming.file.truncated ? ({ ok: false, reason: 'too_large' } as const) : checkUpload(kind, sniffed?.mime, size);
    if (!verdict.ok) {
      const max = Math.round(UPLOAD_RULES[kind].maxBytes / 1024 / 1024);
      switch (verdict.reason) {
        case 'too_large':
          throw new AppError('FILE_TOO_LARGE', { message: `At most ${max} MB for a ${kind}.`, fieldValidation: { file: 'too_long' } });
        case 'empty':
          throw new AppError('EMPTY_FILE', { fieldValidation: { file: 'field_is_required' } });
        case 'wrong_type':
          throw new AppError('UNSUPPORTED_FILE_TYPE', {
            message: `Expected ${UPLOAD_RULES[kind].types.join(', ')}; got ${sniffed?.mime ?? 'an unknown type'}.`,
            fieldValidation: { file: 'invalid_value' },
          });
      }
    }
    const contentType = sniffed!.mime;
    const key = randomBytes(24).toString('base64url');
    await deps.storage.putFile(key, tempPath, contentType, size);
    try {
      const row = await insertFile(deps.db, {
        kind,
        contentType,
        sizeBytes: size,
        originalName: path.basename(incoming.filename || 'upload').slice(0, 200),
        storageKey: key,
        createdById: actor.userId,
      });
      return toFileDto(row);
    } catch (err) {
      await deps.storage.remove(key).catch(() => undefined);
      throw err;
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Stores a file the server made (an export): the same random key and record as an upload, owned by the
 * actor, so only they (and admins) may download it.
 */
export async function storeGeneratedFile(
  deps: FilesDeps,
  actor: Actor,
  file: { name: string; contentType: string; body: Buffer; kind: FileKind },
): Promise<FileDto> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-generated-'));
  const tempPath = path.join(dir, 'file');
  const key = randomBytes(24).toString('base64url');
  try {
    await fs.writeFile(tempPath, file.body);
    await deps.storage.putFile(key, tempPath, file.contentType, file.body.length);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  try {
    const row = await insertFile(deps.db, {
      kind: file.kind,
      contentType: file.contentType,
      sizeBytes: file.body.length,
      originalName: file.name.slice(0, 200),
      storageKey: key,
      createdById: actor.userId,
    });
    return toFileDto(row);
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
}

/** A file's record, if the actor may see it; otherwise "not found", so its existence does not leak. */
export async function visibleFile(deps: FilesDeps, actor: Actor, id: string): Promise<FileRow> {
  const row = await findFile(deps.db, id);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  const usage = await fileUsage(deps.db, id);
  if (!mayReadFile(actor, row, usage)) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

/**
 * Forgets the files that nothing uses any more, inside the caller's transaction, and answers their
 * storage keys. The caller removes the bytes (`removeStored`) only after that transaction committed: a
 * failed change then loses nothing, and a failed removal only leaves bytes that nothing refers to.
 */
export async function forgetUnusedFiles(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const id of new Set(ids)) {
    const usage = await fileUsage(tx, id);
    if (!usage.product && !usage.academy && !usage.setting) {
      unused.push(id);
    }
  }
  return (await deleteFiles(tx, unused)).map((row) => row.storageKey);
}

/** Removes the bytes of forgotten files; answers the keys that could not be removed (left behind, harmless). */
export async function removeStored(storage: FileStorage, keys: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const key of keys) {
    await storage.remove(key).catch(() => failed.push(key));
  }
  return failed;
}

/** The bytes of a stored file by its id (a logo for a PDF), or null when there is none. */
export async function storedBytes(deps: FilesDeps, id: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const row = await findFile(deps.db, id);
  if (!row) {
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.storage.read(row.storageKey)) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  }
  return { bytes: Buffer.concat(chunks), contentType: row.contentType };
}
