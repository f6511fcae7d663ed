import type { Actor } from '../../core/actor.ts';

/**
 * Whose days the actor may plan into: admins and call agents every field agent's, an independent agent
 * only their own (they book into their own calendar only, as the calendar's rule says). The route's
 * permission (`planner.use`) keeps every other role out.
 */
export function plannableAgentsOf(actor: Pick<Actor, 'userId' | 'role'>): number[] | null {
  return actor.role === 'independent_agent' || actor.role === 'sales_agent' ? [actor.userId] : null;
}

/** The agents a preview considers: the actor's plannable agents, narrowed to `availableForAgent` when given. */
export function agentFilterOf(actor: Pick<Actor, 'userId' | 'role'>, availableForAgent: number | undefined): number[] | null {
  const own = plannableAgentsOf(actor);
  if (availableForAgent === undefined) {
    return own;
  }
  return own === null || own.includes(availableForAgent) ? [availableForAgent] : [];
}

/**
 * Whose blocked days and private appointments the actor may enter and remove (`planner.absences`): an
 * admin every field agent's (null), a sales or independent agent only their own.
 */
export function absenceAgentsOf(actor: Pick<Actor, 'userId' | 'role'>): number[] | null {
  return actor.role === 'admin' ? null : [actor.userId];
}
