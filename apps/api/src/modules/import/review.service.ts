import {
  headerSignature,
  importRowData,
  mappingProblems,
  normalisePhone,
  type ClientSummaryDto,
  type ImportBatchDto,
  type ImportRowDto,
  type PrepareImportDto,
  type PrepareImportQuery,
} from '@bo/domain';
import type { z } from 'zod';
import type { importMappingBody, updateImportRecordBody } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clientSummariesIn } from '../clients/index.ts';
import { databaseMatches, postcodeTable, rowErrors } from './check.service.ts';
import { toBatchDto, toRowDto } from './dto.ts';
import { takeParsed } from './parsed.ts';
import * as repo from './repo.ts';
import { isUnknownLocation, type ImportDeps } from './upload.service.ts';

/** The caller's batch (another's is as unknown as a missing one). */
async function ownBatch(tx: Tx, actor: Actor, id: number, opts: { lock?: boolean } = {}): Promise<repo.BatchRow> {
  const batch = await repo.findBatch(tx, id, opts);
  if (!batch || batch.createdById !== actor.userId) {
    throw new AppError('NOT_FOUND', { message: 'No such upload of yours.' });
  }
  return batch;
}

export async function batchOf(db: Db, actor: Actor, id: number): Promise<ImportBatchDto> {
  const batch = await ownBatch(db, actor, id);
  return toBatchDto(batch, await repo.earlierUploadAt(db, batch));
}

/**
 * POST /api/import/batches/{id}/mapping: the columns' mapping is remembered for the file's layout and
 * every row is checked in the background (stage 'checking' with progress, then 'ready').
 */
export async function applyBatchMapping(
  deps: ImportDeps,
  actor: Actor,
  id: number,
  body: z.infer<typeof importMappingBody>,
): Promise<ImportBatchDto> {
  const batch = await deps.db.transaction(async (tx) => {
    const found = await ownBatch(tx, actor, id, { lock: true });
    if (found.importType === 'ocr' || !['parsed', 'ready', 'failed'].includes(found.stage) || (await repo.batchHasDoneRows(tx, id))) {
      throw new AppError('IMPORT_BATCH_NOT_READY', { message: `The upload is ${found.stage}; it cannot be mapped now.` });
    }
    if (mappingProblems(body.mapping, found.headers.length).length > 0) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'A column or field of the mapping is wrong.',
        fieldValidation: { mapping: 'invalid_value' },
      });
    }
    const fields = Object.values(body.mapping);
    if (!fields.includes('name') && !fields.includes('surname')) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'Map a column to the name or the surname.',
        fieldValidation: { mapping: 'name_missing' },
      });
    }
    await repo.saveMapping(tx, found.importType, headerSignature(found.headers), body.mapping);
    try {
      return (await repo.updateBatch(tx, id, {
        mapping: body.mapping,
        mappingRemembered: true,
        locationId: body.location_id ?? found.locationId,
        stage: 'checking',
        progress: 0,
        error: null,
      }))!;
    } catch (err) {
      if (isUnknownLocation(err)) {
        throw new AppError('UNKNOWN_LOCATION_ID', { fieldValidation: { location_id: 'invalid_value' } });
      }
      throw err;
    }
  });
  deps.scheduleCheck(id);
  return toBatchDto(batch, await repo.earlierUploadAt(deps.db, batch));
}

/** DELETE /api/import/batches/{id}: a batch none of whose rows was launched, with its pending rows. */
export async function discardBatch(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  const fileId = await db.transaction(async (tx) => {
    const batch = await ownBatch(tx, actor, id, { lock: true });
    if (batch.stage === 'launched' || (await repo.batchHasDoneRows(tx, id))) {
      throw new AppError('IMPORT_BATCH_NOT_READY', { message: 'Rows of this upload were imported already.' });
    }
    await repo.deleteBatch(tx, id);
    return batch.fileId;
  });
  // The cells its upload kept for the check are not needed any more.
  if (fileId) {
    takeParsed(fileId);
  }
  return { id };
}

const addressKey = (address: string | null, zipcode: string | null) =>
  address && zipcode ? `${address.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}|${zipcode.trim()}` : null;

type Group = PrepareImportDto['duplicatesInDB']['email'][number];

/** The page's matches in the database, grouped by what the row and the client share (spec 3 duplicatesInDB). */
function groupDuplicates(rows: ImportRowDto[]): PrepareImportDto['duplicatesInDB'] {
  const groups = {
    email: new Map<string, Group>(),
    phone: new Map<string, Group>(),
    mobile_phone: new Map<string, Group>(),
    address: new Map<string, Group>(),
  };
  const add = (kind: keyof typeof groups, key: string, value: string, rowId: number, client: ClientSummaryDto) => {
    const group = groups[kind].get(key) ?? { value, row_ids: [], clients: [] };
    if (!group.row_ids.includes(rowId)) {
      group.row_ids.push(rowId);
    }
    if (!group.clients.some((c) => c.id === client.id)) {
      group.clients.push(client);
    }
    groups[kind].set(key, group);
  };
  for (const row of rows) {
    const d = row.data;
    for (const { client } of row.matches) {
      if (d.email && client.email && d.email.toLowerCase() === client.email.toLowerCase()) {
        add('email', d.email.toLowerCase(), d.email, row.id, client);
      }
      const clientPhones = [client.phone, client.mobile_phone].map((p) => normalisePhone(p)).filter(Boolean);
      for (const field of ['phone', 'mobile_phone'] as const) {
        const n = normalisePhone(d[field]);
        if (n && clientPhones.includes(n)) {
          add(field, n, d[field]!, row.id, client);
        }
      }
      const key = addressKey(d.address, d.zipcode);
      if (key && key === addressKey(client.address, client.zipcode)) {
        add('address', key, `${d.address}, ${d.zipcode}${d.city ? ` ${d.city}` : ''}`, row.id, client);
      }
    }
  }
  return {
    email: [...groups.email.values()],
    phone: [...groups.phone.values()],
    mobile_phone: [...groups.mobile_phone.values()],
    address: [...groups.address.values()],
  };
}

/** GET /api/import/prepare-import: a page of the caller's pending rows of the type, with counts and the page's matches grouped. */
export async function prepareImport(db: Db, actor: Actor, q: PrepareImportQuery): Promise<PrepareImportDto> {
  const scope = { createdById: actor.userId, importType: q.importType, batchId: q.batch_id };
  const { rows, total } = await repo.reviewPage(db, scope, q);
  const counts = await repo.reviewCounts(db, scope);
  const clients = await clientSummariesIn(
    db,
    rows.flatMap((r) => r.row.matches.map((m) => m.client_id)),
  );
  const data = rows.map((r) => toRowDto(r, clients));
  return { data, duplicatesInDB: groupDuplicates(data), offset: q.offset, limit: q.limit, total, counts };
}

/**
 * POST /api/import/update-record: corrected values are checked again (the row rules, the OCR's doubts
 * about fields not corrected, the clients it may be); the review mark and the decision are set.
 */
export async function updateRecord(db: Db, actor: Actor, body: z.infer<typeof updateImportRecordBody>): Promise<ImportRowDto> {
  const id = await db.transaction(async (tx) => {
    const found = await repo.findRow(tx, body.id, { lock: true });
    if (!found || found.row.createdById !== actor.userId) {
      throw new AppError('NOT_FOUND', { message: 'No such import row of yours.' });
    }
    if (found.row.state !== 'pending' || found.stage !== 'ready') {
      throw new AppError('IMPORT_BATCH_NOT_READY', { message: 'This row was imported already or is being checked.' });
    }
    const values: Partial<repo.ImportRowInsert> = {};
    // Saving a row as reviewed confirms what an uncertain OCR reading showed; the row's rules still apply.
    const confirming = body.reviewed === true;
    if ((body.data && Object.keys(body.data).length > 0) || confirming) {
      const sent = Object.fromEntries(Object.entries(body.data ?? {}).map(([k, v]) => [k, v === '' ? null : v]));
      const data = importRowData.parse({ ...found.row.data, ...sent });
      const kept = Object.fromEntries(
        Object.entries(found.row.errors).filter(([field, key]) => !(field in sent) && !(confirming && key === 'ocr_uncertain')),
      );
      const errors = rowErrors(data, postcodeTable(), kept);
      const [matches] = await databaseMatches(tx, [data]);
      values.data = data;
      values.errors = errors;
      values.hasErrors = Object.keys(errors).length > 0;
      values.matches = matches ?? [];
      values.duplicationStatus = (matches ?? []).length > 0 || found.row.fileDuplicateOf.length > 0 ? 'duplicates' : 'without_duplicates';
    }
    if (body.reviewed !== undefined) {
      values.reviewStatus = body.reviewed ? 'reviewed' : 'not_reviewed';
    }
    if (body.decision !== undefined) {
      values.decision = body.decision;
    }
    if (body.merge_into_id !== undefined) {
      if (body.merge_into_id !== null && !(await clientSummariesIn(tx, [body.merge_into_id])).has(body.merge_into_id)) {
        throw new AppError('UNKNOWN_USER_ID', { fieldValidation: { merge_into_id: 'invalid_value' } });
      }
      values.mergeIntoId = body.merge_into_id;
    }
    if (Object.keys(values).length > 0) {
      await repo.updateRow(tx, body.id, values);
      const was = found.row;
      await repo.moveInCounts(tx, was.batchId, was, {
        reviewStatus: values.reviewStatus ?? was.reviewStatus,
        duplicationStatus: values.duplicationStatus ?? was.duplicationStatus,
        hasErrors: values.hasErrors ?? was.hasErrors,
      });
    }
    return body.id;
  });
  const row = (await repo.findRow(db, id))!;
  const clients = await clientSummariesIn(
    db,
    row.row.matches.map((m) => m.client_id),
  );
  return toRowDto(row, clients);
}
