import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { eventProducts, orderDeliveries, orderPayments, orders, products, users } from '../../db/schema/index.ts';
import type { OrdersQuery } from '@bo/domain';
import { containsPattern } from '../../db/sql-helpers.ts';
import type { MoneyScope } from './policy.ts';
import { orderScope } from './scope.repo.ts';

const client = alias(users, 'client');
const agent = alias(users, 'agent');
const callAgent = alias(users, 'call_agent');
const creator = alias(users, 'creator');

export function ordersWhere(scope: MoneyScope, q: OrdersQuery): SQL | undefined {
  const like = q.search ? containsPattern(q.search) : null;
  return and(
    orderScope(scope),
    q.status?.length ? inArray(orders.status, q.status) : undefined,
    q.payment_status?.length ? inArray(orders.paymentStatus, q.payment_status) : undefined,
    q.delivery_status?.length ? inArray(orders.deliveryStatus, q.delivery_status) : undefined,
    q.agent_id ? eq(orders.agentId, q.agent_id) : undefined,
    q.needDelivery === 'true' ? sql`${orders.deliveryStatus} <> 'delivered' AND ${orders.status} <> 'canceled'` : undefined,
    like
      ? or(
          ilike(orders.contractNumber, like),
          sql`${orders.clientId} IN (SELECT u.id FROM users u WHERE (u.name || ' ' || u.surname || ' ' || COALESCE(u.email, '')) ILIKE ${like})`,
        )
      : undefined,
  );
}

export function selectOrders(tx: Tx, where: SQL | undefined, q: Pick<OrdersQuery, 'orderBy' | 'orderMethod' | 'limit' | 'offset'>) {
  const column = q.orderBy === 'created_at' ? orders.createdAt : q.orderBy === 'id' ? orders.id : orders.updatedAt;
  const dir = q.orderMethod === 'asc' ? asc : desc;
  return tx
    .select({
      order: orders,
      client: {
        id: client.id,
        name: client.name,
        surname: client.surname,
        city: client.city,
        zipcode: client.zipcode,
        address: client.address,
      },
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
      callAgent: { id: callAgent.id, name: callAgent.name, surname: callAgent.surname },
    })
    .from(orders)
    .innerJoin(client, eq(client.id, orders.clientId))
    .leftJoin(agent, eq(agent.id, orders.agentId))
    .leftJoin(callAgent, eq(callAgent.id, orders.callAgentId))
    .where(where)
    .orderBy(dir(column), dir(orders.id))
    .limit(q.limit)
    .offset(q.offset);
}
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

export async function countOrders(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  return row?.n ?? 0;
}

export async function lockOrder(tx: Tx, id: number, scope: MoneyScope) {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(scope)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<typeof orders.$inferInsert>): Promise<void> {
  await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id));
}

export function linesOfOrders(tx: Tx, ids: number[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ line: eventProducts, product: products })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(inArray(eventProducts.orderId, ids))
    .orderBy(asc(eventProducts.id));
}

export function paymentsOf(tx: Tx, ids: number[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ payment: orderPayments, creator: { id: creator.id, name: creator.name, surname: creator.surname } })
    .from(orderPayments)
    .leftJoin(creator, eq(creator.id, orderPayments.createdById))
    .where(inArray(orderPayments.orderId, ids))
    .orderBy(asc(orderPayments.paidAt), asc(orderPayments.id));
}

export function deliveriesOf(tx: Tx, ids: number[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ delivery: orderDeliveries, creator: { id: creator.id, name: creator.name, surname: creator.surname } })
    .from(orderDeliveries)
    .leftJoin(creator, eq(creator.id, orderDeliveries.createdById))
    .where(inArray(orderDeliveries.orderId, ids))
    .orderBy(asc(orderDeliveries.deliveredAt), asc(orderDeliveries.id));
}

export async function paymentById(tx: Tx, id: number) {
  const [row] = await tx.select().from(orderPayments).where(eq(orderPayments.id, id)).limit(1);
  return row ?? null;
}

export async function insertPayment(tx: Tx, values: typeof orderPayments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderPayments).values(values).returning({ id: orderPayments.id });
  return row!.id;
}

export async function updatePayment(tx: Tx, id: number, values: Partial<typeof orderPayments.$inferInsert>): Promise<void> {
  await tx.update(orderPayments).set(values).where(eq(orderPayments.id, id));
}

export async function deletePayment(tx: Tx, id: number): Promise<void> {
  await tx.delete(orderPayments).where(eq(orderPayments.id, id));
}

export async function deliveryById(tx: Tx, id: number) {
  const [row] = await tx.select().from(orderDeliveries).where(eq(orderDeliveries.id, id)).limit(1);
  return row ?? null;
}

export async function insertDelivery(tx: Tx, values: typeof orderDeliveries.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orderDeliveries).values(values).returning({ id: orderDeliveries.id });
  return row!.id;
}

export async function updateDelivery(tx: Tx, id: number, values: Partial<typeof orderDeliveries.$inferInsert>): Promise<void> {
  await tx.update(orderDeliveries).set(values).where(eq(orderDeliveries.id, id));
}

export async function deleteDelivery(tx: Tx, id: number): Promise<void> {
  await tx.update(eventProducts).set({ delivered: false, deliveryId: null }).where(eq(eventProducts.deliveryId, id));
  await tx.delete(orderDeliveries).where(eq(orderDeliveries.id, id));
}

/** Marks the delivery's lines: those named are delivered by it, those it no longer names are not. */
export async function setDeliveryLines(tx: Tx, orderId: number, deliveryId: number, lineIds: number[]): Promise<number> {
  await tx
    .update(eventProducts)
    .set({ delivered: false, deliveryId: null })
    .where(and(eq(eventProducts.deliveryId, deliveryId), notInArray(eventProducts.id, lineIds)));
  const updated = await tx
    .update(eventProducts)
    .set({ delivered: true, deliveryId })
    .where(
      and(
        eq(eventProducts.orderId, orderId),
        inArray(eventProducts.id, lineIds),
        sql`(${eventProducts.deliveryId} IS NULL OR ${eventProducts.deliveryId} = ${deliveryId})`,
      ),
    )
    .returning({ id: eventProducts.id });
  return updated.length;
}

export async function lineOfOrder(tx: Tx, lineId: number) {
  const [row] = await tx.select().from(eventProducts).where(eq(eventProducts.id, lineId)).limit(1);
  return row ?? null;
}

export async function insertOrderLine(tx: Tx, values: typeof eventProducts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(eventProducts).values(values).returning({ id: eventProducts.id });
  return row!.id;
}

export async function updateOrderLine(tx: Tx, id: number, values: Partial<typeof eventProducts.$inferInsert>): Promise<void> {
  await tx.update(eventProducts).set(values).where(eq(eventProducts.id, id));
}

export async function deleteOrderLine(tx: Tx, id: number): Promise<void> {
  await tx.delete(eventProducts).where(eq(eventProducts.id, id));
}

export async function sumPayments(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`COALESCE(sum(${orderPayments.amount}), 0)::int` })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId));
  return row?.n ?? 0;
}

export async function orderRowById(tx: Tx, id: number, scope: MoneyScope) {
  const [row] = await selectOrders(tx, and(eq(orders.id, id), orderScope(scope)), {
    orderBy: 'id',
    orderMethod: 'asc',
    limit: 1,
    offset: 0,
  });
  return row ?? null;
}

/** The language a client reads (their locale), for what is written to them. */
export async function localeOfUser(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, id));
  return row?.locale ?? null;
}

export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<number> {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id });
  return row!.id;
}

/** The presentation's lines that were sold, given away or paid by recommendations become the order's. */
export async function attachEventLines(tx: Tx, eventId: number, orderId: number): Promise<void> {
  await tx
    .update(eventProducts)
    .set({ orderId })
    .where(and(eq(eventProducts.eventId, eventId), inArray(eventProducts.status, ['sell', 'rec', 'gift'])));
}

/** The first order made from an event, locked. */
export async function lockOrderOfEvent(tx: Tx, eventId: number) {
  const [row] = await tx.select().from(orders).where(eq(orders.eventId, eventId)).orderBy(asc(orders.id)).for('update').limit(1);
  return row ?? null;
}

export async function productById(tx: Tx, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}
