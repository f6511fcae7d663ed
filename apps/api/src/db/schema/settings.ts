import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** The app settings keys of spec section 3, one row each. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedById: integer('updated_by_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's saved layout of one data table; the newest per table wins. */
export const tableSnapshots = pgTable(
  'table_snapshots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    configName: text('config_name').notNull().default('default'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('table_snapshots_user_table_idx').on(t.userId, t.tableName, t.timestamp.desc().nullsFirst())],
);
