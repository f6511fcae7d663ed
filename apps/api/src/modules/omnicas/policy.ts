import type { Actor } from '../../core/actor.ts';

/** Which financing applications and orders an actor works on: all of them, those of the orders they sold, or none. */
export type OmnicasScope = { kind: 'all' } | { kind: 'sold_by'; userId: number } | { kind: 'none' };

/** Admins see every application; a sales agent those of the orders they sold; anyone else none. */
export function omnicasScope(actor: Actor): OmnicasScope {
  if (actor.role === 'admin') {
    return { kind: 'all' };
  }
  return actor.role === 'sales_agent' ? { kind: 'sold_by', userId: actor.userId } : { kind: 'none' };
}
