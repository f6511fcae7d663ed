import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * The tables that belong to a client. Each one that refers to a client must be handled by the merge of
 * duplicates (modules/clients/merge.ts); a test reads the foreign keys and fails for a table it misses.
 */

/** Calls, recalls and SMS with a client (spec 3 "contact_history"). */
export const contactHistory = pgTable(
  'contact_history',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    flow: text('flow').notNull().default('lead_flow'),
    timeToCall: text('time_to_call'),
    comment: text('comment').notNull().default(''),
    /** For a recall: when to call again; done when the recall was made. */
    recallAt: timestamp('recall_at', { withTimezone: true }),
    recallDone: boolean('recall_done').notNull().default(false),
    /** The status set with this contact, if any. */
    status: text('status'),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_history_user_idx').on(t.userId, t.createdAt.desc().nullsLast()),
    index('contact_history_agent_idx').on(t.agentId),
    // The calls of one day (the call agents tab for a day, docs/statistics.md).
    index('contact_history_created_idx').on(t.createdAt),
  ],
);

/** Every status a client had, newest first (spec 3 "status_history"). */
export const statusHistory = pgTable(
  'status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    previousStatus: text('previous_status'),
    changedById: integer('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('status_history_user_idx').on(t.userId, t.createdAt.desc().nullsLast()),
    index('status_history_changed_by_idx').on(t.changedById),
  ],
);

/** People a client recommends; each becomes a lead (`lead_id`) with status user_rec. */
export const recommendations = pgTable(
  'recommendations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    surname: text('surname').notNull().default(''),
    phone: text('phone'),
    phoneE164: text('phone_e164'),
    email: text('email'),
    city: text('city'),
    zipcode: text('zipcode'),
    address: text('address'),
    comment: text('comment').notNull().default(''),
    status: text('status').notNull().default('unconfirmed'),
    /** The reward for an approved recommendation was paid out. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recommendations_user_idx').on(t.userId, t.createdAt.desc().nullsLast()),
    index('recommendations_lead_idx').on(t.leadId),
    index('recommendations_created_by_idx').on(t.createdById),
    index('recommendations_created_idx').on(t.createdAt.desc().nullsLast(), t.id.desc().nullsLast()),
  ],
);

/** Cohabitants (one household) and block neighbours (one building), stored once per pair, lower id first. */
export const clientLinks = pgTable(
  'client_links',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'cohabitant' | 'block_neighbor'>().notNull(),
    userAId: integer('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: integer('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_links_pair_unique').on(t.kind, t.userAId, t.userBId),
    // Each side looked up by itself (a page's counts, the tabs; a deleted client's links cascade by either side).
    index('client_links_a_idx').on(t.userAId, t.kind),
    index('client_links_b_idx').on(t.userBId, t.kind),
    check('client_links_ordered', sql`${t.userAId} < ${t.userBId}`),
  ],
);

/** Notes on a client (the "comments" tab; spec 7 user-info calls). */
export const userInfo = pgTable(
  'user_info',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_info_user_idx').on(t.userId, t.createdAt.desc().nullsLast()), index('user_info_author_idx').on(t.authorId)],
);

/** The second person of a client's household who takes part in a demo (spec 3 "sub_user"). */
export const subUsers = pgTable('sub_users', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  surname: text('surname').notNull().default(''),
  age: integer('age'),
  gender: text('gender'),
  phone: text('phone'),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A call started from the back office through the telephony adapter. */
export const callAttempts = pgTable(
  'call_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    provider: text('provider').notNull(),
    providerCallId: text('provider_call_id'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('call_attempts_user_idx').on(t.userId), index('call_attempts_agent_idx').on(t.agentId, t.createdAt)],
);

/**
 * One row per reminder mail a client was sent (stage first, second or third): the key that makes a second
 * schedule of the same reminder a no-op. Written with the mail in the outbox, in one transaction.
 */
export const emailReminderMails = pgTable(
  'email_reminder_mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'first' | 'second' | 'third'>().notNull(),
    /** The message in the mail outbox. */
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_reminder_mails_user_stage_uq').on(t.userId, t.stage)],
);

/**
 * The unsubscribe link of a client's reminder mails: a random token (made with the first mail), and
 * when the client used it. An unsubscribed client gets no reminder mail again.
 */
export const emailReminderOptouts = pgTable(
  'email_reminder_optouts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_reminder_optouts_token_uq').on(t.token)],
);
