import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
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

/**
 * The order `orderId` names still stands (is not canceled), as a condition another module's list
 * filter may hold (the events' delivery page: a canceled order is not delivered).
 */
export function standingOrderSql(orderId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM orders o WHERE o.id = ${orderId} AND o.status <> 'canceled')`;
}
