import { z } from 'zod';
import { DASHBOARD_CARD_IDS, FUNNEL_STEPS } from '../dashboard.ts';
import { ROLE_CODES } from '../roles.ts';
import { callAgentFigures, salesAgentFigures } from './agent-stats.ts';

/**
 * GET /api/stats/dashboard-statistic (spec 3 "Dashboard statistic: year filter, sales agent, call agent
 * and leads data, charts, table"; spec 7). The signed-in role's numbers for its home page, each defined
 * in docs/statistics.md ("Dashboard cards"). A year and a month (default the current Zurich month) for
 * the figures of a month or a year; "today" is always the Zurich day of the request.
 */
const whole = z.coerce.number().int('invalid_value');
export const dashboardQuery = z.object({
  year: whole.min(2000, 'invalid_value').max(2100, 'invalid_value').optional(),
  month: whole.min(1, 'invalid_value').max(12, 'invalid_value').optional(),
  /** Admins: the funnel of one agent. Anyone else may only name themselves. */
  agent_id: whole.positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const int = z.number().int();

export const dashboardCardDto = z.object({
  id: z.enum(DASHBOARD_CARD_IDS),
  /** A count, or an amount in Rappen (`unit`). */
  value: int,
  unit: z.enum(['count', 'rappen']),
  period: z.enum(['today', 'month', 'year', 'now']),
  /** The list behind the figure: a path of the role's dashboard and its query (null: the role has no such list yet). */
  link: z.object({ path: z.string(), query: z.record(z.string(), z.string()) }).nullable(),
});
export type DashboardCardDto = z.infer<typeof dashboardCardDto>;

export const dashboardStatisticDto = z.object({
  data: z.object({
    role: z.enum(ROLE_CODES),
    year: int,
    month: int,
    /** The Zurich day "today" means, YYYY-MM-DD. */
    today: z.string(),
    /** The month's sales-agent figures: an admin's team total (or the agent asked for), a sales or independent agent's own. */
    sales_agent: salesAgentFigures.nullable(),
    /** The month's call-agent figures: a call agent's own (null for everyone else). */
    call_agent: callAgentFigures.nullable(),
    /** The year's leads created by the signed-in promotion agent, partner or independent agent. */
    leads: z.object({ created: int, bought: int }).nullable(),
    charts: z.object({
      /** leads → demos booked → demos held → sales of the month; rate: this step ÷ the step before (percent, 1 decimal). */
      funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), count: int, rate: z.number().nullable() })),
    }),
    /** What became of the year's leads: their clients' status now, largest first. */
    table: z.object({ rows: z.array(z.object({ status: z.string(), count: int })) }),
    cards: z.array(dashboardCardDto),
    computed_at: z.string(),
  }),
});
export type DashboardStatisticDto = z.infer<typeof dashboardStatisticDto>;
