import { z } from 'zod';
import { PLANNER, PLANNER_DESTINATIONS } from '../planner.ts';
import { calendarDay } from './common.ts';

const dateText = calendarDay;
const timeText = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_value');
const id = z.coerce.number().int().positive('invalid_value').max(2_147_483_647, 'invalid_value');
const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
/** Lists travel in the query as comma-separated text. */
const csvItems = z.string().transform((v) => (v.trim() === '' ? [] : v.split(',').map((s) => s.trim())));
const weekdayList = csvItems
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-6]$/, 'invalid_value')
          .transform(Number),
      )
      .max(6, 'too_long'),
  )
  .optional();
const dateList = csvItems.pipe(z.array(dateText).max(400, 'too_long')).optional();

/** The period of spec 3 as the preview and the details take it; missing parts take spec 9's defaults. */
const periodQuery = {
  startDate: dateText.optional(),
  endDate: dateText.optional(),
  startTime: timeText.optional(),
  endTime: timeText.optional(),
  /** ISO weekdays 1–6; Sunday (7) is never a working day. */
  enabledWeekdays: weekdayList,
  separateDates: dateList,
  selectedDate: dateText.optional(),
  pinnedWeekday: z.coerce.number().int().min(1, 'invalid_value').max(6, 'invalid_value').optional(),
};

const draftText = z.string().trim().max(200, 'too_long').optional();

/**
 * The client's address as edited in the planner's edit mode (spec 3 `userDrafts`): when any is given,
 * the visit is planned at this address instead of the one saved on the client (nothing is saved).
 */
const draftAddressQuery = {
  address: draftText,
  zipcode: draftText,
  city: draftText,
};

/** GET /api/planner-preview: the ranked suggestions for a new visit at a client's home. */
export const plannerPreviewQuery = z.object({
  clientId: id,
  ...draftAddressQuery,
  destination: z.enum(['demo', 'service']).default('demo'),
  ...periodQuery,
  lessThan50: flag,
  from50to100: flag,
  availableForAgent: id.optional(),
  limit: z.coerce.number().int().min(1, 'invalid_value').max(PLANNER.maxLimit, 'invalid_value').default(PLANNER.defaultLimit),
});
export type PlannerPreviewQuery = z.infer<typeof plannerPreviewQuery>;

/** GET /api/planner-details: one agent's day with the new visit placed at `start`. */
export const plannerDetailsQuery = z.object({
  clientId: id,
  ...draftAddressQuery,
  agentId: id,
  start: z.iso.datetime({ offset: true, message: 'invalid_value' }),
  destination: z.enum(['demo', 'service']).default('demo'),
});
export type PlannerDetailsQuery = z.infer<typeof plannerDetailsQuery>;

/** GET /api/planner-blocked-dates: per month, for a destination (the client), optionally for one agent. */
export const plannerBlockedDatesQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value'),
  destination: id,
  calculateForId: id.optional(),
});
export type PlannerBlockedDatesQuery = z.infer<typeof plannerBlockedDatesQuery>;

const reasonPart = z.object({
  key: z.enum(['primaryAgent', 'negativeSpare', 'detour', 'spareBefore', 'spareAfter', 'emptyDay', 'distancePart', 'dayNotFound']),
  points: z.number().optional(),
  values: z.record(z.string(), z.number()).optional(),
});

const agentRef = z.object({ id: z.number(), name: z.string(), surname: z.string() });
const routeDto = z.object({ status: z.enum(['OK', 'NOT_FOUND']), distance: z.number().nullable(), duration: z.number().nullable() });
const bandDto = z.enum(['lessThan50', 'from50to100', 'farther']);

export const plannerSuggestionDto = z.object({
  rank: z.number(),
  agent: agentRef,
  date: z.string(),
  start: z.string(),
  end: z.string(),
  coefficient: z.number(),
  primary: z.boolean(),
  band: bandDto,
  negativeSpare: z.boolean(),
  extraDistance: z.number(),
  extraDuration: z.number(),
  approachDistance: z.number(),
  dayDistance: z.number(),
  dayDuration: z.number(),
  spareBefore: z.number().nullable(),
  spareAfter: z.number().nullable(),
  dayNotFound: z.boolean(),
  reasons: z.array(reasonPart),
});
export type PlannerSuggestionDto = z.infer<typeof plannerSuggestionDto>;

const periodDto = z.object({
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  selectedDate: z.string().nullable(),
  separateDates: z.array(z.string()),
  enabledWeekdays: z.array(z.number()),
  pinnedWeekday: z.number().nullable(),
});

const pointDto = z.object({ lat: z.number(), lon: z.number(), precision: z.string() });

export const plannerPreviewDto = z.object({
  partial: z.boolean(),
  computedMs: z.number(),
  period: periodDto,
  client: z.object({ id: z.number(), point: pointDto }),
  agentsConsidered: z.number(),
  daysSearched: z.number(),
  suggestions: z.array(plannerSuggestionDto),
  /** Spec 3: the preview's timestamps, each with its agents, rows and best route. */
  timestamps: z.array(
    z.object({
      timestamp: z.string(),
      agents: z.array(z.number()),
      rows: z.number(),
      bestRoute: z.object({ distance: z.number(), duration: z.number(), primaryAgentDistance: z.number().nullable() }),
    }),
  ),
});
export type PlannerPreviewDto = z.infer<typeof plannerPreviewDto>;

export const plannerDestinationDto = z.object({
  type: z.enum(PLANNER_DESTINATIONS),
  /** The event's id for a demo or a service; null for home, a private appointment and the new visit. */
  eventId: z.number().nullable(),
  isNew: z.boolean(),
  label: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  arrival_time: z.string(),
  end_time: z.string(),
  /** The leg that arrives here (home at the start of the day: none, 0 m). */
  route: routeDto,
  /** Spare time before this stop (spec 9); null for home and when the leg has no duration. */
  spare: z.number().nullable(),
});

export const plannerDetailsDto = z.object({
  agent: agentRef,
  date: z.string(),
  coefficient: z.number(),
  negativeSpare: z.boolean(),
  distance: z.number(),
  duration: z.number(),
  placement: plannerSuggestionDto,
  destinations: z.array(plannerDestinationDto),
});
export type PlannerDetailsDto = z.infer<typeof plannerDetailsDto>;

export const plannerBlockedDatesDto = z.object({
  month: z.string(),
  days: z.array(z.object({ date: z.string(), reason: z.enum(['sunday', 'weekday', 'blocked', 'past', 'full']) })),
});
export type PlannerBlockedDatesDto = z.infer<typeof plannerBlockedDatesDto>;

/** GET /api/user-primary-agents/{id}: the agents who already served the client or their household. */
export const userPrimaryAgentsDto = z.object({
  data: z.array(agentRef.extend({ events: z.number(), lastAt: z.string() })),
});
export type UserPrimaryAgentsDto = z.infer<typeof userPrimaryAgentsDto>;

// ---------------------------------------------------------------------------------------------------
// An agent's absences: blocked days and private appointments (what keeps them from new visits).

const note = z.string().trim().max(200, 'too_long').default('');

/** GET /api/planner-absences: one agent's blocked days and private appointments of a month. */
export const plannerAbsencesQuery = z.object({
  agentId: id,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value'),
});
export type PlannerAbsencesQuery = z.infer<typeof plannerAbsencesQuery>;

export const plannerAbsencesDto = z.object({
  agent: agentRef,
  month: z.string(),
  blockedDays: z.array(z.object({ id: z.number(), date: z.string(), note: z.string() })),
  privateAppointments: z.array(z.object({ id: z.number(), startsAt: z.string(), endsAt: z.string(), note: z.string() })),
});
export type PlannerAbsencesDto = z.infer<typeof plannerAbsencesDto>;

/** POST /api/planner-blocked-days: a whole day off (holiday, illness, training). */
export const plannerBlockedDayBody = z.object({
  agentId: id,
  date: dateText,
  note,
});
export type PlannerBlockedDayBody = z.infer<typeof plannerBlockedDayBody>;

/** POST /api/planner-private-appointments: busy time of the agent's own, at most a day long. */
export const plannerPrivateAppointmentBody = z
  .object({
    agentId: id,
    startsAt: z.iso.datetime({ offset: true, message: 'invalid_value' }),
    endsAt: z.iso.datetime({ offset: true, message: 'invalid_value' }),
    note,
  })
  .superRefine((b, ctx) => {
    const length = Date.parse(b.endsAt) - Date.parse(b.startsAt);
    if (!(length > 0) || length > 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'invalid_value' });
    }
  });
export type PlannerPrivateAppointmentBody = z.infer<typeof plannerPrivateAppointmentBody>;
