import type { Tx } from '../../db/client.ts';
import * as repo from './event-orders.repo.ts';

/*
 * What the events module reads of orders: the order an event made, a client's purchases, and whether
 * an order still stands (a canceled order is not delivered).
 */

/** The order made from each event that made one: event id → order id (the first, should there be more). */
export async function orderIdsOfEvents(tx: Tx, eventIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await repo.firstOrdersOfEvents(tx, [...new Set(eventIds)]);
  return new Map(rows.filter((r) => r.eventId !== null).map((r) => [r.eventId!, r.orderId]));
}

/** A client's orders that are not canceled, oldest first: what they bought. */
export function standingOrdersOfClient(tx: Tx, clientId: number): Promise<{ id: number; createdAt: Date; deliveryStatus: string }[]> {
  return repo.standingOrdersOfClient(tx, clientId);
}

/** A condition on an order id column: the order still stands (for the events lists' delivery filter). */
export { standingOrderSql as standingOrderCondition } from './event-orders.repo.ts';
