import { calendarAgentOf, can, mayBookInto } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import type { events } from '../../db/schema/index.ts';
import { refused } from '../../core/errors.ts';

/*
 * Who sees, changes, books and performs which events (docs/events.md "Who sees which events"). The SQL
 * form of the scopes is in scope.repo.ts; the rules are here.
 */

/**
 * Which events a user sees with their client: admins all, sales and independent agents those in their
 * calendar and those they booked, call agents those they booked, everyone else none. Outside it an
 * event is "not found".
 */
export type EventScope = 'all' | 'own_calendar_or_booked' | 'booked' | 'none';

export function eventScopeOf(actor: Actor): EventScope {
  switch (actor.role) {
    case 'admin':
      return 'all';
    case 'sales_agent':
    case 'independent_agent':
      return 'own_calendar_or_booked';
    case 'call_agent':
      return 'booked';
    case 'user':
    case 'prom_agent':
    case 'partner':
    case 'ocr_manager':
      return 'none';
  }
}

/** Who may perform an event: an admin any, the agent whose calendar it is in their own, others none. */
export type PerformScope = 'all' | 'own_calendar' | 'none';

export function performScopeOf(actor: Actor): PerformScope {
  if (!can(actor.role, 'events.perform')) {
    return 'none';
  }
  return actor.role === 'admin' ? 'all' : 'own_calendar';
}

/** May the actor change this event (move, edit, cancel)? Planned events of the own scope only. */
export function canEdit(actor: Actor, e: typeof events.$inferSelect, inScope: boolean): boolean {
  return inScope && e.status === 'planned' && can(actor.role, 'events.manage');
}

/** May the actor perform this event? A planned one, by an admin or the agent whose calendar it is in. */
export function canPerform(actor: Actor, e: typeof events.$inferSelect): boolean {
  return e.status === 'planned' && can(actor.role, 'events.perform') && (actor.role === 'admin' || e.agentId === actor.userId);
}

/** A sales or independent agent books only into their own calendar; admins and call agents into anyone's. */
export function refuseOtherCalendar(actor: Actor, agentId: number): void {
  if (!mayBookInto(actor, agentId)) {
    throw refused('own_calendar_only', 'An agent books into their own calendar only.');
  }
}

/** The agent whose calendar the actor reads: sales and independent agents their own, admins and call agents the one asked for. */
export function calendarAgentFor(actor: Actor, asked: number | undefined): number | undefined {
  return calendarAgentOf(actor, asked);
}
