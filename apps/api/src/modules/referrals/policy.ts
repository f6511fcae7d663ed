import type { RoleCode } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';

/** The roles that hand out referral links (spec 7: a client, a partner, an independent agent). */
export const LINK_ROLES: readonly RoleCode[] = ['user', 'partner', 'independent_agent'];
/** Whose link also offers the independent-agent application (the agent programme recruits through partners and agents). */
export const RECRUITING_ROLES: readonly RoleCode[] = ['partner', 'independent_agent'];

/**
 * Whose referral data the actor asks for: their own, or, for an admin, the user named (required).
 * Anyone else naming another user is refused.
 */
export function subjectOf(actor: Actor, named: number | undefined, field: string): number {
  if (actor.role === 'admin') {
    if (named === undefined) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { [field]: 'field_is_required' } });
    }
    return named;
  }
  if (named !== undefined && named !== actor.userId) {
    throw new AppError('Not allowed.', { message: 'Only an admin reads the referrals of another user.' });
  }
  return actor.userId;
}
