import { normalisePhone, roleByCode, zurichClock, zurichDate, zurichInstant, type OrderDto, type RoleCode } from '@bo/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { events, smsOutbox, users } from '../src/db/schema/index.ts';
import type { App } from '../src/http/types.ts';
import { createUser, injectAs, login, type TestApp, type TestUser } from './harness.ts';

/**
 * The one way the API tests make their data.
 *
 * - People who sign in (staff of a role, a client with a login) are users as the admin screens create
 *   them, named by role code: `buildStaff(t, 'call_agent')`, never by a role id.
 * - Sales, bookings and payments go through the app's HTTP routes as the product makes them
 *   (`bookPresentation`, `finishSale`, `buildOrder`, `recordPayment`), so a test depends on the routes,
 *   not on the modules' insides.
 * - Clients and calendar rows a test needs in a given state go in as rows (`buildClient`,
 *   `buildClients`, `buildEvent`, `buildSms`): a state the routes would not make on demand (a date of
 *   last change, a count of calls, two clients with one phone number for the duplicate checks, an
 *   event in the past) and without the side effects of a create (a new-lead announcement on the
 *   sockets, an appointment SMS) that the tests which count those would hear.
 */

type Method = NonNullable<InjectOptions['method']>;

/** A signed-in user of a role: the user and its session cookie. */
export interface Staff extends TestUser {
  cookie: string;
}

/** A user of the role (by its code), signed in; `opts` as `createUser` takes them. */
export async function buildStaff(
  t: Pick<TestApp, 'app' | 'db'>,
  role: RoleCode,
  opts: Omit<Parameters<typeof createUser>[1] & object, 'role'> = {},
): Promise<Staff> {
  const user = await createUser(t.db, { ...opts, role });
  return { ...user, cookie: await login(t.app, user.email, user.password ?? undefined) };
}

/** One signed-in user per key, e.g. `{ admin: 'admin', ca: 'call_agent' }`. */
export async function buildTeam<K extends string>(t: Pick<TestApp, 'app' | 'db'>, roles: Record<K, RoleCode>): Promise<Record<K, Staff>> {
  const team = {} as Record<K, Staff>;
  for (const [key, role] of Object.entries(roles) as [K, RoleCode][]) {
    team[key] = await buildStaff(t, role);
  }
  return team;
}

/** A request as the holder of `cookie`, failing the test unless it answers `expected`; answers the JSON `data`. */
export async function dataOf<T>(
  app: App,
  cookie: string,
  opts: { method: Method; url: string; payload?: unknown },
  expected = opts.method === 'POST' ? 201 : 200,
): Promise<T> {
  const res: LightMyRequestResponse = await injectAs(app, cookie, {
    method: opts.method,
    url: opts.url,
    payload: opts.payload as InjectOptions['payload'],
  });
  if (res.statusCode !== expected) {
    throw new Error(`${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
  }
  return res.json<{ data: T }>().data;
}

type UserRow = typeof users.$inferInsert;
type Instant = Date | string;

/** A client row; every column may be given (camelCase, as the schema names them). */
export type ClientFields = Omit<
  Partial<UserRow>,
  'roleId' | 'createdAt' | 'updatedAt' | 'nextRecallAt' | 'invoiceSentAt' | 'purchaseFinishedAt' | 'lastContactAt'
> & {
  createdAt?: Instant;
  updatedAt?: Instant;
  nextRecallAt?: Instant | null;
  invoiceSentAt?: Instant | null;
  purchaseFinishedAt?: Instant | null;
  lastContactAt?: Instant | null;
};

const instant = (v: Instant | null | undefined): Date | null | undefined => (typeof v === 'string' ? new Date(v) : v);

let clientCounter = 0;

function clientRow(fields: ClientFields): UserRow {
  clientCounter += 1;
  return {
    name: 'Test',
    surname: `Client ${clientCounter}`,
    status: 'potential',
    ...fields,
    roleId: roleByCode('user').id,
    // The searchable forms of the numbers, as the clients module stores them.
    phoneE164: fields.phoneE164 !== undefined ? fields.phoneE164 : (normalisePhone(fields.phone) ?? null),
    mobilePhoneE164: fields.mobilePhoneE164 !== undefined ? fields.mobilePhoneE164 : (normalisePhone(fields.mobilePhone) ?? null),
    createdAt: instant(fields.createdAt) ?? undefined,
    updatedAt: instant(fields.updatedAt) ?? undefined,
    nextRecallAt: instant(fields.nextRecallAt),
    invoiceSentAt: instant(fields.invoiceSentAt),
    purchaseFinishedAt: instant(fields.purchaseFinishedAt),
    lastContactAt: instant(fields.lastContactAt),
  };
}

/** A client (a user of role `user`) in the state given; answers its id. */
export async function buildClient(t: Pick<TestApp, 'db'>, fields: ClientFields = {}): Promise<number> {
  const [row] = await t.db.insert(users).values(clientRow(fields)).returning({ id: users.id });
  return row!.id;
}

/** `count` clients at once, `fields(i)` (i from 1) for each; answers their ids in order. */
export async function buildClients(t: Pick<TestApp, 'db'>, count: number, fields: (i: number) => ClientFields): Promise<number[]> {
  const ids: number[] = [];
  for (let from = 1; from <= count; from += 500) {
    const rows = Array.from({ length: Math.min(500, count - from + 1) }, (_, k) => clientRow(fields(from + k)));
    ids.push(...(await t.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  return ids;
}

type EventRow = typeof events.$inferInsert;

/** A calendar event row of the agent with the client (a presentation of two hours from `startsAt` by default). */
export async function buildEvent(
  t: Pick<TestApp, 'db'>,
  fields: { clientId: number; agentId: number; startsAt: Date; endsAt?: Date; status?: string } & Partial<
    Omit<EventRow, 'clientId' | 'agentId' | 'startsAt' | 'endsAt' | 'status'>
  >,
): Promise<number> {
  const [row] = await t.db
    .insert(events)
    .values({
      type: 'presentation',
      ...fields,
      status: fields.status as EventRow['status'],
      endsAt: fields.endsAt ?? new Date(fields.startsAt.getTime() + 2 * 3600_000),
    })
    .returning({ id: events.id });
  return row!.id;
}

/** An SMS outbox row as the events module writes it when a visit is booked. */
export async function buildSms(t: Pick<TestApp, 'db'>, fields: typeof smsOutbox.$inferInsert): Promise<number> {
  const [row] = await t.db.insert(smsOutbox).values(fields).returning({ id: smsOutbox.id });
  return row!.id;
}

/** A weekday (Monday to Saturday) at `hour` Zurich time, the `n`th such day from tomorrow (n from 1). */
export function weekdaySlot(n: number, hour = 10): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return zurichInstant(c.year, c.month, c.day, hour).toISOString();
    }
  }
}

export interface Booking {
  /** The booked presentation. */
  presentationId: number;
  /** Its client (a new one when `userData` was given). */
  clientId: number;
}

/**
 * A presentation booked through the calendar as the holder of `cookie` (a call agent or admin), for the
 * client of `userData` as the booking dialog sends it (a new client), or for client `userId`.
 */
export async function bookPresentation(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  booking: { agentId: number; date: string; userData: Record<string, unknown>; userId?: number; comment?: string },
): Promise<Booking> {
  const data = await dataOf<{ presentation_id: number; event: { client: { id: number } | null } }>(t.app, cookie, {
    method: 'POST',
    url: '/api/calendar-event',
    payload: {
      eventType: 'presentation',
      agentId: booking.agentId,
      date: booking.date,
      userData: booking.userData,
      ...(booking.userId !== undefined ? { userId: booking.userId } : {}),
      ...(booking.comment !== undefined ? { comment: booking.comment } : {}),
    },
  });
  return { presentationId: data.presentation_id, clientId: data.event.client?.id ?? booking.userId ?? 0 };
}

export interface SaleLine {
  product_id: number;
  quantity?: number;
  price?: number;
  status?: 'sell' | 'gift';
}

/** The presentation finished with a sale, as the admin (or its agent) does it; answers the new order's id. */
export async function finishSale(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  presentationId: number,
  sale: { lines: SaleLine[]; paymentMethod?: string; contractNumber?: string },
): Promise<number> {
  const data = await dataOf<{ order_id: number }>(t.app, cookie, {
    method: 'PUT',
    url: `/api/finish-presentation/${presentationId}`,
    payload: {
      was_at_home: true,
      order_products: sale.lines.map((l) => ({ status: 'sell', quantity: 1, price: 100_000, ...l })),
      payment_method: sale.paymentMethod ?? 'bill',
      contract_number: sale.contractNumber ?? `V-${presentationId}`,
    },
  });
  return data.order_id;
}

/** An order as the finances screens show it. */
export function orderOf(t: Pick<TestApp, 'app'>, cookie: string, orderId: number): Promise<OrderDto> {
  return dataOf<OrderDto>(t.app, cookie, { method: 'GET', url: `/api/finances/order/${orderId}` });
}

/**
 * An order made as in the product: a presentation booked by `booker` (a call agent) for the agent and a
 * new client, finished by `finisher` (an admin) with these lines; answers the order as the finances show it.
 */
export async function buildOrder(
  t: Pick<TestApp, 'app'>,
  by: { booker: string; finisher: string },
  order: {
    agentId: number;
    date: string;
    client: Record<string, unknown>;
    lines: SaleLine[];
    paymentMethod?: string;
    contractNumber?: string;
  },
): Promise<OrderDto> {
  const { presentationId } = await bookPresentation(t, by.booker, { agentId: order.agentId, date: order.date, userData: order.client });
  const orderId = await finishSale(t, by.finisher, presentationId, order);
  return orderOf(t, by.finisher, orderId);
}

/** A payment recorded on the order through the finances screen's route; answers the order after it. */
export function recordPayment(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  orderId: number,
  payment: Record<string, unknown>,
): Promise<OrderDto> {
  return dataOf<OrderDto>(t.app, cookie, { method: 'POST', url: `/api/finances/order-payment/${orderId}`, payload: payment });
}

/**
 * Today's date in Zurich (YYYY-MM-DD): what a user there means by "today", and how the server reads a
 * period's dates. The UTC date is the day before between midnight and 1 or 2 a.m. in Zurich.
 */
export function zurichToday(): string {
  return zurichDate(new Date());
}
