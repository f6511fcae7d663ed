import { normalisePhone, type PresentationsQuery } from '@bo/domain';
import { and, eq, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { events } from '../../db/schema/index.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { standingOrderCondition } from '../finances/index.ts';

/*
 * The events lists' filters (spec 3 "Events list state", spec 2 presentations pages) as SQL conditions
 * on events, within the viewer's scope.
 */

/**
 * Events whose client matches a search: name and e-mail, or address, postcode and city (the expressions
 * of the clients' trigram indexes), or a phone number in E.164.
 */
export function clientSearch(words: string, phoneE164: string | undefined): SQL {
  const like = containsPattern(words);
  const phone = phoneE164 ? sql` OR u.phone_e164 = ${phoneE164} OR u.mobile_phone_e164 = ${phoneE164}` : sql``;
  return sql`${events.clientId} IN (SELECT u.id FROM users u WHERE (u.name || ' ' || u.surname || ' ' || COALESCE(u.email, '')) ILIKE ${like}
    OR (COALESCE(u.address, '') || ' ' || COALESCE(u.zipcode, '') || ' ' || COALESCE(u.city, '')) ILIKE ${like}${phone})`;
}

export function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) {
    return undefined;
  }
  const digits = search.replace(/\D/g, '');
  return clientSearch(search, digits.length >= 6 ? normalisePhone(search) : undefined);
}

export interface EventsFilter {
  from: Date | null;
  to: Date | null;
  /**
   * The history's end (spec 2 "Vergangene Termine"): events before it, and every performed event (the
   * perform flow recorded whether the client was at home) whatever its planned time — a demo performed
   * today but booked for later today is history. An event canceled in the calendar is not performed.
   */
  pastAt?: Date | undefined;
  status?: string | undefined;
  agentId?: number | undefined;
  clientId?: number | undefined;
  type?: 'presentation' | 'service' | undefined;
  search?: string | undefined;
}

/**
 * Before `at`, or performed whatever the planned time. The first condition bounds the index range: up
 * to the latest performed event (events_performed_starts_idx), so a page reads the planned events
 * between now and that one, not every future event, before the first past one.
 */
function pastCondition(at: Date): SQL {
  const iso = at.toISOString();
  return and(
    sql`${events.startsAt} <= greatest(${iso}::timestamptz, (SELECT max(p.starts_at) FROM events p WHERE p.was_at_home IS NOT NULL AND p.starts_at >= ${iso}::timestamptz))`,
    or(lt(events.startsAt, at), isNotNull(events.wasAtHome)),
  )!;
}

/** The events lists' filters (spec 3 "Events list state") within the viewer's scope. */
export function eventsWhere(scope: SQL, f: EventsFilter): SQL | undefined {
  return and(
    scope,
    f.from ? gte(events.startsAt, f.from) : undefined,
    f.to ? lt(events.startsAt, f.to) : undefined,
    f.pastAt ? pastCondition(f.pastAt) : undefined,
    f.status ? eq(events.status, f.status as 'planned') : undefined,
    f.agentId ? eq(events.agentId, f.agentId) : undefined,
    f.clientId ? eq(events.clientId, f.clientId) : undefined,
    f.type ? eq(events.type, f.type) : undefined,
    searchCondition(f.search),
  );
}

/** Events overlapping [from, to), of one agent or all. */
export function overlappingRange(from: Date, to: Date, agentId: number | undefined): SQL | undefined {
  return and(
    // No event lasts a day: the lower bound on starts_at lets the (agent, starts_at) index bound the range.
    sql`${events.startsAt} < ${to.toISOString()}::timestamptz AND ${events.endsAt} > ${from.toISOString()}::timestamptz
      AND ${events.startsAt} > ${from.toISOString()}::timestamptz - interval '1 day'`,
    agentId ? eq(events.agentId, agentId) : undefined,
  );
}

/**
 * A main product sold at the event and not delivered yet, of an order that still stands (a canceled
 * order is not delivered; the warehouse's list says the same; finances says which orders stand).
 * Gifts are handed over at the visit.
 */
function needsDelivery(): SQL {
  // The lines waiting for delivery are few: the partial index event_products_to_deliver_idx holds
  // exactly those of this predicate, so the pages read them, not every sold event.
  return sql`${events.id} IN (SELECT l.event_id FROM event_products l
    JOIN products p ON p.id = l.product_id
    WHERE NOT l.delivered AND l.order_id IS NOT NULL AND l.status <> 'gift' AND p.type = 'main'
      AND ${standingOrderCondition(sql`l.order_id`)})`;
}

/** Spec 2 presentations list pages: what each page asks for, in SQL. */
export function pageCondition(page: PresentationsQuery['page'], now: Date): SQL | undefined {
  const nowIso = now.toISOString();
  switch (page) {
    case 'future':
      return sql`${events.status} = 'planned' AND ${events.startsAt} >= ${nowIso}::timestamptz`;
    case 'expired':
      return sql`${events.status} = 'planned' AND ${events.startsAt} < ${nowIso}::timestamptz`;
    case 'successful':
      return eq(events.status, 'success');
    case 'delivery':
      return and(eq(events.status, 'success'), needsDelivery());
    case 'history':
      return lt(events.startsAt, now);
    case undefined:
      return undefined;
  }
}

function boughtMain(): SQL {
  return sql`EXISTS (SELECT 1 FROM event_products l JOIN products p ON p.id = l.product_id
    WHERE l.event_id = ${events.id} AND p.type = 'main' AND l.status IN ('sell', 'rec'))`;
}

export function presentationsWhere(scope: SQL, q: PresentationsQuery, now: Date): SQL | undefined {
  return and(
    eq(events.type, 'presentation'),
    scope,
    pageCondition(q.page, now),
    q.statuses?.length ? inArray(events.status, q.statuses) : undefined,
    q.period === 'future' ? gte(events.startsAt, now) : q.period === 'expired' ? lt(events.startsAt, now) : undefined,
    // The delivery page's condition already holds needDelivery=true, which the browser sends beside it (spec 7).
    q.needDelivery === 'true' && q.page !== 'delivery'
      ? needsDelivery()
      : q.needDelivery === 'false'
        ? sql`NOT ${needsDelivery()}`
        : undefined,
    q.boughtMainProduct === 'true' ? boughtMain() : q.boughtMainProduct === 'false' ? sql`NOT ${boughtMain()}` : undefined,
    searchCondition(q.search),
  );
}

export function presentationPageWhere(scope: SQL, page: PresentationsQuery['page'], now: Date): SQL | undefined {
  return and(eq(events.type, 'presentation'), scope, pageCondition(page, now));
}
