import { randomInt, timingSafeEqual, createHash } from 'node:crypto';
import { normalisePhone } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { StartCallInput } from '../../integrations/telephony/index.ts';
import {
  addPhoneCallIn,
  announceCallRecorded,
  clientInScope,
  clientNamesIn,
  clientsWithNumberIn,
  lastCalledClientIn,
  type Publish,
  type RecordedCall,
} from '../clients/index.ts';
import { accountSettingsOf, agentOfTelephonyUser } from '../staff/index.ts';
import {
  aircallCallWebhook,
  parseAircallWebhook,
  STAGE,
  type AircallWebhook,
  type CallEvent,
  type CallEventName,
  type UserEvent,
} from './aircall-events.ts';
import { toCallLog, type CallLogDto } from './dto.ts';
import * as repo from './repo.ts';

/** The live events of telephony (spec 4 and 7), sent to one agent's connections. */
export interface TelephonyLiveEvents {
  call: {
    callId: string;
    number: string;
    clientCount: number;
    clients: { id: number; name: string; surname: string; status: string | null; lastContactAt: string | null }[];
  };
  'call.answered': { callId: string };
  'call.ended': { callId: string; duration: number | null; clientId: number | null };
  aircall_status_update: { available: boolean };
}
export type EmitToUser = <E extends keyof TelephonyLiveEvents>(userId: number, event: E, payload: TelephonyLiveEvents[E]) => void;

export interface TelephonyDeps {
  db: Db;
  /** Sends a live event to the connections of one user (a no-op without socket.io). */
  emit: EmitToUser;
  /** AIRCALL_WEBHOOK_TOKEN; null refuses every webhook. */
  webhookToken: string | null;
  /** The clients' live events: a call written into a client's contact history changes its row. */
  publish?: Publish;
}

/** An outbound call started this long after a click-to-call of the agent to the number is that click's call. */
const PLACED_WITHIN_MS = 15 * 60_000;

/** The incoming-call dialog lists at most this many clients (and says how many there are). */
export const CALL_CLIENTS_SHOWN = 5;

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/** Whether the webhook's `token` is the configured one, compared in constant time (of the digests, whatever the lengths). */
export function validWebhookToken(expected: string | null, token: unknown): boolean {
  if (!expected || typeof token !== 'string' || token.length === 0) {
    return false;
  }
  return timingSafeEqual(digest(expected), digest(token));
}

export type WebhookOutcome = 'applied' | 'unchanged' | 'ignored';

interface Emission {
  userId: number;
  event: keyof TelephonyLiveEvents;
  payload: TelephonyLiveEvents[keyof TelephonyLiveEvents];
}

interface Applied {
  outcome: WebhookOutcome;
  emissions: Emission[];
  /** The call was written into a client's contact history. */
  recorded?: RecordedCall;
}

/** After the commit: the agent's live events, then the client's changed row to whoever sees it. */
async function announce(deps: TelephonyDeps, applied: Pick<Applied, 'emissions' | 'recorded'>): Promise<void> {
  for (const e of applied.emissions) {
    deps.emit(e.userId, e.event, e.payload);
  }
  if (applied.recorded && deps.publish) {
    await announceCallRecorded({ db: deps.db, publish: deps.publish }, applied.recorded);
  }
}

/**
 * One webhook of Aircall (already authenticated), applied in one transaction; its live events go out
 * after the commit. Unknown events are ignored.
 */
export async function handleAircallWebhook(
  deps: TelephonyDeps,
  body: AircallWebhook,
  opts: { clientHint?: number } = {},
): Promise<WebhookOutcome> {
  const event = parseAircallWebhook(body);
  if (!event) {
    return 'ignored';
  }
  const applied = await deps.db.transaction((tx) =>
    event.kind === 'user' ? applyUserEvent(tx, event) : applyCallEvent(tx, event, opts.clientHint),
  );
  await announce(deps, applied);
  return applied.outcome;
}

/**
 * One webhook applied inside the caller's transaction, its live events left out (the demo data is
 * made of the webhooks a few calls would have sent).
 */
export async function applyAircallWebhookIn(tx: Tx, body: AircallWebhook): Promise<WebhookOutcome> {
  const event = parseAircallWebhook(body);
  if (!event) {
    return 'ignored';
  }
  return (event.kind === 'user' ? await applyUserEvent(tx, event) : await applyCallEvent(tx, event, undefined)).outcome;
}

async function applyUserEvent(tx: Tx, event: UserEvent): Promise<Applied> {
  const agent = await agentOfTelephonyUser(tx, event.telephonyUserId);
  if (!agent) {
    return { outcome: 'ignored', emissions: [] };
  }
  const stored = await repo.setAgentStatus(tx, agent.userId, event.available, event.at);
  return stored
    ? { outcome: 'applied', emissions: [{ userId: agent.userId, event: 'aircall_status_update', payload: { available: event.available } }] }
    : { outcome: 'unchanged', emissions: [] };
}

type Outcome = repo.CallRow['outcome'];

/** What a finished call came to, from its data: answered, or for an inbound call missed or left on voicemail, for an outbound one not reached. */
export function outcomeOf(direction: repo.CallRow['direction'], answeredAt: Date | null, voicemail: boolean): Outcome {
  if (answeredAt) {
    return 'answered';
  }
  if (direction === 'outbound') {
    return 'not_reached';
  }
  return voicemail ? 'voicemail' : 'missed';
}

function mmss(seconds: number | null): string {
  const s = Math.max(0, seconds ?? 0);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The contact-history entry's comment (data, as the staff write theirs: German). */
function historyComment(row: Pick<repo.CallRow, 'direction' | 'outcome' | 'duration'>): string {
  switch (row.outcome) {
    case 'answered':
      return `${row.direction === 'inbound' ? 'Eingehender Anruf' : 'Anruf'}, Dauer ${mmss(row.duration)}`;
    case 'voicemail':
      return 'Nachricht auf der Combox';
    case 'missed':
      return 'Verpasster Anruf';
    case 'not_reached':
      return 'Nicht erreicht';
    case 'in_progress':
      return 'Anruf';
  }
}

const same = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Merges one call event into the call's row, in any order and any number of times: `call.ended` carries
 * the final data and wins over every other event (a later one of its own replaces it); before it, each
 * field takes the first value known. The client is looked up once the agent and the number are known;
 * the contact-history entry is written once, from `call.ended`, when there is a client.
 */
async function applyCallEvent(tx: Tx, ev: CallEvent, clientHint: number | undefined): Promise<Applied> {
  const { row: before } = await repo.lockCall(tx, ev.callId);
  const agent = ev.telephonyUserId ? await agentOfTelephonyUser(tx, ev.telephonyUserId) : null;
  const rank = STAGE[ev.event];
  const isEnded = ev.event === 'call.ended';
  const endedWins = isEnded && (!before.endedEventAt || before.endedEventAt.getTime() <= ev.at.getTime());
  const finalBefore = before.endedEventAt !== null;

  const next: repo.CallRow = { ...before };
  next.stage = Math.max(before.stage, rank);
  if (endedWins) {
    next.direction = ev.direction ?? before.direction;
    next.number = ev.number ?? before.number;
    next.agentId = agent?.userId ?? before.agentId;
    next.startedAt = ev.startedAt ?? before.startedAt;
    next.answeredAt = ev.answeredAt;
    next.endedAt = ev.endedAt ?? before.endedAt;
    next.duration = ev.duration ?? before.duration;
    next.missedReason = ev.missedReason;
    next.outcome = outcomeOf(next.direction, next.answeredAt, ev.voicemail);
    next.endedEventAt = ev.at;
  } else if (!finalBefore) {
    next.direction = before.direction ?? ev.direction;
    next.number = before.number ?? ev.number;
    // Whoever answers is the call's agent (a team's call rings on several); else the first one known.
    next.agentId = (ev.event === 'call.answered' ? agent?.userId : undefined) ?? before.agentId ?? agent?.userId ?? null;
    next.startedAt = before.startedAt ?? ev.startedAt;
    next.answeredAt = before.answeredAt ?? ev.answeredAt ?? (ev.event === 'call.answered' ? ev.at : null);
    if (ev.event === 'call.hungup') {
      next.endedAt = before.endedAt ?? ev.endedAt ?? ev.at;
      next.duration = before.duration ?? ev.duration;
      next.missedReason = before.missedReason ?? ev.missedReason;
    }
    next.outcome = next.stage >= STAGE['call.hungup'] ? outcomeOf(next.direction, next.answeredAt, ev.voicemail) : 'in_progress';
  }

  const e164 = next.number ? (normalisePhone(next.number) ?? null) : null;
  let shown: Awaited<ReturnType<typeof clientsWithNumberIn>> | null = null;
  const agentOfCall = next.agentId !== null ? (agent?.userId === next.agentId ? agent : null) : null;
  if (!next.clientMatched && next.agentId !== null && agentOfCall) {
    if (clientHint !== undefined) {
      next.clientId = clientHint;
      next.clientMatched = true;
    } else if (e164) {
      // An outbound call placed from a client (click-to-call) belongs to that client, whoever else has the number.
      const placed =
        next.direction === 'outbound'
          ? await lastCalledClientIn(tx, agentOfCall, e164, new Date((next.startedAt ?? ev.at).getTime() - PLACED_WITHIN_MS))
          : null;
      if (placed !== null) {
        next.clientId = placed;
      } else {
        shown = await clientsWithNumberIn(tx, agentOfCall, e164, CALL_CLIENTS_SHOWN);
        next.clientId = shown.clients[0]?.id ?? null;
      }
      next.clientMatched = true;
    }
  }

  const emissions: Emission[] = [];
  let recorded: RecordedCall | undefined;
  if (next.endedEventAt && next.clientId !== null && before.historyEntryId === null) {
    const entry = await addPhoneCallIn(tx, {
      clientId: next.clientId,
      agentId: next.agentId,
      type: next.direction === 'outbound' ? 'call' : 'inbound_call',
      at: next.startedAt ?? next.endedAt ?? ev.at,
      comment: historyComment(next),
      answered: next.outcome === 'answered',
    });
    next.historyEntryId = entry.id;
    recorded = entry.recorded;
  }

  // The live events, each once: the incoming call to each agent it rings on while it still rings, then
  // answered and ended (hung up or ended, the first of them) to the call's agent and every agent it rang on.
  const rings = ev.event === 'call.ringing_on_agent' || (ev.event === 'call.created' && next.direction === 'inbound');
  if (
    rings &&
    agent &&
    next.direction === 'inbound' &&
    !before.notifiedAgentIds.includes(agent.userId) &&
    next.stage < STAGE['call.answered'] &&
    next.number
  ) {
    const forAgent = agent.userId === agentOfCall?.userId ? shown : null;
    const listed = forAgent ?? (e164 ? await clientsWithNumberIn(tx, agent, e164, CALL_CLIENTS_SHOWN) : { count: 0, clients: [] });
    next.notifiedAt ??= new Date();
    next.notifiedAgentIds = [...before.notifiedAgentIds, agent.userId];
    emissions.push({
      userId: agent.userId,
      event: 'call',
      payload: { callId: ev.callId, number: e164 ?? next.number, clientCount: listed.count, clients: listed.clients },
    });
  }
  const told = [...new Set([...(next.agentId === null ? [] : [next.agentId]), ...next.notifiedAgentIds])];
  if (rank === STAGE['call.answered'] && before.stage < STAGE['call.answered'] && next.stage === STAGE['call.answered']) {
    for (const userId of told) {
      emissions.push({ userId, event: 'call.answered', payload: { callId: ev.callId } });
    }
  }
  if (rank >= STAGE['call.hungup'] && before.stage < STAGE['call.hungup']) {
    for (const userId of told) {
      emissions.push({ userId, event: 'call.ended', payload: { callId: ev.callId, duration: next.duration, clientId: next.clientId } });
    }
  }

  const changes: repo.CallChanges = {};
  for (const key of Object.keys(next) as (keyof repo.CallRow)[]) {
    const a = before[key];
    const b = next[key];
    const changed =
      a instanceof Date || b instanceof Date
        ? !same(a as Date | null, b as Date | null)
        : Array.isArray(a) || Array.isArray(b)
          ? JSON.stringify(a) !== JSON.stringify(b)
          : a !== b;
    if (changed && key !== 'id' && key !== 'providerCallId' && key !== 'createdAt' && key !== 'updatedAt') {
      (changes as Record<string, unknown>)[key] = b;
    }
  }
  if (Object.keys(changes).length === 0) {
    return { outcome: 'unchanged', emissions };
  }
  await repo.updateCall(tx, before.id, changes);
  return { outcome: 'applied', emissions, ...(recorded ? { recorded } : {}) };
}

/** The account whose log is read: the signed-in one, or for an admin the one asked for. */
function agentOfLog(actor: Actor, accountId: number | undefined): number {
  if (accountId === undefined || accountId === actor.userId) {
    return actor.userId;
  }
  if (actor.role !== 'admin') {
    throw new AppError('Not allowed.', { message: 'Only an admin reads the call log of another account.' });
  }
  return accountId;
}

/** An account's calls, newest first (spec 7 `GET /api/account/aircall-logs`). */
export async function callLogPage(
  db: Db,
  actor: Actor,
  query: { limit: number; offset: number; accountId?: number | undefined },
): Promise<{ data: CallLogDto[]; total: number; limit: number; offset: number }> {
  const agentId = agentOfLog(actor, query.accountId);
  const { rows, total } = await repo.callsOfAgent(db, agentId, query);
  const names = await clientNamesIn(
    db,
    rows.flatMap((r) => (r.clientId === null ? [] : [r.clientId])),
  );
  return { data: rows.map((r) => toCallLog(r, names)), total, limit: query.limit, offset: query.offset };
}

/** The signed-in agent's availability at the provider as last reported (null: never reported). */
export async function availabilityOf(db: Db, actor: Actor): Promise<{ available: boolean | null; updatedAt: string | null }> {
  const row = await repo.agentStatusOf(db, actor.userId);
  return { available: row?.available ?? null, updatedAt: row ? row.eventAt.toISOString() : null };
}

/**
 * Attaches an own call that matched no client to a client of the own scope; its contact-history entry is
 * written then if the call has ended. A call attached already, or another agent's, is refused.
 */
export async function attachCall(
  deps: Pick<TelephonyDeps, 'db' | 'publish' | 'emit'>,
  actor: Actor,
  id: number,
  clientId: number,
): Promise<CallLogDto> {
  const { dto, recorded } = await deps.db.transaction(async (tx) => {
    const row = await repo.findCall(tx, id, { lock: true });
    if (!row || (row.agentId !== actor.userId && actor.role !== 'admin')) {
      throw new AppError('NOT_FOUND', { message: `There is no call ${id} in your log.` });
    }
    if (row.clientId !== null) {
      throw new AppError('Not allowed.', { message: 'The call is attached to a client already.' });
    }
    const client = await clientInScope(tx, actor, clientId);
    const changes: repo.CallChanges = { clientId: client.id, clientMatched: true };
    let entry: Awaited<ReturnType<typeof addPhoneCallIn>> | undefined;
    if (row.endedEventAt) {
      entry = await addPhoneCallIn(tx, {
        clientId: client.id,
        agentId: row.agentId,
        type: row.direction === 'outbound' ? 'call' : 'inbound_call',
        at: row.startedAt ?? row.endedAt ?? row.endedEventAt,
        comment: historyComment(row),
        answered: row.outcome === 'answered',
      });
      changes.historyEntryId = entry.id;
    }
    await repo.updateCall(tx, row.id, changes);
    const updated = (await repo.findCall(tx, row.id))!;
    return { dto: toCallLog(updated, await clientNamesIn(tx, [client.id])), recorded: entry?.recorded };
  });
  await announce({ ...deps, webhookToken: null }, { emissions: [], ...(recorded ? { recorded } : {}) });
  return dto;
}

export type SimulationStep = 'ring' | 'answer' | 'hangup' | 'end';

function stepEvents(step: SimulationStep, direction: 'inbound' | 'outbound'): CallEventName[] {
  switch (step) {
    case 'ring':
      // Aircall rings an agent only for an inbound call; an outbound one is created by the agent.
      return direction === 'inbound' ? ['call.created', 'call.ringing_on_agent'] : ['call.created'];
    case 'answer':
      return ['call.answered'];
    case 'hangup':
      return ['call.hungup'];
    case 'end':
      return ['call.ended'];
  }
}

/** A new call id for a simulated call, in Aircall's writing (a number), above the range of real ones today. */
export function simulatedCallId(): string {
  return `9${String(Date.now()).slice(-10)}${String(randomInt(0, 1000)).padStart(3, '0')}`;
}

export interface SimulationInput {
  direction: 'inbound' | 'outbound';
  number: string;
  step: SimulationStep;
  callId?: string | undefined;
  duration?: number | undefined;
}

/**
 * Builds the webhooks Aircall would send for a step of a call of the agent (their telephony user id) and
 * runs them through the webhook's handler.
 */
async function runSimulation(
  deps: TelephonyDeps,
  telephonyUserId: string,
  input: SimulationInput,
  opts: { clientHint?: number } = {},
): Promise<{ callId: string }> {
  const callId = input.callId ?? simulatedCallId();
  const existing = input.callId ? await repo.findCallByProviderId(deps.db, input.callId) : undefined;
  const now = new Date();
  const startedAt = existing?.startedAt ?? new Date(now.getTime() - (input.step === 'ring' ? 0 : (input.duration ?? 0) * 1000));
  const answeredAt =
    input.step === 'ring' ? null : (existing?.answeredAt ?? (input.step === 'answer' ? now : (input.duration ?? 0) > 0 ? startedAt : null));
  const duration = input.duration ?? Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000));
  for (const event of stepEvents(input.step, input.direction)) {
    const body = aircallCallWebhook({
      event,
      token: '',
      callId,
      direction: input.direction,
      rawDigits: input.number,
      telephonyUserId,
      startedAt,
      answeredAt,
      endedAt: now,
      duration,
      at: now,
    });
    await handleAircallWebhook(deps, body, opts);
  }
  return { callId };
}

/**
 * The simulator (`POST /api/telephony/simulate`, the local default without a provider): a step of a call
 * of the agent, through the webhook's handler. The agent needs a telephony user id in their account.
 */
export async function simulateCall(deps: TelephonyDeps, input: SimulationInput & { agentId: number }): Promise<{ callId: string }> {
  const settings = await accountSettingsOf(deps.db, input.agentId);
  const telephonyUserId = settings?.telephonyUserId?.trim() ?? '';
  const agent = telephonyUserId ? await agentOfTelephonyUser(deps.db, telephonyUserId) : null;
  if (!agent || agent.userId !== input.agentId) {
    throw new AppError('TELEPHONY_NOT_CONFIGURED', {
      message: `The account ${input.agentId} has no telephony user id of its own.`,
      fieldValidation: { agentId: 'invalid_value' },
    });
  }
  return runSimulation(deps, telephonyUserId, input);
}

/**
 * The local telephony's click-to-call: the outbound call is created and answered through the same path
 * as Aircall's webhooks, on the client it was placed to. Answers the call's id.
 */
export async function simulateOutboundCall(deps: TelephonyDeps, input: StartCallInput): Promise<string> {
  const telephonyUserId = input.agent.telephonyUserId?.trim() ?? '';
  const opts = input.clientId === undefined ? {} : { clientHint: input.clientId };
  const { callId } = await runSimulation(deps, telephonyUserId, { direction: 'outbound', number: input.number, step: 'ring' }, opts);
  await runSimulation(deps, telephonyUserId, { direction: 'outbound', number: input.number, step: 'answer', callId }, opts);
  return callId;
}
