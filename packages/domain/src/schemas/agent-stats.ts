import { z } from 'zod';
import { personRef } from './clients.ts';
import { calendarDay } from './common.ts';

/**
 * GET /api/stats/sales-agent and GET /api/stats/call-agent (spec 7: "the statistics response carries
 * charts and a table"). A year (default the current one, spec 9), a period of months within it and
 * optionally one agent. The figures are defined in docs/statistics.md; money in integer Rappen.
 */
/** A day stands instead of the months, in its own year. */
export const dayAlone = (q: { year?: number; from?: number; to?: number; day?: string }) =>
  q.day === undefined || (q.from === undefined && q.to === undefined && (q.year === undefined || q.day.startsWith(`${q.year}-`)));
export const dayRule = { message: 'invalid_value', path: ['day'] };

const month = z.coerce.number().int('invalid_value').min(1, 'invalid_value').max(12, 'invalid_value');
export const agentStatsQuery = z
  .object({
    year: z.coerce.number().int('invalid_value').min(2000, 'invalid_value').max(2100, 'invalid_value').optional(),
    /** First month of the period (1–12), default January. */
    from: month.optional(),
    /** Last month of the period (1–12, included), default December. */
    to: month.optional(),
    agent_id: z.coerce.number().int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value').optional(),
    /**
     * One Zurich day (YYYY-MM-DD) instead of a period of months (a dashboard card's "today"): its year and
     * month are the answer's year and period, its figures the day's.
     */
    day: calendarDay.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'invalid_value', path: ['to'] })
  .refine(dayAlone, dayRule);
export type AgentStatsQuery = z.infer<typeof agentStatsQuery>;

const int = z.number().int();
const rate = z.number().nullable();

export const commissionsByReason = z.object({ sale: int, l1: int, l2: int, l3: int, ca: int });
export const commissionsByStatus = z.object({ open: int, pending: int, paid: int, paid_as_discount: int });

/** One sales agent's (or a month's, or the team's) figures. */
export const salesAgentFigures = z.object({
  leads_created: int,
  demos_booked: int,
  demos_held: int,
  sales: int,
  /** sales / demos held, percent with one decimal; null without held demos. */
  demo_to_sale: rate,
  sold: int,
  paid: int,
  /** sold / sales in whole Rappen; null without sales. */
  average_order: int.nullable(),
  cancellations: int,
  canceled_sum: int,
  returns: int,
  commissions: int,
  commissions_by_reason: commissionsByReason,
  commissions_by_status: commissionsByStatus,
});
export type SalesAgentFigures = z.infer<typeof salesAgentFigures>;

/** One call agent's (or a month's, or the team's) figures. */
export const callAgentFigures = z.object({
  calls: int,
  reached: int,
  /** reached / calls. */
  reach_rate: rate,
  leads_called: int,
  demos_booked: int,
  demos_held: int,
  /** Demos booked whose outcome is known (held, canceled or moved). */
  demos_decided: int,
  /** demos held / demos decided. */
  show_up_rate: rate,
  /** demos booked / leads called. */
  lead_to_demo: rate,
  sales: int,
  /** sales / demos held. */
  demo_to_sale: rate,
  sold: int,
  commissions: int,
});
export type CallAgentFigures = z.infer<typeof callAgentFigures>;

function statsDto<S extends z.ZodRawShape>(figures: z.ZodObject<S>) {
  return z.object({
    data: z.object({
      year: int,
      from: int,
      to: int,
      agent_id: int.nullable(),
      /** The one day the figures are of (YYYY-MM-DD), or null for the period of months. */
      day: z.string().nullable(),
      /** Admins see every agent's name; an agent sees only their own row beside the team total. */
      scope: z.enum(['everyone', 'own']),
      charts: z.object({ months: z.array(figures.extend({ month: z.string() })) }),
      table: z.object({
        rows: z.array(figures.extend({ agent: personRef })),
        /** The team total of the period (every agent), or of the one agent asked for. */
        total: figures,
      }),
      computed_at: z.string(),
    }),
  });
}

export const salesAgentStatsDto = statsDto(salesAgentFigures);
export type SalesAgentStatsDto = z.infer<typeof salesAgentStatsDto>;
export const callAgentStatsDto = statsDto(callAgentFigures);
export type CallAgentStatsDto = z.infer<typeof callAgentStatsDto>;
