import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { files } from './files.ts';
import { users } from './identity.ts';

/**
 * Presentations (demos) and service visits share one table: the calendar, the events lists and the
 * overlap rule treat them alike. An agent's busy events may not overlap (an exclusion constraint in the
 * migration backs the check the service makes first). Money in integer Rappen.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<'presentation' | 'service'>().notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<'success' | 'canceled' | 'remeet' | 'planned'>().notNull().default('planned'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    comment: text('comment').notNull().default(''),
    /** The follow-up presentation a remeet outcome booked. */
    remeetEventId: integer('remeet_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    /** A service after a sale points to its presentation, a presentation booked from a service to that service. */
    relatedEventId: integer('related_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
    // The draft of spec 3, as the flow finished it. Lists are stored comma-separated.
    wasAtHome: boolean('was_at_home'),
    hasOrder: boolean('has_order').notNull().default(false),
    quality: text('quality'),
    badQualityReasons: text('bad_quality_reasons'),
    badQualityReasonDesc: text('bad_quality_reason_desc').notNull().default(''),
    gotGift: boolean('got_gift'),
    giftProductId: integer('gift_product_id').references(() => products.id),
    rejGiftReasons: text('rej_gift_reasons'),
    sawPresentation: boolean('saw_presentation'),
    dontSawReasons: text('dont_saw_reasons'),
    dontSawReasonDesc: text('dont_saw_reason_desc').notNull().default(''),
    boughtProduct: boolean('bought_product'),
    boughtOtherProducts: boolean('bought_other_products'),
    dontBuyReasons: text('dont_buy_reasons'),
    discountRecSum: integer('discount_rec_sum'),
    discountRecCount: integer('discount_rec_count'),
    paymentMethod: text('payment_method'),
    contractNumber: text('contract_number'),
    bankProcessingCommission: integer('bank_processing_commission').notNull().default(0),
    firstPaymentMonth: text('first_payment_month'),
    paymentInstallments: integer('payment_installments'),
    flowStep: text('flow_step'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('events_agent_starts_idx').on(t.agentId, t.startsAt),
    // An agent's clients through their events (the clients scope "linked": linked to them, or at one of
    // their events): the set read from this index alone, without visiting each event.
    index('events_agent_client_idx').on(t.agentId, t.clientId),
    index('events_starts_idx').on(t.startsAt, t.id),
    // The history's end (filters.repo.ts `pastAt`): the latest performed event, found at once.
    index('events_performed_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.wasAtHome} IS NOT NULL`),
    index('events_client_idx').on(t.clientId, t.startsAt.desc()),
    index('events_created_by_idx').on(t.createdById, t.startsAt),
    // The planned events of an agent (its own or booked by it): the expired and future counters of a
    // sales agent, without reading every event of the agent's years (11 → 1 ms).
    index('events_planned_agent_idx')
      .on(t.agentId, t.startsAt)
      .where(sql`${t.status} = 'planned'`),
    index('events_planned_creator_idx')
      .on(t.createdById, t.startsAt)
      .where(sql`${t.status} = 'planned'`),
    // The demos booked on one day (the call agents tab for a day, docs/statistics.md).
    index('events_created_idx').on(t.createdAt),
    // The presentations pages and counters: a type, a status and a time range, read from the index alone.
    index('events_type_status_starts_idx').on(t.type, t.status, t.startsAt),
    index('events_remeet_idx').on(t.remeetEventId),
    index('events_related_idx').on(t.relatedEventId),
    index('events_updated_by_idx').on(t.updatedById),
  ],
);

/** The calls-back a recall outcome asks for (spec 3 "recall_history"). */
export const recallHistory = pgTable(
  'recall_history',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    recallAt: timestamp('recall_at', { withTimezone: true }).notNull(),
    comment: text('comment').notNull().default(''),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recall_history_event_idx').on(t.eventId), index('recall_history_created_by_idx').on(t.createdById)],
);

/**
 * An order: made when a presentation or service finishes with products. The finances take it from
 * there (statuses, payments, deliveries, commissions). `call_agent_id` is who booked the demo.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    callAgentId: integer('call_agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The partner or independent agent who brought the client, when the order was made. */
    partnerId: integer('partner_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    /** While the order is on hold: the status it had before, which resuming gives back. */
    statusBeforeHold: text('status_before_hold'),
    paymentStatus: text('payment_status').notNull().default('open'),
    deliveryStatus: text('delivery_status').notNull().default('not_delivered'),
    paymentMethod: text('payment_method'),
    contractNumber: text('contract_number'),
    discountRecSum: integer('discount_rec_sum').notNull().default(0),
    discountRecCount: integer('discount_rec_count').notNull().default(0),
    bankProcessingCommission: integer('bank_processing_commission').notNull().default(0),
    firstPaymentMonth: text('first_payment_month'),
    paymentInstallments: integer('payment_installments'),
    checkedContract: boolean('checked_contract').notNull().default(false),
    checkedBankDocs: boolean('checked_bank_docs').notNull().default(false),
    checkedBankDelivery: boolean('checked_bank_delivery').notNull().default(false),
    checkedPayments: boolean('checked_payments').notNull().default(false),
    bankCode: text('bank_code'),
    /** When the contract was checked: commissions are earned from then, and clawed back within the window. */
    contractCheckedAt: timestamp('contract_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_client_idx').on(t.clientId),
    index('orders_event_idx').on(t.eventId),
    index('orders_agent_idx').on(t.agentId),
    index('orders_call_agent_idx').on(t.callAgentId),
    index('orders_partner_idx').on(t.partnerId),
    // NULLS FIRST like the lists' ORDER BY x DESC, id DESC, so a page is read from the index instead of sorted.
    index('orders_status_updated_idx').on(t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Several statuses at once (the default filter open and pending): the newest are walked and filtered.
    index('orders_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The orders tab by creation, the orders open to financing, and the year's range of the statistics.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Product lines of an event (spec "presentation_products"); they become the order's lines when it finishes. */
export const eventProducts = pgTable(
  'event_products',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').$type<'sell' | 'rec' | 'gift'>().notNull(),
    repaymentType: text('repayment_type').$type<'recommendation' | 'money'>(),
    quantity: integer('quantity').notNull().default(1),
    yearsOfGuarantee: integer('years_of_guarantee'),
    price: integer('price').notNull(),
    recPrice: integer('rec_price'),
    delivered: boolean('delivered').notNull().default(false),
    /** The delivery that brought it (finances); deleting the delivery makes it undelivered again. */
    deliveryId: integer('delivery_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_products_delivery_idx').on(t.deliveryId),
    check('event_products_quantity_positive', sql`${t.quantity} > 0`),
    index('event_products_event_idx').on(t.eventId),
    index('event_products_order_idx').on(t.orderId),
    index('event_products_product_idx').on(t.productId),
    // What is still to be delivered: few lines (sold or paid by recommendations, of an order, not
    // delivered), read by the delivery page and counter. Gifts are handed over at the visit. The order
    // and product are in the index so a presentation's lines are checked without visiting them (a sales
    // agent's delivery count: 64 → 20 ms, docs/performance.md "Parallel workers").
    index('event_products_to_deliver_idx')
      .on(t.eventId, t.orderId, t.productId)
      .where(sql`NOT ${t.delivered} AND ${t.orderId} IS NOT NULL AND ${t.status} <> 'gift'`),
  ],
);

/** A client's documents (spec "user_documents"): the signed contract of a presentation and the like. */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    kind: text('kind').notNull().default('contract'),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_documents_user_idx').on(t.userId),
    index('user_documents_event_idx').on(t.eventId),
    index('user_documents_file_idx').on(t.fileId),
    index('user_documents_created_by_idx').on(t.createdById),
  ],
);

/**
 * Every SMS, written in the sender's transaction (a transactional outbox): a job sends the due ones
 * through the SMS adapter. Reminders of an event move with it and end with it.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    type: text('type').$type<'appointment' | 'first_reminder' | 'second_reminder'>().notNull(),
    status: text('status').notNull().default('planned'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    // A deleted event leaves its reminders in the outbox, canceled: what was sent stays readable.
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    sendAt: timestamp('send_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerId: text('provider_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * While `status` is `sending`: until when the worker that took the message holds it. A worker that
     * died leaves its lease to expire; the next one asks the provider before it sends again.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the outbox gave up on the message (tries used up, or refused): it is in the dead-letter list. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sms_outbox_due_idx')
      .on(t.sendAt)
      .where(sql`${t.status} = 'planned'`),
    index('sms_outbox_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('sms_outbox_dead_idx')
      .on(t.deadAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deadAt} IS NOT NULL`),
    // One planned message per event and kind: planning the same reminder twice changes the one planned.
    uniqueIndex('sms_outbox_planned_once_idx')
      .on(t.eventId, t.type)
      .where(sql`${t.status} = 'planned' AND ${t.eventId} IS NOT NULL`),
    index('sms_outbox_event_idx').on(t.eventId),
    index('sms_outbox_user_idx').on(t.userId),
    // Status callbacks name a message by the provider's id.
    index('sms_outbox_provider_idx').on(t.providerId),
  ],
);
