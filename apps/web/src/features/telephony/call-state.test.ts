import { describe, expect, it } from 'vitest';
import { callReducer, endsShownCall, formatDuration, NO_CALL, type CallAction, type CallEvent, type CallState } from './call-state.ts';

const call = (callId: string, number = '+41791234567'): CallEvent => ({
  callId,
  number,
  clientCount: 1,
  clients: [{ id: 7, name: 'Erika', surname: 'Muster', status: 'lead', lastContactAt: '2026-11-20T09:15:00.000Z' }],
});

const run = (...actions: CallAction[]): CallState => actions.reduce(callReducer, NO_CALL);

describe('the incoming-call dialog', () => {
  it('opens ringing on a call event', () => {
    const state = run({ type: 'call', event: call('a') });
    expect(state.open).toMatchObject({ callId: 'a', phase: 'ringing', number: '+41791234567', clientCount: 1 });
    expect(state.open?.clients[0]?.id).toBe(7);
  });

  it('is answered by call.answered of the same call', () => {
    const state = run({ type: 'call', event: call('a') }, { type: 'answered', event: { callId: 'a' } });
    expect(state.open?.phase).toBe('answered');
  });

  it('ignores call.answered and call.ended of another call', () => {
    const open = run({ type: 'call', event: call('a') });
    expect(callReducer(open, { type: 'answered', event: { callId: 'b' } })).toBe(open);
    const afterOther = callReducer(open, { type: 'ended', event: { callId: 'b', duration: 30, clientId: null } });
    expect(afterOther.open).toEqual(open.open);
    expect(endsShownCall(open, { type: 'ended', event: { callId: 'b', duration: 30, clientId: null } })).toBe(false);
  });

  it('closes when its call ends, and tells that it was the shown call', () => {
    const open = run({ type: 'call', event: call('a') }, { type: 'answered', event: { callId: 'a' } });
    const end: CallAction = { type: 'ended', event: { callId: 'a', duration: 125, clientId: 7 } };
    expect(endsShownCall(open, end)).toBe(true);
    expect(callReducer(open, end).open).toBeNull();
  });

  it('closes on the close action while the call goes on, and a repeated call event of it opens it again', () => {
    const closed = run({ type: 'call', event: call('a') }, { type: 'close' });
    expect(closed.open).toBeNull();
    expect(callReducer(closed, { type: 'call', event: call('a') }).open?.callId).toBe('a');
  });

  it('does not open a call that already ended (late or repeated webhook)', () => {
    const state = run({ type: 'ended', event: { callId: 'a', duration: 5, clientId: null } }, { type: 'call', event: call('a') });
    expect(state.open).toBeNull();
  });

  it('keeps an answered call answered when its call event comes again', () => {
    const state = run({ type: 'call', event: call('a') }, { type: 'answered', event: { callId: 'a' } }, { type: 'call', event: call('a') });
    expect(state.open?.phase).toBe('answered');
  });

  it('shows a new call in place of the one before', () => {
    const state = run(
      { type: 'call', event: call('a') },
      { type: 'answered', event: { callId: 'a' } },
      { type: 'call', event: call('b', '+41446681800') },
    );
    expect(state.open).toMatchObject({ callId: 'b', phase: 'ringing', number: '+41446681800' });
    // The first call's end does not close the second one's dialog.
    expect(callReducer(state, { type: 'ended', event: { callId: 'a', duration: 60, clientId: 7 } }).open?.callId).toBe('b');
  });

  it('ignores call.answered before any call', () => {
    expect(callReducer(NO_CALL, { type: 'answered', event: { callId: 'a' } })).toBe(NO_CALL);
    expect(callReducer(NO_CALL, { type: 'close' })).toBe(NO_CALL);
  });

  it('remembers a bounded number of ended calls', () => {
    let state = NO_CALL;
    for (let i = 0; i < 120; i += 1) {
      state = callReducer(state, { type: 'ended', event: { callId: `c${i}`, duration: 1, clientId: null } });
    }
    expect(state.ended.length).toBe(50);
    expect(state.ended.at(-1)).toBe('c119');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [125, '2:05'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('%d s is %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
