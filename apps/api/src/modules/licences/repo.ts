import { OWING_STATUSES } from '@bo/domain';
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { licenceProviderEvents, licences, users } from '../../db/schema/index.ts';

export type LicenceRow = typeof licences.$inferSelect;
export type LicenceChanges = Partial<Omit<typeof licences.$inferInsert, 'id' | 'agentId' | 'createdAt'>>;

export interface AgentRef {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  roleId: number;
}

export async function agentById(tx: Tx, id: number): Promise<AgentRef | undefined> {
  const [row] = await tx
    .select({ id: users.id, name: users.name, surname: users.surname, email: users.email, roleId: users.roleId })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

const agent = { id: users.id, name: users.name, surname: users.surname };

/** The agent's current licence: their newest (licences_agent_idx). */
export async function currentLicence(tx: Tx, agentId: number, opts: { lock?: boolean } = {}): Promise<LicenceRow | undefined> {
  const query = tx.select().from(licences).where(eq(licences.agentId, agentId)).orderBy(desc(licences.id)).limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** Each agent's current licence (their newest, as currentLicence reads it) whose subscription owes a payment (past_due, unpaid). */
export function owingCurrentLicences(tx: Tx): Promise<LicenceRow[]> {
  return tx
    .select()
    .from(licences)
    .where(
      and(
        inArray(licences.providerStatus, [...OWING_STATUSES]),
        sql`${licences.id} = (SELECT max(l.id) FROM licences l WHERE l.agent_id = ${licences.agentId})`,
      ),
    );
}

export async function licenceById(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<LicenceRow | undefined> {
  const query = tx.select().from(licences).where(eq(licences.id, id)).limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

export async function licenceBy(tx: Tx, where: { subscriptionId?: string; checkoutSessionId?: string }, opts: { lock?: boolean } = {}) {
  const cond = where.subscriptionId
    ? eq(licences.subscriptionId, where.subscriptionId)
    : where.checkoutSessionId
      ? eq(licences.checkoutSessionId, where.checkoutSessionId)
      : undefined;
  if (!cond) {
    return undefined;
  }
  const query = tx.select().from(licences).where(cond).limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

export async function insertLicence(tx: Tx, values: typeof licences.$inferInsert): Promise<LicenceRow> {
  const [row] = await tx.insert(licences).values(values).returning();
  return row!;
}

export async function updateLicence(tx: Tx, id: number, changes: LicenceChanges): Promise<LicenceRow> {
  const [row] = await tx
    .update(licences)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(licences.id, id))
    .returning();
  return row!;
}

export async function agentsOf(tx: Tx, ids: number[]) {
  if (ids.length === 0) {
    return new Map<number, { id: number; name: string; surname: string }>();
  }
  const rows = await tx.select(agent).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Each agent's current licence (the newest row per agent), newest first; `where` filters on the licence. */
export async function listCurrentLicences(tx: Tx, page: { limit: number; offset: number }, where?: SQL) {
  const newer = alias(licences, 'newer');
  const current = and(
    sql`NOT EXISTS (SELECT 1 FROM ${licences} AS newer WHERE ${newer.agentId} = ${licences.agentId} AND ${newer.id} > ${licences.id})`,
    where,
  );
  const [rows, totals] = await Promise.all([
    tx
      .select({ licence: licences, agent })
      .from(licences)
      .innerJoin(users, eq(users.id, licences.agentId))
      .where(current)
      .orderBy(desc(licences.id))
      .limit(page.limit)
      .offset(page.offset),
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(licences)
      .where(current),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Stores a webhook event once; a repeated delivery only counts. Answers whether it was new. */
export async function storeEvent(
  tx: Tx,
  e: { id: string; type: string; providerCreated: number; payload: Record<string, unknown> },
): Promise<boolean> {
  const [row] = await tx
    .insert(licenceProviderEvents)
    .values(e)
    .onConflictDoUpdate({ target: licenceProviderEvents.id, set: { deliveries: sql`${licenceProviderEvents.deliveries} + 1` } })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return row?.inserted ?? false;
}

/** The oldest events not applied yet (at most `limit`), locked so that no other worker takes them. */
export function takePendingEvents(tx: Tx, limit: number) {
  return tx
    .select()
    .from(licenceProviderEvents)
    .where(isNull(licenceProviderEvents.processedAt))
    .orderBy(licenceProviderEvents.receivedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventProcessed(
  tx: Tx,
  id: string,
  outcome: 'applied' | 'stale' | 'unmatched' | 'ignored',
  licenceId: number | null,
): Promise<void> {
  await tx
    .update(licenceProviderEvents)
    .set({ processedAt: sql`now()`, outcome, licenceId })
    .where(eq(licenceProviderEvents.id, id));
}
