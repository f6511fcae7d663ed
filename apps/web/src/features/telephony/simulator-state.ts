/**
 * The telephony simulator's call (the local provider's admin screen): which step may follow which, as a
 * provider tells them: it rings, may be answered, is hung up, and is ended (`call.ended`, with its
 * duration, comes after the hang-up). Ending a call that still rings or runs hangs it up first.
 */
export const SIM_STEPS = ['ring', 'answer', 'hangup', 'end'] as const;
export type SimStep = (typeof SIM_STEPS)[number];
export type SimPhase = 'idle' | 'ringing' | 'answered' | 'hungup' | 'ended';

const AFTER: Record<SimStep, SimPhase> = { ring: 'ringing', answer: 'answered', hangup: 'hungup', end: 'ended' };

const ALLOWED: Record<SimPhase, readonly SimStep[]> = {
  idle: ['ring'],
  ringing: ['answer', 'hangup', 'end'],
  answered: ['hangup', 'end'],
  hungup: ['end'],
  ended: ['ring'],
};

export function stepAllowed(phase: SimPhase, step: SimStep): boolean {
  return ALLOWED[phase].includes(step);
}

export function phaseAfter(step: SimStep): SimPhase {
  return AFTER[step];
}

export interface SimEntry {
  step: SimStep;
  callId: string;
  at: string;
}

export interface SimCall {
  /** The call the steps belong to; none before the first ring. */
  callId: string | null;
  phase: SimPhase;
  /** The steps sent for this call, in order. */
  history: readonly SimEntry[];
}

export const NO_SIM_CALL: SimCall = { callId: null, phase: 'idle', history: [] };

/** The simulated call after the server took `step` and answered `callId`; a ring starts a new call. */
export function afterStep(call: SimCall, step: SimStep, callId: string, at: string): SimCall {
  const history = step === 'ring' ? [] : call.history;
  return { callId, phase: phaseAfter(step), history: [...history, { step, callId, at }] };
}

/** A call that runs already (e.g. one started from a client's row), taken over to play its next steps. */
export function carryOn(callId: string, answered: boolean): SimCall {
  return { callId, phase: answered ? 'answered' : 'ringing', history: [] };
}
