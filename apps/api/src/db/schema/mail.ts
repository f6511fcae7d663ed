import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Every message is written here in the sender's transaction, then delivered by a job (transactional outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The text with its secrets (codes, link hashes) replaced by dots: what the outbox views show. */
    maskedText: text('masked_text'),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status').$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** After a failed try: not before this time (the backoff of packages/domain outbox-retry.ts). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While `sending`: until when the worker that took the mail holds it; a dead worker's lease runs out. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** When the outbox gave up on the mail (tries used up): it is in the dead-letter list. */
    deadAt: timestamp('dead_at', { withTimezone: true }),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // Matches the outbox page's ORDER BY created_at DESC, id DESC, so a page is an index range.
    index('mail_outbox_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('mail_outbox_queued_idx')
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
    index('mail_outbox_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('mail_outbox_to_idx').on(t.to, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
