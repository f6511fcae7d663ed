import { productOrderMethod, type CategoryBody, type ProductBody, type ProductsQuery } from '@bo/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { files, productCategories, products } from '../../db/schema/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type CategoryRow = typeof productCategories.$inferSelect;
export type MediaRow = typeof files.$inferSelect;

/** A product with what its DTO shows: the category's name and the facts of its two media files. */
export interface ProductWithRefs {
  product: ProductRow;
  category: { id: number; name: string } | null;
  image: MediaRow | null;
  video: MediaRow | null;
}

const image = alias(files, 'image');
const video = alias(files, 'video');

// The media are read with the product (one query for a page) rather than one files lookup per row.
function selectWithRefs(tx: Tx) {
  return tx
    .select({
      product: products,
      category: { id: productCategories.id, name: productCategories.name },
      image,
      video,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(image, eq(image.id, products.imageFileId))
    .leftJoin(video, eq(video.id, products.videoFileId));
}

function listWhere(query: ProductsQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    query.type ? eq(products.type, query.type) : undefined,
    query.status ? eq(products.status, query.status) : undefined,
    query.category === 'none' ? isNull(products.categoryId) : query.category ? eq(products.categoryId, query.category) : undefined,
  ];
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(products.code, pattern), ilike(products.name, pattern)));
  }
  return and(...filters);
}

/**
 * The sort keys of the whitelist, each with the index that serves it: updated_at with id follows
 * products_updated_idx, lower(code) is products_code_unique (unique, so it needs no tie-breaker). Name
 * and price have no index: the catalogue is a few hundred rows, sorted in memory in well under a
 * millisecond. The id breaks ties so that paging never shows a row twice.
 */
function listOrder(query: ProductsQuery): SQL[] {
  const direction = productOrderMethod(query) === 'asc' ? asc : desc;
  switch (query.orderBy) {
    case 'updated_at':
      return [direction(products.updatedAt), direction(products.id)];
    case 'code':
      return [direction(sql`lower(${products.code})`)];
    case 'name':
      return [direction(sql`lower(${products.name})`), direction(products.id)];
    case 'default_price':
      return [direction(products.defaultPrice), direction(products.id)];
  }
}

/** The page query itself; exported so a test can EXPLAIN exactly what the list runs. */
export function productsPageQuery(tx: Tx, query: ProductsQuery) {
  return selectWithRefs(tx)
    .where(listWhere(query))
    .orderBy(...listOrder(query))
    .limit(query.limit)
    .offset(query.offset);
}

export async function listProducts(tx: Tx, query: ProductsQuery): Promise<{ rows: ProductWithRefs[]; total: number }> {
  const [rows, totals] = await Promise.all([
    productsPageQuery(tx, query),
    tx.select({ total: count() }).from(products).where(listWhere(query)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findProduct(tx: Tx, id: number): Promise<ProductWithRefs | undefined> {
  const [row] = await selectWithRefs(tx).where(eq(products.id, id)).limit(1);
  return row;
}

/** Locks the product row until the transaction ends (an update or delete runs on what was read). */
export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row;
}

/**
 * Whether the category exists; the KEY SHARE lock keeps it from being deleted before the product
 * that points to it is written.
 */
export async function holdCategory(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: productCategories.id }).from(productCategories).where(eq(productCategories.id, id)).for('key share');
  return rows.length > 0;
}

/** The kinds of the given files (those that exist), held like `holdCategory`. */
export async function holdFiles(tx: Tx, ids: string[]): Promise<Map<string, MediaRow['kind']>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await tx.select({ id: files.id, kind: files.kind }).from(files).where(inArray(files.id, ids)).for('key share');
  return new Map(rows.map((r) => [r.id, r.kind]));
}

function columns(body: ProductBody) {
  return {
    code: body.code,
    name: body.name,
    type: body.type,
    defaultPrice: body.default_price,
    status: body.status,
    categoryId: body.category_id,
    imageFileId: body.image_file_id,
    videoFileId: body.video_file_id,
  };
}

export async function insertProduct(tx: Tx, body: ProductBody): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(columns(body)).returning();
  return row!;
}

export async function updateProduct(tx: Tx, id: number, body: ProductBody): Promise<ProductRow | undefined> {
  const [row] = await tx
    .update(products)
    .set({ ...columns(body), updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row;
}

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && 'severity' in e) {
      return code;
    }
  }
  return undefined;
}

/** A referencing row blocks a delete: 23503 for ON DELETE NO ACTION, 23001 for ON DELETE RESTRICT. */
const FOREIGN_KEY_VIOLATION = '23503';
const RESTRICT_VIOLATION = '23001';

/**
 * Deletes a product, or answers 'in_use' when a row elsewhere still points to it (order lines, with
 * ON DELETE RESTRICT): PostgreSQL's foreign keys decide, so no list of referencing tables can go
 * stale. The failed statement aborts the transaction; the caller only reports.
 */
export async function deleteProduct(tx: Tx, id: number): Promise<'deleted' | 'in_use' | 'missing'> {
  try {
    const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    return deleted.length > 0 ? 'deleted' : 'missing';
  } catch (err) {
    const code = pgCode(err);
    if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION) {
      return 'in_use';
    }
    throw err;
  }
}

// Categories

// Written out: inside a select's own columns Drizzle leaves column names unqualified, and a bare "id"
// in the subquery would be the product's.
const productsOf = sql<number>`(SELECT count(*)::int FROM "products" AS "p" WHERE "p"."category_id" = "product_categories"."id")`;

export interface CategoryWithCount {
  category: CategoryRow;
  products: number;
}

/** Every category by name; a handful of rows, so no paging. */
export async function listCategories(tx: Tx): Promise<CategoryWithCount[]> {
  return tx
    .select({ category: productCategories, products: productsOf })
    .from(productCategories)
    .orderBy(asc(sql`lower(${productCategories.name})`), asc(productCategories.id));
}

export async function findCategory(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<CategoryWithCount | undefined> {
  const base = tx.select({ category: productCategories, products: productsOf }).from(productCategories).where(eq(productCategories.id, id));
  const [row] = opts.lock ? await base.for('update', { of: productCategories }) : await base;
  return row;
}

export async function insertCategory(tx: Tx, body: CategoryBody): Promise<CategoryRow> {
  const [row] = await tx.insert(productCategories).values({ name: body.name }).returning();
  return row!;
}

export async function renameCategory(tx: Tx, id: number, body: CategoryBody): Promise<CategoryRow | undefined> {
  const [row] = await tx.update(productCategories).set({ name: body.name }).where(eq(productCategories.id, id)).returning();
  return row;
}

/** Its products keep existing without a category (the foreign key is ON DELETE SET NULL). */
export async function deleteCategory(tx: Tx, id: number): Promise<boolean> {
  const deleted = await tx.delete(productCategories).where(eq(productCategories.id, id)).returning({ id: productCategories.id });
  return deleted.length > 0;
}
