import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { orders } from './events.ts';
import { users } from './identity.ts';

/** Money received for an order, in Rappen (a refund is negative). */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    paidAt: date('paid_at').notNull(),
    method: text('method'),
    bankCode: text('bank_code'),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_payments_not_zero', sql`${t.amount} <> 0`),
    index('order_payments_order_idx').on(t.orderId),
    index('order_payments_created_by_idx').on(t.createdById),
  ],
);

/** A delivery of some of an order's lines (event_products.delivery_id). */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    deliveredAt: date('delivered_at').notNull(),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_deliveries_order_idx').on(t.orderId, t.deliveredAt), index('order_deliveries_created_by_idx').on(t.createdById)],
);

/** What an agent earns per product type and reason: basis points of the value, or Rappen per unit. */
export const commissionRates = pgTable(
  'commission_rates',
  {
    productType: text('product_type').notNull(),
    reason: text('reason').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    value: integer('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.productType, t.reason] }), check('commission_rates_value', sql`${t.value} >= 0`)],
);

/** A commission statement of an agent for a period: it gathers their open commissions. */
export const commissionReceipts = pgTable(
  'commission_receipts',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    status: text('status').$type<'open' | 'paid'>().notNull().default('open'),
    total: integer('total').notNull().default(0),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('commission_receipts_period', sql`${t.periodTo} >= ${t.periodFrom}`),
    index('commission_receipts_agent_idx').on(t.agentId, t.createdAt.desc()),
    index('commission_receipts_status_idx').on(t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commission_receipts_created_by_idx').on(t.createdById),
  ],
);

/**
 * One row per agent, reason and order. A cancellation adds reversing rows (`reverses_id`); a row is
 * never edited once paid.
 */
export const commissions = pgTable(
  'commissions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').$type<'sale' | 'l1' | 'l2' | 'l3' | 'ca'>().notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<'open' | 'paid_as_discount' | 'pending' | 'paid'>().notNull().default('open'),
    receiptId: integer('receipt_id').references(() => commissionReceipts.id, { onDelete: 'set null' }),
    reversesId: integer('reverses_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS FIRST like the commissions page's ORDER BY created_at DESC, id DESC (the date the page shows): the
    // newest page is read from the index.
    index('commissions_reason_created_idx').on(t.reason, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('commissions_agent_idx').on(t.agentId, t.status, t.createdAt),
    index('commissions_order_idx').on(t.orderId),
    index('commissions_receipt_idx').on(t.receiptId),
  ],
);

/** Stock per product in the warehouse. */
export const productStock = pgTable('product_stock', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Financing applications for orders paid through the financing provider (Omnicas). */
export const omnicasApplications = pgTable(
  'omnicas_applications',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<'accepted' | 'in_examination' | 'rejected'>().notNull().default('in_examination'),
    reference: text('reference').notNull().default(''),
    amount: integer('amount').notNull(),
    providerId: text('provider_id'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list is newest first by id (the primary key read backwards); nothing reads updated_at in order.
    index('omnicas_order_idx').on(t.orderId),
    index('omnicas_created_by_idx').on(t.createdById),
  ],
);
