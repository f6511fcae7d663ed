import { and, desc, eq, gte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { callAttempts } from '../../db/schema/index.ts';

export async function recordCallAttempt(tx: Tx, values: typeof callAttempts.$inferInsert) {
  const [row] = await tx.insert(callAttempts).values(values).returning();
  return row!;
}

/** The client the agent last started a call to at this number (E.164) since `since`, if any. */
export async function lastAttemptClient(tx: Tx, agentId: number, number: string, since: Date): Promise<number | undefined> {
  const [row] = await tx
    .select({ userId: callAttempts.userId })
    .from(callAttempts)
    .where(and(eq(callAttempts.agentId, agentId), eq(callAttempts.number, number), gte(callAttempts.createdAt, since)))
    .orderBy(desc(callAttempts.createdAt), desc(callAttempts.id))
    .limit(1);
  return row?.userId;
}
