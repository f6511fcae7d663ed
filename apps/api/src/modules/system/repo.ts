import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { translationAdditions } from '../../db/schema/index.ts';

export async function ping(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT 1`);
}

export function listAdditions(tx: Tx, lng: string, ns: string) {
  return tx
    .select({ key: translationAdditions.key, value: translationAdditions.value })
    .from(translationAdditions)
    .where(and(eq(translationAdditions.lng, lng), eq(translationAdditions.ns, ns)));
}

export async function insertAdditions(
  tx: Tx,
  rows: { lng: string; ns: string; key: string; value: string; createdById: number }[],
): Promise<number> {
  const inserted = await tx.insert(translationAdditions).values(rows).onConflictDoNothing().returning({ key: translationAdditions.key });
  return inserted.length;
}
