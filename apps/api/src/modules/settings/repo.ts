import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

export async function readSettings(tx: Tx, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(inArray(appSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** One statement for all keys: each is inserted or overwritten. */
export async function writeSettings(tx: Tx, values: Record<string, string>, updatedById: number): Promise<void> {
  const rows = Object.entries(values).map(([key, value]) => ({ key, value, updatedById, updatedAt: new Date() }));
  if (rows.length === 0) {
    return;
  }
  await tx
    .insert(appSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: sql`excluded.value`, updatedById: sql`excluded.updated_by_id`, updatedAt: sql`excluded.updated_at` },
    });
}
