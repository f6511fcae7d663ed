import { can, type RecommendationRights } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import { clientInScope, seesAllClients } from '../clients/index.ts';
import * as repo from './repo.ts';

/*
 * Who may see and do what with recommendations: a client their own; staff those of the clients in
 * their scope (the clients module's scope); changing the status and paying the reward by permission.
 */

/** What the actor may do with recommendations, by their role. */
export function rightsOf(actor: Actor): RecommendationRights {
  return {
    isClient: actor.role === 'user',
    manage: can(actor.role, 'recommendations.manage'),
    setStatus: can(actor.role, 'recommendations.status'),
    pay: can(actor.role, 'recommendations.pay'),
  };
}

/** The recommendation if the client who made it is in the actor's scope; otherwise it is not there. */
export async function recommendationInScope(tx: Tx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
  const found = await repo.findRecommendation(tx, id, opts);
  if (!found) {
    throw new AppError('UNKNOWN_RECOMMENDATION_ID');
  }
  try {
    await clientInScope(tx, actor, found.rec.userId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'UNKNOWN_USER_ID') {
      throw new AppError('UNKNOWN_RECOMMENDATION_ID');
    }
    throw err;
  }
  return found;
}

/**
 * Whose recommendations a list shows: the client named by `user_id` if the actor's scope holds them; a
 * client's own without it; everybody's only for a viewer who sees every client (the admin, a call agent
 * with access to all). Anyone else names the client.
 */
export async function listOwner(db: Db, actor: Actor, userId: number | undefined): Promise<number | null> {
  if (userId !== undefined) {
    await clientInScope(db, actor, userId);
    return userId;
  }
  if (actor.role === 'user') {
    return actor.userId;
  }
  if (!(await seesAllClients(db, actor))) {
    throw new AppError('VALIDATION_ERROR', { message: 'Name the client (user_id).', fieldValidation: { user_id: 'field_is_required' } });
  }
  return null;
}

/** The client who recommends: the one named, or a client themselves. Staff name the client. */
export function recommenderOf(actor: Actor, userId: number | undefined): number {
  const id = userId ?? (actor.role === 'user' ? actor.userId : undefined);
  if (id === undefined) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Name the client who recommends.',
      fieldValidation: { user_id: 'field_is_required' },
    });
  }
  return id;
}

/**
 * May the actor make this change: a client changes only a recommendation nobody looked at yet; only
 * staff change the status; only an admin marks the reward paid.
 */
export function refuseChange(rights: RecommendationRights, change: { from: string; to: string; paying: boolean }): void {
  if (rights.isClient && change.from !== 'unconfirmed') {
    throw new AppError('ONLY_UNCONFIRMED_CAN_BE_CHANGED', {
      message: 'This recommendation was already looked at and can no longer be changed.',
    });
  }
  if (change.to !== change.from && !rights.setStatus) {
    throw refused('staff_only_status', 'Only staff change the status of a recommendation.');
  }
  if (change.paying && !rights.pay) {
    throw refused('admin_only_reward', 'Only an admin marks a reward as paid.');
  }
}
