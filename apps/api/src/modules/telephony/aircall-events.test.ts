import { describe, expect, it } from 'vitest';
import { aircallCallWebhook, parseAircallWebhook } from './aircall-events.ts';

const NOW = new Date('2026-11-27T10:00:00Z');

describe('reading Aircall’s webhooks', () => {
  it('reads a call.ended as Aircall documents it: Unix seconds, the number as Aircall writes it, the agent', () => {
    const ev = parseAircallWebhook(
      {
        resource: 'call',
        event: 'call.ended',
        timestamp: 1_780_000_160,
        token: 'x',
        data: {
          id: 812345678,
          direction: 'inbound',
          raw_digits: '+41 79 555 12 34',
          started_at: 1_780_000_000,
          answered_at: 1_780_000_008,
          ended_at: 1_780_000_128,
          duration: 128,
          missed_call_reason: null,
          voicemail: null,
          user: { id: 810235, name: 'Agent' },
        },
      },
      NOW,
    );
    expect(ev).toEqual({
      kind: 'call',
      event: 'call.ended',
      at: new Date(1_780_000_160_000),
      callId: '812345678',
      direction: 'inbound',
      number: '+41795551234',
      e164: '+41795551234',
      telephonyUserId: '810235',
      startedAt: new Date(1_780_000_000_000),
      answeredAt: new Date(1_780_000_008_000),
      endedAt: new Date(1_780_000_128_000),
      duration: 128,
      missedReason: null,
      voicemail: false,
    });
  });

  it('keeps an anonymous caller as written, reads a missing user and time as unknown, takes now for a missing timestamp', () => {
    const ev = parseAircallWebhook(
      { event: 'call.created', data: { id: '77', raw_digits: 'anonymous', user: null, direction: 'sideways' } },
      NOW,
    );
    expect(ev).toMatchObject({
      callId: '77',
      number: 'anonymous',
      e164: null,
      telephonyUserId: null,
      direction: null,
      startedAt: null,
      at: NOW,
    });
  });

  it('reads user.opened and user.closed as the agent’s availability', () => {
    expect(parseAircallWebhook({ event: 'user.opened', timestamp: 1_780_000_000, data: { id: 42 } }, NOW)).toEqual({
      kind: 'user',
      event: 'user.opened',
      at: new Date(1_780_000_000_000),
      telephonyUserId: '42',
      available: true,
    });
    expect(parseAircallWebhook({ event: 'user.closed', data: { id: 42 } }, NOW)).toMatchObject({ available: false });
  });

  it('ignores other events and bodies without data or the call’s id', () => {
    expect(parseAircallWebhook({ event: 'call.tagged', data: { id: 1 } }, NOW)).toBeNull();
    expect(parseAircallWebhook({ event: 'call.ended' }, NOW)).toBeNull();
    expect(parseAircallWebhook({ event: 'call.ended', data: [] }, NOW)).toBeNull();
    expect(parseAircallWebhook({ event: 'call.ended', data: { id: null } }, NOW)).toBeNull();
    expect(parseAircallWebhook({ event: 'call.ended', data: { id: 1.5 } }, NOW)).toBeNull();
    expect(parseAircallWebhook({ event: 'user.opened', data: {} }, NOW)).toBeNull();
  });

  it('reads back what the simulator builds', () => {
    const startedAt = new Date('2026-11-27T09:00:00Z');
    const body = aircallCallWebhook({
      event: 'call.hungup',
      token: 't',
      callId: '91234567890123',
      direction: 'outbound',
      rawDigits: '044 555 66 77',
      telephonyUserId: '810235',
      startedAt,
      answeredAt: null,
      endedAt: new Date('2026-11-27T09:00:40Z'),
      duration: 40,
      at: new Date('2026-11-27T09:00:40Z'),
    });
    expect(parseAircallWebhook(body, NOW)).toMatchObject({
      event: 'call.hungup',
      callId: '91234567890123',
      direction: 'outbound',
      e164: '+41445556677',
      telephonyUserId: '810235',
      startedAt,
      answeredAt: null,
      duration: 40,
    });
  });
});
