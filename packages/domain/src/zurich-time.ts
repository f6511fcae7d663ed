import { DISPLAY_TIME_ZONE } from './formats.ts';

/** Wall-clock parts of an instant in Zurich, as numbers (month 1–12, weekday 1 = Monday … 7 = Sunday). */
export interface ZurichClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function zurichClock(at: Date): ZurichClock {
  const parts = clockFormat.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')) + 1,
  };
}

/** The Zurich date (YYYY-MM-DD) the instant falls on: what a user there calls that day. */
export function zurichDate(at: Date): string {
  const c = zurichClock(at);
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** Minutes Zurich is ahead of UTC at an instant (60 in winter, 120 in summer). */
function offsetMinutes(at: Date): number {
  const c = zurichClock(at);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant of a Zurich wall-clock time (month 1–12; day may overflow, as in Date.UTC). */
export function zurichInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes settle the offset across a daylight-saving change.
  let guess = new Date(wall - offsetMinutes(new Date(wall)) * 60_000);
  guess = new Date(wall - offsetMinutes(guess) * 60_000);
  return guess;
}

/** Midnight in Zurich of the day `at` falls on, plus `days` days. */
export function zurichDayStart(at: Date, days = 0): Date {
  const c = zurichClock(at);
  return zurichInstant(c.year, c.month, c.day + days);
}
