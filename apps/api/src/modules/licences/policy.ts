import { roleByCode, type LicenceState } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { LicenceRow } from './repo.ts';

export const INDEPENDENT_AGENT_ROLE_ID = roleByCode('independent_agent').id;

/**
 * Whose licence the actor may read: an independent agent only their own, an admin anyone's. The route
 * already required `licences.own`; a wrong id is refused rather than answered with someone else's.
 */
export function licenceAgentFor(actor: Actor, requested: number | undefined): number {
  if (actor.role === 'admin') {
    return requested ?? actor.userId;
  }
  if (requested !== undefined && requested !== actor.userId) {
    throw new AppError('Not allowed.', { message: "Another agent's licence" });
  }
  return actor.userId;
}

/** What the viewer may do with a licence, sent with it. */
export function licenceFlags(actor: Actor, row: LicenceRow, state: LicenceState) {
  return {
    can_checkout: actor.role === 'independent_agent' && actor.userId === row.agentId && state.status !== 'active',
    can_activate: actor.role === 'admin' && row.activation === 'requested',
  };
}
