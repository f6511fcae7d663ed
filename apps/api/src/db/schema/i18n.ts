import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Keys added at run time through `POST /locales/add`; merged over the shipped files. */
export const translationAdditions = pgTable(
  'translation_additions',
  {
    lng: text('lng').notNull(),
    ns: text('ns').notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lng, t.ns, t.key] })],
);
