import { eq, or, sql, type SQL } from 'drizzle-orm';
import { commissionReceipts, commissions, orders } from '../../db/schema/index.ts';
import type { MoneyScope } from './policy.ts';

/* The money scope of policy.ts as SQL, per table. */

const scoped = (scope: MoneyScope, own: (userId: number) => SQL): SQL =>
  scope.kind === 'all' ? sql`true` : scope.kind === 'own' ? own(scope.userId) : sql`false`;

/** An own order is one the user sold or whose client they brought. */
export const orderScope = (scope: MoneyScope): SQL => scoped(scope, (id) => or(eq(orders.agentId, id), eq(orders.partnerId, id))!);

export const commissionScope = (scope: MoneyScope): SQL => scoped(scope, (id) => eq(commissions.agentId, id));

export const receiptScope = (scope: MoneyScope): SQL => scoped(scope, (id) => eq(commissionReceipts.agentId, id));
