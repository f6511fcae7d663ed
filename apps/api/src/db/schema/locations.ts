import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Where leads are collected: events and malls. Id 1 is the fixed special location (no location). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    city: text('city').notNull().default(''),
    displayName: text('display_name').notNull(),
    index: text('index').notNull().default(''),
    type: text('type').$type<'event' | 'mall'>().notNull().default('mall'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('locations_code_unique').on(sql`lower(${t.code})`), index('locations_type_code_idx').on(t.type, t.code.desc())],
);
