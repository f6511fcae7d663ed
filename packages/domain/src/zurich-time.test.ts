import { describe, expect, it } from 'vitest';
import { zurichClock, zurichDayStart, zurichInstant, zurichDate } from './zurich-time.ts';

describe('zurichClock (wall-clock parts in Zurich; weekday 1 = Monday … 7 = Sunday)', () => {
  it.each<[string, string, { year: number; month: number; day: number; hour: number; minute: number; weekday: number }]>([
    ['winter: UTC+1', '2026-01-12T07:05:00Z', { year: 2026, month: 1, day: 12, hour: 8, minute: 5, weekday: 1 }],
    ['summer: UTC+2', '2026-07-13T06:05:00Z', { year: 2026, month: 7, day: 13, hour: 8, minute: 5, weekday: 1 }],
    ['midnight is hour 0, not 24', '2026-07-12T22:00:00Z', { year: 2026, month: 7, day: 13, hour: 0, minute: 0, weekday: 1 }],
    ['Sunday is 7', '2026-07-19T10:00:00Z', { year: 2026, month: 7, day: 19, hour: 12, minute: 0, weekday: 7 }],
    ['New Year in Zurich before UTC', '2025-12-31T23:30:00Z', { year: 2026, month: 1, day: 1, hour: 0, minute: 30, weekday: 4 }],
    ['spring change: 01:59 CET', '2026-03-29T00:59:00Z', { year: 2026, month: 3, day: 29, hour: 1, minute: 59, weekday: 7 }],
    ['spring change: then 03:00 CEST', '2026-03-29T01:00:00Z', { year: 2026, month: 3, day: 29, hour: 3, minute: 0, weekday: 7 }],
    ['autumn change: 02:30 CEST', '2026-10-25T00:30:00Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30, weekday: 7 }],
    ['autumn change: 02:30 CET, once more', '2026-10-25T01:30:00Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30, weekday: 7 }],
  ])('%s', (_name, iso, clock) => {
    expect(zurichClock(new Date(iso))).toEqual(clock);
  });
});

describe('zurichInstant (a Zurich wall-clock time as an instant)', () => {
  it.each<[string, [number, number, number, number, number], string]>([
    ['winter', [2026, 1, 12, 8, 0], '2026-01-12T07:00:00.000Z'],
    ['summer', [2026, 7, 13, 8, 0], '2026-07-13T06:00:00.000Z'],
    ['midnight before the spring change', [2026, 3, 29, 0, 0], '2026-03-28T23:00:00.000Z'],
    ['03:00 on the spring change day', [2026, 3, 29, 3, 0], '2026-03-29T01:00:00.000Z'],
    ['midnight after the spring change', [2026, 3, 30, 0, 0], '2026-03-29T22:00:00.000Z'],
    ['midnight before the autumn change', [2026, 10, 25, 0, 0], '2026-10-24T22:00:00.000Z'],
    ['midnight after the autumn change', [2026, 10, 26, 0, 0], '2026-10-25T23:00:00.000Z'],
    ['a day that overflows the month', [2026, 1, 32, 10, 0], '2026-02-01T09:00:00.000Z'],
    ['a month that overflows the year', [2026, 13, 1, 10, 0], '2027-01-01T09:00:00.000Z'],
  ])('%s', (_name, [y, mo, d, h, mi], iso) => {
    expect(zurichInstant(y, mo, d, h, mi).toISOString()).toBe(iso);
  });

  it('02:30 on the spring change does not exist: it lands on 03:30 summer time, an hour later', () => {
    const at = zurichInstant(2026, 3, 29, 2, 30);
    expect(at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zurichClock(at)).toMatchObject({ hour: 3, minute: 30 });
  });

  it('02:30 on the autumn change happens twice: the answer reads 02:30 in Zurich', () => {
    expect(zurichClock(zurichInstant(2026, 10, 25, 2, 30))).toMatchObject({ day: 25, hour: 2, minute: 30 });
  });

  it('round-trips with zurichClock on every hour of a year', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000) {
      const c = zurichClock(new Date(t));
      const back = zurichInstant(c.year, c.month, c.day, c.hour, c.minute);
      // The repeated autumn hour reads the same both times; either instant is that wall-clock time.
      expect(zurichClock(back)).toEqual(c);
    }
  });
});

describe('zurichDayStart (midnight in Zurich of the day, plus days)', () => {
  it.each<[string, string, number, string]>([
    ['winter afternoon', '2026-01-14T15:00:00Z', 0, '2026-01-13T23:00:00.000Z'],
    ['summer afternoon', '2026-07-14T15:00:00Z', 0, '2026-07-13T22:00:00.000Z'],
    ['just after midnight Zurich, still the previous day in UTC', '2026-07-13T22:30:00Z', 0, '2026-07-13T22:00:00.000Z'],
    ['the next day', '2026-07-14T15:00:00Z', 1, '2026-07-14T22:00:00.000Z'],
    ['across the spring change', '2026-03-28T12:00:00Z', 2, '2026-03-29T22:00:00.000Z'],
    ['across the autumn change', '2026-10-24T12:00:00Z', 2, '2026-10-25T23:00:00.000Z'],
    ['back a day', '2026-01-01T12:00:00Z', -1, '2025-12-30T23:00:00.000Z'],
  ])('%s, +%s days', (_name, iso, days, start) => {
    expect(zurichDayStart(new Date(iso), days).toISOString()).toBe(start);
  });
});

describe('zurichDate (the Zurich date of an instant, YYYY-MM-DD)', () => {
  it.each([
    ['2026-11-27T22:59:59Z', '2026-11-27', 'one second before midnight in winter'],
    ['2026-11-27T23:00:00Z', '2026-11-28', 'midnight in winter (UTC still the day before)'],
    ['2026-07-01T21:59:00Z', '2026-07-01', 'before midnight in summer'],
    ['2026-07-01T22:00:00Z', '2026-07-02', 'midnight in summer'],
    ['2027-01-05T12:00:00Z', '2027-01-05', 'single-digit month and day are padded'],
  ])('%s → %s (%s)', (at, date) => {
    expect(zurichDate(new Date(at))).toBe(date);
  });
});
