import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';

/*
 * Who sees and changes which money rows (docs/finances.md). The rules are said here once; the repos
 * turn a scope into SQL (scope.repo.ts).
 */

/** Which rows of orders, commissions or receipts an actor sees: all of them, their own, or none. */
export type MoneyScope = { kind: 'all' } | { kind: 'own'; userId: number } | { kind: 'none' };

/**
 * Admins see every money row; an independent agent the orders they sold or whose client they brought,
 * and the commissions and receipts that are theirs; everyone else none (their permission lets them
 * read the screens, which stay empty).
 */
export function moneyScope(actor: Actor): MoneyScope {
  if (actor.role === 'admin') {
    return { kind: 'all' };
  }
  return actor.role === 'independent_agent' ? { kind: 'own', userId: actor.userId } : { kind: 'none' };
}

/** Inside a transaction that already checked the actor's scope (or for an area that decided who may act). */
export const EVERY_ROW: MoneyScope = { kind: 'all' };

/**
 * The agent whose figures the finance statistics show: admins see everyone and may narrow to one agent;
 * anyone else sees only their own figures, so asking for another agent is refused.
 */
export function statsAgentOf(actor: Actor, asked: number | undefined): number | undefined {
  if (actor.role === 'admin') {
    return asked;
  }
  if (asked !== undefined && asked !== actor.userId) {
    throw new AppError('Not allowed.', { fieldValidation: { agent_id: 'invalid_value' } });
  }
  return actor.userId;
}
