import assert from 'node:assert/strict';
import type { APIRequestContext, Page } from 'playwright-core';
import type { Item, Json } from './contract.ts';

/**
 * The one way the browser tests make their data: through the app's API, as the signed-in user of a
 * page (or of a browser context), with the session cookie and the origin the app's own pages send.
 * Each helper fails the test with the server's answer when it is refused.
 */

/** A page or a browser context: whose session (and origin) the calls go out with. */
export interface Requester {
  request: APIRequestContext;
}

/** A call to the API as the signed-in user; a refusal fails the test with the answer. */
export async function apiJson<T>(
  owner: Requester,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const res = await owner.request.fetch(path, { method, data: data as Record<string, unknown> | undefined, headers });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An active main product (from the warehouse's stock list, which holds every product). */
export async function activeMainProduct(owner: Requester): Promise<number> {
  const { data } = await apiJson<Json<'get', '/api/warehouse'>>(owner, 'GET', '/api/warehouse?limit=1');
  return data.stock.find((s) => s.product.type === 'main' && s.product.status === 'active')!.product.id;
}

/** The sales agents the booking dialog offers (id and full name). */
export async function salesAgents(owner: Requester, query = ''): Promise<Item<'get', '/api/sales-agents'>[]> {
  return (await apiJson<Json<'get', '/api/sales-agents'>>(owner, 'GET', `/api/sales-agents${query}`)).data;
}

/** A client made as the create-client dialog makes it (POST /api/user); answers its id. */
export async function createClient(owner: Requester, fields: { name: string; surname: string } & Record<string, unknown>): Promise<number> {
  return (await apiJson<Json<'post', '/api/user'>>(owner, 'POST', '/api/user', fields)).data.id;
}

/** A contact in the client's history (a call, an SMS …), as the record's contact dialog adds it. */
export async function addContact(owner: Requester, clientId: number, contact: { type: string; comment?: string }): Promise<void> {
  await apiJson(owner, 'POST', `/api/contact-history/${clientId}`, contact);
}

/** A staff user made on the staff screen (as an admin); answers its id. */
export async function createStaff(
  owner: Requester,
  fields: { name: string; surname: string; email: string; role: string; locale?: string } & Record<string, unknown>,
): Promise<number> {
  return (await apiJson<Json<'post', '/api/staff'>>(owner, 'POST', '/api/staff', { locale: 'de', ...fields })).data.id;
}

/** Sends the staff user the invitation mail, as the admin's page does (a state-changing GET names its page). */
export async function inviteStaff(page: Page, userId: number): Promise<void> {
  await apiJson(page, 'GET', `/api/send-signup-mail/${userId}`, undefined, { referer: page.url() });
}

/**
 * Weekdays (Monday to Saturday) at 08:30 UTC, 09:30 or 10:30 in Zurich (inside the working hours in
 * summer and winter), the first a random day `fromDays` to `fromDays + spreadDays` ahead (clear of the
 * demo data and of other tests), each call the next such day.
 */
export function weekdaySlots(fromDays = 60, spreadDays = 300): () => Date {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + fromDays + Math.floor(Math.random() * spreadDays));
  return () => {
    do {
      day.setUTCDate(day.getUTCDate() + 1);
    } while (day.getUTCDay() === 0);
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 8, 30));
  };
}

export interface BookingSpec {
  eventType?: 'presentation' | 'service';
  agentId: number;
  /** The new client, as the booking dialog's userData. */
  userData: Record<string, unknown>;
  comment?: string;
  /** The next time to try; `weekdaySlots()` by default. */
  slots?: () => Date;
  attempts?: number;
}

/**
 * An event booked through the calendar (POST /api/calendar-event) for a new client; when the agent is
 * busy then (409 calendar_event_error) the next slot is tried. Answers the new event's id and time.
 */
export async function bookEvent(owner: Requester, booking: BookingSpec): Promise<{ id: number; date: string }> {
  const eventType = booking.eventType ?? 'presentation';
  const slots = booking.slots ?? weekdaySlots();
  for (let attempt = 0; attempt < (booking.attempts ?? 30); attempt += 1) {
    const date = slots().toISOString();
    const res = await owner.request.post('/api/calendar-event', {
      data: {
        userData: booking.userData,
        eventType,
        agentId: booking.agentId,
        date,
        ...(booking.comment !== undefined ? { comment: booking.comment } : {}),
      },
    });
    if (res.status() === 409 && (await res.text()).includes('calendar_event_error')) {
      continue;
    }
    assert.ok(res.ok(), `${res.status()} ${await res.text()}`);
    const body = (await res.json()) as Json<'post', '/api/calendar-event'>;
    const id = eventType === 'presentation' ? body.data.presentation_id : body.data.service_id;
    assert.ok(id, 'the booking answers the new id');
    return { id, date };
  }
  throw new Error('no free slot for the agent');
}

export interface SaleSpec {
  agentId: number;
  /** The new client, as the booking's userData. */
  client: Record<string, string>;
  lines: { product_id: number; quantity: number; price: number }[];
  paymentMethod: 'bill' | 'omnicas';
  /** The contract number, given the presentation's id. */
  contract: (presentationId: number) => string;
}

/**
 * A sale as the product makes it, through the API as the signed-in admin: a presentation booked for the
 * agent on a free weekday two to twelve months ahead (clear of the demo data and of other tests), then
 * finished with these lines.
 */
export async function makeSale(owner: Requester, sale: SaleSpec): Promise<{ id: number; contract: string }> {
  const { id: eventId } = await bookEvent(owner, { agentId: sale.agentId, userData: sale.client });
  const contract = sale.contract(eventId);
  const done = await apiJson<Json<'put', '/api/finish-presentation/{id}'>>(owner, 'PUT', `/api/finish-presentation/${eventId}`, {
    was_at_home: true,
    order_products: sale.lines.map((l) => ({ ...l, status: 'sell' })),
    payment_method: sale.paymentMethod,
    contract_number: contract,
  });
  return { id: done.data.order_id!, contract };
}
