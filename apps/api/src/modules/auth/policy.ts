import type { Actor } from '../../core/actor.ts';

/** Blocking oneself would lock the last admin out: an account is blocked by someone else. */
export function mayBlock(actor: Actor, userId: number): boolean {
  return userId !== actor.userId;
}

/** An admin continues as another user, but never as an admin, nor as a blocked user. */
export function mayLoginAs(targetRole: string, targetActive: boolean): boolean {
  return targetRole !== 'admin' && targetActive;
}
