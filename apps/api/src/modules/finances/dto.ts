import {
  instalmentSchedule,
  orderDebt,
  orderFlags,
  orderSum,
  type CommissionDto,
  type CommissionReason,
  type OrderDto,
  type ReceiptRowDto,
} from '@bo/domain';
import { productRefOf as productOf } from '../products/index.ts';
import type { CommissionRow, ReceiptRow, ratesAll } from './commissions.repo.ts';
import type { deliveriesOf, linesOfOrders, OrderRow, paymentsOf } from './orders.repo.ts';

/* The finances' rows as the API answers them. */

const iso = (d: Date) => d.toISOString();
const dayOf = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString().slice(0, 10));

type Lines = Awaited<ReturnType<typeof linesOfOrders>>;
type Payments = Awaited<ReturnType<typeof paymentsOf>>;
type Deliveries = Awaited<ReturnType<typeof deliveriesOf>>;

/** An order with its lines, payments and deliveries (those of all the orders read, picked by order), the money computed and the flags of spec 4. */
export function orderDtoOf(
  { order: o, client, agent, callAgent }: OrderRow,
  lines: Lines,
  payments: Payments,
  deliveries: Deliveries,
): OrderDto {
  const own = lines.filter((l) => l.line.orderId === o.id);
  const ownPayments = payments.filter((p) => p.payment.orderId === o.id);
  const ownDeliveries = deliveries
    .filter((d) => d.delivery.orderId === o.id)
    .map((d) => ({
      id: d.delivery.id,
      order_id: o.id,
      delivered_at: dayOf(d.delivery.deliveredAt),
      note: d.delivery.note,
      line_ids: own.filter((l) => l.line.deliveryId === d.delivery.id).map((l) => l.line.id),
      created_by: d.creator,
      created_at: iso(d.delivery.createdAt),
    }));
  const sum = orderSum(
    own.map((l) => l.line),
    o.discountRecSum,
    o.bankProcessingCommission,
  );
  const paid = ownPayments.reduce((s, p) => s + p.payment.amount, 0);
  const flags = orderFlags({
    status: o.status as OrderDto['status'],
    payment_status: o.paymentStatus as OrderDto['payment_status'],
    payment_method: o.paymentMethod,
    checked_contract: o.checkedContract,
    checked_bank_docs: o.checkedBankDocs,
    checked_bank_delivery: o.checkedBankDelivery,
    checked_payments: o.checkedPayments,
  });
  return {
    id: o.id,
    status: o.status as OrderDto['status'],
    payment_status: o.paymentStatus as OrderDto['payment_status'],
    delivery_status: o.deliveryStatus as OrderDto['delivery_status'],
    payment_method: o.paymentMethod,
    bank_code: o.bankCode,
    contract_number: o.contractNumber,
    checked_contract: o.checkedContract,
    checked_bank_docs: o.checkedBankDocs,
    checked_bank_delivery: o.checkedBankDelivery,
    checked_payments: o.checkedPayments,
    sum,
    dept: orderDebt(sum, paid),
    paid,
    discount_rec_sum: o.discountRecSum,
    discount_rec_count: o.discountRecCount,
    bank_processing_commission: o.bankProcessingCommission,
    first_payment_month: o.firstPaymentMonth,
    payment_installments: o.paymentInstallments,
    schedule:
      o.firstPaymentMonth && o.paymentInstallments ? instalmentSchedule(orderDebt(sum, 0), o.firstPaymentMonth, o.paymentInstallments) : [],
    client,
    agent: agent?.id ? { id: agent.id, name: agent.name, surname: agent.surname } : null,
    call_agent: callAgent?.id ? { id: callAgent.id, name: callAgent.name, surname: callAgent.surname } : null,
    partner_id: o.partnerId,
    event_id: o.eventId,
    lines: own.map((l) => ({
      id: l.line.id,
      event_id: l.line.eventId,
      order_id: l.line.orderId,
      product_id: l.line.productId,
      product: productOf(l.product),
      status: l.line.status,
      repayment_type: l.line.repaymentType,
      quantity: l.line.quantity,
      years_of_guarantee: l.line.yearsOfGuarantee,
      price: l.line.price,
      rec_price: l.line.recPrice,
      delivered: l.line.delivered,
    })),
    order_payments: ownPayments.map((p) => ({
      id: p.payment.id,
      order_id: o.id,
      amount: p.payment.amount,
      paid_at: dayOf(p.payment.paidAt),
      method: p.payment.method,
      bank_code: p.payment.bankCode,
      note: p.payment.note,
      created_by: p.creator,
      created_at: iso(p.payment.createdAt),
    })),
    order_deliveries: ownDeliveries,
    lastDelivery: ownDeliveries.at(-1) ?? null,
    ...flags,
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
  };
}

export function commissionDtoOf(r: CommissionRow): CommissionDto {
  return {
    id: r.row.id,
    order: { id: r.order.id, client: r.client, contract_number: r.order.contractNumber },
    agent: r.agent,
    partner_id: r.order.partnerId,
    reason: r.row.reason,
    amount: r.row.amount,
    status: r.row.status,
    receipt_id: r.row.receiptId,
    reverses_id: r.row.reversesId,
    created_at: iso(r.row.createdAt),
  };
}

export function receiptDtoOf(r: ReceiptRow): ReceiptRowDto {
  return {
    id: r.receipt.id,
    agent: r.agent,
    partner_id: null,
    period_from: dayOf(r.receipt.periodFrom),
    period_to: dayOf(r.receipt.periodTo),
    status: r.receipt.status,
    total: r.receipt.total,
    commissions_count: r.count,
    order: null,
    created_at: iso(r.receipt.createdAt),
    paid_at: r.receipt.paidAt ? iso(r.receipt.paidAt) : null,
  };
}

export interface RateDto {
  product_type: 'main' | 'other' | 'gift' | 'hula';
  reason: CommissionReason;
  kind: 'percent' | 'fixed';
  value: number;
}

export function rateDtoOf(r: Awaited<ReturnType<typeof ratesAll>>[number]): RateDto {
  return {
    product_type: r.productType as RateDto['product_type'],
    reason: r.reason as CommissionReason,
    kind: r.kind,
    value: r.value,
  };
}
