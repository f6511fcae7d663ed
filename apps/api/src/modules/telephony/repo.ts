import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { telephonyAgentStatus, telephonyCalls } from '../../db/schema/index.ts';

export type CallRow = typeof telephonyCalls.$inferSelect;
export type CallChanges = Partial<Omit<typeof telephonyCalls.$inferInsert, 'id' | 'providerCallId' | 'createdAt'>>;

/**
 * The call's row, created when this is its first event, locked until the transaction ends: the events of
 * one call are applied one after the other, whichever process receives them.
 */
export async function lockCall(tx: Tx, providerCallId: string): Promise<{ row: CallRow; created: boolean }> {
  const [inserted] = await tx.insert(telephonyCalls).values({ providerCallId }).onConflictDoNothing().returning();
  if (inserted) {
    return { row: inserted, created: true };
  }
  const [row] = await tx.select().from(telephonyCalls).where(eq(telephonyCalls.providerCallId, providerCallId)).for('update').limit(1);
  return { row: row!, created: false };
}

export async function updateCall(tx: Tx, id: number, changes: CallChanges): Promise<void> {
  await tx
    .update(telephonyCalls)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(telephonyCalls.id, id));
}

export async function findCall(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<CallRow | undefined> {
  const query = tx.select().from(telephonyCalls).where(eq(telephonyCalls.id, id)).limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** An agent's calls, newest first (telephony_calls_agent_idx). */
export async function callsOfAgent(tx: Tx, agentId: number, page: { limit: number; offset: number }) {
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(telephonyCalls)
      .where(eq(telephonyCalls.agentId, agentId))
      .orderBy(sql`coalesce(${telephonyCalls.startedAt}, ${telephonyCalls.createdAt}) desc`, desc(telephonyCalls.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(telephonyCalls).where(eq(telephonyCalls.agentId, agentId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Stores the agent's availability unless a later event is stored already; true when it was stored. */
export async function setAgentStatus(tx: Tx, agentId: number, available: boolean, eventAt: Date): Promise<boolean> {
  const rows = await tx
    .insert(telephonyAgentStatus)
    .values({ agentId, available, eventAt })
    .onConflictDoUpdate({
      target: telephonyAgentStatus.agentId,
      set: { available, eventAt, updatedAt: sql`now()` },
      setWhere: and(
        sql`${telephonyAgentStatus.eventAt} <= ${eventAt.toISOString()}::timestamptz`,
        sql`(${telephonyAgentStatus.available} <> ${available} OR ${telephonyAgentStatus.eventAt} < ${eventAt.toISOString()}::timestamptz)`,
      ),
    })
    .returning({ agentId: telephonyAgentStatus.agentId });
  return rows.length > 0;
}

export async function agentStatusOf(tx: Tx, agentId: number) {
  const [row] = await tx.select().from(telephonyAgentStatus).where(eq(telephonyAgentStatus.agentId, agentId)).limit(1);
  return row;
}

export async function findCallByProviderId(tx: Tx, providerCallId: string): Promise<CallRow | undefined> {
  const [row] = await tx.select().from(telephonyCalls).where(eq(telephonyCalls.providerCallId, providerCallId)).limit(1);
  return row;
}
