import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { dayAlone, dayRule } from './agent-stats.ts';
import { calendarDay } from './common.ts';

/**
 * GET /api/stats/leads (spec 3 "leads data", spec 7): the leads (clients) created in a period, per month,
 * by lead source, by location and by their status now (docs/statistics.md "Leads statistics"). The year
 * defaults to the current Zurich year (spec 9), the period to the whole year.
 */
const month = z.coerce.number().int('invalid_value').min(1, 'invalid_value').max(12, 'invalid_value');
export const leadStatsQuery = z
  .object({
    year: z.coerce.number().int('invalid_value').min(2000, 'invalid_value').max(2100, 'invalid_value').optional(),
    from: month.optional(),
    to: month.optional(),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { message: 'invalid_value', path: ['to'] });
export type LeadStatsQuery = z.infer<typeof leadStatsQuery>;

const int = z.number().int();
/** Leads per month of the period (the first month first) and their sum. */
const counts = { months: z.array(int), total: int };

export const leadStatsDto = z.object({
  data: z.object({
    year: int,
    from: int,
    to: int,
    /** One entry per month of the period, "YYYY-MM". */
    charts: z.object({ months: z.array(z.object({ month: z.string(), leads: int })) }),
    table: z.object({
      /** The most leads first; null: no source recorded. */
      by_source: z.array(z.object({ lead_source: z.string().nullable(), ...counts })),
      /** null: no location recorded (or it was deleted). */
      by_location: z.array(z.object({ location: z.object({ id: int, name: z.string() }).nullable(), ...counts })),
      /** The lead's status now; null: none. */
      by_status: z.array(z.object({ status: z.string().nullable(), ...counts })),
      total: z.object(counts),
    }),
    computed_at: z.string(),
  }),
});
export type LeadStatsDto = z.infer<typeof leadStatsDto>;

/**
 * The statistics exports (docs/statistics.md "Export"): the same query as the screen's call, the file's
 * `format` and the language of its headings (`lang`, the screen's; German by default). CSV and XLSX for
 * every statistics table; PDF for the total statistics (a month: choose it as the period).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const exportFields = {
  lang: z.enum(LANGUAGES, { message: 'invalid_value' }).optional(),
};
const yearField = z.coerce.number().int('invalid_value').min(2000, 'invalid_value').max(2100, 'invalid_value').optional();
const agentField = z.coerce.number().int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value').optional();
const backwards = { message: 'invalid_value', path: ['to'] };

export const agentStatsExportQuery = z
  .object({
    year: yearField,
    from: month.optional(),
    to: month.optional(),
    agent_id: agentField,
    /** One day instead of the months, as the screen's (agentStatsQuery). */
    day: calendarDay.optional(),
    format: z.enum(EXPORT_FORMATS, { message: 'invalid_value' }),
    ...exportFields,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, backwards)
  .refine(dayAlone, dayRule);
export type AgentStatsExportQuery = z.infer<typeof agentStatsExportQuery>;

export const leadStatsExportQuery = z
  .object({
    year: yearField,
    from: month.optional(),
    to: month.optional(),
    format: z.enum(['csv', 'xlsx'], { message: 'invalid_value' }),
    ...exportFields,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, backwards);
export type LeadStatsExportQuery = z.infer<typeof leadStatsExportQuery>;

export const financeStatsExportQuery = z.object({
  year: yearField,
  agent_id: agentField,
  format: z.enum(['csv', 'xlsx'], { message: 'invalid_value' }),
  ...exportFields,
});
export type FinanceStatsExportQuery = z.infer<typeof financeStatsExportQuery>;
