import {
  EVENT_LENGTH_S,
  STATUS_WHEN_BOOKED,
  calendarSummary,
  roleById,
  workingTimeRefusal,
  type CalendarChange,
  type CalendarEventCreateBody,
  type CalendarRefusal,
  type EventDetailDto,
  type EventDto,
  type EventType,
  type PresentationStatus,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import {
  announceClientUpdated,
  clientInScope,
  insertClientIn,
  setClientStatusIn,
  setReferralOfClientIn,
  setSubUserIn,
  updateClientIn,
  type Publish,
} from '../clients/index.ts';
import { globalSettings } from '../settings/index.ts';
import { refuseOtherCalendar } from './policy.ts';
import { cancelReminders, moveReminders, scheduleReminders, type ReminderTarget } from './reminders.repo.ts';
import * as repo from './repo.ts';
import { eventScopeCondition } from './scope.repo.ts';
import { eventDetail, eventSeenBy } from './service.ts';

export interface EventsDeps {
  db: Db;
  publish: Publish;
  now?: () => Date;
  /** Wakes the SMS delivery after a commit that planned messages (the confirmation goes at once). */
  onSmsPlanned?: () => void;
  /** The owner of a referral link a booking names (the referrals module, given by app.ts); none: the link is only stored. */
  referrerOfLink?: (tx: Tx, link: string) => Promise<number | null>;
}

const nowOf = (deps: EventsDeps) => (deps.now ? deps.now() : new Date());

export function calendarError(reason: CalendarRefusal): AppError {
  return new AppError('calendar_event_error', { message: reason, data: { error: reason } });
}

/** Spec 7 `data.summary`, in the language of the user who made the change. */
async function summaryFor(db: Db, actor: Actor, e: EventDto, change: CalendarChange): Promise<string> {
  const me = await repo.userById(db, actor.userId);
  const name = (p: { name: string; surname: string } | null) => (p ? `${p.name} ${p.surname}`.trim() : '');
  return calendarSummary({ type: e.type, date: e.date, client: name(e.client), agent: name(e.agent) }, change, me?.locale);
}

/** The agent an event goes to must be an active sales or independent agent. */
async function checkAgent(tx: Tx, agentId: number): Promise<{ name: string }> {
  const agent = await repo.userById(tx, agentId);
  const role = agent ? roleById(agent.roleId)?.code : undefined;
  if (!agent || !agent.isActive || (role !== 'sales_agent' && role !== 'independent_agent')) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { agentId: 'invalid_value' } });
  }
  return { name: `${agent.name} ${agent.surname}`.trim() };
}

/** The calendar's rules: not in the past, within working hours, not over another busy event of the agent. */
export async function checkSlot(tx: Tx, agentId: number, start: Date, exceptId: number | null, now: Date): Promise<Date> {
  if (start.getTime() < now.getTime()) {
    throw calendarError('in_the_past');
  }
  const refusal = workingTimeRefusal(start);
  if (refusal) {
    throw calendarError(refusal);
  }
  const end = new Date(start.getTime() + EVENT_LENGTH_S * 1000);
  if (await repo.overlapping(tx, agentId, start, end, exceptId)) {
    throw calendarError('overlapping_event');
  }
  return end;
}

async function reminderTarget(tx: Tx, eventId: number): Promise<ReminderTarget> {
  const e = await repo.eventById(tx, eventId);
  const client = await repo.userById(tx, e!.clientId);
  const agent = await repo.userById(tx, e!.agentId);
  const settings = await globalSettings(tx);
  return {
    eventId,
    userId: e!.clientId,
    phone: client?.mobilePhone || client?.phone || null,
    clientName: `${client?.name ?? ''} ${client?.surname ?? ''}`.trim(),
    agentName: `${agent?.name ?? ''} ${agent?.surname ?? ''}`.trim(),
    startsAt: e!.startsAt,
    company: settings.sms_company_name || settings.company_name,
    locale: client?.locale ?? 'de',
  };
}

export interface NewEvent {
  type: EventType;
  clientId: number;
  agentId: number;
  start: Date;
  comment: string;
  relatedEventId?: number | null;
}

/** Books an event inside the caller's transaction: checks the slot, writes it and its reminders. */
export async function insertBookedEvent(tx: Tx, actor: Actor, ev: NewEvent, now: Date): Promise<number> {
  refuseOtherCalendar(actor, ev.agentId);
  await checkAgent(tx, ev.agentId);
  const end = await checkSlot(tx, ev.agentId, ev.start, null, now);
  const id = await repo.insertEvent(tx, {
    type: ev.type,
    clientId: ev.clientId,
    agentId: ev.agentId,
    createdById: actor.userId,
    updatedById: actor.userId,
    status: 'planned',
    startsAt: ev.start,
    endsAt: end,
    comment: ev.comment,
    relatedEventId: ev.relatedEventId ?? null,
  });
  if (ev.type === 'presentation') {
    await setClientStatusIn(tx, ev.clientId, STATUS_WHEN_BOOKED, actor.userId);
  }
  await scheduleReminders(tx, await reminderTarget(tx, id), now);
  return id;
}

async function answerFor(db: Db, actor: Actor, id: number): Promise<EventDto> {
  return (await eventSeenBy(db, actor, id))!;
}

/** A related event named in a booking must be one the actor sees. */
export async function relatedIn(tx: Tx, actor: Actor, id: number | null | undefined): Promise<number | null> {
  if (!id) {
    return null;
  }
  const found = await repo.visibleEventId(tx, id, eventScopeCondition(actor));
  if (!found) {
    throw new AppError('NOT_FOUND', { fieldValidation: { presentationId: 'invalid_value' } });
  }
  return found;
}

/** POST /api/calendar-event: books for an existing client (`userId`, whose picked fields change) or a new one. */
export async function bookFromCalendar(deps: EventsDeps, actor: Actor, body: CalendarEventCreateBody) {
  const now = nowOf(deps);
  // The referral link is the referrer's: stored on the client, and its owner becomes the referrer of a client without one.
  const { sub_user: subUser, referral_link: referralLink, ...fields } = body.userData;
  const { id, clientId } = await deps.db.transaction(async (tx) => {
    let clientId: number;
    if (body.userId) {
      await clientInScope(tx, actor, body.userId);
      await updateClientIn(tx, actor, body.userId, fields);
      clientId = body.userId;
    } else {
      if (!fields.name || !fields.surname) {
        throw new AppError('VALIDATION_ERROR', {
          fieldValidation: {
            ...(fields.name ? {} : { name: 'field_is_required' }),
            ...(fields.surname ? {} : { surname: 'field_is_required' }),
          },
        });
      }
      clientId = await insertClientIn(tx, actor, { ...fields, name: fields.name, surname: fields.surname });
    }
    if (subUser) {
      await setSubUserIn(tx, clientId, subUser);
    }
    if (referralLink) {
      await setReferralOfClientIn(tx, clientId, referralLink, (await deps.referrerOfLink?.(tx, referralLink)) ?? null);
    }
    const related = await relatedIn(tx, actor, body.eventType === 'service' ? body.presentationId : body.serviceId);
    const id = await insertBookedEvent(
      tx,
      actor,
      { type: body.eventType, clientId, agentId: body.agentId, start: new Date(body.date), comment: body.comment, relatedEventId: related },
      now,
    );
    return { id, clientId };
  });
  deps.onSmsPlanned?.();
  await announceClientUpdated(deps, actor, clientId);
  const event = await answerFor(deps.db, actor, id);
  return {
    summary: await summaryFor(deps.db, actor, event, 'booked'),
    event,
    ...(body.eventType === 'presentation' ? { presentation_id: id } : { service_id: id }),
  };
}

export interface EventChange {
  eventId: number;
  status: PresentationStatus;
  date: string;
  comment?: string | undefined;
  agentId?: number | undefined;
}

/**
 * PUT /api/calendar-event and POST /api/calendar-event-move. Only planned events change: they move,
 * go to another agent (while planned), or are canceled; success and remeet come from performing.
 */
export async function changeEvent(deps: EventsDeps, actor: Actor, change: EventChange, kind: 'update' | 'move') {
  const now = nowOf(deps);
  const clientId = await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, change.eventId, eventScopeCondition(actor));
    if (!e) {
      throw new AppError('NOT_FOUND');
    }
    if (e.status !== 'planned') {
      if (kind === 'move' || change.status !== e.status || new Date(change.date).getTime() !== e.startsAt.getTime()) {
        throw new AppError('EVENT_NOT_PLANNED');
      }
      // A finished event keeps everything but its comment.
      await repo.updateEvent(tx, e.id, { comment: change.comment ?? e.comment, updatedById: actor.userId });
      return e.clientId;
    }
    if (change.status !== 'planned' && change.status !== 'canceled') {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { status: 'invalid_value' } });
    }
    if (kind === 'move' && change.status !== 'planned') {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { status: 'invalid_value' } });
    }
    const start = new Date(change.date);
    const agentId = change.status === 'planned' && change.agentId ? change.agentId : e.agentId;
    if (change.status === 'canceled') {
      await repo.updateEvent(tx, e.id, { status: 'canceled', comment: change.comment ?? e.comment, updatedById: actor.userId });
      await cancelReminders(tx, e.id);
      if (e.type === 'presentation') {
        await setClientStatusIn(tx, e.clientId, 'decline_presentation', actor.userId);
      }
      return e.clientId;
    }
    const moved = start.getTime() !== e.startsAt.getTime() || agentId !== e.agentId;
    if (moved) {
      if (agentId !== e.agentId) {
        refuseOtherCalendar(actor, agentId);
        await checkAgent(tx, agentId);
      }
      const end = await checkSlot(tx, agentId, start, e.id, now);
      await repo.updateEvent(tx, e.id, {
        startsAt: start,
        endsAt: end,
        agentId,
        comment: change.comment ?? e.comment,
        updatedById: actor.userId,
      });
      await moveReminders(tx, await reminderTarget(tx, e.id), now);
    } else {
      await repo.updateEvent(tx, e.id, { comment: change.comment ?? e.comment, updatedById: actor.userId });
    }
    return e.clientId;
  });
  deps.onSmsPlanned?.();
  await announceClientUpdated(deps, actor, clientId);
  const event = await answerFor(deps.db, actor, change.eventId);
  return { summary: await summaryFor(deps.db, actor, event, kind === 'move' ? 'moved' : 'saved'), event };
}

/** Deletes a planned or canceled event that made no order; its unsent reminders are canceled. */
export async function deleteEvent(deps: EventsDeps, actor: Actor, id: number, type: EventType): Promise<{ id: number }> {
  const clientId = await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, id, eventScopeCondition(actor), type);
    if (!e) {
      throw new AppError('NOT_FOUND');
    }
    if (e.status !== 'planned' && e.status !== 'canceled') {
      throw new AppError('EVENT_NOT_PLANNED');
    }
    await cancelReminders(tx, e.id);
    await repo.deleteEvent(tx, e.id);
    return e.clientId;
  });
  await announceClientUpdated(deps, actor, clientId);
  return { id };
}

interface Booking {
  agent_id: number;
  date: string;
  comment: string;
  presentation_id?: number | null | undefined;
}

/** POST /api/presentation, /api/clients/create-presentation and create-service/{clientId}: book for a client of the own scope. */
export async function bookForClient(
  deps: EventsDeps,
  actor: Actor,
  type: EventType,
  clientId: number,
  b: Booking,
): Promise<EventDetailDto> {
  const now = nowOf(deps);
  const id = await deps.db.transaction(async (tx) => {
    await clientInScope(tx, actor, clientId);
    const related = type === 'service' ? await relatedIn(tx, actor, b.presentation_id) : null;
    return insertBookedEvent(
      tx,
      actor,
      { type, clientId, agentId: b.agent_id, start: new Date(b.date), comment: b.comment, relatedEventId: related },
      now,
    );
  });
  deps.onSmsPlanned?.();
  await announceClientUpdated(deps, actor, clientId);
  return eventDetail(deps.db, actor, id);
}

/** PUT /api/clients/update-presentation/{id} and update-service/{id}: the calendar's update, from the client's page. */
export async function changeFromClientPage(
  deps: EventsDeps,
  actor: Actor,
  type: EventType,
  id: number,
  b: Booking,
): Promise<EventDetailDto> {
  await eventDetail(deps.db, actor, id, type);
  await changeEvent(deps, actor, { eventId: id, status: 'planned', date: b.date, comment: b.comment, agentId: b.agent_id }, 'update');
  return eventDetail(deps.db, actor, id);
}
