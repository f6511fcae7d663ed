import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';

export type AcademyKind = 'slides' | 'videos' | 'audios' | 'docs';

export const academyCategories = pgTable(
  'academy_categories',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AcademyKind>().notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('academy_categories_kind_idx').on(t.kind, t.position)],
);

export const academyItems = pgTable(
  'academy_items',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<AcademyKind>().notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => academyCategories.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('academy_items_category_idx').on(t.categoryId, t.position)],
);
