import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import { PAYMENT_METHODS } from '../events.ts';
import {
  BANK_CODES,
  COMMISSION_REASONS,
  COMMISSION_STATUSES,
  DELIVERY_STATUSES,
  OMNICAS_STATUSES,
  ORDER_STATUSES,
  ORDER_TOGGLES,
  PAYMENT_STATUSES,
  RECEIPT_STATUSES,
} from '../finances.ts';
import { csvOf, personRef } from './clients.ts';
import { productLineBody, productLineDto } from './events.ts';

const zId = z.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');
const zRappen = z.number().int('invalid_value').min(0, 'invalid_value').max(100_000_000, 'invalid_value');
const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_value');
const zMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value');
const zNote = z.string().trim().max(1000, 'too_long');
const page = (size: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(size),
});

export const orderPaymentDto = z.object({
  id: z.number(),
  order_id: z.number(),
  amount: z.number(),
  paid_at: z.string(),
  method: z.string().nullable(),
  bank_code: z.string().nullable(),
  note: z.string(),
  created_by: personRef.nullable(),
  created_at: z.string(),
});
export const orderDeliveryDto = z.object({
  id: z.number(),
  order_id: z.number(),
  delivered_at: z.string(),
  note: z.string(),
  line_ids: z.array(z.number()),
  created_by: personRef.nullable(),
  created_at: z.string(),
});

/** Spec 3 "Order (finances)" with its derived flags (spec 4), sent with every order. */
export const orderDto = z.object({
  id: z.number(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  payment_method: z.string().nullable(),
  bank_code: z.string().nullable(),
  contract_number: z.string().nullable(),
  checked_contract: z.boolean(),
  checked_bank_docs: z.boolean(),
  checked_bank_delivery: z.boolean(),
  checked_payments: z.boolean(),
  /** Rappen: what the order costs and what is still owed. */
  sum: z.number(),
  dept: z.number(),
  paid: z.number(),
  discount_rec_sum: z.number(),
  discount_rec_count: z.number(),
  bank_processing_commission: z.number(),
  first_payment_month: z.string().nullable(),
  payment_installments: z.number().nullable(),
  schedule: z.array(z.object({ month: z.string(), amount: z.number() })),
  client: personRef.extend({ city: z.string().nullable(), zipcode: z.string().nullable(), address: z.string().nullable() }),
  agent: personRef.nullable(),
  call_agent: personRef.nullable(),
  partner_id: z.number().nullable(),
  event_id: z.number().nullable(),
  lines: z.array(productLineDto.extend({ delivered: z.boolean() })),
  order_payments: z.array(orderPaymentDto),
  order_deliveries: z.array(orderDeliveryDto),
  lastDelivery: orderDeliveryDto.nullable(),
  canToggleStatus: z.boolean(),
  canTogglePaymentStatus: z.boolean(),
  canBeCanceled: z.boolean(),
  canToggleOnHold: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderDto = z.infer<typeof orderDto>;
export const orderListDto = z.object({ data: z.array(orderDto), total: z.number(), limit: z.number(), offset: z.number() });

/** GET /api/finances/orders: open and pending by default (spec 9), newest change first, 100 a page. */
export const ordersQuery = z.object({
  status: csvOf(z.enum(ORDER_STATUSES)).optional(),
  payment_status: csvOf(z.enum(PAYMENT_STATUSES)).optional(),
  delivery_status: csvOf(z.enum(DELIVERY_STATUSES)).optional(),
  agent_id: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional(),
  needDelivery: z.enum(['true', 'false']).optional(),
  orderBy: z.enum(['updated_at', 'created_at', 'id']).default('updated_at'),
  orderMethod: z.enum(['asc', 'desc']).default('desc'),
  ...page(PAGE_SIZES.finances),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;

/** PUT /api/finances/order/{id}: the checks, the payment terms, and at most one toggle. */
export const orderUpdateBody = z.object({
  checked_contract: z.boolean().optional(),
  checked_bank_docs: z.boolean().optional(),
  checked_bank_delivery: z.boolean().optional(),
  checked_payments: z.boolean().optional(),
  payment_method: z.enum(PAYMENT_METHODS).nullable().optional(),
  bank_code: z.enum(BANK_CODES).nullable().optional(),
  contract_number: z.string().trim().max(50, 'too_long').nullable().optional(),
  first_payment_month: zMonth.nullable().optional(),
  payment_installments: z.number().int().min(1, 'invalid_value').max(120, 'invalid_value').nullable().optional(),
  toggle: z.enum(ORDER_TOGGLES).optional(),
});
export type OrderUpdateBody = z.infer<typeof orderUpdateBody>;

/**
 * A payment, or a refund: money going back is negative and must say that it is a refund (`refund: true`),
 * so that a minus typed by mistake is not saved as one.
 */
export const orderPaymentBody = z
  .object({
    /** Rappen; a refund is negative. */
    amount: z
      .number()
      .int('invalid_value')
      .min(-100_000_000, 'invalid_value')
      .max(100_000_000, 'invalid_value')
      .refine((v) => v !== 0, 'invalid_value'),
    refund: z.boolean().default(false),
    paid_at: zDay,
    method: z.enum(PAYMENT_METHODS).nullable().default(null),
    bank_code: z.enum(BANK_CODES).nullable().default(null),
    note: zNote.default(''),
  })
  .superRefine((p, ctx) => {
    if (p.amount < 0 && !p.refund) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'refund_not_marked' });
    }
    if (p.amount > 0 && p.refund) {
      ctx.addIssue({ code: 'custom', path: ['refund'], message: 'invalid_value' });
    }
  });
export type OrderPaymentBody = z.infer<typeof orderPaymentBody>;

export const orderDeliveryBody = z.object({
  delivered_at: zDay,
  /** The order's lines this delivery brought; gifts need none. */
  line_ids: z.array(zId).min(1, 'field_is_required').max(50),
  note: zNote.default(''),
});
export type OrderDeliveryBody = z.infer<typeof orderDeliveryBody>;

/** POST and PUT /api/finances/order-product/{id}: a line of an order (POST: the order's id). */
export const orderProductBody = productLineBody;

export const commissionDto = z.object({
  id: z.number(),
  order: z.object({ id: z.number(), client: personRef, contract_number: z.string().nullable() }),
  agent: personRef,
  partner_id: z.number().nullable(),
  reason: z.enum(COMMISSION_REASONS),
  amount: z.number(),
  status: z.enum(COMMISSION_STATUSES),
  receipt_id: z.number().nullable(),
  /** A clawback row names the row it reverses. */
  reverses_id: z.number().nullable(),
  created_at: z.string(),
});
export type CommissionDto = z.infer<typeof commissionDto>;

export const commissionsQuery = z.object({
  reason: csvOf(z.enum(COMMISSION_REASONS)).optional(),
  status: csvOf(z.enum(COMMISSION_STATUSES)).optional(),
  agent_id: z.coerce.number().int().positive().optional(),
  from: zDay.optional(),
  to: zDay.optional(),
  ...page(PAGE_SIZES.finances),
});
export type CommissionsQuery = z.infer<typeof commissionsQuery>;
export const commissionUpdateBody = z.object({ status: z.enum(COMMISSION_STATUSES) });

export const commissionRateDto = z.object({
  product_type: z.enum(['main', 'other', 'gift', 'hula']),
  reason: z.enum(COMMISSION_REASONS),
  kind: z.enum(['percent', 'fixed']),
  /** basis points (1 % = 100) for percent, Rappen per unit for fixed */
  value: z.number().int().min(0).max(1_000_000),
});
export const commissionRatesBody = z.object({ rates: z.array(commissionRateDto).max(40) });

export const receiptRowDto = z.object({
  id: z.number(),
  agent: personRef,
  partner_id: z.number().nullable(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  total: z.number(),
  commissions_count: z.number(),
  order: z.object({ id: z.number() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type ReceiptRowDto = z.infer<typeof receiptRowDto>;
export const receiptsQuery = z.object({
  status: csvOf(z.enum(RECEIPT_STATUSES)).optional(),
  agent_id: z.coerce.number().int().positive().optional(),
  ...page(PAGE_SIZES.finances),
});
/** POST /api/finances/receipt/{agentId}: gathers the agent's open commissions of the period. */
export const receiptCreateBody = z.object({ from: zDay, to: zDay });
export const receiptUpdateBody = z.object({ status: z.enum(RECEIPT_STATUSES) });

export const omnicasBody = z.object({ order_id: zId, reference: z.string().trim().max(100).default(''), amount: zRappen.optional() });
export const omnicasUpdateBody = z.object({ status: z.enum(OMNICAS_STATUSES) });
export const omnicasDto = z.object({
  id: z.number(),
  order_id: z.number(),
  client: personRef,
  status: z.enum(OMNICAS_STATUSES),
  reference: z.string(),
  amount: z.number(),
  provider_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
