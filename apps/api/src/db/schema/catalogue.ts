import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_categories_name_unique').on(sql`lower(${t.name})`)],
);

/** Money in integer Rappen. A product used in an order is archived, never deleted. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'main' | 'other' | 'gift' | 'hula'>().notNull(),
    defaultPrice: integer('default_price').notNull(),
    status: text('status').$type<'active' | 'archived' | 'draft'>().notNull().default('draft'),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoFileId: uuid('video_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_code_unique').on(sql`lower(${t.code})`),
    index('products_type_status_idx').on(t.type, t.status),
    index('products_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
