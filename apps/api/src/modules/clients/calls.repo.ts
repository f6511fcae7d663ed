import type { Tx } from '../../db/client.ts';
import { callAttempts } from '../../db/schema/index.ts';

export async function recordCallAttempt(tx: Tx, values: typeof callAttempts.$inferInsert) {
  const [row] = await tx.insert(callAttempts).values(values).returning();
  return row!;
}
