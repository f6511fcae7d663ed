import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tableSnapshots, users } from '../../db/schema/index.ts';

export type SnapshotRow = typeof tableSnapshots.$inferSelect;

/** The newest row of each table of one user (newest by timestamp, then by id); served by the (user, table, timestamp) index. */
export function latestPerTable(tx: Tx, userId: number): Promise<SnapshotRow[]> {
  return tx
    .selectDistinctOn([tableSnapshots.tableName])
    .from(tableSnapshots)
    .where(eq(tableSnapshots.userId, userId))
    .orderBy(tableSnapshots.tableName, desc(tableSnapshots.timestamp), desc(tableSnapshots.id));
}

export async function insertSnapshot(
  tx: Tx,
  values: { userId: number; tableName: string; configName: string; snapshot: Record<string, unknown>; timestamp: Date },
): Promise<SnapshotRow> {
  const [row] = await tx.insert(tableSnapshots).values(values).returning();
  return row!;
}

/** Deletes all but the newest `keep` rows of one user and table. */
export async function pruneSnapshots(tx: Tx, userId: number, tableName: string, keep: number): Promise<number> {
  const mine = and(eq(tableSnapshots.userId, userId), eq(tableSnapshots.tableName, tableName));
  const kept = tx
    .select({ id: tableSnapshots.id })
    .from(tableSnapshots)
    .where(mine)
    .orderBy(desc(tableSnapshots.timestamp), desc(tableSnapshots.id))
    .limit(keep);
  const deleted = await tx
    .delete(tableSnapshots)
    .where(and(mine, notInArray(tableSnapshots.id, kept)))
    .returning({ id: tableSnapshots.id });
  return deleted.length;
}

/**
 * Whether a user exists. Snapshots belong to users (the table's foreign key); this is the only read
 * of the users table here, so an admin asking for an unknown id gets UNKNOWN_USER_ID, not an empty answer.
 */
export async function userExists(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
