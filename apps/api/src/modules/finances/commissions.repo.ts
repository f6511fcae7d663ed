import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { commissionRates, commissionReceipts, commissions, orders, users } from '../../db/schema/index.ts';
import type { MoneyScope } from './policy.ts';
import { commissionScope, receiptScope } from './scope.repo.ts';

const agent = alias(users, 'agent');
const client = alias(users, 'client');

export function ratesAll(tx: Tx) {
  return tx.select().from(commissionRates).orderBy(asc(commissionRates.productType), asc(commissionRates.reason));
}

export async function replaceRates(tx: Tx, rows: (typeof commissionRates.$inferInsert)[]): Promise<void> {
  await tx.delete(commissionRates);
  if (rows.length > 0) {
    await tx.insert(commissionRates).values(rows);
  }
}

/** The seller's referrers, nearest first, up to ten levels (partners and independent agents). */
export async function uplinesOf(tx: Tx, sellerId: number): Promise<{ id: number; active: boolean }[]> {
  const res = await tx.execute<{ id: number; active: boolean }>(sql`
    WITH RECURSIVE up(id, active, depth) AS (
      SELECT u.id, u.is_active, 1 FROM users u WHERE u.id = (SELECT referred_by_id FROM users WHERE id = ${sellerId})
      UNION ALL
      SELECT u.id, u.is_active, up.depth + 1 FROM users u JOIN users c ON c.referred_by_id = u.id JOIN up ON c.id = up.id
      WHERE up.depth < 10
    )
    SELECT id, active FROM up ORDER BY depth`);
  return res.rows;
}

export function commissionsOfOrder(tx: Tx, orderId: number) {
  return tx.select().from(commissions).where(eq(commissions.orderId, orderId)).orderBy(asc(commissions.id));
}

export async function insertCommissions(tx: Tx, rows: (typeof commissions.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(commissions).values(rows);
  }
}

export interface CommissionFilter {
  scope: MoneyScope;
  id?: number | undefined;
  reasons?: string[] | undefined;
  statuses?: string[] | undefined;
  agentId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function commissionsWhere(f: CommissionFilter): SQL | undefined {
  return and(
    commissionScope(f.scope),
    f.id ? eq(commissions.id, f.id) : undefined,
    f.reasons?.length ? inArray(commissions.reason, f.reasons as 'sale'[]) : undefined,
    f.statuses?.length ? inArray(commissions.status, f.statuses as 'open'[]) : undefined,
    f.agentId ? eq(commissions.agentId, f.agentId) : undefined,
    // Days are Zurich days (docs/finances.md), whatever the server's time zone.
    f.from ? sql`${commissions.createdAt} >= (${f.from}::date)::timestamp AT TIME ZONE 'Europe/Zurich'` : undefined,
    f.to ? sql`${commissions.createdAt} < (${f.to}::date + 1)::timestamp AT TIME ZONE 'Europe/Zurich'` : undefined,
  );
}

export function selectCommissions(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return (
    tx
      .select({
        row: commissions,
        agent: { id: agent.id, name: agent.name, surname: agent.surname },
        order: { id: orders.id, contractNumber: orders.contractNumber, partnerId: orders.partnerId },
        client: { id: client.id, name: client.name, surname: client.surname },
      })
      .from(commissions)
      .innerJoin(agent, eq(agent.id, commissions.agentId))
      .innerJoin(orders, eq(orders.id, commissions.orderId))
      .innerJoin(client, eq(client.id, orders.clientId))
      .where(where)
      // By the date the page shows, newest first (a row's later payment does not move it).
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(limit)
      .offset(offset)
  );
}
export type CommissionRow = Awaited<ReturnType<typeof selectCommissions>>[number];

export async function countCommissions(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(where);
  return row?.n ?? 0;
}

export async function lockCommission(tx: Tx, id: number, scope: MoneyScope) {
  const [row] = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.id, id), commissionScope(scope)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function setCommissionStatus(tx: Tx, id: number, status: 'open' | 'paid_as_discount' | 'pending' | 'paid'): Promise<void> {
  await tx
    .update(commissions)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(commissions.id, id));
}

// Receipts

export function receiptsWhere(
  scope: MoneyScope,
  statuses: string[] | undefined,
  agentId: number | undefined,
  id?: number,
): SQL | undefined {
  return and(
    receiptScope(scope),
    id ? eq(commissionReceipts.id, id) : undefined,
    statuses?.length ? inArray(commissionReceipts.status, statuses as 'open'[]) : undefined,
    agentId ? eq(commissionReceipts.agentId, agentId) : undefined,
  );
}

export function selectReceipts(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return tx
    .select({
      receipt: commissionReceipts,
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
      count: sql<number>`(SELECT count(*)::int FROM commissions c WHERE c.receipt_id = ${commissionReceipts.id})`.as('count'),
    })
    .from(commissionReceipts)
    .innerJoin(agent, eq(agent.id, commissionReceipts.agentId))
    .where(where)
    .orderBy(desc(commissionReceipts.updatedAt), desc(commissionReceipts.id))
    .limit(limit)
    .offset(offset);
}
export type ReceiptRow = Awaited<ReturnType<typeof selectReceipts>>[number];

export async function countReceipts(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionReceipts)
    .where(where);
  return row?.n ?? 0;
}

export async function lockReceipt(tx: Tx, id: number, scope: MoneyScope) {
  const [row] = await tx
    .select()
    .from(commissionReceipts)
    .where(and(eq(commissionReceipts.id, id), receiptScope(scope)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertReceipt(tx: Tx, values: typeof commissionReceipts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(commissionReceipts).values(values).returning({ id: commissionReceipts.id });
  return row!.id;
}

export async function updateReceipt(tx: Tx, id: number, values: Partial<typeof commissionReceipts.$inferInsert>): Promise<void> {
  await tx
    .update(commissionReceipts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(commissionReceipts.id, id));
}

export async function deleteReceipt(tx: Tx, id: number): Promise<void> {
  await tx
    .update(commissions)
    .set({ receiptId: null, updatedAt: sql`now()` })
    .where(eq(commissions.receiptId, id));
  await tx.delete(commissionReceipts).where(eq(commissionReceipts.id, id));
}

/**
 * Rebuilds what a receipt holds: it lets go of its rows that are no longer open, takes the agent's open
 * rows of the period that no receipt holds, and sums them. Answers the total.
 */
export async function gatherReceipt(tx: Tx, r: { id: number; agentId: number; periodFrom: string; periodTo: string }): Promise<number> {
  await tx
    .update(commissions)
    .set({ receiptId: null })
    .where(and(eq(commissions.receiptId, r.id), sql`${commissions.status} NOT IN ('open', 'pending', 'paid')`));
  await tx
    .update(commissions)
    .set({ receiptId: r.id })
    .where(
      and(
        eq(commissions.agentId, r.agentId),
        eq(commissions.status, 'open'),
        isNull(commissions.receiptId),
        sql`${commissions.createdAt} >= (${r.periodFrom}::date)::timestamp AT TIME ZONE 'Europe/Zurich'`,
        sql`${commissions.createdAt} < (${r.periodTo}::date + 1)::timestamp AT TIME ZONE 'Europe/Zurich'`,
      ),
    );
  const [row] = await tx
    .select({ n: sql<number>`COALESCE(sum(${commissions.amount}), 0)::int` })
    .from(commissions)
    .where(eq(commissions.receiptId, r.id));
  return row?.n ?? 0;
}

export function commissionsOfReceipt(tx: Tx, receiptId: number) {
  return selectCommissions(tx, eq(commissions.receiptId, receiptId), 10_000, 0);
}

/** Marks the receipt's rows paid with it (never a row already paid). */
export async function payReceiptRows(tx: Tx, receiptId: number): Promise<void> {
  await tx
    .update(commissions)
    .set({ status: 'paid', updatedAt: sql`now()` })
    .where(and(eq(commissions.receiptId, receiptId), inArray(commissions.status, ['open', 'pending'])));
}
