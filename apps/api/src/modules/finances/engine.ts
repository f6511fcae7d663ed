import { clawbacks, planCommissions, withinClawbackWindow, type CommissionRate, type CommissionReason } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import * as repo from './commissions.repo.ts';
import { linesOfOrders } from './orders.repo.ts';

type Order = typeof orders.$inferSelect;

/**
 * Brings an order's commission rows in line with what it earns now, by adding rows, never editing one.
 * An order earns from the moment its contract is checked; a canceled order earns nothing, and its rows
 * are reversed by clawback rows while the cancellation falls within the window after the contract
 * (CLAWBACK_WINDOW_DAYS). A change of its lines while it earns adds the difference.
 */
export async function reconcileCommissions(tx: Tx, order: Order, now: Date): Promise<void> {
  const existing = await repo.commissionsOfOrder(tx, order.id);
  const earning = order.checkedContract && order.status !== 'canceled';
  if (!earning && existing.length === 0) {
    return;
  }
  if (!earning && order.status === 'canceled' && order.contractCheckedAt && !withinClawbackWindow(order.contractCheckedAt, now)) {
    // Canceled too late to claw back: what was earned stays.
    return;
  }
  let target: { agent_id: number; reason: CommissionReason; amount: number }[] = [];
  if (earning && order.agentId) {
    const lines = await linesOfOrders(tx, [order.id]);
    const rates: CommissionRate[] = (await repo.ratesAll(tx)).map((r) => ({
      product_type: r.productType,
      reason: r.reason as CommissionReason,
      kind: r.kind,
      value: r.value,
    }));
    target = planCommissions({
      lines: lines.map((l) => ({ product_type: l.product.type, status: l.line.status, price: l.line.price, quantity: l.line.quantity })),
      rates,
      sellerId: order.agentId,
      uplines: await repo.uplinesOf(tx, order.agentId),
      callAgentId: order.callAgentId,
    });
  }
  // What the rows add up to per agent and reason, and what they should: the difference is written.
  const current = existing.map((r) => ({ agent_id: r.agentId, reason: r.reason, amount: r.amount }));
  const diff = clawbacks([...current, ...target.map((t) => ({ ...t, amount: -t.amount }))]);
  const lastOf = (agentId: number, reason: string) =>
    [...existing].reverse().find((r) => r.agentId === agentId && r.reason === reason && r.amount > 0)?.id ?? null;
  await repo.insertCommissions(
    tx,
    diff.map((d) => ({
      orderId: order.id,
      agentId: d.agent_id,
      reason: d.reason,
      amount: d.amount,
      reversesId: d.amount < 0 ? lastOf(d.agent_id, d.reason) : null,
    })),
  );
}
