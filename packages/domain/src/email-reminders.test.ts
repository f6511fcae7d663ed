import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_CADENCE,
  dueReminderStage,
  reminderCadenceFrom,
  reminderStageSendsMail,
  type EmailReminderStage,
  type ReminderLead,
} from './email-reminders.ts';

const NOW = new Date('2026-03-20T10:00:00Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 3600_000);
const cadence = { firstAfterCalls: 3, secondAfterDays: 3, thirdAfterDays: 7, expiredAfterDays: 14 };
const lead: ReminderLead = { stage: null, stageAt: null, status: 'not_answered', callsCount: 3, hasEmail: true, optedOut: false };

describe('dueReminderStage', () => {
  it.each<[string, Partial<ReminderLead>, EmailReminderStage | null]>([
    ['not reached after 3 calls: the first reminder', {}, 'first'],
    ['not reached after 5 calls: the first reminder', { callsCount: 5 }, 'first'],
    ['not reached after 2 calls: not yet', { callsCount: 2 }, null],
    ['reached in between (another status): nothing', { status: 'sale_agents' }, null],
    ['no status: nothing', { status: null }, null],
    ['no e-mail address: nothing', { hasEmail: false }, null],
    ['unsubscribed: nothing', { optedOut: true }, null],
    ['unsubscribed during the first stage: nothing more', { stage: 'first', stageAt: daysAgo(30), optedOut: true }, null],
    ['first since 3 days: the second', { stage: 'first', stageAt: daysAgo(3) }, 'second'],
    ['first since 2 days and 23 hours: not yet', { stage: 'first', stageAt: new Date(daysAgo(3).getTime() + 3600_000) }, null],
    ['second since 7 days: the third', { stage: 'second', stageAt: daysAgo(7) }, 'third'],
    ['second since 6 days: not yet', { stage: 'second', stageAt: daysAgo(6) }, null],
    ['third since 14 days: expired', { stage: 'third', stageAt: daysAgo(14) }, 'expired'],
    ['third since 13 days: not yet', { stage: 'third', stageAt: daysAgo(13) }, null],
    ['first since long ago, reached since: nothing', { stage: 'first', stageAt: daysAgo(60), status: 'sale_agents' }, null],
    ['expired: the end', { stage: 'expired', stageAt: daysAgo(400) }, null],
    ['stopped: nothing', { stage: 'stopped', stageAt: daysAgo(400) }, null],
    ['a stage without its date: it waits (never skipped ahead)', { stage: 'first', stageAt: null }, null],
    ['a stage entered in the future (clock skew): not yet', { stage: 'first', stageAt: daysAgo(-1) }, null],
  ])('%s', (_name, change, expected) => {
    expect(dueReminderStage({ ...lead, ...change }, cadence, NOW)).toBe(expected);
  });

  it('follows the admin’s cadence', () => {
    const quick = { firstAfterCalls: 1, secondAfterDays: 1, thirdAfterDays: 1, expiredAfterDays: 1 };
    expect(dueReminderStage({ ...lead, callsCount: 1 }, quick, NOW)).toBe('first');
    expect(dueReminderStage({ ...lead, stage: 'third', stageAt: daysAgo(1) }, quick, NOW)).toBe('expired');
    expect(dueReminderStage({ ...lead, stage: 'first', stageAt: daysAgo(1) }, cadence, NOW)).toBeNull();
  });

  it('walks a lead who never answers through every stage once, in order', () => {
    let state: ReminderLead = { ...lead };
    const seen: EmailReminderStage[] = [];
    for (let day = 0; day < 60; day += 1) {
      const now = new Date(NOW.getTime() + day * 24 * 3600_000);
      const due = dueReminderStage(state, cadence, now);
      if (due) {
        seen.push(due);
        state = { ...state, stage: due, stageAt: now };
      }
    }
    expect(seen).toEqual(['first', 'second', 'third', 'expired']);
  });
});

describe('reminderStageSendsMail', () => {
  it.each([
    ['first', true],
    ['second', true],
    ['third', true],
    ['expired', false],
    ['stopped', false],
  ] as const)('%s: %s', (stage, sends) => {
    expect(reminderStageSendsMail(stage)).toBe(sends);
  });
});

describe('reminderCadenceFrom', () => {
  it.each<[string, Record<string, string>, typeof cadence]>([
    ['nothing stored: the defaults', {}, DEFAULT_REMINDER_CADENCE],
    [
      'stored numbers',
      {
        email_reminder_first_after_calls: '2',
        email_reminder_second_after_days: '4',
        email_reminder_third_after_days: '5',
        email_reminder_expired_after_days: '30',
      },
      { firstAfterCalls: 2, secondAfterDays: 4, thirdAfterDays: 5, expiredAfterDays: 30 },
    ],
    [
      'broken values fall back to the defaults',
      { email_reminder_first_after_calls: '', email_reminder_second_after_days: 'x', email_reminder_third_after_days: '0' },
      DEFAULT_REMINDER_CADENCE,
    ],
  ])('%s', (_name, stored, expected) => {
    expect(reminderCadenceFrom(stored)).toEqual(expected);
  });
});
