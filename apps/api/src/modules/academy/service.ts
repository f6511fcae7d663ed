import {
  ACADEMY_FILE_KIND,
  moveTo,
  type AcademyCategoryBody,
  type AcademyCategoryDto,
  type AcademyItemBody,
  type AcademyItemDto,
  type AcademyKind,
  type AcademyListDto,
  type AcademyQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import { forgetUnusedFiles, receiveUpload, removeStored, type FilesDeps, type IncomingFile } from '../files/index.ts';
import { toAcademyCategoryDto, toAcademyGroups, toAcademyItemDto } from './dto.ts';
import { mayManageAcademy } from './policy.ts';
import * as repo from './repo.ts';

export interface AcademyDeps extends FilesDeps {
  /** Told about stored bytes that could not be removed after their records were deleted. */
  onOrphanedFiles?: (keys: string[]) => void;
}

const unknownCategory = (id: number) =>
  new AppError('UNKNOWN_ACADEMY_CATEGORY_ID', { message: `No academy category ${id}.`, fieldValidation: { category_id: 'invalid_value' } });
const unknownItem = (id: number) => new AppError('UNKNOWN_ACADEMY_ITEM_ID', { message: `No academy item ${id}.` });

/** Removes the bytes of files whose records a committed transaction deleted. */
async function removeBytes(deps: AcademyDeps, keys: string[]): Promise<void> {
  const failed = await removeStored(deps.storage, keys);
  if (failed.length > 0) {
    deps.onOrphanedFiles?.(failed);
  }
}

/** GET /api/slides/ (videos, audios, docs): the categories of a kind in order, each with its items. */
export async function academyList(db: Db, actor: Actor, kind: AcademyKind, query: AcademyQuery): Promise<AcademyListDto> {
  const { categories, items } = await db.transaction(
    async (tx) => {
      const found = await repo.listCategories(tx, kind, query.category);
      return { categories: found, items: found.length > 0 ? await repo.listItems(tx, kind, query.category) : [] };
    },
    // One snapshot, so an item added meanwhile cannot appear without its category.
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  if (query.category !== undefined && categories.length === 0) {
    throw new AppError('UNKNOWN_ACADEMY_CATEGORY_ID', { message: `No ${kind} category ${query.category}.` });
  }
  return { data: toAcademyGroups(categories, items), can_manage: mayManageAcademy(actor) };
}

// Categories

export async function createCategory(
  db: Db,
  actor: Actor,
  kind: AcademyKind,
  body: AcademyCategoryBody,
  meta: RequestMeta,
): Promise<AcademyCategoryDto> {
  return db.transaction(async (tx) => {
    await repo.lockKind(tx, kind);
    const row = await repo.insertCategory(tx, { kind, name: body.name, position: await repo.countCategories(tx, kind) });
    await audit(tx, {
      actorId: actor.userId,
      action: 'academy.category_created',
      ip: meta.ip,
      details: { id: row.id, kind, name: row.name },
    });
    return toAcademyCategoryDto(row, 0);
  });
}

/** The category, read again under its kind's lock (it may have gone while the lock was awaited). */
async function lockedCategory(tx: Tx, id: number): Promise<repo.CategoryWithCount> {
  const first = await repo.findCategory(tx, id);
  if (!first) {
    throw unknownCategory(id);
  }
  await repo.lockKind(tx, first.category.kind);
  const found = await repo.findCategory(tx, id);
  if (!found) {
    throw unknownCategory(id);
  }
  return found;
}

export async function renameCategory(
  db: Db,
  actor: Actor,
  id: number,
  body: AcademyCategoryBody,
  meta: RequestMeta,
): Promise<AcademyCategoryDto> {
  return db.transaction(async (tx) => {
    const found = await lockedCategory(tx, id);
    const row = (await repo.renameCategory(tx, id, body.name))!;
    await audit(tx, {
      actorId: actor.userId,
      action: 'academy.category_renamed',
      ip: meta.ip,
      details: { id, kind: row.kind, from: found.category.name, to: row.name },
    });
    return toAcademyCategoryDto(row, found.items);
  });
}

/** Moves a category within its kind; answers all categories of the kind in their new order. */
export async function moveCategory(db: Db, id: number, position: number): Promise<AcademyCategoryDto[]> {
  return db.transaction(async (tx) => {
    const { category } = await lockedCategory(tx, id);
    await repo.setCategoryPositions(tx, moveTo(await repo.categoryOrder(tx, category.kind), id, position));
    const rows = await repo.listCategories(tx, category.kind);
    return rows.map((r) => toAcademyCategoryDto(r.category, r.items));
  });
}

/**
 * Deletes a category together with its items and their files (the page asks first, naming how many
 * items go). The records go in one transaction; the stored bytes only after it committed.
 */
export async function deleteCategory(
  deps: AcademyDeps,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ id: number; items_deleted: number }> {
  const { keys, itemsDeleted } = await deps.db.transaction(async (tx) => {
    const found = await lockedCategory(tx, id);
    const fileIds = await repo.deleteCategory(tx, id);
    const forgotten = await forgetUnusedFiles(tx, fileIds);
    await repo.setCategoryPositions(tx, await repo.categoryOrder(tx, found.category.kind));
    await audit(tx, {
      actorId: actor.userId,
      action: 'academy.category_deleted',
      ip: meta.ip,
      details: { id, kind: found.category.kind, name: found.category.name, items_deleted: fileIds.length },
    });
    return { keys: forgotten, itemsDeleted: fileIds.length };
  });
  await removeBytes(deps, keys);
  return { id, items_deleted: itemsDeleted };
}

// Items

/** A category of the kind, or the error that names the field. */
async function categoryOfKind(tx: Tx, id: number, kind: AcademyKind): Promise<repo.CategoryWithCount> {
  const found = await repo.findCategory(tx, id);
  if (!found || found.category.kind !== kind) {
    throw unknownCategory(id);
  }
  return found;
}

/**
 * Adds an item with its uploaded file at the end of its category. The category is checked before the
 * file is stored; if it vanished meanwhile, the stored file is removed again.
 */
export async function createItem(
  deps: AcademyDeps,
  actor: Actor,
  kind: AcademyKind,
  body: AcademyItemBody,
  incoming: IncomingFile,
  meta: RequestMeta,
): Promise<AcademyItemDto> {
  await categoryOfKind(deps.db, body.category_id, kind);
  const file = await receiveUpload(deps, actor, incoming, ACADEMY_FILE_KIND[kind]);
  try {
    return await deps.db.transaction(async (tx) => {
      await repo.lockKind(tx, kind);
      await categoryOfKind(tx, body.category_id, kind);
      const row = await repo.insertItem(tx, {
        kind,
        categoryId: body.category_id,
        title: body.title,
        description: body.description,
        fileId: file.id,
        position: await repo.countItems(tx, body.category_id),
      });
      await audit(tx, {
        actorId: actor.userId,
        action: 'academy.item_created',
        ip: meta.ip,
        details: { id: row.id, kind, category_id: row.categoryId, title: row.title, file_id: file.id },
      });
      return toAcademyItemDto((await repo.findItem(tx, row.id))!);
    });
  } catch (err) {
    // The refusal is what the admin needs to hear; a failed clean-up only leaves an unlinked file.
    await deps.db
      .transaction((tx) => forgetUnusedFiles(tx, [file.id]))
      .then((keys) => removeBytes(deps, keys))
      .catch(() => undefined);
    throw err;
  }
}

/** The item, read under its kind's lock. */
async function lockedItem(tx: Tx, id: number): Promise<repo.ItemWithFile> {
  const kind = await repo.kindOfItem(tx, id);
  if (!kind) {
    throw unknownItem(id);
  }
  await repo.lockKind(tx, kind);
  const found = await repo.findItem(tx, id);
  if (!found) {
    throw unknownItem(id);
  }
  return found;
}

/** Changes title, description or category; an item moved to another category goes to its end. */
export async function updateItem(db: Db, actor: Actor, id: number, body: AcademyItemBody, meta: RequestMeta): Promise<AcademyItemDto> {
  return db.transaction(async (tx) => {
    const { item: before } = await lockedItem(tx, id);
    const moved = body.category_id !== before.categoryId;
    if (moved) {
      await categoryOfKind(tx, body.category_id, before.kind);
    }
    await repo.updateItem(tx, id, {
      title: body.title,
      description: body.description,
      categoryId: body.category_id,
      ...(moved ? { position: await repo.countItems(tx, body.category_id) } : {}),
    });
    if (moved) {
      await repo.setItemPositions(tx, await repo.itemOrder(tx, before.categoryId));
    }
    const after = (await repo.findItem(tx, id))!;
    const changes: Record<string, { from: string | number; to: string | number }> = {};
    for (const [key, from, to] of [
      ['title', before.title, after.item.title],
      ['description', before.description, after.item.description],
      ['category_id', before.categoryId, after.item.categoryId],
    ] as const) {
      if (from !== to) {
        changes[key] = { from, to };
      }
    }
    await audit(tx, { actorId: actor.userId, action: 'academy.item_updated', ip: meta.ip, details: { id, kind: before.kind, changes } });
    return toAcademyItemDto(after);
  });
}

/** Moves an item within its category; answers the category's items in their new order. */
export async function moveItem(db: Db, id: number, position: number): Promise<AcademyItemDto[]> {
  return db.transaction(async (tx) => {
    const { item } = await lockedItem(tx, id);
    await repo.setItemPositions(tx, moveTo(await repo.itemOrder(tx, item.categoryId), id, position));
    return (await repo.listItems(tx, item.kind, item.categoryId)).map(toAcademyItemDto);
  });
}

/** Deletes an item and its file: the records in one transaction, the stored bytes after it committed. */
export async function deleteItem(deps: AcademyDeps, actor: Actor, id: number, meta: RequestMeta): Promise<{ id: number }> {
  const keys = await deps.db.transaction(async (tx) => {
    const { item } = await lockedItem(tx, id);
    await repo.deleteItem(tx, id);
    const forgotten = await forgetUnusedFiles(tx, [item.fileId]);
    await repo.setItemPositions(tx, await repo.itemOrder(tx, item.categoryId));
    await audit(tx, {
      actorId: actor.userId,
      action: 'academy.item_deleted',
      ip: meta.ip,
      details: { id, kind: item.kind, category_id: item.categoryId, title: item.title, file_id: item.fileId },
    });
    return forgotten;
  });
  await removeBytes(deps, keys);
  return { id };
}
