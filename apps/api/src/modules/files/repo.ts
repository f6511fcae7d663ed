import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(tx: Tx, values: typeof files.$inferInsert): Promise<FileRow> {
  const [row] = await tx.insert(files).values(values).returning();
  return row!;
}

export async function findFile(tx: Tx, id: string): Promise<FileRow | undefined> {
  const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** Which records use a file: that decides who may see it. */
export interface FileUsage {
  product: boolean;
  /** A product's picture (not its video): what a client sees beside what they bought. */
  productImage: boolean;
  academy: boolean;
  setting: boolean;
}

export async function fileUsage(tx: Tx, id: string): Promise<FileUsage> {
  const result = await tx.execute<{ product: boolean; product_image: boolean; academy: boolean; setting: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM products WHERE image_file_id = ${id} OR video_file_id = ${id}) AS product,
           EXISTS (SELECT 1 FROM products WHERE image_file_id = ${id}) AS product_image,
           EXISTS (SELECT 1 FROM academy_items WHERE file_id = ${id}) AS academy,
           EXISTS (SELECT 1 FROM app_settings WHERE value IN (${id}, '/api/files/' || ${id})) AS setting`);
  const row = result.rows[0];
  return row
    ? { product: row.product, productImage: row.product_image, academy: row.academy, setting: row.setting }
    : { product: false, productImage: false, academy: false, setting: false };
}

/** Deletes file records and answers them (with their storage keys); the bytes stay until removed. */
export async function deleteFiles(tx: Tx, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning();
}
