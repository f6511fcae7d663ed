import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * What keeps an agent from new visits besides booked events (spec 3 "Planner": blocked days per month
 * and private destinations): a whole blocked day (holiday, illness) or a private appointment with a
 * time. Owned by the planner module.
 */
export const plannerBlockedDays = pgTable(
  'planner_blocked_days',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('planner_blocked_days_day_idx').on(t.day, t.agentId), index('planner_blocked_days_agent_idx').on(t.agentId, t.day)],
);

export const plannerPrivateAppointments = pgTable(
  'planner_private_appointments',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('planner_private_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('planner_private_agent_starts_idx').on(t.agentId, t.startsAt),
    index('planner_private_starts_idx').on(t.startsAt),
  ],
);
