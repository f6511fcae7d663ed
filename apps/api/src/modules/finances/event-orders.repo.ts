import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';

/** The first order made from each of these events (by id). */
export function firstOrdersOfEvents(tx: Tx, eventIds: readonly number[]) {
  if (eventIds.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ eventId: orders.eventId, orderId: sql<number>`min(${orders.id})`.mapWith(Number) })
    .from(orders)
    .where(inArray(orders.eventId, [...eventIds]))
    .groupBy(orders.eventId);
}

/** A client's orders that are not canceled, oldest first. */
export function standingOrdersOfClient(tx: Tx, clientId: number) {
  return tx
    .select({ id: orders.id, createdAt: orders.createdAt, deliveryStatus: orders.deliveryStatus })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), ne(orders.status, 'canceled')))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** Which of these orders are not canceled. */
export async function standingAmong(tx: Tx, orderIds: readonly number[]): Promise<number[]> {
  if (orderIds.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, [...orderIds]), ne(orders.status, 'canceled')));
  return rows.map((r) => r.id);
}
