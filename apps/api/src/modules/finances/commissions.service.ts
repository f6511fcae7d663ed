import {
  clawbacks,
  isFinalCommission,
  planCommissions,
  withinClawbackWindow,
  type CommissionDto,
  type CommissionReason,
  type CommissionsQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { orders } from '../../db/schema/index.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import * as repo from './commissions.repo.ts';
import { commissionDtoOf, rateDtoOf, type RateDto } from './dto.ts';
import { linesOfOrders } from './orders.repo.ts';
import { moneyScope } from './policy.ts';

type Order = typeof orders.$inferSelect;

/** GET /api/finances/commissions: the commissions tab asks reason sale, the downline tabs l1, l2, l3 and ca. */
export async function commissionsPage(db: Db, actor: Actor, q: CommissionsQuery) {
  const where = repo.commissionsWhere({
    scope: moneyScope(actor),
    reasons: q.reason,
    statuses: q.status,
    agentId: q.agent_id,
    from: q.from,
    to: q.to,
  });
  const [rows, total] = await Promise.all([repo.selectCommissions(db, where, q.limit, q.offset), repo.countCommissions(db, where)]);
  return { data: rows.map(commissionDtoOf), total, limit: q.limit, offset: q.offset };
}

/**
 * PUT /api/finances/commission/{id}: the status moves on (open → pending → paid, or paid as a discount on
 * the agent's own purchase); a paid row is never changed again, and a row in a receipt is paid with it.
 */
export async function setCommissionStatus(db: Db, actor: Actor, id: number, status: CommissionDto['status']): Promise<CommissionDto> {
  await db.transaction(async (tx) => {
    const row = await repo.lockCommission(tx, id, moneyScope(actor));
    if (!row) {
      throw new AppError('NOT_FOUND');
    }
    if (isFinalCommission(row.status)) {
      throw refused('paid_commission_final', 'A paid commission does not change.');
    }
    await repo.setCommissionStatus(tx, id, status);
  });
  const [row] = await repo.selectCommissions(db, repo.commissionsWhere({ scope: moneyScope(actor), id }), 1, 0);
  return commissionDtoOf(row!);
}

export async function commissionRates(db: Db): Promise<RateDto[]> {
  return (await repo.ratesAll(db)).map(rateDtoOf);
}

/** The whole rate table at once; orders already earning keep their rows until one of them changes. */
export async function saveCommissionRates(db: Db, actor: Actor, rates: RateDto[]): Promise<RateDto[]> {
  const seen = new Set<string>();
  const unique = rates.filter((r) => {
    const key = `${r.product_type}:${r.reason}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  await db.transaction(async (tx) => {
    await repo.replaceRates(
      tx,
      unique.map((r) => ({ productType: r.product_type, reason: r.reason, kind: r.kind, value: r.value })),
    );
    await audit(tx, { actorId: actor.userId, action: 'finances.rates', details: { rates: unique } });
  });
  return commissionRates(db);
}

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
    target = planCommissions({
      lines: lines.map((l) => ({ product_type: l.product.type, status: l.line.status, price: l.line.price, quantity: l.line.quantity })),
      rates: (await repo.ratesAll(tx)).map(rateDtoOf),
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
