import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { eventProducts, orders, products, productStock, users } from '../../db/schema/index.ts';

const client = alias(users, 'client');
const agent = alias(users, 'agent');

/** Lines still to bring from the warehouse: of an order, not delivered; gifts are handed over at the demo. */
const waitingLine = and(sql`NOT ${eventProducts.delivered}`, sql`${eventProducts.orderId} IS NOT NULL`, ne(eventProducts.status, 'gift'));

/** Every product with its stock (0 without a row) and what open orders still need of it. */
export function stockRows(tx: Tx) {
  const needed = tx
    .select({ productId: eventProducts.productId, units: sql<number>`sum(${eventProducts.quantity})::int`.as('units') })
    .from(eventProducts)
    .innerJoin(orders, eq(orders.id, eventProducts.orderId))
    .where(and(waitingLine, ne(orders.status, 'canceled')))
    .groupBy(eventProducts.productId)
    .as('needed');
  return tx
    .select({
      product: { id: products.id, code: products.code, name: products.name, type: products.type, status: products.status },
      quantity: sql<number>`COALESCE(${productStock.quantity}, 0)`,
      toDeliver: sql<number>`COALESCE(${needed.units}, 0)`,
      updatedAt: productStock.updatedAt,
    })
    .from(products)
    .leftJoin(productStock, eq(productStock.productId, products.id))
    .leftJoin(needed, eq(needed.productId, products.id))
    .orderBy(
      sql`${products.status} = 'active' DESC`,
      // Main products first: they are what the warehouse delivers; gifts leave with the agents.
      sql`CASE ${products.type} WHEN 'main' THEN 0 WHEN 'other' THEN 1 WHEN 'hula' THEN 2 ELSE 3 END`,
      asc(products.code),
    );
}
export type StockRow = Awaited<ReturnType<typeof stockRows>>[number];

export async function productExists(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/** Sets the counted quantity, with or without a row before. */
export async function setStock(tx: Tx, productId: number, quantity: number): Promise<void> {
  await tx
    .insert(productStock)
    .values({ productId, quantity })
    .onConflictDoUpdate({ target: productStock.productId, set: { quantity, updatedAt: sql`now()` } });
}

/** Adds (or takes) units; false when taking would leave less than none. */
export async function changeStock(tx: Tx, productId: number, delta: number): Promise<boolean> {
  if (delta < 0) {
    const taken = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${delta}`, updatedAt: sql`now()` })
      .where(and(eq(productStock.productId, productId), sql`${productStock.quantity} + ${delta} >= 0`))
      .returning({ quantity: productStock.quantity });
    return taken.length > 0;
  }
  await tx
    .insert(productStock)
    .values({ productId, quantity: delta })
    .onConflictDoUpdate({
      target: productStock.productId,
      set: { quantity: sql`${productStock.quantity} + ${delta}`, updatedAt: sql`now()` },
    });
  return true;
}

/** The stock rows of these products, locked in id order (two deliveries never wait on each other crosswise). */
export function lockStock(tx: Tx, productIds: number[]) {
  return tx
    .select({ productId: productStock.productId, quantity: productStock.quantity })
    .from(productStock)
    .where(inArray(productStock.productId, productIds))
    .orderBy(asc(productStock.productId))
    .for('update');
}

export async function orderStatuses(tx: Tx, orderId: number) {
  const [row] = await tx
    .select({ status: orders.status, deliveryStatus: orders.deliveryStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/** The units of each product these lines of the order carry. */
export function unitsOfLines(tx: Tx, orderId: number, lineIds: number[]) {
  return tx
    .select({ productId: eventProducts.productId, name: products.name, units: sql<number>`sum(${eventProducts.quantity})::int` })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(and(eq(eventProducts.orderId, orderId), inArray(eventProducts.id, lineIds)))
    .groupBy(eventProducts.productId, products.name)
    .orderBy(asc(eventProducts.productId));
}

/**
 * Orders waiting for their main product: not canceled, with a main-product line not delivered. Driven
 * from the lines not delivered (a partial index holds only those), oldest order first.
 */
const waitingForMain = and(
  ne(orders.status, 'canceled'),
  inArray(
    orders.id,
    sql`(SELECT ep.order_id FROM ${eventProducts} ep JOIN ${products} p ON p.id = ep.product_id
         WHERE NOT ep.delivered AND ep.order_id IS NOT NULL AND ep.status <> 'gift' AND p.type = 'main')`,
  ),
);

export function ordersToDeliver(tx: Tx, limit: number, offset: number) {
  return tx
    .select({
      order: {
        id: orders.id,
        contractNumber: orders.contractNumber,
        status: orders.status,
        deliveryStatus: orders.deliveryStatus,
        createdAt: orders.createdAt,
      },
      client: {
        id: client.id,
        name: client.name,
        surname: client.surname,
        address: client.address,
        zipcode: client.zipcode,
        city: client.city,
      },
      agent: { id: agent.id, name: agent.name, surname: agent.surname },
    })
    .from(orders)
    .innerJoin(client, eq(client.id, orders.clientId))
    .leftJoin(agent, eq(agent.id, orders.agentId))
    .where(waitingForMain)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
    .offset(offset);
}
export type ToDeliverRow = Awaited<ReturnType<typeof ordersToDeliver>>[number];

export async function countToDeliver(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(waitingForMain);
  return row?.n ?? 0;
}

export function waitingLinesOf(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({
      id: eventProducts.id,
      orderId: eventProducts.orderId,
      quantity: eventProducts.quantity,
      status: eventProducts.status,
      product: { id: products.id, code: products.code, name: products.name, type: products.type },
    })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(and(inArray(eventProducts.orderId, orderIds), waitingLine))
    .orderBy(asc(eventProducts.id));
}
