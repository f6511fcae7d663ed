import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { countCapped } from '../../db/sql-helpers.ts';
import { eventProducts, events, files, products, recallHistory, userDocuments, users } from '../../db/schema/index.ts';

const client = alias(users, 'client');
const agent = alias(users, 'agent');
const creator = alias(users, 'creator');

/** Columns of an event row as lists show it; `inScope` tells whether the viewer may see its client. */
function rowColumns(inScope: SQL) {
  return {
    event: events,
    client: {
      id: client.id,
      name: client.name,
      surname: client.surname,
      phone: client.phone,
      mobile_phone: client.mobilePhone,
      zipcode: client.zipcode,
      city: client.city,
      address: client.address,
      status: client.status,
    },
    agent: { id: agent.id, name: agent.name, surname: agent.surname },
    creator: { id: creator.id, name: creator.name, surname: creator.surname },
    inScope: sql<boolean>`${inScope}`.as('in_scope'),
    recallCount: sql<number>`(SELECT count(*)::int FROM recall_history r WHERE r.event_id = ${events.id})`.as('recall_count'),
  };
}

/** An event row as read; the order it made is added from finances (dto.ts EventRow). */
export type EventRowRead = Awaited<ReturnType<typeof selectEvents>>[number];

export interface EventQuery {
  where: SQL | undefined;
  inScope: SQL;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
}

export function selectEvents(tx: Tx, q: EventQuery) {
  const by = q.order === 'desc' ? [desc(events.startsAt), desc(events.id)] : [asc(events.startsAt), asc(events.id)];
  return tx
    .select(rowColumns(q.inScope))
    .from(events)
    .innerJoin(client, eq(client.id, events.clientId))
    .innerJoin(agent, eq(agent.id, events.agentId))
    .leftJoin(creator, eq(creator.id, events.createdById))
    .where(q.where)
    .orderBy(...by)
    .limit(q.limit ?? 1000)
    .offset(q.offset ?? 0);
}

/** Lists count exactly up to this many rows and then say "more" (an admin's whole history is large). */
export const EVENTS_TOTAL_CAP = 1000;

/** The number of matching events, read no further than the cap: { total, capped }. */
export function countEvents(tx: Tx, where: SQL | undefined, cap = EVENTS_TOTAL_CAP): Promise<{ total: number; capped: boolean }> {
  return countCapped(tx, events, where, cap);
}

export async function lockEvent(tx: Tx, id: number, scope: SQL, type?: 'presentation' | 'service') {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), scope, type ? eq(events.type, type) : undefined))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The first of the agent's busy events that overlaps [start, end), other than `exceptId`. */
export async function overlapping(tx: Tx, agentId: number, start: Date, end: Date, exceptId: number | null) {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.agentId, agentId),
        inArray(events.status, ['planned', 'success']),
        sql`${events.startsAt} < ${end.toISOString()}::timestamptz AND ${events.endsAt} > ${start.toISOString()}::timestamptz
          AND ${events.startsAt} > ${start.toISOString()}::timestamptz - interval '1 day'`,
        exceptId === null ? undefined : ne(events.id, exceptId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertEvent(tx: Tx, values: typeof events.$inferInsert): Promise<number> {
  const [row] = await tx.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

export async function updateEvent(tx: Tx, id: number, values: Partial<typeof events.$inferInsert>): Promise<void> {
  await tx
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id));
}

export async function deleteEvent(tx: Tx, id: number): Promise<void> {
  await tx.delete(events).where(eq(events.id, id));
}

export function linesOf(tx: Tx, eventIds: number[]) {
  if (eventIds.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ line: eventProducts, product: products })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(inArray(eventProducts.eventId, eventIds))
    .orderBy(asc(eventProducts.id));
}

export async function lineById(tx: Tx, id: number) {
  const [row] = await tx
    .select({ line: eventProducts, product: products })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(eq(eventProducts.id, id))
    .limit(1);
  return row ?? null;
}

export async function replaceLines(tx: Tx, eventId: number, lines: Omit<typeof eventProducts.$inferInsert, 'eventId'>[]): Promise<void> {
  await tx.delete(eventProducts).where(eq(eventProducts.eventId, eventId));
  if (lines.length > 0) {
    await tx.insert(eventProducts).values(lines.map((l) => ({ ...l, eventId })));
  }
}

export async function insertLine(tx: Tx, values: typeof eventProducts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(eventProducts).values(values).returning({ id: eventProducts.id });
  return row!.id;
}

export async function deleteLine(tx: Tx, id: number): Promise<void> {
  await tx.delete(eventProducts).where(eq(eventProducts.id, id));
}

export function productsByIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) {
    return Promise.resolve([]);
  }
  return tx.select().from(products).where(inArray(products.id, ids));
}

export function recallsOf(tx: Tx, eventId: number) {
  return tx.select().from(recallHistory).where(eq(recallHistory.eventId, eventId)).orderBy(desc(recallHistory.recallAt));
}

export async function insertRecall(tx: Tx, values: typeof recallHistory.$inferInsert): Promise<void> {
  await tx.insert(recallHistory).values(values);
}

export function documentsOf(tx: Tx, eventId: number) {
  return tx
    .select({ doc: userDocuments, file: files })
    .from(userDocuments)
    .innerJoin(files, eq(files.id, userDocuments.fileId))
    .where(eq(userDocuments.eventId, eventId))
    .orderBy(asc(userDocuments.id));
}

/** Files the actor uploaded as contracts and that no document uses yet. */
export async function ownContractFiles(tx: Tx, ids: string[], uploaderId: number | null) {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.id, ids),
        eq(files.kind, 'contract'),
        uploaderId === null ? undefined : eq(files.createdById, uploaderId),
        sql`NOT EXISTS (SELECT 1 FROM user_documents d WHERE d.file_id = ${files.id})`,
      ),
    );
}

export async function insertDocuments(tx: Tx, rows: (typeof userDocuments.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(userDocuments).values(rows);
  }
}

export async function userById(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** One event row as lists show it, if `scope` holds it (and it has the type asked for). */
export async function eventRowById(tx: Tx, id: number, scope: SQL, type?: 'presentation' | 'service') {
  const [row] = await selectEvents(tx, {
    where: and(eq(events.id, id), scope, type ? eq(events.type, type) : undefined),
    inScope: scope,
    limit: 1,
  });
  return row ?? null;
}

/** The event's row whatever the scope, with `inScope` telling whether the viewer sees its client. */
export async function eventRowSeenBy(tx: Tx, id: number, scope: SQL) {
  const [row] = await selectEvents(tx, { where: eq(events.id, id), inScope: scope, limit: 1 });
  return row ?? null;
}

export async function visibleEventId(tx: Tx, id: number, scope: SQL): Promise<number | null> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), scope))
    .limit(1);
  return row?.id ?? null;
}

export async function eventById(tx: Tx, id: number) {
  const [row] = await tx.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** The lines of these orders with their products and the date of the event they were sold at, by line. */
export function linesOfOrders(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) {
    return Promise.resolve([]);
  }
  return tx
    .select({ line: eventProducts, product: products, startsAt: events.startsAt })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .leftJoin(events, eq(events.id, eventProducts.eventId))
    .where(inArray(eventProducts.orderId, orderIds))
    .orderBy(asc(eventProducts.id));
}
