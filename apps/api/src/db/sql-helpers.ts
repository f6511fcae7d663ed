import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client.ts';

/*
 * SQL pieces every list uses, written once: LIKE patterns that match the user's text literally, and
 * counts that stop at a cap (an exact count over a million rows would cost more than the page).
 */

/** `%`, `_` and `\` of the user's text match themselves (PostgreSQL's default LIKE escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches a value containing `text` anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** Matches a value starting with `text` (a postcode prefix). */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/** The count of `table`'s rows matching `where`, as an SQL expression that reads no further than `cap` + 1 rows. */
export const cappedCountSql = (table: PgTable, where: SQL | undefined, cap: number): SQL =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${table}${where ? sql` WHERE ${where}` : sql``} LIMIT ${cap + 1}) AS capped)`;

/** The number of `table`'s rows matching `where`, exact up to `cap`: `{ total, capped }` (capped: there are more). */
export async function countCapped(
  tx: Tx,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const result = await tx.execute<{ n: number }>(sql`SELECT ${cappedCountSql(table, where, cap)}::int AS n`);
  const n = Number(result.rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
