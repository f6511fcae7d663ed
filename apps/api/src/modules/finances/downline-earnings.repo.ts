import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { commissions, orders } from '../../db/schema/index.ts';

/**
 * The L1–L3 commissions an agent earned, summed per seller of the order and reason (clawbacks
 * included: a reversed commission counts zero). commissions_agent_idx finds the agent's rows.
 */
export function downlineEarnings(
  tx: Tx,
  earnerId: number,
): Promise<{ sellerId: number | null; reason: 'l1' | 'l2' | 'l3'; amount: number }[]> {
  return tx
    .select({
      sellerId: orders.agentId,
      reason: sql<'l1' | 'l2' | 'l3'>`${commissions.reason}`,
      amount: sql<number>`coalesce(sum(${commissions.amount}), 0)::int`,
    })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(and(eq(commissions.agentId, earnerId), inArray(commissions.reason, ['l1', 'l2', 'l3'])))
    .groupBy(orders.agentId, commissions.reason);
}
