import { z } from 'zod';
import { personRef } from './clients.ts';

/**
 * GET /api/stats/finances/ (spec 7 "The statistics response carries charts and a table"): the money of
 * one year in Rappen, per month for the chart and per agent for the table. The year defaults to the
 * current one (spec 9).
 */
export const financeStatsQuery = z.object({
  year: z.coerce.number().int('invalid_value').min(2000, 'invalid_value').max(2100, 'invalid_value').optional(),
  agent_id: z.coerce.number().int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export type FinanceStatsQuery = z.infer<typeof financeStatsQuery>;

/**
 * sold: the sum of the orders made (not canceled); paid: what was paid on them; owed: what is still owed
 * on them; commissions: the commission rows written, clawbacks included. Orders count by the month they
 * were made, commissions by the month they were written.
 */
export const financeFigures = z.object({
  orders: z.number().int(),
  sold: z.number().int(),
  paid: z.number().int(),
  owed: z.number().int(),
  commissions: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFigures>;

export const financeStatsDto = z.object({
  data: z.object({
    year: z.number().int(),
    agent_id: z.number().int().nullable(),
    /** Twelve months, January first, "YYYY-MM". */
    charts: z.object({ months: z.array(financeFigures.extend({ month: z.string() })) }),
    /** One row per agent who sold or earned, the largest sale first. */
    table: z.array(financeFigures.extend({ agent: personRef })),
    totals: financeFigures,
    /** When the figures were computed: the pre-aggregated figures are at most a minute old (docs/statistics.md). */
    computed_at: z.string(),
  }),
});
export type FinanceStatsDto = z.infer<typeof financeStatsDto>;
