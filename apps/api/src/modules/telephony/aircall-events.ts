import { normalisePhone } from '@bo/domain';

/**
 * Aircall's webhooks as documented (developer.aircall.io, "Webhooks" and the Call and User objects):
 * `{ resource, event, timestamp, token, data }`, the call's times in Unix seconds, the other party's
 * number in `raw_digits` as Aircall writes it (`+41 79 123 45 67`), the agent in `data.user`.
 */
export const CALL_EVENTS = ['call.created', 'call.ringing_on_agent', 'call.answered', 'call.hungup', 'call.ended'] as const;
export const USER_EVENTS = ['user.opened', 'user.closed'] as const;
export type CallEventName = (typeof CALL_EVENTS)[number];
export type UserEventName = (typeof USER_EVENTS)[number];

/** How far a call got: an event never moves a call back. */
export const STAGE: Record<CallEventName, number> = {
  'call.created': 0,
  'call.ringing_on_agent': 1,
  'call.answered': 2,
  'call.hungup': 3,
  'call.ended': 4,
};

export interface CallEvent {
  kind: 'call';
  event: CallEventName;
  /** When Aircall emitted the event. */
  at: Date;
  callId: string;
  direction: 'inbound' | 'outbound' | null;
  /** E.164 when it is a phone number, else as written (anonymous callers). */
  number: string | null;
  /** The number in E.164, when it is one: what clients are looked up by. */
  e164: string | null;
  telephonyUserId: string | null;
  startedAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date | null;
  duration: number | null;
  missedReason: string | null;
  voicemail: boolean;
}

export interface UserEvent {
  kind: 'user';
  event: UserEventName;
  at: Date;
  telephonyUserId: string;
  available: boolean;
}

export type AircallEvent = CallEvent | UserEvent;

/** The webhook's JSON as Aircall sends it (only what is read here). */
export interface AircallWebhook {
  resource?: unknown;
  event?: unknown;
  timestamp?: unknown;
  token?: unknown;
  data?: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Unix seconds (Aircall's writing), or an ISO date; null when absent or unreadable. */
function timeOf(v: unknown): Date | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) {
    return new Date(v * 1000);
  }
  if (typeof v === 'string' && v.trim()) {
    const d = /^\d+$/.test(v.trim()) ? new Date(Number(v) * 1000) : new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

function idOf(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) {
    return String(v);
  }
  if (typeof v === 'string' && v.trim() && v.length <= 64) {
    return v.trim();
  }
  return null;
}

/**
 * The event a webhook carries, or null for an event not handled here (answered 200 and ignored) or a
 * body without the call's id.
 */
export function parseAircallWebhook(body: AircallWebhook, now: Date = new Date()): AircallEvent | null {
  const event = typeof body.event === 'string' ? body.event : '';
  const data = isObj(body.data) ? body.data : null;
  const at = timeOf(body.timestamp) ?? now;
  if (!data) {
    return null;
  }
  if ((USER_EVENTS as readonly string[]).includes(event)) {
    const telephonyUserId = idOf(data.id);
    return telephonyUserId
      ? { kind: 'user', event: event as UserEventName, at, telephonyUserId, available: event === 'user.opened' }
      : null;
  }
  if (!(CALL_EVENTS as readonly string[]).includes(event)) {
    return null;
  }
  const callId = idOf(data.id);
  if (!callId) {
    return null;
  }
  const raw = typeof data.raw_digits === 'string' ? data.raw_digits.trim().slice(0, 64) : '';
  const e164 = raw ? (normalisePhone(raw) ?? null) : null;
  const duration =
    typeof data.duration === 'number' && Number.isFinite(data.duration) && data.duration >= 0 ? Math.round(data.duration) : null;
  return {
    kind: 'call',
    event: event as CallEventName,
    at,
    callId,
    direction: data.direction === 'inbound' || data.direction === 'outbound' ? data.direction : null,
    number: e164 ?? (raw || null),
    e164,
    telephonyUserId: isObj(data.user) ? idOf(data.user.id) : null,
    startedAt: timeOf(data.started_at),
    answeredAt: timeOf(data.answered_at),
    endedAt: timeOf(data.ended_at),
    duration,
    missedReason: typeof data.missed_call_reason === 'string' ? data.missed_call_reason.slice(0, 64) : null,
    voicemail: typeof data.voicemail === 'string' && data.voicemail.length > 0,
  };
}

/** Aircall writes its ids as numbers; one that is no safe integer stays a string. */
function asNumber(id: string): number | string {
  return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}

/** Builds the webhook Aircall would send for a call (the simulator and the local telephony). */
export function aircallCallWebhook(input: {
  event: CallEventName;
  token: string;
  callId: string;
  direction: 'inbound' | 'outbound';
  rawDigits: string;
  telephonyUserId: string;
  startedAt: Date;
  answeredAt?: Date | null;
  endedAt?: Date | null;
  duration?: number | null;
  at?: Date;
}): AircallWebhook {
  const secs = (d: Date | null | undefined) => (d ? Math.floor(d.getTime() / 1000) : null);
  const ended = input.event === 'call.hungup' || input.event === 'call.ended';
  return {
    resource: 'call',
    event: input.event,
    timestamp: secs(input.at ?? new Date()),
    token: input.token,
    data: {
      id: asNumber(input.callId),
      direction: input.direction,
      status: ended ? 'done' : input.event === 'call.answered' ? 'answered' : 'initial',
      raw_digits: input.rawDigits,
      started_at: secs(input.startedAt),
      answered_at: secs(input.answeredAt),
      ended_at: ended ? secs(input.endedAt) : null,
      duration: ended ? (input.duration ?? 0) : 0,
      missed_call_reason: ended && !input.answeredAt && input.direction === 'inbound' ? 'agents_did_not_answer' : null,
      voicemail: null,
      user: { id: asNumber(input.telephonyUserId) },
      number: { id: 0, name: 'Simulator', digits: '+41 44 000 00 00' },
    },
  };
}
