import type { RoleCode } from './roles.ts';

/*
 * Whose calendar a user works in (docs/events.md): admins and call agents pick any agent's calendar, to
 * read it and to book into it; sales and independent agents read and book into their own only.
 * The server refuses a booking outside it (`own_calendar_only`); the browser offers only what it allows.
 */

/** Does the role pick the agent whose calendar it reads and books into (rather than having its own)? */
export function picksCalendarAgent(role: RoleCode): boolean {
  return role === 'admin' || role === 'call_agent';
}

/** May this user book into (or move an event to) the calendar of agent `agentId`? */
export function mayBookInto(user: { role: RoleCode; userId: number }, agentId: number): boolean {
  return picksCalendarAgent(user.role) || user.userId === agentId;
}

/** The agent whose calendar is read: the one asked for (none: every agent's) when the role picks, else the user's own. */
export function calendarAgentOf(user: { role: RoleCode; userId: number }, asked: number | undefined): number | undefined {
  return picksCalendarAgent(user.role) ? asked : user.userId;
}
