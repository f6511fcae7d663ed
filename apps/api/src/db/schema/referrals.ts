import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Referral links (modules/referrals, docs/referrals.md): one per user who hands one out. The code is
 * the app's own short link `/r/{code}`; `short_url` the provider's link to it when one is configured.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    provider: text('provider').$type<'local' | 'bitly'>().notNull().default('local'),
    shortUrl: text('short_url'),
    /** Kept by each click and sign-up: the link's page reads them without counting the rows. */
    clicks: integer('clicks').notNull().default(0),
    signups: integer('signups').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_links_code_unique').on(t.code), uniqueIndex('referral_links_user_unique').on(t.userId)],
);

/**
 * Each sign-up through a public referral form, kept for the rate limits (per address, per link) and
 * to say what became of it. The address is stored as a keyed hash, never as the IP itself.
 */
export const referralSignups = pgTable(
  'referral_signups',
  {
    id: serial('id').primaryKey(),
    linkId: integer('link_id')
      .notNull()
      .references(() => referralLinks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'client' | 'independent_agent'>().notNull(),
    /** created: a new lead or applicant; known: the person was already in the system (left unchanged). */
    outcome: text('outcome').$type<'created' | 'known'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    addressHash: text('address_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_signups_address_idx').on(t.addressHash, t.createdAt),
    index('referral_signups_link_idx').on(t.linkId, t.createdAt),
  ],
);
