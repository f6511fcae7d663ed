import {
  CALENDAR_EVENTS_LIMIT,
  eventPeriodRange,
  type EventDetailDto,
  type EventDto,
  type EventsListQuery,
  type EventType,
  type PresentationsQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { subUserOfClient } from '../clients/index.ts';
import { orderIdsOfEvents } from '../finances/index.ts';
import { toEventDetail, toEventDto, type EventRow } from './dto.ts';
import { eventsWhere, overlappingRange, presentationPageWhere, presentationsWhere } from './filters.repo.ts';
import { calendarAgentFor } from './policy.ts';
import * as repo from './repo.ts';
import { eventScopeCondition } from './scope.repo.ts';

/*
 * Reading events: one event with everything its pages show, the events lists, the calendar and the
 * presentations pages with their counters.
 */

/** The rows with the order each event made (finances owns orders). */
export async function withOrders(tx: Tx, rows: repo.EventRowRead[]): Promise<EventRow[]> {
  const orders = await orderIdsOfEvents(
    tx,
    rows.map((r) => r.event.id),
  );
  return rows.map((r) => ({ ...r, orderId: orders.get(r.event.id) ?? null }));
}

/** One event as lists show it, whatever the scope (`inScope` tells whether the viewer sees its client). */
export async function eventSeenBy(tx: Tx, actor: Actor, id: number): Promise<EventDto | null> {
  const row = await repo.eventRowSeenBy(tx, id, eventScopeCondition(actor));
  return row ? toEventDto(actor, (await withOrders(tx, [row]))[0]!) : null;
}

/** One event of the actor's scope with everything its pages show; NOT_FOUND outside the scope. */
export async function eventDetail(tx: Tx, actor: Actor, id: number, type?: EventType): Promise<EventDetailDto> {
  const scope = eventScopeCondition(actor);
  const found = await repo.eventRowById(tx, id, scope, type);
  if (!found) {
    throw new AppError('NOT_FOUND');
  }
  const [row] = (await withOrders(tx, [found])) as [EventRow];
  const e = row.event;
  const [lines, recalls, documents, remeet, subUser, giftRows] = await Promise.all([
    repo.linesOf(tx, [id]),
    repo.recallsOf(tx, id),
    repo.documentsOf(tx, id),
    e.remeetEventId ? eventSeenBy(tx, actor, e.remeetEventId) : Promise.resolve(null),
    subUserOfClient(tx, e.clientId),
    e.giftProductId ? repo.productsByIds(tx, [e.giftProductId]) : Promise.resolve([]),
  ]);
  return toEventDetail(actor, { row, lines, recalls, documents, remeet, subUser, gift: giftRows[0] ?? null });
}

/**
 * GET /api/events-upcoming and /api/events-history: the tabs of spec 2. Upcoming starts at the
 * beginning of today (an event of this morning still shows), history ends now and holds every
 * performed event too, whatever its planned time (filters.repo.ts `pastAt`).
 */
export async function eventsList(db: Db, actor: Actor, query: EventsListQuery, kind: 'upcoming' | 'history', now = new Date()) {
  const period = query.period ?? (kind === 'history' ? 'past' : 'today');
  const range = eventPeriodRange(period, now);
  const scope = eventScopeCondition(actor);
  // The history tab: before now, or performed whatever its planned time.
  const past = period === 'past';
  const where = eventsWhere(scope, {
    from: range.from,
    to: past ? null : range.to,
    pastAt: past ? now : undefined,
    status: query.status,
    agentId: query.agent_id,
    clientId: query.client_id,
    type: query.eventType,
    search: query.search,
  });
  const order = query.sorted ?? (kind === 'history' ? 'desc' : 'asc');
  const [rows, { total, capped }] = await Promise.all([
    repo.selectEvents(db, { where, inScope: scope, order, limit: query.limit, offset: query.offset }),
    repo.countEvents(db, where),
  ]);
  const data = (await withOrders(db, rows)).map((r) => toEventDto(actor, r));
  return { data, total, total_capped: capped, limit: query.limit, offset: query.offset };
}

/**
 * The calendar: the events overlapping the range, earliest first, at most `limit` of them (`capped`
 * when there were more); other agents' events of the viewer's view as busy time.
 */
export async function calendarEvents(
  db: Db,
  actor: Actor,
  q: { from: string; to: string; agentId?: number | undefined },
  limit = CALENDAR_EVENTS_LIMIT,
): Promise<{ data: EventDto[]; capped: boolean }> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (!(to > from) || to.getTime() - from.getTime() > 62 * 86_400_000) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { to: 'invalid_value' } });
  }
  const rows = await repo.selectEvents(db, {
    where: overlappingRange(from, to, calendarAgentFor(actor, q.agentId)),
    inScope: eventScopeCondition(actor),
    limit: limit + 1,
  });
  const shown = await withOrders(db, rows.slice(0, limit));
  return { data: shown.map((r) => toEventDto(actor, r)), capped: rows.length > limit };
}

export async function presentationsList(db: Db, actor: Actor, q: PresentationsQuery, now = new Date()) {
  const scope = eventScopeCondition(actor);
  const where = presentationsWhere(scope, q, now);
  const order = q.page === 'future' ? 'asc' : 'desc';
  const [rows, { total, capped }] = await Promise.all([
    repo.selectEvents(db, { where, inScope: scope, order, limit: q.limit, offset: q.offset }),
    repo.countEvents(db, where),
  ]);
  const data = (await withOrders(db, rows)).map((r) => toEventDto(actor, r));
  return { data, total, total_capped: capped, limit: q.limit, offset: q.offset };
}

/** Spec 3 counters: future, expired, successful, delivery. */
export async function presentationCounts(db: Db, actor: Actor, now = new Date()) {
  const scope = eventScopeCondition(actor);
  const count = (page: PresentationsQuery['page']) => repo.countEvents(db, presentationPageWhere(scope, page, now));
  const [future, expired, successful, delivery] = await Promise.all([
    count('future'),
    count('expired'),
    count('successful'),
    count('delivery'),
  ]);
  return {
    future: future.total,
    expired: expired.total,
    successful: successful.total,
    delivery: delivery.total,
    capped: { future: future.capped, expired: expired.capped, successful: successful.capped, delivery: delivery.capped },
  };
}
