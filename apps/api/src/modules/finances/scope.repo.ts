import { eq, or, sql, type SQL } from 'drizzle-orm';
import { commissionReceipts, commissions, orders } from '../../db/schema/index.ts';
import type { Actor } from '../../core/actor.ts';

/**
 * Which money rows a user sees (docs/finances.md): admins all; an independent agent the orders they
 * sold or whose client they brought, and the commissions and receipts that are theirs.
 */
export function orderScope(actor: Actor): SQL {
  if (actor.role === 'admin') {
    return sql`true`;
  }
  return actor.role === 'independent_agent' ? or(eq(orders.agentId, actor.userId), eq(orders.partnerId, actor.userId))! : sql`false`;
}

export function commissionScope(actor: Actor): SQL {
  if (actor.role === 'admin') {
    return sql`true`;
  }
  return actor.role === 'independent_agent' ? eq(commissions.agentId, actor.userId) : sql`false`;
}

export function receiptScope(actor: Actor): SQL {
  if (actor.role === 'admin') {
    return sql`true`;
  }
  return actor.role === 'independent_agent' ? eq(commissionReceipts.agentId, actor.userId) : sql`false`;
}

/** Inside a transaction that already checked the actor's scope. */
export function everyOrder(): SQL {
  return sql`true`;
}
