import { WORKING_HOURS, WORKING_WEEKDAYS, zurichClock, zurichInstant } from '@bo/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A datetime-local field writes the browser's wall time; agents book in Zurich time wherever the
 * browser is, so the dialog's field holds Zurich wall time and these two convert it.
 */
export function zurichInputOf(at: Date): string {
  const c = zurichClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

export function instantOfZurichInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!m) {
    return null;
  }
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return zurichInstant(y, mo, d, h, mi);
}

/** The first working day after `now` at the first start time: where a new booking without a chosen time begins. */
export function nextWorkingStart(now = new Date()): Date {
  const [hour, minute] = WORKING_HOURS.firstStart.split(':').map(Number) as [number, number];
  const today = zurichClock(now);
  for (let days = 1; days <= 7; days += 1) {
    const start = zurichInstant(today.year, today.month, today.day + days, hour, minute);
    if ((WORKING_WEEKDAYS as readonly number[]).includes(zurichClock(start).weekday)) {
      return start;
    }
  }
  return zurichInstant(today.year, today.month, today.day + 1, hour, minute);
}
