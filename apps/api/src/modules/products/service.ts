import {
  type CategoryBody,
  type CategoryDto,
  type ProductBody,
  type ProductDto,
  type ProductListDto,
  type ProductsQuery,
  type ValidationKey,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { audit } from '../audit/index.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { toCategoryDto, toProductDto } from './dto.ts';
import * as repo from './repo.ts';

export interface ProductsDeps {
  db: Db;
}

export async function productsPage(deps: ProductsDeps, actor: Actor, query: ProductsQuery): Promise<ProductListDto> {
  const { rows, total } = await repo.listProducts(deps.db, query);
  return { data: rows.map((r) => toProductDto(r, actor)), total, limit: query.limit, offset: query.offset };
}

export async function productById(deps: ProductsDeps, actor: Actor, id: number): Promise<ProductDto> {
  const row = await repo.findProduct(deps.db, id);
  if (!row) {
    throw new AppError('NOT_FOUND', { message: `No product ${id}.` });
  }
  return toProductDto(row, actor);
}

/**
 * The category and the media must exist, and each file must be of its kind (an image as the
 * picture, a video as the video). All problems at once, next to their fields.
 */
async function checkReferences(tx: Tx, body: ProductBody): Promise<void> {
  const problems: Record<string, ValidationKey> = {};
  if (body.category_id !== null && !(await repo.holdCategory(tx, body.category_id))) {
    problems.category_id = 'invalid_value';
  }
  const media = [body.image_file_id, body.video_file_id].filter((id): id is string => id !== null);
  const kinds = await repo.holdFiles(tx, media);
  if (body.image_file_id !== null && kinds.get(body.image_file_id) !== 'image') {
    problems.image_file_id = 'invalid_value';
  }
  if (body.video_file_id !== null && kinds.get(body.video_file_id) !== 'video') {
    problems.video_file_id = 'invalid_value';
  }
  if (Object.keys(problems).length > 0) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'The category, the image or the video does not exist or is of the wrong kind.',
      fieldValidation: problems,
    });
  }
}

const AUDITED = ['code', 'name', 'type', 'defaultPrice', 'status', 'categoryId', 'imageFileId', 'videoFileId'] as const;

function changes(before: repo.ProductRow, after: repo.ProductRow): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of AUDITED) {
    if (before[key] !== after[key]) {
      out[key] = { from: before[key], to: after[key] };
    }
  }
  return out;
}

/** A code already used (in any case) answers 409 PRODUCT_CODE_TAKEN through the unique index. */
export async function createProduct(deps: ProductsDeps, actor: Actor, body: ProductBody, meta: RequestMeta): Promise<ProductDto> {
  return deps.db.transaction(async (tx) => {
    await checkReferences(tx, body);
    const row = await repo.insertProduct(tx, body);
    await audit(tx, { actorId: actor.userId, action: 'product.created', ip: meta.ip, details: { id: row.id, code: row.code } });
    return toProductDto((await repo.findProduct(tx, row.id))!, actor);
  });
}

export async function updateProduct(
  deps: ProductsDeps,
  actor: Actor,
  id: number,
  body: ProductBody,
  meta: RequestMeta,
): Promise<ProductDto> {
  return deps.db.transaction(async (tx) => {
    const before = await repo.lockProduct(tx, id);
    if (!before) {
      throw new AppError('NOT_FOUND', { message: `No product ${id}.` });
    }
    await checkReferences(tx, body);
    const after = (await repo.updateProduct(tx, id, body))!;
    await audit(tx, { actorId: actor.userId, action: 'product.updated', ip: meta.ip, details: { id, changes: changes(before, after) } });
    return toProductDto((await repo.findProduct(tx, id))!, actor);
  });
}

/**
 * A product that an order line points to stays (the orders' foreign key is ON DELETE RESTRICT): the
 * admin archives it instead. Its image and video files are kept: they may be shown elsewhere, and
 * bytes in the storage cannot be removed in the same transaction as the row (see the files module).
 */
export async function deleteProduct(deps: ProductsDeps, actor: Actor, id: number, meta: RequestMeta): Promise<{ id: number }> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.lockProduct(tx, id);
    if (!found) {
      throw new AppError('NOT_FOUND', { message: `No product ${id}.` });
    }
    const outcome = await repo.deleteProduct(tx, id);
    if (outcome === 'in_use') {
      throw new AppError('PRODUCT_IN_USE', {
        message: `${found.code} (${found.name}) is used in orders and cannot be deleted; archive it instead.`,
      });
    }
    if (outcome === 'missing') {
      throw new AppError('NOT_FOUND', { message: `No product ${id}.` });
    }
    await audit(tx, { actorId: actor.userId, action: 'product.deleted', ip: meta.ip, details: { id, code: found.code, name: found.name } });
    return { id };
  });
}

// Categories

export async function categoriesList(deps: ProductsDeps, actor: Actor): Promise<CategoryDto[]> {
  return (await repo.listCategories(deps.db)).map((r) => toCategoryDto(r, actor));
}

/** A name already used (in any case) answers 409 CATEGORY_NAME_TAKEN through the unique index. */
export async function createCategory(deps: ProductsDeps, actor: Actor, body: CategoryBody, meta: RequestMeta): Promise<CategoryDto> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertCategory(tx, body);
    await audit(tx, { actorId: actor.userId, action: 'category.created', ip: meta.ip, details: { id: row.id, name: row.name } });
    return toCategoryDto({ category: row, products: 0 }, actor);
  });
}

export async function renameCategory(
  deps: ProductsDeps,
  actor: Actor,
  id: number,
  body: CategoryBody,
  meta: RequestMeta,
): Promise<CategoryDto> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.findCategory(tx, id, { lock: true });
    if (!found) {
      throw new AppError('NOT_FOUND', { message: `No category ${id}.` });
    }
    const row = (await repo.renameCategory(tx, id, body))!;
    await audit(tx, {
      actorId: actor.userId,
      action: 'category.updated',
      ip: meta.ip,
      details: { id, from: found.category.name, to: row.name },
    });
    return toCategoryDto({ category: row, products: found.products }, actor);
  });
}

/**
 * A category is a label, not a record others depend on: deleting one in use keeps its products, which
 * are then without a category (the web app says how many before asking). The row lock keeps a product
 * from being put into it between the count and the delete.
 */
export async function deleteCategory(
  deps: ProductsDeps,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ id: number; uncategorised_products: number }> {
  return deps.db.transaction(async (tx) => {
    const found = await repo.findCategory(tx, id, { lock: true });
    if (!found) {
      throw new AppError('NOT_FOUND', { message: `No category ${id}.` });
    }
    await repo.deleteCategory(tx, id);
    await audit(tx, {
      actorId: actor.userId,
      action: 'category.deleted',
      ip: meta.ip,
      details: { id, name: found.category.name, uncategorised_products: found.products },
    });
    return { id, uncategorised_products: found.products };
  });
}
