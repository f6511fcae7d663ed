import type { AcademyKind } from '@bo/domain';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { academyCategories, academyItems, files } from '../../db/schema/index.ts';

export type CategoryRow = typeof academyCategories.$inferSelect;
export type ItemRow = typeof academyItems.$inferSelect;
export type FileRow = typeof files.$inferSelect;

export interface CategoryWithCount {
  category: CategoryRow;
  items: number;
}

/** An item with what its DTO shows: the category's name and the facts of its file. */
export interface ItemWithFile {
  item: ItemRow;
  categoryName: string;
  file: FileRow;
}

/**
 * Every academy write takes this lock for its kind until the transaction ends: positions are read and
 * rewritten as a whole, so two admins reordering at once must take turns. Writes are rare; reads never wait.
 */
export async function lockKind(tx: Tx, kind: AcademyKind): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`academy:${kind}`}))`);
}

// Written out: drizzle leaves the columns of a one-table select unqualified, and inside the subquery an
// unqualified "id" would be the item's.
const itemCount = sql<number>`(SELECT count(*)::int FROM academy_items ai WHERE ai.category_id = "academy_categories"."id")`;

/** The categories of a kind in order (or the one asked for), with their item counts. */
export async function listCategories(tx: Tx, kind: AcademyKind, onlyId?: number): Promise<CategoryWithCount[]> {
  return tx
    .select({ category: academyCategories, items: itemCount })
    .from(academyCategories)
    .where(and(eq(academyCategories.kind, kind), onlyId === undefined ? undefined : eq(academyCategories.id, onlyId)))
    .orderBy(asc(academyCategories.position), asc(academyCategories.id));
}

/** The items of a kind (or of one category) in category order, then item order, with their files. */
export async function listItems(tx: Tx, kind: AcademyKind, categoryId?: number): Promise<ItemWithFile[]> {
  return tx
    .select({ item: academyItems, categoryName: academyCategories.name, file: files })
    .from(academyItems)
    .innerJoin(academyCategories, eq(academyCategories.id, academyItems.categoryId))
    .innerJoin(files, eq(files.id, academyItems.fileId))
    .where(and(eq(academyItems.kind, kind), categoryId === undefined ? undefined : eq(academyItems.categoryId, categoryId)))
    .orderBy(asc(academyCategories.position), asc(academyCategories.id), asc(academyItems.position), asc(academyItems.id));
}

export async function findCategory(tx: Tx, id: number): Promise<CategoryWithCount | undefined> {
  const [row] = await tx
    .select({ category: academyCategories, items: itemCount })
    .from(academyCategories)
    .where(eq(academyCategories.id, id));
  return row;
}

export async function findItem(tx: Tx, id: number): Promise<ItemWithFile | undefined> {
  const [row] = await tx
    .select({ item: academyItems, categoryName: academyCategories.name, file: files })
    .from(academyItems)
    .innerJoin(academyCategories, eq(academyCategories.id, academyItems.categoryId))
    .innerJoin(files, eq(files.id, academyItems.fileId))
    .where(eq(academyItems.id, id));
  return row;
}

/** The kind of an item, to take its lock before reading it for a change. */
export async function kindOfItem(tx: Tx, id: number): Promise<AcademyKind | undefined> {
  const [row] = await tx.select({ kind: academyItems.kind }).from(academyItems).where(eq(academyItems.id, id));
  return row?.kind;
}

export async function countCategories(tx: Tx, kind: AcademyKind): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(academyCategories).where(eq(academyCategories.kind, kind));
  return row?.n ?? 0;
}

export async function countItems(tx: Tx, categoryId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(academyItems).where(eq(academyItems.categoryId, categoryId));
  return row?.n ?? 0;
}

export async function insertCategory(tx: Tx, values: { kind: AcademyKind; name: string; position: number }): Promise<CategoryRow> {
  const [row] = await tx.insert(academyCategories).values(values).returning();
  return row!;
}

export async function renameCategory(tx: Tx, id: number, name: string): Promise<CategoryRow | undefined> {
  const [row] = await tx.update(academyCategories).set({ name }).where(eq(academyCategories.id, id)).returning();
  return row;
}

/** Deletes a category with its items (the foreign key cascades) and answers the files they held. */
export async function deleteCategory(tx: Tx, id: number): Promise<string[]> {
  const held = await tx.select({ fileId: academyItems.fileId }).from(academyItems).where(eq(academyItems.categoryId, id));
  await tx.delete(academyCategories).where(eq(academyCategories.id, id));
  return held.map((r) => r.fileId);
}

export async function insertItem(
  tx: Tx,
  values: { kind: AcademyKind; categoryId: number; title: string; description: string; fileId: string; position: number },
): Promise<ItemRow> {
  const [row] = await tx.insert(academyItems).values(values).returning();
  return row!;
}

export async function updateItem(
  tx: Tx,
  id: number,
  values: { title: string; description: string; categoryId: number; position?: number },
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(academyItems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(academyItems.id, id))
    .returning();
  return row;
}

export async function deleteItem(tx: Tx, id: number): Promise<ItemRow | undefined> {
  const [row] = await tx.delete(academyItems).where(eq(academyItems.id, id)).returning();
  return row;
}

/** Category ids of a kind in their current order. */
export async function categoryOrder(tx: Tx, kind: AcademyKind): Promise<number[]> {
  const rows = await tx
    .select({ id: academyCategories.id })
    .from(academyCategories)
    .where(eq(academyCategories.kind, kind))
    .orderBy(asc(academyCategories.position), asc(academyCategories.id));
  return rows.map((r) => r.id);
}

/** Item ids of a category in their current order. */
export async function itemOrder(tx: Tx, categoryId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: academyItems.id })
    .from(academyItems)
    .where(eq(academyItems.categoryId, categoryId))
    .orderBy(asc(academyItems.position), asc(academyItems.id));
  return rows.map((r) => r.id);
}

/** Writes positions 0, 1, 2 … in the given order, in one statement. */
export async function setCategoryPositions(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`
    UPDATE ${academyCategories} SET position = o.pos - 1
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, pos)
    WHERE ${academyCategories.id} = o.id AND ${academyCategories.position} <> o.pos - 1`);
}

export async function setItemPositions(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`
    UPDATE ${academyItems} SET position = o.pos - 1
    FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, pos)
    WHERE ${academyItems.id} = o.id AND ${academyItems.position} <> o.pos - 1`);
}
