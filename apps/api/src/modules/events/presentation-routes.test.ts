import { zurichClock, zurichInstant, type EventDetailDto, type OrderDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesWorld } from '../../../test/sales-world.ts';

/**
 * The presentation routes that change an event from outside the calendar: the terms of a performed
 * presentation (PUT /api/presentation/{id}, whose open order follows through the finances module), and
 * booking, changing and deleting from the client's page.
 */
let world: Awaited<ReturnType<typeof salesWorld>>;
let mainProduct = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: unknown) => world.as(who, method, url, payload);
const idOf = (who: string) => world.users.get(who)!.id;

/** The n-th working day from 60 days ahead, at `hour` Zurich time: far from the days the sales world books. */
function slot(n: number, hour = 10): string {
  let seen = 0;
  for (let d = 60; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return zurichInstant(c.year, c.month, c.day, hour).toISOString();
    }
  }
}

async function orderOf(id: number): Promise<OrderDto> {
  return (await as('admin', 'GET', `/api/finances/order/${id}`)).json<{ data: OrderDto }>().data;
}

/** A sale of one main product at CHF 2'490.00 by the sales agent `sa`. */
function sale(): Promise<OrderDto> {
  return world.sale({ seller: 'sa', lines: [{ product_id: mainProduct, price: 249_000 }] });
}

let clients = 0;
async function newClient(who = 'admin'): Promise<number> {
  clients += 1;
  const res = await as(who, 'POST', '/api/user', {
    name: 'Lea',
    surname: `Seite ${clients}`,
    mobile_phone: `079 444 ${1000 + clients}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  world = await salesWorld([
    ['sa', 'sales_agent'],
    ['sa2', 'sales_agent'],
    ['pa', 'prom_agent'],
    ['partner', 'partner'],
    ['user', 'user'],
  ]);
  mainProduct = await world.product('PR-MAIN', 'main');
});

afterAll(async () => {
  await world.t.close();
});

describe('PUT /api/presentation/{id}: the terms of a performed presentation', () => {
  it("a new discount on an open order changes the order's sum and its payment status", async () => {
    const o = await sale();
    expect(o).toMatchObject({ sum: 249_000, payment_status: 'open' });
    const paid = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 229_000, paid_at: '2026-11-20' });
    expect(paid.json<{ data: OrderDto }>().data).toMatchObject({ payment_status: 'pending', dept: 20_000 });

    const res = await as('sa', 'PUT', `/api/presentation/${o.event_id}`, {
      discount_rec_sum: 20_000,
      discount_rec_count: 2,
      contract_number: 'V-NEU',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: EventDetailDto }>().data).toMatchObject({
      discount_rec_sum: 20_000,
      discount_rec_count: 2,
      contract_number: 'V-NEU',
    });
    // The CHF 200 discount leaves CHF 2'290, which the payment covers: the order is paid.
    expect(await orderOf(o.id)).toMatchObject({
      discount_rec_sum: 20_000,
      discount_rec_count: 2,
      contract_number: 'V-NEU',
      sum: 229_000,
      dept: 0,
      payment_status: 'paid',
    });

    // Taking the discount back makes money owed again.
    await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { discount_rec_sum: null });
    expect(await orderOf(o.id)).toMatchObject({ discount_rec_sum: 0, sum: 249_000, dept: 20_000, payment_status: 'pending' });
  });

  it('refuses a discount larger than the sale with discount_exceeds_sale, writing nothing', async () => {
    const o = await sale();
    const res = await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { discount_rec_sum: 500_000, comments: 'zu viel' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { discount_rec_sum: 'discount_exceeds_sale' } });
    const { rows } = await world.t.pool.query('SELECT discount_rec_sum, comment FROM events WHERE id = $1', [o.event_id]);
    expect(rows[0]).toEqual({ discount_rec_sum: null, comment: '' });
    expect(await orderOf(o.id)).toMatchObject({ discount_rec_sum: 0, sum: 249_000, payment_status: 'open' });
    // The whole sale is the most a discount may be: the order then costs nothing and is paid.
    const whole = await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { discount_rec_sum: 249_000 });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await orderOf(o.id)).toMatchObject({ sum: 0, payment_status: 'paid' });
  });

  it('a closed or canceled order keeps its discount: the change is refused', async () => {
    const o = await sale();
    expect((await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' })).statusCode).toBe(200);
    const res = await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { discount_rec_sum: 10_000 });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'order_terms_locked' } });
    expect(await orderOf(o.id)).toMatchObject({ discount_rec_sum: 0, status: 'canceled' });
    // What is not money may still change: the comment.
    const comment = await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { comments: 'storniert am Telefon' });
    expect(comment.statusCode, comment.body).toBe(200);
  });

  it('refuses other agents, roles without perform, unknown ids and malformed bodies', async () => {
    const o = await sale();
    const url = `/api/presentation/${o.event_id}`;
    expect((await as('sa2', 'PUT', url, { discount_rec_sum: 1_000 })).statusCode).toBe(404);
    for (const who of ['ca', 'pa', 'partner', 'user']) {
      expect((await as(who, 'PUT', url, { discount_rec_sum: 1_000 })).statusCode, who).toBe(403);
    }
    expect((await as('admin', 'PUT', '/api/presentation/999999', { discount_rec_sum: 1_000 })).statusCode).toBe(404);
    expect((await as('admin', 'PUT', '/api/presentation/abc', { discount_rec_sum: 1_000 })).statusCode).toBe(400);
    for (const body of [{ discount_rec_sum: -1 }, { discount_rec_sum: 'viel' }, { discount_rec_sum: 1.5 }, { discount_rec_count: 101 }]) {
      const bad = await as('admin', 'PUT', url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json<{ field_validation: Record<string, string> }>().field_validation, JSON.stringify(body)).toBeDefined();
    }
    expect(await orderOf(o.id)).toMatchObject({ discount_rec_sum: 0, sum: 249_000 });
  });

  it('a canceled presentation takes no terms', async () => {
    const id = await bookFor('admin', await newClient(), slot(1));
    expect((await as('admin', 'PUT', '/api/calendar-event', { eventId: id, status: 'canceled', date: slot(1) })).statusCode).toBe(200);
    expect((await as('admin', 'PUT', `/api/presentation/${id}`, { comments: 'x' })).statusCode).toBe(409);
  });
});

describe('PUT /api/finish-presentation/{id}: the discount', () => {
  it('refuses a discount larger than the sale ("CHF 5\'000 on a CHF 2\'490 sale"), writing no order', async () => {
    const id = await bookFor('ca', await newClient(), slot(2), 'sa');
    const res = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      order_products: [{ product_id: mainProduct, status: 'sell', quantity: 1, price: 249_000 }],
      discount_rec_sum: 500_000,
      payment_method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { discount_rec_sum: 'discount_exceeds_sale' } });
    const { rows } = await world.t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE event_id = $1', [id]);
    expect(rows[0]!.n).toBe(0);
    const { rows: ev } = await world.t.pool.query('SELECT status FROM events WHERE id = $1', [id]);
    expect(ev[0]).toEqual({ status: 'planned' });
    // The same sale with the discount it allows makes an order of the rest.
    const ok = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      order_products: [{ product_id: mainProduct, status: 'sell', quantity: 2, price: 249_000 }],
      discount_rec_sum: 300_000,
      payment_method: 'cash',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await orderOf(ok.json<{ data: EventDetailDto }>().data.order_id!)).toMatchObject({
      sum: 198_000,
      payment_status: 'open',
      status: 'open',
    });
  });
});

/** Books a presentation through POST /api/presentation for `agent` (default sa2). */
async function bookFor(who: string, clientId: number, date: string, agent = 'sa2'): Promise<number> {
  const res = await as(who, 'POST', '/api/presentation', { user_id: clientId, agent_id: idOf(agent), date, comment: 'vom Kunden' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: EventDetailDto }>().data.id;
}

describe("booking and changing from the client's page", () => {
  it('POST /api/presentation and /api/clients/create-presentation book a planned presentation with its reminders', async () => {
    for (const [path, n] of [
      ['/api/presentation', 3],
      ['/api/clients/create-presentation', 4],
    ] as const) {
      const client = await newClient();
      const res = await as('admin', 'POST', path, { user_id: client, agent_id: idOf('sa2'), date: slot(n), comment: 'Bitte klingeln' });
      expect(res.statusCode, res.body).toBe(201);
      const e = res.json<{ data: EventDetailDto }>().data;
      expect(e).toMatchObject({ type: 'presentation', status: 'planned', date: slot(n), comment: 'Bitte klingeln', client_id: client });
      expect(e.agent?.id).toBe(idOf('sa2'));
      const { rows } = await world.t.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM sms_outbox WHERE event_id = $1 AND status = 'planned'",
        [e.id],
      );
      expect(rows[0]!.n, path).toBeGreaterThan(0);
    }
  });

  it('booking refuses other calendars, roles without booking, unknown clients, taken slots and malformed bodies', async () => {
    const client = await newClient();
    const body = { user_id: client, agent_id: idOf('sa2'), date: slot(5) };
    // A sales agent books into their own calendar only, and for clients of their own scope.
    const own = await newClient('sa');
    const other = await as('sa', 'POST', '/api/clients/create-presentation', { ...body, user_id: own });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ data: { reason: 'own_calendar_only' } });
    expect((await as('sa', 'POST', '/api/clients/create-presentation', { ...body, agent_id: idOf('sa') })).statusCode).toBe(404);
    for (const who of ['pa', 'partner', 'user']) {
      expect((await as(who, 'POST', '/api/presentation', body)).statusCode, who).toBe(403);
    }
    expect((await as('admin', 'POST', '/api/presentation', { ...body, user_id: 999_999 })).statusCode).toBe(404);
    expect((await as('admin', 'POST', '/api/presentation', { ...body, agent_id: idOf('pa') })).statusCode).toBe(400);
    for (const bad of [
      {},
      { ...body, date: 'morgen' },
      { ...body, user_id: -1 },
      { ...body, agent_id: 'sa2' },
      { ...body, comment: 'x'.repeat(4001) },
    ]) {
      const res = await as('admin', 'POST', '/api/presentation', bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    await bookFor('admin', client, slot(5));
    const taken = await as('admin', 'POST', '/api/clients/create-presentation', { ...body, user_id: await newClient() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'calendar_event_error', data: { error: 'overlapping_event' } });
    const { rows } = await world.t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE client_id = $1', [client]);
    expect(rows[0]!.n).toBe(1);
  });

  it('PUT /api/clients/update-presentation/{id} moves a planned presentation; a performed one is refused', async () => {
    const id = await bookFor('admin', await newClient(), slot(6));
    const res = await as('admin', 'PUT', `/api/clients/update-presentation/${id}`, {
      agent_id: idOf('sa'),
      date: slot(6, 14),
      comment: 'verschoben',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: EventDetailDto }>().data).toMatchObject({
      id,
      date: slot(6, 14),
      comment: 'verschoben',
      agent: { id: idOf('sa') },
    });
    // sa2 no longer sees it; sa does; a call agent has no say over an event it did not book.
    expect((await as('sa2', 'PUT', `/api/clients/update-presentation/${id}`, { agent_id: idOf('sa2'), date: slot(6, 9) })).statusCode).toBe(
      404,
    );
    expect((await as('ca', 'PUT', `/api/clients/update-presentation/${id}`, { agent_id: idOf('sa'), date: slot(6, 9) })).statusCode).toBe(
      404,
    );
    for (const who of ['pa', 'partner', 'user']) {
      expect(
        (await as(who, 'PUT', `/api/clients/update-presentation/${id}`, { agent_id: idOf('sa'), date: slot(6, 9) })).statusCode,
        who,
      ).toBe(403);
    }
    expect((await as('admin', 'PUT', `/api/clients/update-presentation/${id}`, { agent_id: idOf('sa'), date: 'heute' })).statusCode).toBe(
      400,
    );
    // A service's route does not change a presentation.
    expect((await as('admin', 'PUT', `/api/clients/update-service/${id}`, { agent_id: idOf('sa'), date: slot(6, 9) })).statusCode).toBe(
      404,
    );

    const o = await sale();
    const performed = await as('admin', 'PUT', `/api/clients/update-presentation/${o.event_id}`, { agent_id: idOf('sa'), date: slot(7) });
    expect(performed.statusCode).toBe(409);
    expect(performed.json()).toMatchObject({ error: 'EVENT_NOT_PLANNED' });
  });

  it('PUT /api/clients/update-service/{id} and DELETE /api/clients/delete-service/{id}', async () => {
    const client = await newClient();
    const created = await as('admin', 'POST', `/api/clients/create-service/${client}`, { agent_id: idOf('sa2'), date: slot(8) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: EventDetailDto }>().data.id;

    const moved = await as('sa2', 'PUT', `/api/clients/update-service/${id}`, {
      agent_id: idOf('sa2'),
      date: slot(8, 15),
      comment: 'Filter',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: EventDetailDto }>().data).toMatchObject({ type: 'service', date: slot(8, 15), comment: 'Filter' });
    expect((await as('sa', 'PUT', `/api/clients/update-service/${id}`, { agent_id: idOf('sa2'), date: slot(8, 9) })).statusCode).toBe(404);
    expect((await as('sa2', 'PUT', `/api/clients/update-service/${id}`, { agent_id: idOf('sa2') })).statusCode).toBe(400);
    expect((await as('partner', 'DELETE', `/api/clients/delete-service/${id}`)).statusCode).toBe(403);
    expect((await as('sa', 'DELETE', `/api/clients/delete-service/${id}`)).statusCode).toBe(404);
    expect((await as('admin', 'DELETE', '/api/clients/delete-service/0')).statusCode).toBe(400);
    // A presentation is not deleted by the service's route.
    const presentation = await bookFor('admin', await newClient(), slot(9));
    expect((await as('admin', 'DELETE', `/api/clients/delete-service/${presentation}`)).statusCode).toBe(404);

    const deleted = await as('sa2', 'DELETE', `/api/clients/delete-service/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ data: { id } });
    const { rows } = await world.t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE id = $1', [id]);
    expect(rows[0]!.n).toBe(0);
    expect((await as('sa2', 'DELETE', `/api/clients/delete-service/${id}`)).statusCode).toBe(404);

    // A performed service is not deleted.
    const done = await as('admin', 'POST', `/api/clients/create-service/${client}`, { agent_id: idOf('sa2'), date: slot(10) });
    const doneId = done.json<{ data: EventDetailDto }>().data.id;
    expect((await as('sa2', 'POST', `/api/event/perform-service/${doneId}`, { was_at_home: true })).statusCode).toBe(200);
    expect((await as('sa2', 'DELETE', `/api/clients/delete-service/${doneId}`)).statusCode).toBe(409);
  });
});
