import { and, desc, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

/** The busy events (planned or performed) of these agents (or all, null) that start in [from, to). */
export function busyEventsBetween(tx: Tx, agentIds: readonly number[] | null, from: Date, to: Date) {
  return tx
    .select({
      id: events.id,
      type: events.type,
      agentId: events.agentId,
      clientId: events.clientId,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(
      and(
        inArray(events.status, ['planned', 'success']),
        gt(events.startsAt, from),
        lt(events.startsAt, to),
        agentIds === null ? undefined : inArray(events.agentId, [...agentIds]),
      ),
    )
    .orderBy(events.agentId, events.startsAt);
}

/** Per agent: how many events they had with these clients, and the latest. */
export function agentsOfClients(tx: Tx, clientIds: readonly number[]) {
  return tx
    .select({ agentId: events.agentId, events: sql<number>`count(*)::int`, lastAt: sql<Date>`max(${events.startsAt})` })
    .from(events)
    .where(and(inArray(events.clientId, [...clientIds]), inArray(events.status, ['planned', 'success', 'remeet'])))
    .groupBy(events.agentId)
    .orderBy(desc(sql`max(${events.startsAt})`));
}
