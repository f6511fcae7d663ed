import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The statistics module's pre-aggregated figures (docs/statistics.md "Pre-aggregated figures"): per
 * Zurich month and agent, one row per family of figures (`family`), refreshed a year at a time by the
 * refresh job. `agent_id` is the agent the family attributes the rows to (null: nobody, or the team for
 * the distinct leads called); `key` a further dimension of a family (the leads' source, location and
 * status; for the leads called, the month the agent last called the client before). No foreign key: a
 * removed agent's rows stay as the plain query counts them (in the months, not in the table).
 */
export const statsMonthly = pgTable(
  'stats_monthly',
  {
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    family: text('family').notNull(),
    agentId: integer('agent_id'),
    key: text('key').notNull().default(''),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('stats_monthly_year_family_idx').on(t.year, t.family)],
);

/** When each year's pre-aggregated figures were computed (the answer's `computed_at`). */
export const statsRefresh = pgTable('stats_refresh', {
  year: integer('year').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  /** How long the refresh took, for the logs and the performance notes. */
  tookMs: integer('took_ms').notNull(),
});

/**
 * Past years whose source rows changed since their figures were computed (docs/statistics.md "Past
 * years"). Triggers on the rows the figures are made of add the year of a changed row when it lies
 * before the current Zurich year; the refresh job recomputes such a year and removes it. `marked_at` is
 * when the oldest change not yet in the stored figures was made.
 */
export const statsDirtyYears = pgTable('stats_dirty_years', {
  year: integer('year').primaryKey(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
