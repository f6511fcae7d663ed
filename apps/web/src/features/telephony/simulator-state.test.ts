import { describe, expect, it } from 'vitest';
import { afterStep, carryOn, NO_SIM_CALL, SIM_STEPS, stepAllowed, type SimPhase, type SimStep } from './simulator-state.ts';

describe('the telephony simulator', () => {
  const allowed: Record<SimPhase, SimStep[]> = {
    idle: ['ring'],
    ringing: ['answer', 'hangup', 'end'],
    answered: ['hangup', 'end'],
    hungup: ['end'],
    ended: ['ring'],
  };
  it.each(Object.entries(allowed))('in phase %s offers %j', (phase, steps) => {
    expect(SIM_STEPS.filter((s) => stepAllowed(phase as SimPhase, s))).toEqual(steps);
  });

  it('follows a call from ring to end and starts the next one afresh', () => {
    let call = afterStep(NO_SIM_CALL, 'ring', 'c1', '10:00');
    expect(call).toMatchObject({ callId: 'c1', phase: 'ringing' });
    call = afterStep(call, 'answer', 'c1', '10:01');
    call = afterStep(call, 'hangup', 'c1', '10:03');
    call = afterStep(call, 'end', 'c1', '10:03');
    expect(call.phase).toBe('ended');
    expect(call.history.map((e) => e.step)).toEqual(['ring', 'answer', 'hangup', 'end']);
    const next = afterStep(call, 'ring', 'c2', '10:05');
    expect(next).toEqual({ callId: 'c2', phase: 'ringing', history: [{ step: 'ring', callId: 'c2', at: '10:05' }] });
  });

  it('carries on a running call from where it is', () => {
    expect(carryOn('c9', true)).toEqual({ callId: 'c9', phase: 'answered', history: [] });
    const ringing = carryOn('c9', false);
    expect(SIM_STEPS.filter((s) => stepAllowed(ringing.phase, s))).toEqual(['answer', 'hangup', 'end']);
    expect(afterStep(carryOn('c9', true), 'hangup', 'c9', '10:00').history).toEqual([{ step: 'hangup', callId: 'c9', at: '10:00' }]);
  });
});
