/**
 * The incoming-call dialog's state (spec 4 "Live events"): a `call` event opens it ringing,
 * `call.answered` and `call.ended` of the same call move it on, the close action or the end of the call
 * closes it. Events of another call are ignored; a call that ended is never opened again by a late or
 * repeated `call` event (webhooks arrive more than once and out of order).
 */

/** A client the server found with the caller's number, in the agent's scope. */
export interface CallClient {
  id: number;
  name: string;
  surname: string;
  status: string | null;
  lastContactAt: string | null;
}

/** The socket's `call` event. */
export interface CallEvent {
  callId: string;
  /** E.164. */
  number: string;
  clientCount: number;
  /** At most five of them. */
  clients: CallClient[];
}

export interface CallAnsweredEvent {
  callId: string;
}

export interface CallEndedEvent {
  callId: string;
  /** Seconds; null when the provider did not say. */
  duration: number | null;
  clientId: number | null;
}

export type CallPhase = 'ringing' | 'answered';

export interface CallState {
  open: (CallEvent & { phase: CallPhase }) | null;
  /** The calls that ended lately, newest last (so a late `call` event does not open them again). */
  ended: readonly string[];
}

export type CallAction =
  | { type: 'call'; event: CallEvent }
  | { type: 'answered'; event: CallAnsweredEvent }
  | { type: 'ended'; event: CallEndedEvent }
  | { type: 'close' };

export const NO_CALL: CallState = { open: null, ended: [] };

/** How many ended calls are remembered. */
const ENDED_KEPT = 50;

export function callReducer(state: CallState, action: CallAction): CallState {
  switch (action.type) {
    case 'call': {
      const { event } = action;
      if (state.ended.includes(event.callId)) {
        return state;
      }
      // The same call told again keeps its phase (an answered call does not ring again); a new call
      // takes the dialog's place.
      const phase = state.open?.callId === event.callId ? state.open.phase : 'ringing';
      return { ...state, open: { ...event, phase } };
    }
    case 'answered':
      if (state.open?.callId !== action.event.callId || state.open.phase === 'answered') {
        return state;
      }
      return { ...state, open: { ...state.open, phase: 'answered' } };
    case 'ended': {
      const { callId } = action.event;
      const ended = state.ended.includes(callId) ? state.ended : [...state.ended, callId].slice(-ENDED_KEPT);
      return { open: state.open?.callId === callId ? null : state.open, ended };
    }
    case 'close':
      return state.open ? { ...state, open: null } : state;
  }
}

/** Whether `action` ends the call the dialog shows (the moment to tell the agent it ended). */
export function endsShownCall(state: CallState, action: CallAction): boolean {
  return action.type === 'ended' && state.open?.callId === action.event.callId;
}

/** A call's duration as `m:ss` (or `h:mm:ss` from an hour on). */
export function formatDuration(seconds: number | null): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
