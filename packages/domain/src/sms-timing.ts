import { zurichClock, zurichInstant } from './zurich-time.ts';

/**
 * When a reminder may reach a client: from 08:00 to 20:00 Zurich time, every day. A reminder that
 * comes due at night waits for the next morning.
 */
export const SMS_SEND_WINDOW = { fromHour: 8, toHour: 20 } as const;

/** A reminder moved out of the night must still reach the client this long before the event. */
export const SMS_MIN_LEAD_MS = 30 * 60_000;

/** When the morning is too late, a reminder goes out the evening before, at this time (Zurich). */
export const SMS_EVENING_FALLBACK = { hour: 19, minute: 30 } as const;

/** Whether `at` is inside the send window (Zurich wall clock). */
export function inSmsSendWindow(at: Date): boolean {
  const { hour } = zurichClock(at);
  return hour >= SMS_SEND_WINDOW.fromHour && hour < SMS_SEND_WINDOW.toHour;
}

/**
 * When a reminder due at `due` for an event starting at `eventStart` goes out, seen at `now`:
 * - inside 08:00–20:00 Zurich: at `due`;
 * - at night: the next 08:00, if that is still `SMS_MIN_LEAD_MS` before the event;
 * - else (an early-morning event): the evening before at 19:30;
 * - null when that time has passed (or is not before the event): the reminder is not sent.
 */
export function reminderSendTime(due: Date, eventStart: Date, now: Date): Date | null {
  const candidate = inSmsSendWindow(due) ? due : outOfTheNight(due, eventStart);
  if (candidate === null || candidate <= now || candidate >= eventStart) {
    return null;
  }
  return candidate;
}

function outOfTheNight(due: Date, eventStart: Date): Date | null {
  const c = zurichClock(due);
  // Before 08:00 the morning is the same day's; from 20:00 on it is the next day's.
  const morningDay = c.hour < SMS_SEND_WINDOW.fromHour ? c.day : c.day + 1;
  const morning = zurichInstant(c.year, c.month, morningDay, SMS_SEND_WINDOW.fromHour);
  if (morning.getTime() + SMS_MIN_LEAD_MS <= eventStart.getTime()) {
    return morning;
  }
  const evening = zurichInstant(c.year, c.month, morningDay - 1, SMS_EVENING_FALLBACK.hour, SMS_EVENING_FALLBACK.minute);
  return evening < due ? evening : null;
}
