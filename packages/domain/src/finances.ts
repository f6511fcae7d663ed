/**
 * The money side (spec 3 "Order (finances)", spec 4 order, payment, delivery, commission and receipt
 * states and the order toggle rules). Money is integer Rappen everywhere; these are pure rules that the
 * server enforces and the browser shows.
 */

export const ORDER_STATUSES = ['open', 'pending', 'closed', 'canceled', 'on_hold'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['paid', 'open', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const DELIVERY_STATUSES = ['not_delivered', 'delivered', 'main_product_delivered'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const COMMISSION_STATUSES = ['open', 'paid_as_discount', 'pending', 'paid'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const RECEIPT_STATUSES = ['open', 'paid'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const COMMISSION_REASONS = ['sale', 'l1', 'l2', 'l3', 'ca'] as const;
export type CommissionReason = (typeof COMMISSION_REASONS)[number];
export const BANK_CODES = ['UBS', 'AXION', 'PICTET'] as const;
export const OMNICAS_STATUSES = ['accepted', 'in_examination', 'rejected'] as const;
export type OmnicasStatus = (typeof OMNICAS_STATUSES)[number];

/** Spec 9: the orders list opens on open and pending orders (the server's answer when no status is asked, and the web's first filter). */
export const DEFAULT_ORDER_STATUSES: readonly OrderStatus[] = ['open', 'pending'];

/**
 * The statuses the orders list asks for: those chosen, or, when none is chosen, every status (without a
 * status the server answers `DEFAULT_ORDER_STATUSES` only).
 */
export function orderStatusesToAsk(chosen: readonly OrderStatus[]): OrderStatus[] {
  return chosen.length > 0 ? [...chosen] : [...ORDER_STATUSES];
}

/**
 * An order still running (open, pending or on hold): its lines and its recommendation discount change,
 * and it may be paused or resumed. A closed or canceled order keeps its money.
 */
export function isRunningOrder(status: string): boolean {
  return status === 'open' || status === 'pending' || status === 'on_hold';
}

/** A paid commission (paid, or paid as a discount on the agent's own purchase) never changes again. */
export function isFinalCommission(status: string): boolean {
  return status === 'paid' || status === 'paid_as_discount';
}

/** An order paid by bill has an invoice (with a QR-bill for what is owed); one paid otherwise has none. */
export function hasInvoice(paymentMethod: string | null): boolean {
  return paymentMethod === 'bill';
}

/** An order paid through the financing provider (payment method omnicas): it takes a financing application, and closing it needs the bank's papers checked. */
export function isFinancedOrder(paymentMethod: string | null): boolean {
  return paymentMethod === 'omnicas';
}

/** A paid receipt stays paid: it is not reopened, rebuilt or deleted. */
export function isFinalReceipt(status: string): boolean {
  return status === 'paid';
}

export interface OrderFlagsInput {
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: string | null;
  checked_contract: boolean;
  checked_bank_docs: boolean;
  checked_bank_delivery: boolean;
  checked_payments: boolean;
  /** While on hold: the status the order had when it was paused (open or pending). */
  status_before_hold?: OrderStatus | null;
}

export interface OrderFlags {
  canToggleStatus: boolean;
  canTogglePaymentStatus: boolean;
  canBeCanceled: boolean;
  canToggleOnHold: boolean;
}

/**
 * Spec 4 "the order toggle rules":
 * - status may be toggled only when the contract is checked and payment status is paid; for payment
 *   method omnicas, bank docs, bank delivery and payments must also be checked;
 * - payment status may be toggled when order status is not closed, payment status is not open and the
 *   contract is checked;
 * - cancel is allowed when order status is open or canceled;
 * - on-hold toggle is allowed when order status is open, pending or on_hold.
 */
export function orderFlags(o: OrderFlagsInput): OrderFlags {
  const omnicasChecked = !isFinancedOrder(o.payment_method) || (o.checked_bank_docs && o.checked_bank_delivery && o.checked_payments);
  return {
    canToggleStatus: o.checked_contract && o.payment_status === 'paid' && omnicasChecked,
    canTogglePaymentStatus: o.status !== 'closed' && o.payment_status !== 'open' && o.checked_contract,
    canBeCanceled: o.status === 'open' || o.status === 'canceled',
    canToggleOnHold: isRunningOrder(o.status),
  };
}

/** What each toggle does (ours; spec 4 names only when it is allowed). */
export const ORDER_TOGGLES = ['status', 'payment_status', 'cancel', 'on_hold'] as const;
export type OrderToggle = (typeof ORDER_TOGGLES)[number];

export function toggledOrder(o: OrderFlagsInput, toggle: OrderToggle): { status: OrderStatus; payment_status: PaymentStatus } | null {
  const flags = orderFlags(o);
  switch (toggle) {
    case 'status':
      // Closes a paid, checked order; a closed one opens again as pending.
      return flags.canToggleStatus ? { status: o.status === 'closed' ? 'pending' : 'closed', payment_status: o.payment_status } : null;
    case 'payment_status':
      // Between pending and paid: a financed or partly paid order is confirmed paid, or taken back.
      return flags.canTogglePaymentStatus ? { status: o.status, payment_status: o.payment_status === 'paid' ? 'pending' : 'paid' } : null;
    case 'cancel':
      return flags.canBeCanceled ? { status: o.status === 'canceled' ? 'open' : 'canceled', payment_status: o.payment_status } : null;
    case 'on_hold':
      return flags.canToggleOnHold
        ? { status: o.status === 'on_hold' ? resumedStatus(o) : 'on_hold', payment_status: o.payment_status }
        : null;
  }
}

/** Resuming gives back the status the order had when paused; an order paused before that was remembered resumes pending. */
function resumedStatus(o: OrderFlagsInput): OrderStatus {
  return o.status_before_hold === 'open' || o.status_before_hold === 'pending' ? o.status_before_hold : 'pending';
}

export interface MoneyLine {
  status: 'sell' | 'rec' | 'gift';
  price: number;
  quantity: number;
}

/** A line sold for money (not paid by recommendations, not a gift): only such lines count in sums and commissions. */
export function isPaidInMoney(line: { status: string }): boolean {
  return line.status === 'sell';
}

/** What a line brings in money: its price times its quantity when sold for money, else nothing. */
export function lineMoney(line: MoneyLine): number {
  return isPaidInMoney(line) ? line.price * line.quantity : 0;
}

/** The order's sum: lines paid in money, less the recommendation discount (never below zero), plus the bank's commission. */
export function orderSum(lines: readonly MoneyLine[], discountRecSum: number, bankCommission: number): number {
  const sold = lines.reduce((s, l) => s + lineMoney(l), 0);
  return Math.max(0, sold - discountRecSum) + bankCommission;
}

/** A recommendation discount may not be more than the lines paid in money (a discount is no payout). */
export function discountExceedsSale(lines: readonly MoneyLine[], discountRecSum: number): boolean {
  return discountRecSum > orderSum(lines, 0, 0);
}

/** What is still owed (spec "dept"): the sum less the payments, never below zero. */
export function orderDebt(sum: number, paid: number): number {
  return Math.max(0, sum - paid);
}

/** The payment status follows the payments: nothing paid → open, part → pending, nothing owed → paid. */
export function paymentStatusOf(sum: number, paid: number): PaymentStatus {
  if (sum > 0 && paid <= 0) {
    return 'open';
  }
  return paid >= sum ? 'paid' : 'pending';
}

/**
 * The delivery status follows the deliveries: not_delivered → main_product_delivered → delivered. Gifts
 * are handed over at the demo and do not count.
 */
export function deliveryStatusOf(lines: readonly { productType: string; delivered: boolean; status: string }[]): DeliveryStatus {
  const goods = lines.filter((l) => l.status !== 'gift');
  if (goods.length > 0 && goods.every((l) => l.delivered)) {
    return 'delivered';
  }
  const mains = goods.filter((l) => l.productType === 'main');
  return mains.length > 0 && mains.every((l) => l.delivered) ? 'main_product_delivered' : 'not_delivered';
}

/**
 * Instalments: the sum split over `count` months from `firstMonth` (YYYY-MM), in whole Rappen; the
 * Rappen that do not divide go to the first instalment, so the schedule adds up to the sum exactly.
 */
export function instalmentSchedule(sum: number, firstMonth: string, count: number): { month: string; amount: number }[] {
  if (count < 1 || !/^\d{4}-(0[1-9]|1[0-2])$/.test(firstMonth)) {
    return [];
  }
  const base = Math.floor(sum / count);
  const rest = sum - base * count;
  const [y, m] = firstMonth.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = m - 1 + i;
    const month = `${y + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    return { month, amount: base + (i === 0 ? rest : 0) };
  });
}

/** A commission rate: a percentage in basis points (1 % = 100) of the lines' value, or a fixed amount per line unit. */
export interface CommissionRate {
  product_type: string;
  reason: CommissionReason;
  kind: 'percent' | 'fixed';
  /** basis points for percent, Rappen for fixed */
  value: number;
}

/**
 * The one rounding rule: a percentage is taken of the whole base of a product type in Rappen and rounded
 * half away from zero to the Rappen, once per commission row.
 */
export function percentOf(baseRappen: number, basisPoints: number): number {
  const exact = (baseRappen * basisPoints) / 10_000;
  const rounded = Math.round(Math.abs(exact));
  // A negative base that rounds to nothing is 0, not -0.
  return rounded === 0 ? 0 : Math.sign(exact) * rounded;
}

export interface CommissionLine {
  product_type: string;
  status: 'sell' | 'rec' | 'gift';
  price: number;
  quantity: number;
}

export interface UplineMember {
  id: number;
  active: boolean;
}

export interface CommissionPlanInput {
  lines: readonly CommissionLine[];
  rates: readonly CommissionRate[];
  sellerId: number;
  /** The seller's referrers, nearest first (the partner and independent-agent tree), as far as it goes. */
  uplines: readonly UplineMember[];
  callAgentId: number | null;
}

export interface PlannedCommission {
  agent_id: number;
  reason: CommissionReason;
  amount: number;
}

/**
 * The commissions an order earns: the seller (sale), the first three active referrers above the seller
 * (l1, l2, l3; an inactive one is skipped and the next active one takes the level, the tree itself is not
 * changed) and the call agent who booked the demo (ca). Only lines paid in money count; each row is the
 * sum over product types of the rate applied to that type's value, rounded by `percentOf`.
 */
export function planCommissions(input: CommissionPlanInput): PlannedCommission[] {
  const byType = new Map<string, { value: number; units: number }>();
  for (const l of input.lines) {
    if (!isPaidInMoney(l)) {
      continue;
    }
    const entry = byType.get(l.product_type) ?? { value: 0, units: 0 };
    entry.value += l.price * l.quantity;
    entry.units += l.quantity;
    byType.set(l.product_type, entry);
  }
  const amountFor = (reason: CommissionReason) => {
    let total = 0;
    for (const [type, base] of byType) {
      const rate = input.rates.find((r) => r.reason === reason && r.product_type === type);
      if (rate) {
        total += rate.kind === 'percent' ? percentOf(base.value, rate.value) : rate.value * base.units;
      }
    }
    return total;
  };
  const out: PlannedCommission[] = [];
  const push = (agent_id: number, reason: CommissionReason) => {
    const amount = amountFor(reason);
    if (amount !== 0) {
      out.push({ agent_id, reason, amount });
    }
  };
  push(input.sellerId, 'sale');
  const active = input.uplines.filter((u) => u.active && u.id !== input.sellerId).slice(0, 3);
  (['l1', 'l2', 'l3'] as const).forEach((reason, i) => {
    const upline = active[i];
    if (upline) {
      push(upline.id, reason);
    }
  });
  if (input.callAgentId !== null) {
    push(input.callAgentId, 'ca');
  }
  return out;
}

/** Spec: sales at home may be revoked within 14 days (Swiss law, OR 40e); a cancellation or a return this long after the contract still claws back. */
export const CLAWBACK_WINDOW_DAYS = 30;

export function withinClawbackWindow(contractCheckedAt: Date, now: Date): boolean {
  return now.getTime() - contractCheckedAt.getTime() <= CLAWBACK_WINDOW_DAYS * 86_400_000;
}

/** A reversal of each commission row of an order: same agent and reason, the amount negated; paid rows are never edited. */
export function clawbacks(rows: readonly { agent_id: number; reason: CommissionReason; amount: number }[]): PlannedCommission[] {
  const net = new Map<string, PlannedCommission>();
  for (const r of rows) {
    const key = `${r.agent_id}:${r.reason}`;
    const entry = net.get(key) ?? { agent_id: r.agent_id, reason: r.reason, amount: 0 };
    entry.amount += r.amount;
    net.set(key, entry);
  }
  return [...net.values()].filter((r) => r.amount !== 0).map((r) => ({ ...r, amount: -r.amount }));
}
