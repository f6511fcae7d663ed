import {
  DEFAULT_ORDER_STATUSES,
  deliveryStatusOf,
  discountExceedsSale,
  isRunningOrder,
  orderSum,
  paymentStatusOf,
  toggledOrder,
  type OrderDeliveryBody,
  type OrderDto,
  type OrderPaymentBody,
  type OrdersQuery,
  type OrderUpdateBody,
  type ProductLineBody,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { productLineValues } from '../../db/product-lines.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { reconcileCommissions } from './commissions.service.ts';
import { orderDtoOf } from './dto.ts';
import * as repo from './orders.repo.ts';
import { EVERY_ROW, moneyScope } from './policy.ts';

export interface FinancesDeps {
  db: Db;
  now?: () => Date;
}

const nowOf = (deps: FinancesDeps) => (deps.now ? deps.now() : new Date());
/** Orders with their lines, payments and deliveries. */
async function toOrderDtos(tx: Tx, rows: repo.OrderRow[]): Promise<OrderDto[]> {
  const ids = rows.map((r) => r.order.id);
  const [lines, payments, deliveries] = await Promise.all([
    repo.linesOfOrders(tx, ids),
    repo.paymentsOf(tx, ids),
    repo.deliveriesOf(tx, ids),
  ]);
  return rows.map((row) => orderDtoOf(row, lines, payments, deliveries));
}

export async function ordersPage(db: Db, actor: Actor, q: OrdersQuery) {
  const filter = { ...q, status: q.status ?? [...DEFAULT_ORDER_STATUSES] };
  const where = repo.ordersWhere(moneyScope(actor), filter);
  const [rows, total] = await Promise.all([repo.selectOrders(db, where, q), repo.countOrders(db, where)]);
  return { data: await toOrderDtos(db, rows), total, limit: q.limit, offset: q.offset };
}

export async function orderDto(tx: Tx, actor: Actor, id: number): Promise<OrderDto> {
  const found = await repo.orderRowById(tx, id, moneyScope(actor));
  if (!found) {
    throw new AppError('NOT_FOUND');
  }
  return (await toOrderDtos(tx, [found]))[0]!;
}

/**
 * After any change of an order's lines, payments or deliveries, inside the same locked transaction: the
 * payment and delivery statuses follow them (a payment status set by hand stays while the money agrees),
 * and the commissions follow the order.
 */
export async function settle(tx: Tx, orderId: number, now: Date): Promise<void> {
  const order = (await repo.lockOrder(tx, orderId, EVERY_ROW))!;
  const lines = await repo.linesOfOrders(tx, [orderId]);
  const sum = orderSum(
    lines.map((l) => l.line),
    order.discountRecSum,
    order.bankProcessingCommission,
  );
  const paid = await repo.sumPayments(tx, orderId);
  const paymentStatus = paymentStatusOf(sum, paid);
  const deliveryStatus = deliveryStatusOf(
    lines.map((l) => ({ productType: l.product.type, delivered: l.line.delivered, status: l.line.status })),
  );
  if (paymentStatus !== order.paymentStatus || deliveryStatus !== order.deliveryStatus) {
    await repo.updateOrder(tx, orderId, { paymentStatus, deliveryStatus });
  }
  await reconcileCommissions(tx, { ...order, paymentStatus, deliveryStatus }, now);
}

async function locked(tx: Tx, actor: Actor, id: number) {
  const order = await repo.lockOrder(tx, id, moneyScope(actor));
  if (!order) {
    throw new AppError('NOT_FOUND');
  }
  return order;
}

/** PUT /api/finances/order/{id}: checks and terms, then at most one toggle, refused unless spec 4 allows it. */
export async function updateOrder(deps: FinancesDeps, actor: Actor, id: number, body: OrderUpdateBody): Promise<OrderDto> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const o = await locked(tx, actor, id);
    const checks = {
      checkedContract: body.checked_contract ?? o.checkedContract,
      checkedBankDocs: body.checked_bank_docs ?? o.checkedBankDocs,
      checkedBankDelivery: body.checked_bank_delivery ?? o.checkedBankDelivery,
      checkedPayments: body.checked_payments ?? o.checkedPayments,
    };
    const next = {
      ...checks,
      paymentMethod: body.payment_method === undefined ? o.paymentMethod : body.payment_method,
      bankCode: body.bank_code === undefined ? o.bankCode : body.bank_code,
      contractNumber: body.contract_number === undefined ? o.contractNumber : body.contract_number,
      firstPaymentMonth: body.first_payment_month === undefined ? o.firstPaymentMonth : body.first_payment_month,
      paymentInstallments: body.payment_installments === undefined ? o.paymentInstallments : body.payment_installments,
      contractCheckedAt: checks.checkedContract ? (o.contractCheckedAt ?? now) : null,
      status: o.status,
      paymentStatus: o.paymentStatus,
      statusBeforeHold: o.statusBeforeHold,
    };
    if (body.toggle) {
      const toggled = toggledOrder(
        {
          status: o.status as never,
          payment_status: o.paymentStatus as never,
          payment_method: next.paymentMethod,
          checked_contract: next.checkedContract,
          checked_bank_docs: next.checkedBankDocs,
          checked_bank_delivery: next.checkedBankDelivery,
          checked_payments: next.checkedPayments,
          status_before_hold: o.statusBeforeHold as never,
        },
        body.toggle,
      );
      if (!toggled) {
        throw refused('order_toggle_not_allowed', `The order may not be toggled (${body.toggle}) now.`, {
          fieldValidation: { toggle: 'invalid_value' },
        });
      }
      next.status = toggled.status;
      next.paymentStatus = toggled.payment_status;
      // Pausing remembers the status it leaves, which resuming gives back.
      next.statusBeforeHold = toggled.status === 'on_hold' ? (o.status === 'on_hold' ? o.statusBeforeHold : o.status) : null;
    }
    await repo.updateOrder(tx, id, next);
    await reconcileCommissions(tx, { ...o, ...next }, now);
  });
  return orderDto(deps.db, actor, id);
}

export async function addPayment(deps: FinancesDeps, actor: Actor, orderId: number, body: OrderPaymentBody): Promise<OrderDto> {
  await deps.db.transaction(async (tx) => {
    const o = await locked(tx, actor, orderId);
    if (o.status === 'canceled' && body.amount > 0) {
      throw refused('canceled_order_no_payment', 'A canceled order takes no payment, only refunds.');
    }
    await repo.insertPayment(tx, {
      orderId,
      amount: body.amount,
      paidAt: body.paid_at,
      method: body.method,
      bankCode: body.bank_code,
      note: body.note,
      createdById: actor.userId,
    });
    await settle(tx, orderId, nowOf(deps));
  });
  return orderDto(deps.db, actor, orderId);
}

async function paymentOf(tx: Tx, actor: Actor, paymentId: number) {
  const payment = await repo.paymentById(tx, paymentId);
  if (!payment) {
    throw new AppError('NOT_FOUND');
  }
  await locked(tx, actor, payment.orderId);
  return payment;
}

export async function changePayment(deps: FinancesDeps, actor: Actor, paymentId: number, body: OrderPaymentBody): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const p = await paymentOf(tx, actor, paymentId);
    await repo.updatePayment(tx, paymentId, {
      amount: body.amount,
      paidAt: body.paid_at,
      method: body.method,
      bankCode: body.bank_code,
      note: body.note,
    });
    await settle(tx, p.orderId, nowOf(deps));
    return p.orderId;
  });
  return orderDto(deps.db, actor, orderId);
}

export async function removePayment(deps: FinancesDeps, actor: Actor, paymentId: number): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const p = await paymentOf(tx, actor, paymentId);
    await repo.deletePayment(tx, paymentId);
    await settle(tx, p.orderId, nowOf(deps));
    return p.orderId;
  });
  return orderDto(deps.db, actor, orderId);
}

async function writeDelivery(tx: Tx, orderId: number, deliveryId: number, body: OrderDeliveryBody): Promise<void> {
  const marked = await repo.setDeliveryLines(tx, orderId, deliveryId, body.line_ids);
  if (marked !== new Set(body.line_ids).size) {
    // A line of another order, or one another delivery already brought.
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { line_ids: 'invalid_value' } });
  }
}

/**
 * A delivery inside the caller's transaction, for an area that decided who may record it: the warehouse,
 * which takes the goods out of stock in the same transaction.
 */
export async function recordDelivery(tx: Tx, createdById: number, orderId: number, body: OrderDeliveryBody, now: Date): Promise<void> {
  if (!(await repo.lockOrder(tx, orderId, EVERY_ROW))) {
    throw new AppError('NOT_FOUND');
  }
  const id = await repo.insertDelivery(tx, { orderId, deliveredAt: body.delivered_at, note: body.note, createdById });
  await writeDelivery(tx, orderId, id, body);
  await settle(tx, orderId, now);
}

export async function addDelivery(deps: FinancesDeps, actor: Actor, orderId: number, body: OrderDeliveryBody): Promise<OrderDto> {
  await deps.db.transaction(async (tx) => {
    await locked(tx, actor, orderId);
    await recordDelivery(tx, actor.userId, orderId, body, nowOf(deps));
  });
  return orderDto(deps.db, actor, orderId);
}

async function deliveryOf(tx: Tx, actor: Actor, deliveryId: number) {
  const d = await repo.deliveryById(tx, deliveryId);
  if (!d) {
    throw new AppError('NOT_FOUND');
  }
  await locked(tx, actor, d.orderId);
  return d;
}

export async function changeDelivery(deps: FinancesDeps, actor: Actor, deliveryId: number, body: OrderDeliveryBody): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const d = await deliveryOf(tx, actor, deliveryId);
    await repo.updateDelivery(tx, deliveryId, { deliveredAt: body.delivered_at, note: body.note });
    await writeDelivery(tx, d.orderId, deliveryId, body);
    await settle(tx, d.orderId, nowOf(deps));
    return d.orderId;
  });
  return orderDto(deps.db, actor, orderId);
}

export async function removeDelivery(deps: FinancesDeps, actor: Actor, deliveryId: number): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const d = await deliveryOf(tx, actor, deliveryId);
    await repo.deleteDelivery(tx, deliveryId);
    await settle(tx, d.orderId, nowOf(deps));
    return d.orderId;
  });
  return orderDto(deps.db, actor, orderId);
}

async function lineValues(tx: Tx, body: ProductLineBody) {
  const product = await repo.productById(tx, body.product_id);
  if (!product || product.status === 'draft') {
    throw new AppError('UNKNOWN_PRODUCT_ID', { fieldValidation: { product_id: 'invalid_value' } });
  }
  return productLineValues(body, product.defaultPrice);
}

/** A line change may not leave the recommendation discount larger than what the lines sell for in money. */
async function refuseDiscountAboveSale(tx: Tx, orderId: number): Promise<void> {
  const order = (await repo.lockOrder(tx, orderId, EVERY_ROW))!;
  const lines = await repo.linesOfOrders(tx, [orderId]);
  if (
    discountExceedsSale(
      lines.map((l) => l.line),
      order.discountRecSum,
    )
  ) {
    throw refused('discount_exceeds_sale', 'The recommendation discount would be larger than the sale.');
  }
}

/** Lines change only while the order runs (open, pending or on hold) and the line is not delivered. */
function refuseClosed(status: string): void {
  if (!isRunningOrder(status)) {
    throw refused('order_lines_locked', 'The lines of a closed or canceled order do not change.');
  }
}

export async function addOrderLine(deps: FinancesDeps, actor: Actor, orderId: number, body: ProductLineBody): Promise<OrderDto> {
  await deps.db.transaction(async (tx) => {
    const o = await locked(tx, actor, orderId);
    refuseClosed(o.status);
    if (!o.eventId) {
      throw refused('order_without_event', 'An order without a presentation takes no lines.');
    }
    await repo.insertOrderLine(tx, { ...(await lineValues(tx, body)), eventId: o.eventId, orderId });
    await refuseDiscountAboveSale(tx, orderId);
    await settle(tx, orderId, nowOf(deps));
  });
  return orderDto(deps.db, actor, orderId);
}

async function lineOf(tx: Tx, actor: Actor, lineId: number) {
  const line = await repo.lineOfOrder(tx, lineId);
  if (!line?.orderId) {
    throw new AppError('NOT_FOUND');
  }
  const o = await locked(tx, actor, line.orderId);
  refuseClosed(o.status);
  if (line.delivered) {
    throw refused('delivered_line_final', 'A delivered line does not change.');
  }
  return { line, orderId: line.orderId };
}

export async function changeOrderLine(deps: FinancesDeps, actor: Actor, lineId: number, body: ProductLineBody): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const { orderId } = await lineOf(tx, actor, lineId);
    await repo.updateOrderLine(tx, lineId, await lineValues(tx, body));
    await refuseDiscountAboveSale(tx, orderId);
    await settle(tx, orderId, nowOf(deps));
    return orderId;
  });
  return orderDto(deps.db, actor, orderId);
}

export async function removeOrderLine(deps: FinancesDeps, actor: Actor, lineId: number): Promise<OrderDto> {
  const orderId = await deps.db.transaction(async (tx) => {
    const { orderId } = await lineOf(tx, actor, lineId);
    await repo.deleteOrderLine(tx, lineId);
    await refuseDiscountAboveSale(tx, orderId);
    await settle(tx, orderId, nowOf(deps));
    return orderId;
  });
  return orderDto(deps.db, actor, orderId);
}
