import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActivationState, LicenceFlow, ProviderStatus } from '@bo/domain';
import { users } from './identity.ts';

/**
 * An independent agent's licence (modules/licences). A recurrent one is a card subscription of the
 * payment provider, kept up to date from its webhooks; a single or obligation one is requested and
 * activated by an admin for a term. The agent's current licence is their newest row.
 */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flow: text('flow').$type<LicenceFlow>().notNull(),
    /** Recurrent: the provider's checkout session, customer and subscription. */
    checkoutSessionId: text('checkout_session_id'),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** Recurrent: the subscription's status last applied, and the provider's time (Unix s) of the event it came from. */
    providerStatus: text('provider_status').$type<ProviderStatus>(),
    providerStatusAt: bigint('provider_status_at', { mode: 'number' }),
    /** Recurrent: since when a payment is owed (past_due, unpaid); the grace period counts from here. */
    owingSince: timestamp('owing_since', { withTimezone: true }),
    /** Recurrent: the end of the last period a paid invoice covered. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Single, obligation: requested, then activated by an admin, valid until this instant (none: open-ended). */
    activation: text('activation').$type<ActivationState>(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    activatedById: integer('activated_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the licence was first paid or activated; set once. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** How many times it was activated: one at most for a licence, which the webhook replay checks. */
    activations: smallint('activations').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('licences_agent_idx').on(t.agentId, t.id.desc()),
    uniqueIndex('licences_subscription_idx')
      .on(t.subscriptionId)
      .where(sql`${t.subscriptionId} IS NOT NULL`),
    uniqueIndex('licences_checkout_session_idx')
      .on(t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} IS NOT NULL`),
  ],
);

/**
 * Every webhook event of the payment provider, stored once by its id when it arrives (a repeated
 * delivery finds it there) and applied afterwards by a worker; `outcome` says what applying it did.
 */
export const licenceProviderEvents = pgTable(
  'licence_provider_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The provider's time of the event (Unix seconds). */
    providerCreated: bigint('provider_created', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    deliveries: integer('deliveries').notNull().default(1),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outcome: text('outcome').$type<'applied' | 'stale' | 'unmatched' | 'ignored'>(),
    licenceId: integer('licence_id').references(() => licences.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('licence_provider_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
);
