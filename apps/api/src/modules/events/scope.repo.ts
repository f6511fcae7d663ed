import { eq, or, sql, type SQL } from 'drizzle-orm';
import { events } from '../../db/schema/index.ts';
import type { Actor } from '../../core/actor.ts';
import { eventScopeOf, performScopeOf } from './policy.ts';

/** The events the actor sees (policy.ts eventScopeOf), as SQL. */
export function eventScopeCondition(actor: Actor): SQL {
  switch (eventScopeOf(actor)) {
    case 'all':
      return sql`true`;
    case 'own_calendar_or_booked':
      return or(eq(events.agentId, actor.userId), eq(events.createdById, actor.userId))!;
    case 'booked':
      return eq(events.createdById, actor.userId);
    case 'none':
      return sql`false`;
  }
}

/** The events the actor may perform (policy.ts performScopeOf), as SQL. */
export function performCondition(actor: Actor): SQL {
  switch (performScopeOf(actor)) {
    case 'all':
      return sql`true`;
    case 'own_calendar':
      return eq(events.agentId, actor.userId);
    case 'none':
      return sql`false`;
  }
}
