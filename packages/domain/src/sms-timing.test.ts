import { describe, expect, it } from 'vitest';
import { reminderSchedule } from './events.ts';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs } from './outbox-retry.ts';
import { inSmsSendWindow, reminderSendTime } from './sms-timing.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('inSmsSendWindow (08:00–20:00 Zurich)', () => {
  it.each<[string, string, boolean]>([
    ['winter 07:59 Zurich', '2026-01-14T06:59:00Z', false],
    ['winter 08:00 Zurich', '2026-01-14T07:00:00Z', true],
    ['winter 19:59 Zurich', '2026-01-14T18:59:00Z', true],
    ['winter 20:00 Zurich', '2026-01-14T19:00:00Z', false],
    ['summer 08:00 Zurich (06:00 UTC)', '2026-07-14T06:00:00Z', true],
    ['summer 07:30 Zurich', '2026-07-14T05:30:00Z', false],
    ['summer 20:30 Zurich (18:30 UTC)', '2026-07-14T18:30:00Z', false],
    ['midnight', '2026-07-14T22:00:00Z', false],
  ])('%s', (_name, at, expected) => {
    expect(inSmsSendWindow(new Date(at))).toBe(expected);
  });
});

describe('reminderSendTime: never at night, always before the event', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it.each<[string, string, string, string | null]>([
    // [name, due, event start, sent at]
    ['due in the afternoon: at once', '2026-01-14T14:00:00Z', '2026-01-14T16:00:00Z', '2026-01-14T14:00:00.000Z'],
    ['due 06:00, event 10:00: the same morning at 08:00', '2026-01-14T05:00:00Z', '2026-01-14T09:00:00Z', '2026-01-14T07:00:00.000Z'],
    ['due 22:00, event next day 14:00: next morning 08:00', '2026-01-14T21:00:00Z', '2026-01-15T13:00:00Z', '2026-01-15T07:00:00.000Z'],
    ['due 23:30 UTC (00:30 Zurich): that morning 08:00', '2026-01-14T23:30:00Z', '2026-01-15T13:00:00Z', '2026-01-15T07:00:00.000Z'],
    [
      'due 06:00, event 08:00: the morning is too late, the evening before 19:30',
      '2026-01-14T05:00:00Z',
      '2026-01-14T07:00:00Z',
      '2026-01-13T18:30:00.000Z',
    ],
    [
      'due 06:00, event 08:29: 08:00 leaves 29 min, too little: evening before',
      '2026-01-14T05:00:00Z',
      '2026-01-14T07:29:00Z',
      '2026-01-13T18:30:00.000Z',
    ],
    ['due 06:00, event 08:30: 08:00 leaves 30 min, enough', '2026-01-14T05:00:00Z', '2026-01-14T07:30:00Z', '2026-01-14T07:00:00.000Z'],
    ['due 20:00, event 22:00: 19:30 the same evening', '2026-01-14T19:00:00Z', '2026-01-14T21:00:00Z', '2026-01-14T18:30:00.000Z'],
    [
      'summer: due 07:00 Zurich, event 11:00: 08:00 summer time',
      '2026-07-14T05:00:00Z',
      '2026-07-14T09:00:00Z',
      '2026-07-14T06:00:00.000Z',
    ],
    // The night of the spring change (29 March 2026, 02:00 → 03:00): the morning is summer time.
    ['across the spring change', '2026-03-29T00:30:00Z', '2026-03-29T12:00:00Z', '2026-03-29T06:00:00.000Z'],
    ['across the autumn change', '2026-10-25T02:30:00Z', '2026-10-25T12:00:00Z', '2026-10-25T07:00:00.000Z'],
  ])('%s', (_name, due, start, expected) => {
    expect(iso(reminderSendTime(new Date(due), new Date(start), now))).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    ['due time passed', '2026-01-14T14:00:00Z', '2026-01-14T16:00:00Z', '2026-01-14T14:00:00Z'],
    ['moved to the evening before, which has passed', '2026-01-14T05:00:00Z', '2026-01-14T07:00:00Z', '2026-01-13T19:00:00Z'],
    ['moved to the morning, which has passed', '2026-01-14T05:00:00Z', '2026-01-14T09:00:00Z', '2026-01-14T07:30:00Z'],
    ['due after the event has begun', '2026-01-14T14:00:00Z', '2026-01-14T13:00:00Z', '2026-01-01T00:00:00Z'],
  ])('not sent: %s', (_name, due, start, at) => {
    expect(reminderSendTime(new Date(due), new Date(start), new Date(at))).toBeNull();
  });
});

describe('reminderSchedule keeps the reminders out of the night', () => {
  it('an event at 09:00 Zurich: the day-before reminder at 09:00, the 2-hour one moved from 07:00 to 08:00', () => {
    const start = new Date('2026-01-14T08:00:00Z');
    const schedule = reminderSchedule(start, new Date('2026-01-10T10:00:00Z'));
    expect(schedule.map((s) => iso(s.sendAt))).toEqual([
      '2026-01-10T10:00:00.000Z',
      '2026-01-13T08:00:00.000Z',
      '2026-01-14T07:00:00.000Z',
    ]);
  });

  it('an event at 07:30 Zurich: both reminders the evening before (the 2-hour one at 19:30)', () => {
    const start = new Date('2026-01-14T06:30:00Z');
    const schedule = reminderSchedule(start, new Date('2026-01-10T10:00:00Z'));
    // 24 h before is 07:30 the day before: moved to 08:00 that day.
    expect(schedule.map((s) => iso(s.sendAt))).toEqual([
      '2026-01-10T10:00:00.000Z',
      '2026-01-13T07:00:00.000Z',
      '2026-01-13T18:30:00.000Z',
    ]);
  });
});

describe('outboxRetryDelayMs: exponential, then dead', () => {
  it.each<[number, number | null]>([
    [0, null],
    [1, 2_000],
    [2, 10_000],
    [3, 50_000],
    [4, 250_000],
    [5, 1_250_000],
    [OUTBOX_MAX_ATTEMPTS, null],
    [OUTBOX_MAX_ATTEMPTS + 1, null],
    [1.5, null],
  ])('after failure %d', (attempts, expected) => {
    expect(outboxRetryDelayMs(attempts)).toBe(expected);
  });
});
