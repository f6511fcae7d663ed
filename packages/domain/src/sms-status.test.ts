import { describe, expect, it } from 'vitest';
import { SMS_STATUSES, type SmsStatus } from './events.ts';
import { isFinalSmsStatus, smsStatusAdvances, smsStatusesBefore } from './sms-status.ts';

describe('smsStatusAdvances', () => {
  it.each<[SmsStatus, SmsStatus, boolean]>([
    ['planned', 'queued', true],
    ['sending', 'queued', true],
    ['sending', 'failed', true],
    ['sending', 'planned', false],
    ['accepted', 'scheduled', true],
    ['accepted', 'queued', true],
    ['scheduled', 'queued', true],
    ['queued', 'sent', true],
    ['queued', 'delivered', true],
    ['sent', 'delivered', true],
    ['sent', 'undelivered', true],
    ['queued', 'failed', true],
    ['scheduled', 'canceled', true],
    // duplicates change nothing
    ['queued', 'queued', false],
    ['sent', 'sent', false],
    ['delivered', 'delivered', false],
    // never backwards
    ['sent', 'queued', false],
    ['delivered', 'sent', false],
    ['delivered', 'queued', false],
    ['queued', 'accepted', false],
    // end states stay
    ['delivered', 'undelivered', false],
    ['undelivered', 'delivered', false],
    ['failed', 'delivered', false],
    ['canceled', 'sent', false],
    ['delivered', 'failed', false],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(smsStatusAdvances(from, to)).toBe(expected);
  });

  it('is a strict order: never both ways, never to itself', () => {
    for (const a of SMS_STATUSES) {
      expect(smsStatusAdvances(a, a)).toBe(false);
      for (const b of SMS_STATUSES) {
        expect(smsStatusAdvances(a, b) && smsStatusAdvances(b, a)).toBe(false);
      }
    }
  });
});

describe('smsStatusesBefore', () => {
  it('lists exactly the statuses the target may replace', () => {
    expect(smsStatusesBefore('sent').sort()).toEqual(['accepted', 'planned', 'queued', 'scheduled', 'sending']);
    expect(smsStatusesBefore('delivered').sort()).toEqual(['accepted', 'planned', 'queued', 'scheduled', 'sending', 'sent']);
    expect(smsStatusesBefore('planned')).toEqual([]);
    // A message being sent is not sent twice by the outbox: planned does not replace it, nor it planned.
    expect(smsStatusesBefore('sending')).toEqual([]);
  });

  it('never lists an end state', () => {
    for (const to of SMS_STATUSES) {
      expect(smsStatusesBefore(to).filter(isFinalSmsStatus)).toEqual([]);
    }
  });
});
