import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { eventProducts, omnicasApplications, orders, users } from '../../db/schema/index.ts';
import type { OmnicasStatus } from '@bo/domain';
import { containsPattern } from '../../db/sql-helpers.ts';
import type { OmnicasScope } from './policy.ts';

const client = alias(users, 'client');
const agent = alias(users, 'agent');

/** The scope of policy.ts as SQL, on the orders the applications are for. */
function scopeSql(scope: OmnicasScope): SQL {
  return scope.kind === 'all' ? sql`true` : scope.kind === 'sold_by' ? eq(orders.agentId, scope.userId) : sql`false`;
}

export function applicationsWhere(
  scope: OmnicasScope,
  q: { statuses?: OmnicasStatus[] | undefined; orderId?: number | undefined; id?: number },
) {
  return and(
    scopeSql(scope),
    q.statuses?.length ? inArray(omnicasApplications.status, q.statuses) : undefined,
    q.orderId ? eq(omnicasApplications.orderId, q.orderId) : undefined,
    q.id ? eq(omnicasApplications.id, q.id) : undefined,
  );
}

/** Newest first: the id follows the creation. */
export function selectApplications(tx: Tx, where: SQL | undefined, limit: number, offset: number) {
  return tx
    .select({
      application: omnicasApplications,
      contractNumber: orders.contractNumber,
      client: { id: client.id, name: client.name, surname: client.surname },
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
    })
    .from(omnicasApplications)
    .innerJoin(orders, eq(orders.id, omnicasApplications.orderId))
    .innerJoin(client, eq(client.id, orders.clientId))
    .leftJoin(agent, eq(agent.id, orders.agentId))
    .where(where)
    .orderBy(desc(omnicasApplications.id))
    .limit(limit)
    .offset(offset);
}
export type ApplicationRow = Awaited<ReturnType<typeof selectApplications>>[number];

export async function countApplications(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(omnicasApplications)
    .innerJoin(orders, eq(orders.id, omnicasApplications.orderId))
    .where(where);
  return row?.n ?? 0;
}

/** The order an application is made for, locked so two applications for it do not cross. */
export async function lockOrder(tx: Tx, id: number, scope: OmnicasScope) {
  const [row] = await tx
    .select({
      id: orders.id,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      contractNumber: orders.contractNumber,
      discountRecSum: orders.discountRecSum,
      bankProcessingCommission: orders.bankProcessingCommission,
      client: {
        name: client.name,
        surname: client.surname,
        email: client.email,
        phone: sql<string | null>`COALESCE(${client.mobilePhone}, ${client.phone})`,
        address: client.address,
        zipcode: client.zipcode,
        city: client.city,
      },
    })
    .from(orders)
    .innerJoin(client, eq(client.id, orders.clientId))
    .where(and(eq(orders.id, id), scopeSql(scope)))
    .for('update', { of: orders })
    .limit(1);
  return row ?? null;
}

export function moneyLinesOf(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ orderId: eventProducts.orderId, status: eventProducts.status, price: eventProducts.price, quantity: eventProducts.quantity })
    .from(eventProducts)
    .where(inArray(eventProducts.orderId, orderIds));
}

/** The applications of the order that still count: in examination or accepted. */
export async function liveApplicationOf(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({ id: omnicasApplications.id, status: omnicasApplications.status })
    .from(omnicasApplications)
    .where(and(eq(omnicasApplications.orderId, orderId), ne(omnicasApplications.status, 'rejected')))
    .limit(1);
  return row ?? null;
}

export async function insertApplication(tx: Tx, values: typeof omnicasApplications.$inferInsert): Promise<number> {
  const [row] = await tx.insert(omnicasApplications).values(values).returning({ id: omnicasApplications.id });
  return row!.id;
}

/** Locks the application, within the actor's scope (through its order). */
export async function lockApplication(tx: Tx, id: number, scope: OmnicasScope) {
  const [row] = await tx
    .select({ id: omnicasApplications.id, status: omnicasApplications.status, providerId: omnicasApplications.providerId })
    .from(omnicasApplications)
    .innerJoin(orders, eq(orders.id, omnicasApplications.orderId))
    .where(and(eq(omnicasApplications.id, id), scopeSql(scope)))
    .for('update', { of: omnicasApplications })
    .limit(1);
  return row ?? null;
}

export async function setStatus(tx: Tx, id: number, status: OmnicasStatus): Promise<void> {
  await tx
    .update(omnicasApplications)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(omnicasApplications.id, id));
}

/** Orders paid through the provider, not canceled, of the scope; found by contract number or client name. */
export function eligibleOrders(tx: Tx, scope: OmnicasScope, search: string | undefined, limit: number) {
  const like = search ? containsPattern(search) : null;
  return tx
    .select({
      id: orders.id,
      contractNumber: orders.contractNumber,
      createdAt: orders.createdAt,
      discountRecSum: orders.discountRecSum,
      bankProcessingCommission: orders.bankProcessingCommission,
      client: { id: client.id, name: client.name, surname: client.surname },
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
      application: sql<{ id: number; status: OmnicasStatus } | null>`(
        SELECT json_build_object('id', a.id, 'status', a.status) FROM ${omnicasApplications} a
        WHERE a.order_id = ${orders.id} ORDER BY a.id DESC LIMIT 1)`,
    })
    .from(orders)
    .innerJoin(client, eq(client.id, orders.clientId))
    .leftJoin(agent, eq(agent.id, orders.agentId))
    .where(
      and(
        scopeSql(scope),
        eq(orders.paymentMethod, 'omnicas'),
        ne(orders.status, 'canceled'),
        like ? or(ilike(orders.contractNumber, like), sql`(${client.name} || ' ' || ${client.surname}) ILIKE ${like}`) : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
