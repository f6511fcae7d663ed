import type { CalendarEventCreateBody, CalendarEventMoveBody, CalendarEventUpdateBody } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../app/api.ts';
import { HttpError } from '../../app/http-error.ts';
import { CLIENTS_KEY } from '../clients/api.ts';

export const CALENDAR_KEY = ['calendar-events'] as const;
/** Every booking, change and move: while one runs, the dialog cannot be closed. */
export const CALENDAR_MUTATION_KEY = ['calendar-event'] as const;

export interface CalendarRange {
  from: string;
  to: string;
}

/**
 * GET /api/calendar-events: the events overlapping the visible range, of one agent or of all the viewer
 * may see; `capped` when the range holds more than one answer carries (CALENDAR_EVENTS_LIMIT).
 */
export function useCalendarEvents(range: CalendarRange | null, agentId: number | null, enabled = true) {
  return useQuery({
    queryKey: [...CALENDAR_KEY, range?.from, range?.to, agentId ?? 'all'],
    queryFn: () =>
      api.get('/api/calendar-events', {
        query: { from: range?.from ?? '', to: range?.to ?? '', ...(agentId !== null ? { agentId } : {}) },
      }),
    enabled: enabled && range !== null,
    // Paging to the next week keeps the last one on screen until the new one is there.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type CalendarAnswer = Answer<'post', '/api/calendar-event'>;

/**
 * The calendar said no (HTTP 409 `calendar_event_error`): `reason` is why, as a code the dialog
 * translates — one of CalendarRefusal, or a newer one the server may add, shown as it is.
 */
export class CalendarRefused extends Error {
  constructor(readonly reason: string) {
    super(`calendar_event_error: ${reason}`);
  }
}

interface MaybeRefusal {
  data?: { error?: unknown };
}

function reasonOf(body: MaybeRefusal | undefined): string | null {
  const reason = body?.data?.error;
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

/**
 * One calendar call. A refusal comes as 409 `{ error: 'calendar_event_error', data: { error } }`; spec 7
 * also allows an answer that carries `data.error`, so both become a CalendarRefused.
 */
async function calendarCall(call: () => Promise<CalendarAnswer>): Promise<CalendarAnswer> {
  try {
    const answer = await call();
    const reason = reasonOf(answer as MaybeRefusal);
    if (reason) {
      throw new CalendarRefused(reason);
    }
    return answer;
  } catch (err) {
    if (err instanceof HttpError && err.body.error === 'calendar_event_error') {
      throw new CalendarRefused(reasonOf(err.body as MaybeRefusal) ?? 'unknown');
    }
    throw err;
  }
}

/** After a booking, change or move: the calendars, the event lists and the clients (a booking changes the status) are read again. */
function useCalendarMutation<A>(call: (args: A) => Promise<CalendarAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: CALENDAR_MUTATION_KEY,
    mutationFn: call,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: CALENDAR_KEY }),
        client.invalidateQueries({ queryKey: ['events'] }),
        client.invalidateQueries({ queryKey: CLIENTS_KEY }),
      ]);
    },
  });
}

export function useCreateEvent() {
  return useCalendarMutation((body: CalendarEventCreateBody) => calendarCall(() => api.post('/api/calendar-event', { body })));
}

export function useUpdateEvent() {
  return useCalendarMutation((body: CalendarEventUpdateBody) => calendarCall(() => api.put('/api/calendar-event', { body })));
}

export function useMoveEvent() {
  return useCalendarMutation((body: CalendarEventMoveBody) => calendarCall(() => api.post('/api/calendar-event-move', { body })));
}
