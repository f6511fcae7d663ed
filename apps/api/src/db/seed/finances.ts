import {
  clawbacks,
  deliveryStatusOf,
  orderSum,
  paymentStatusOf,
  planCommissions,
  type CommissionRate,
  type CommissionReason,
  type OrderStatus,
  type UplineMember,
} from '@bo/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  commissionRates,
  commissionReceipts,
  commissions,
  eventProducts,
  orderDeliveries,
  orderPayments,
  orders,
  products,
  users,
} from '../schema/index.ts';

/**
 * The money side of the demo (spec 2 finances tabs): the orders the demo presentations made are carried
 * on as the office would have handled them, so every tab has something to show. Each agent's orders,
 * oldest first, run through the stages from closed to just made: paid and delivered in two deliveries,
 * canceled after the contract check (its commissions clawed back) or before it, part paid with the main
 * product delivered, paid in full awaiting closing, on hold, paid in instalments by bill, checked but
 * unpaid, and open with the contract not yet checked. Commissions are what the engine would write
 * (`planCommissions` with the rates of the commission_rates table, `clawbacks` on a cancellation),
 * dated when the contract was checked. Above the demo independent agent sits a referral chain of three
 * (an independent agent, a partner, and the demo partner), who earn the l1, l2 and l3 commissions.
 * Receipts: one paid (the independent agent's first month), one open (the sales agent's last month).
 */

export interface DemoFinanceStaff {
  admin: number;
  salesAgent: number;
  callAgent: number;
  independentAgent: number;
  partner: number;
}

type Stage =
  | 'closed'
  | 'canceled_after_check'
  | 'pending_part_paid'
  | 'paid_awaiting_close'
  | 'on_hold'
  | 'instalments'
  | 'canceled_unchecked'
  | 'checked_unpaid'
  | 'new';

/** From the oldest order of an agent to the newest. */
const STAGES: readonly Stage[] = [
  'closed',
  'canceled_after_check',
  'pending_part_paid',
  'paid_awaiting_close',
  'on_hold',
  'instalments',
  'canceled_unchecked',
  'checked_unpaid',
  'new',
];

const DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function seedDemoFinances(
  tx: Tx,
  opts: { random: () => number; staff: DemoFinanceStaff; now?: Date },
): Promise<{ orders: number; commissions: number }> {
  const { random, staff } = opts;
  const now = opts.now ?? new Date();
  /** A moment `days` after `from`, never later than a minute ago. */
  const after = (from: Date, days: number) => new Date(Math.min(from.getTime() + days * DAY, now.getTime() - 60_000));

  // The referral chain above the demo independent agent: another independent agent, a partner of the
  // demo staff, and the demo partner.
  const [level1] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.name, 'Daniela'), eq(users.surname, 'Graf')));
  const [level2] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.name, 'Beat'), eq(users.surname, 'Zürcher')));
  const chain = [staff.independentAgent, level1?.id, level2?.id, staff.partner].filter((id): id is number => id !== undefined);
  for (let i = 0; i < chain.length - 1; i += 1) {
    await tx
      .update(users)
      .set({ referredById: chain[i + 1]! })
      .where(eq(users.id, chain[i]!));
  }
  const uplinesOf = (agentId: number): UplineMember[] =>
    agentId === staff.independentAgent ? chain.slice(1).map((id) => ({ id, active: true })) : [];

  const rates: CommissionRate[] = (await tx.select().from(commissionRates)).map((r) => ({
    product_type: r.productType,
    reason: r.reason as CommissionReason,
    kind: r.kind,
    value: r.value,
  }));

  const all = await tx.select().from(orders).where(isNotNull(orders.agentId)).orderBy(asc(orders.createdAt), asc(orders.id));
  const lines = await tx
    .select({ line: eventProducts, type: products.type })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(
      inArray(
        eventProducts.orderId,
        all.map((o) => o.id),
      ),
    )
    .orderBy(asc(eventProducts.id));
  // The events seed marks old lines delivered without a delivery; deliveries are made here instead.
  await tx
    .update(eventProducts)
    .set({ delivered: false, deliveryId: null })
    .where(
      inArray(
        eventProducts.orderId,
        all.map((o) => o.id),
      ),
    );

  const byAgent = new Map<number, typeof all>();
  for (const o of all) {
    byAgent.set(o.agentId!, [...(byAgent.get(o.agentId!) ?? []), o]);
  }

  // The demo client who signs in sees their purchase on "Meine Produkte": theirs is a completed order.
  const [signInClient] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'user@demo.test'));
  let written = 0;
  for (const list of byAgent.values()) {
    for (const [index, o] of list.entries()) {
      const stage: Stage = o.clientId === signInClient?.id ? 'closed' : STAGES[Math.floor((index * STAGES.length) / list.length)]!;
      const own = lines.filter((l) => l.line.orderId === o.id);
      const sum = orderSum(
        own.map((l) => l.line),
        o.discountRecSum,
        o.bankProcessingCommission,
      );
      const checkedAt = after(o.createdAt, 1 + Math.floor(random() * 2));
      // Instalments and part payments go by bill, so the demo has invoices with something owed.
      const method = stage === 'instalments' || stage === 'pending_part_paid' ? 'bill' : (o.paymentMethod ?? 'bill');
      const checked = !['new', 'canceled_unchecked'].includes(stage);

      // Payments: in full (in two parts), in part, a deposit refunded, or none.
      const payments: { amount: number; at: Date; note: string }[] = [];
      const firstPart = Math.round((sum * (0.3 + random() * 0.3)) / 100) * 100;
      if (stage === 'closed' || stage === 'paid_awaiting_close') {
        payments.push({ amount: firstPart, at: after(o.createdAt, 3), note: 'Anzahlung' });
        payments.push({ amount: sum - firstPart, at: after(o.createdAt, 12), note: 'Restzahlung' });
      } else if (stage === 'pending_part_paid' || stage === 'on_hold') {
        payments.push({ amount: firstPart, at: after(o.createdAt, 4), note: 'Anzahlung' });
      } else if (stage === 'instalments') {
        payments.push({ amount: Math.floor(sum / 3) + (sum % 3), at: after(o.createdAt, 10), note: '1. Rate' });
      } else if (stage === 'canceled_after_check') {
        payments.push({ amount: firstPart, at: after(o.createdAt, 2), note: 'Anzahlung' });
        payments.push({ amount: -firstPart, at: after(o.createdAt, 8), note: 'Rückerstattung nach Widerruf' });
      }
      const kept = payments.filter((p) => p.amount !== 0);
      if (kept.length > 0) {
        await tx.insert(orderPayments).values(
          kept.map((p) => ({
            orderId: o.id,
            amount: p.amount,
            paidAt: dayOf(p.at),
            method,
            bankCode: method === 'cash' ? null : 'UBS',
            note: p.note,
            createdById: staff.admin,
            createdAt: p.at,
          })),
        );
      }

      // Deliveries: the main product first, then the rest; gifts were handed over at the demo.
      const goods = own.filter((l) => l.line.status !== 'gift');
      const mains = goods.filter((l) => l.type === 'main');
      const deliveries: { lineIds: number[]; at: Date }[] = [];
      if (stage === 'closed' || stage === 'paid_awaiting_close') {
        const rest = goods.filter((l) => l.type !== 'main');
        if (mains.length > 0) {
          deliveries.push({ lineIds: mains.map((l) => l.line.id), at: after(o.createdAt, 5) });
        }
        if (rest.length > 0) {
          deliveries.push({ lineIds: rest.map((l) => l.line.id), at: after(o.createdAt, 9) });
        }
      } else if ((stage === 'pending_part_paid' || stage === 'instalments') && mains.length > 0) {
        deliveries.push({ lineIds: mains.map((l) => l.line.id), at: after(o.createdAt, 6) });
      }
      for (const d of deliveries) {
        const [row] = await tx
          .insert(orderDeliveries)
          .values({ orderId: o.id, deliveredAt: dayOf(d.at), note: '', createdById: staff.admin, createdAt: d.at })
          .returning({ id: orderDeliveries.id });
        await tx.update(eventProducts).set({ delivered: true, deliveryId: row!.id }).where(inArray(eventProducts.id, d.lineIds));
      }
      const delivered = new Set(deliveries.flatMap((d) => d.lineIds));

      const status: OrderStatus =
        stage === 'closed'
          ? 'closed'
          : stage === 'canceled_after_check' || stage === 'canceled_unchecked'
            ? 'canceled'
            : stage === 'on_hold'
              ? 'on_hold'
              : stage === 'pending_part_paid'
                ? 'pending'
                : 'open';
      const omnicas = method === 'omnicas';
      const lastChange = [o.createdAt, ...kept.map((p) => p.at), ...deliveries.map((d) => d.at), ...(checked ? [checkedAt] : [])].reduce(
        (a, b) => (b > a ? b : a),
      );
      await tx
        .update(orders)
        .set({
          status,
          paymentStatus: paymentStatusOf(
            sum,
            kept.reduce((s, p) => s + p.amount, 0),
          ),
          deliveryStatus: deliveryStatusOf(
            own.map((l) => ({ productType: l.type, delivered: delivered.has(l.line.id), status: l.line.status })),
          ),
          paymentMethod: method,
          firstPaymentMonth: stage === 'instalments' ? dayOf(after(o.createdAt, 10)).slice(0, 7) : o.firstPaymentMonth,
          paymentInstallments: stage === 'instalments' ? 3 : o.paymentInstallments,
          checkedContract: checked,
          contractCheckedAt: checked ? checkedAt : null,
          checkedBankDocs: omnicas && stage === 'closed',
          checkedBankDelivery: omnicas && stage === 'closed',
          checkedPayments: omnicas && stage === 'closed',
          bankCode: method === 'cash' ? null : 'UBS',
          updatedAt: lastChange,
        })
        .where(eq(orders.id, o.id));

      if (!checked) {
        continue;
      }
      const plan = planCommissions({
        lines: own.map((l) => ({ product_type: l.type, status: l.line.status, price: l.line.price, quantity: l.line.quantity })),
        rates,
        sellerId: o.agentId!,
        uplines: uplinesOf(o.agentId!),
        callAgentId: o.callAgentId,
      });
      if (plan.length === 0) {
        continue;
      }
      const earned = await tx
        .insert(commissions)
        .values(
          plan.map((p) => ({
            orderId: o.id,
            agentId: p.agent_id,
            reason: p.reason,
            amount: p.amount,
            createdAt: checkedAt,
            updatedAt: checkedAt,
          })),
        )
        .returning({ id: commissions.id, agentId: commissions.agentId, reason: commissions.reason, amount: commissions.amount });
      written += earned.length;
      if (stage === 'canceled_after_check') {
        // Revoked within the window (CLAWBACK_WINDOW_DAYS): each row reversed, as the engine does.
        const canceledAt = after(checkedAt, 6);
        const reversals = clawbacks(earned.map((r) => ({ agent_id: r.agentId, reason: r.reason, amount: r.amount })));
        await tx.insert(commissions).values(
          reversals.map((r) => ({
            orderId: o.id,
            agentId: r.agent_id,
            reason: r.reason,
            amount: r.amount,
            reversesId: earned.find((e) => e.agentId === r.agent_id && e.reason === r.reason)!.id,
            createdAt: canceledAt,
            updatedAt: canceledAt,
          })),
        );
        written += reversals.length;
        await tx.update(orders).set({ updatedAt: canceledAt }).where(eq(orders.id, o.id));
      }
    }
  }

  await seedReceipts(tx, staff, now);
  return { orders: all.length, commissions: written };
}

/**
 * Commission statuses and receipts: the independent agent's commissions of their first demo month were
 * paid with a receipt; the sales agent's of the last thirty days wait in an open receipt (gathered as
 * POST /api/finances/receipt would); some of the call agent's are pending, and one level-1 commission was
 * paid as a discount on the referrer's own purchase.
 */
async function seedReceipts(tx: Tx, staff: DemoFinanceStaff, now: Date): Promise<void> {
  const rows = await tx.select().from(commissions).orderBy(asc(commissions.createdAt), asc(commissions.id));
  const first = rows[0]?.createdAt;
  if (!first) {
    return;
  }
  const receipt = async (agentId: number, from: Date, to: Date, paid: boolean) => {
    const held = rows.filter(
      (r) =>
        r.agentId === agentId &&
        r.status === 'open' &&
        r.receiptId === null &&
        r.createdAt >= from &&
        r.createdAt < new Date(to.getTime() + DAY),
    );
    if (held.length === 0) {
      return;
    }
    const paidAt = paid ? new Date(Math.min(to.getTime() + 5 * DAY, now.getTime() - 60_000)) : null;
    const [row] = await tx
      .insert(commissionReceipts)
      .values({
        agentId,
        periodFrom: dayOf(from),
        periodTo: dayOf(to),
        status: paid ? 'paid' : 'open',
        total: held.reduce((s, r) => s + r.amount, 0),
        createdById: staff.admin,
        createdAt: paidAt ?? now,
        updatedAt: paidAt ?? now,
        paidAt,
      })
      .returning({ id: commissionReceipts.id });
    await tx
      .update(commissions)
      .set({ receiptId: row!.id, status: paid ? 'paid' : 'open', updatedAt: paidAt ?? now })
      .where(
        inArray(
          commissions.id,
          held.map((r) => r.id),
        ),
      );
    for (const r of held) {
      r.receiptId = row!.id;
      r.status = paid ? 'paid' : 'open';
    }
  };
  const firstMonthEnd = new Date(first.getTime() + 30 * DAY);
  await receipt(staff.independentAgent, first, firstMonthEnd, true);
  await receipt(staff.salesAgent, new Date(now.getTime() - 30 * DAY), now, false);

  const free = (pred: (r: (typeof rows)[number]) => boolean) =>
    rows.filter((r) => r.status === 'open' && r.receiptId === null && r.amount > 0 && pred(r));
  const pending = free((r) => r.agentId === staff.callAgent).slice(0, 3);
  const discount = free((r) => r.reason === 'l1').slice(0, 1);
  for (const [status, list] of [
    ['pending', pending],
    ['paid_as_discount', discount],
  ] as const) {
    if (list.length > 0) {
      await tx
        .update(commissions)
        .set({ status, updatedAt: now })
        .where(
          inArray(
            commissions.id,
            list.map((r) => r.id),
          ),
        );
    }
  }
}
