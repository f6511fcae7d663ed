import { can } from '@bo/domain';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { events } from '../../db/schema/index.ts';
import type { Actor } from '../../core/actor.ts';

/**
 * Which events a user sees with their client (docs/events.md "Who sees which events"): admins all,
 * sales and independent agents those in their calendar and those they booked, call agents those they
 * booked. Everyone else none. Outside it an event is "not found".
 */
export function eventScopeCondition(actor: Actor): SQL {
  switch (actor.role) {
    case 'admin':
      return sql`true`;
    case 'sales_agent':
    case 'independent_agent':
      return or(eq(events.agentId, actor.userId), eq(events.createdById, actor.userId))!;
    case 'call_agent':
      return eq(events.createdById, actor.userId);
    case 'user':
    case 'prom_agent':
    case 'partner':
    case 'ocr_manager':
      return sql`false`;
  }
}

/** Who may perform an event: an admin, or the agent whose calendar it is in. */
export function performCondition(actor: Actor): SQL {
  if (!can(actor.role, 'events.perform')) {
    return sql`false`;
  }
  return actor.role === 'admin' ? sql`true` : and(eq(events.agentId, actor.userId))!;
}

/** A sales or independent agent books only into their own calendar; admins and call agents into anyone's. */
export function mayBookFor(actor: Actor, agentId: number): boolean {
  return actor.role === 'admin' || actor.role === 'call_agent' || actor.userId === agentId;
}
