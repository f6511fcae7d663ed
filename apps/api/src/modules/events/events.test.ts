import { zurichInstant, zurichClock, type EventDetailDto, type EventDto, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../../test/fixtures.ts';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { scheduleReminders } from './reminders.repo.ts';
import { calendarEvents } from './service.ts';

let t: TestApp;
const users = new Map<string, TestUser>();
const cookies = new Map<string, string>();
const products: Record<'main' | 'other' | 'gift' | 'archived', number> = { main: 0, other: 0, gift: 0, archived: 0 };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function as(who: string, method: Method, url: string, payload?: unknown) {
  return injectAs(t.app, cookies.get(who)!, { method, url, payload: payload as Record<string, unknown> | undefined });
}

/** The n-th working day (Monday to Saturday) after today, at hh:mm Zurich time: distinct n, distinct days. */
function slot(n: number, hour: number, minute = 0): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return zurichInstant(c.year, c.month, c.day, hour, minute).toISOString();
    }
  }
}

function sundayAt(hour: number): string {
  for (let d = 3; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday === 7) {
      return zurichInstant(c.year, c.month, c.day, hour).toISOString();
    }
  }
}

let counter = 0;
async function newClient(who = 'admin', extra: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const res = await as(who, 'POST', '/api/user', {
    name: 'Vera',
    surname: `Kunde ${counter}`,
    mobile_phone: `079 555 ${String(1000 + counter)}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

async function book(who: string, body: Record<string, unknown>) {
  return as(who, 'POST', '/api/calendar-event', { eventType: 'presentation', comment: '', userData: {}, ...body });
}

async function bookOk(
  who: string,
  clientId: number,
  date: string,
  agent = 'sa',
  type: 'presentation' | 'service' = 'presentation',
): Promise<number> {
  const res = await book(who, { userId: clientId, agentId: users.get(agent)!.id, date, eventType: type });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json<{ data: { presentation_id?: number; service_id?: number } }>().data;
  return (data.presentation_id ?? data.service_id)!;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`, params);
  return rows[0]!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  const roles: [string, RoleCode][] = [
    ['admin', 'admin'],
    ['ca', 'call_agent'],
    ['sa', 'sales_agent'],
    ['sa2', 'sales_agent'],
    ['ia', 'independent_agent'],
    ['pa', 'prom_agent'],
    ['partner', 'partner'],
    ['user', 'user'],
  ];
  for (const [key, role] of roles) {
    const u = await createUser(t.db, { role });
    users.set(key, u);
    cookies.set(key, await login(t.app, u.email));
  }
  for (const [key, type, status] of [
    ['main', 'main', 'active'],
    ['other', 'other', 'active'],
    ['gift', 'gift', 'active'],
    ['archived', 'main', 'archived'],
  ] as const) {
    const res = await as('admin', 'POST', '/api/product', {
      code: `P-${key}`,
      name: `Produkt ${key}`,
      type,
      default_price: 389_000,
      status,
    });
    expect(res.statusCode, res.body).toBe(201);
    products[key] = res.json<{ data: { id: number } }>().data.id;
  }
});

afterAll(async () => {
  await t.close();
});

describe('booking through the calendar', () => {
  it('a call agent books a demo for a lead: the event, the client status, three reminders in the SMS outbox', async () => {
    const client = await newClient('ca');
    const date = slot(7, 10);
    const res = await book('ca', {
      userId: client,
      agentId: users.get('sa')!.id,
      date,
      comment: 'Bitte klingeln',
      userData: { city: 'Bern' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: { summary: string; presentation_id: number; event: EventDto } }>().data;
    expect(data.summary).toMatch(/^Präsentation gebucht: \d\d\.\d\d\.\d{4} 10:00, Vera Kunde/);
    expect(data.event).toMatchObject({
      status: 'planned',
      type: 'presentation',
      date,
      comment: 'Bitte klingeln',
      can_perform: false,
      can_edit: true,
    });
    const { rows } = await t.pool.query<{ status: string; city: string }>('SELECT status, city FROM users WHERE id = $1', [client]);
    expect(rows[0]).toEqual({ status: 'sale_agents', city: 'Bern' });
    const sms = await t.pool.query<{ type: string; status: string; send_at: Date }>(
      'SELECT type, status, send_at FROM sms_outbox WHERE event_id = $1 ORDER BY send_at',
      [data.presentation_id],
    );
    expect(sms.rows.map((r) => [r.type, r.status])).toEqual([
      ['appointment', 'planned'],
      ['first_reminder', 'planned'],
      ['second_reminder', 'planned'],
    ]);
    expect(sms.rows[2]!.send_at.getTime()).toBe(new Date(date).getTime() - 2 * 3600_000);

    // The sales agent sees it in their calendar and upcoming list, and now has the client in scope.
    const cal = await as('sa', 'GET', `/api/calendar-events?from=${encodeURIComponent(slot(6, 0))}&to=${encodeURIComponent(slot(20, 0))}`);
    expect(cal.json<{ data: EventDto[] }>().data.map((e) => e.id)).toContain(data.presentation_id);
    const upcoming = await as('sa', 'GET', '/api/events-upcoming?period=month');
    const mine = upcoming.json<{ data: EventDto[] }>().data.find((e) => e.id === data.presentation_id);
    expect(mine).toMatchObject({ can_perform: true, client: { id: client } });
    expect((await as('sa', 'GET', `/api/user/${client}`)).statusCode).toBe(200);
  });

  it('a new client is made from userData when no userId is given', async () => {
    const res = await book('ca', {
      agentId: users.get('sa')!.id,
      date: slot(8, 9),
      userData: { name: 'Neu', surname: 'Kundin', phone: '044 777 11 22', sub_user: { name: 'Partner', surname: 'Kundin' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<{ data: { event: EventDto } }>().data.event;
    expect(event.client).toMatchObject({ name: 'Neu', surname: 'Kundin', phone: '044 777 11 22' });
    expect(await count('SELECT 1 FROM sub_users WHERE user_id = $1', [event.client!.id])).toBe(1);
    const missing = await book('ca', { agentId: users.get('sa')!.id, date: slot(8, 12), userData: { name: 'Nur' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { surname: 'field_is_required' } });
  });

  it('refuses overlaps, hours outside work, Sundays and the past with calendar_event_error, writing nothing', async () => {
    const client = await newClient();
    await bookOk('admin', client, slot(9, 10));
    const before = await count('SELECT 1 FROM events');
    const smsBefore = await count('SELECT 1 FROM sms_outbox');
    for (const [date, reason] of [
      [slot(9, 11), 'overlapping_event'],
      [slot(9, 8, 30), 'overlapping_event'],
      [slot(9, 7), 'outside_working_hours'],
      [slot(9, 16, 30), 'outside_working_hours'],
      [sundayAt(10), 'outside_working_days'],
      [new Date(Date.now() - 3600_000).toISOString(), 'in_the_past'],
    ] as const) {
      const res = await book('admin', { userId: client, agentId: users.get('sa')!.id, date });
      expect(res.statusCode, `${date} ${res.body}`).toBe(409);
      expect(res.json()).toEqual({ error: 'calendar_event_error', message: reason, data: { error: reason } });
    }
    expect(await count('SELECT 1 FROM events')).toBe(before);
    expect(await count('SELECT 1 FROM sms_outbox')).toBe(smsBefore);
    // Back to back is fine: 12:00 starts when the 10:00 demo ends.
    await bookOk('admin', client, slot(9, 12));
    // Another agent is free at that time.
    await bookOk('admin', client, slot(9, 10), 'sa2');
  });

  it('two bookings racing for one slot: one wins, the other is refused', async () => {
    const client = await newClient();
    const date = slot(10, 14);
    const results = await Promise.all([0, 1, 2].map(() => book('admin', { userId: client, agentId: users.get('sa2')!.id, date })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json<{ error: string }>().error)).toEqual([
      'calendar_event_error',
      'calendar_event_error',
    ]);
  });

  it('checks the payload and the agent', async () => {
    const client = await newClient();
    const bad = await book('admin', { userId: client, agentId: users.get('ca')!.id, date: slot(11, 10) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_validation: { agentId: 'invalid_value' } });
    const noDate = await book('admin', { userId: client, agentId: users.get('sa')!.id, date: 'morgen' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { date: 'invalid_value' } });
    const badType = await book('admin', { userId: client, agentId: users.get('sa')!.id, date: slot(11, 10), eventType: 'party' });
    expect(badType.statusCode).toBe(400);
    // A sales agent books into their own calendar only.
    const own = await newClient('sa');
    const other = await book('sa', { userId: own, agentId: users.get('sa2')!.id, date: slot(11, 10) });
    expect(other.statusCode).toBe(403);
    // A client outside the booker's scope is not found.
    const foreign = await newClient('admin');
    const outside = await book('sa', { userId: foreign, agentId: users.get('sa')!.id, date: slot(11, 10) });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
  });
});

describe('who sees which events', () => {
  it('roles without the calendar are refused; other agents see nothing of an event outside their scope', async () => {
    const client = await newClient();
    const id = await bookOk('admin', client, slot(12, 10));
    for (const who of ['pa', 'partner', 'user']) {
      expect((await as(who, 'GET', '/api/events-upcoming')).statusCode, who).toBe(403);
      expect((await as(who, 'GET', `/api/event/${id}`)).statusCode, who).toBe(403);
    }
    expect((await as('sa2', 'GET', `/api/event/${id}`)).statusCode).toBe(404);
    expect((await as('ca', 'GET', `/api/presentation/${id}`)).statusCode).toBe(404);
    expect((await as('sa', 'GET', `/api/presentation/${id}`)).statusCode).toBe(200);
    // In the call agent's calendar the agent's event is busy time, without the client.
    const cal = await as(
      'ca',
      'GET',
      `/api/calendar-events?agentId=${users.get('sa')!.id}&from=${encodeURIComponent(slot(11, 0))}&to=${encodeURIComponent(slot(14, 0))}`,
    );
    const busy = cal.json<{ data: EventDto[] }>().data.find((e) => e.id === id)!;
    expect(busy).toMatchObject({ client: null, comment: '', can_edit: false, can_perform: false });
    // A sales agent asking for another agent's calendar gets their own.
    const own = await as(
      'sa2',
      'GET',
      `/api/calendar-events?agentId=${users.get('sa')!.id}&from=${encodeURIComponent(slot(11, 0))}&to=${encodeURIComponent(slot(14, 0))}`,
    );
    expect(own.json<{ data: EventDto[] }>().data.every((e) => e.agent?.id === users.get('sa2')!.id)).toBe(true);
    // Nobody but the agent and admins may perform it; the call agent may not even change it.
    expect((await as('sa2', 'PUT', `/api/finish-presentation/${id}`, { was_at_home: false, demo_outcome: 'canceled' })).statusCode).toBe(
      404,
    );
    expect((await as('ca', 'PUT', `/api/finish-presentation/${id}`, { was_at_home: false, demo_outcome: 'canceled' })).statusCode).toBe(
      403,
    );
    expect((await as('ca', 'POST', '/api/calendar-event-move', { eventId: id, status: 'planned', date: slot(12, 14) })).statusCode).toBe(
      404,
    );
  });
});

describe('the calendar answer', () => {
  it('holds the events of the range earliest first and says when there were more than it carries', async () => {
    const client = await newClient();
    const first = await bookOk('admin', client, slot(34, 9));
    const second = await bookOk('admin', client, slot(34, 14));
    const from = slot(34, 0);
    const to = slot(35, 0);
    const res = await as('admin', 'GET', `/api/calendar-events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: EventDto[]; capped: boolean }>();
    expect(answer.capped).toBe(false);
    expect(answer.data.map((e) => e.id)).toEqual(expect.arrayContaining([first, second]));
    // The same range with room for one event: the earlier one, and the answer says the rest is missing.
    const admin = { userId: users.get('admin')!.id, role: 'admin' as const, sessionId: 'test', impersonatorId: null };
    const one = await calendarEvents(t.db, admin, { from, to, agentId: users.get('sa')!.id }, 1);
    expect(one.data.map((e) => e.id)).toEqual([first]);
    expect(one.capped).toBe(true);
    expect((await calendarEvents(t.db, admin, { from, to, agentId: users.get('sa')!.id }, 2)).capped).toBe(false);
  });
});

describe('moving and changing events', () => {
  it('an admin moves an event to another day: the planned reminders move with it', async () => {
    const client = await newClient();
    const id = await bookOk('ca', client, slot(13, 10));
    const before = await t.pool.query<{ id: number; type: string; send_at: Date }>(
      "SELECT id, type, send_at FROM sms_outbox WHERE event_id = $1 AND type <> 'appointment' ORDER BY type",
      [id],
    );
    const target = slot(15, 13);
    const res = await as('admin', 'POST', '/api/calendar-event-move', {
      eventId: id,
      status: 'planned',
      date: target,
      comment: 'verschoben',
    });
    expect(res.statusCode, res.body).toBe(200);
    const movedAnswer = res.json<{ data: { summary: string; event: EventDto } }>().data;
    expect(movedAnswer.summary).toMatch(/^Präsentation verschoben: .* 13:00/);
    expect(movedAnswer.event).toMatchObject({ date: target, comment: 'verschoben' });
    const after = await t.pool.query<{ id: number; type: string; send_at: Date; status: string }>(
      "SELECT id, type, send_at, status FROM sms_outbox WHERE event_id = $1 AND type <> 'appointment' ORDER BY type",
      [id],
    );
    expect(after.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
    expect(after.rows.map((r) => [r.type, r.status, r.send_at.getTime()])).toEqual([
      ['first_reminder', 'planned', new Date(target).getTime() - 24 * 3600_000],
      ['second_reminder', 'planned', new Date(target).getTime() - 2 * 3600_000],
    ]);
  });

  it("reminders are written in the client's language and say the new time after a move", async () => {
    const client = await newClient('admin', { locale: 'it' });
    const id = await bookOk('ca', client, slot(19, 10));
    const texts = async () =>
      (
        await t.pool.query<{ type: string; text: string }>(
          "SELECT type, text FROM sms_outbox WHERE event_id = $1 AND status = 'planned' ORDER BY type",
          [id],
        )
      ).rows;
    const booked = await texts();
    expect(booked.map((r) => r.type)).toEqual(['appointment', 'first_reminder', 'second_reminder']);
    expect(booked[0]!.text).toMatch(/^Buongiorno Vera Kunde \d+, il suo appuntamento con .+ il \d\d\.\d\d\.\d{4} 10:00 è confermato\./);
    expect(booked[2]!.text).toMatch(/^Promemoria: oggi alle 10:00 /);
    const move = await as('admin', 'POST', '/api/calendar-event-move', { eventId: id, status: 'planned', date: slot(29, 13), comment: '' });
    expect(move.statusCode, move.body).toBe(200);
    // The summary is in the language of whoever moved it (admin, German).
    expect(move.json<{ data: { summary: string } }>().data.summary).toMatch(/^Präsentation verschoben: .* 13:00, Vera Kunde \d+, bei /);
    const moved = (await texts()).filter((r) => r.type !== 'appointment');
    expect(moved.map((r) => r.text)).toEqual([
      expect.stringMatching(/^Promemoria: domani, \d\d\.\d\d\.\d{4} 13:00, /),
      expect.stringMatching(/^Promemoria: oggi alle 13:00 /),
    ]);
    // The confirmation of the old time, still waiting, now says the new one: one planned confirmation, not two.
    const confirmations = (await texts()).filter((r) => r.type === 'appointment');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toMatch(/ 13:00 /);
  });

  it('planning the reminders of an event a second time changes nothing: one planned message per kind', async () => {
    const client = await newClient();
    const date = slot(36, 10);
    const id = await bookOk('ca', client, date);
    const planned = async () =>
      (
        await t.pool.query<{ type: string; n: number }>(
          "SELECT type, count(*)::int AS n FROM sms_outbox WHERE event_id = $1 AND status = 'planned' GROUP BY type ORDER BY type",
          [id],
        )
      ).rows;
    const before = await planned();
    expect(before).toEqual([
      { type: 'appointment', n: 1 },
      { type: 'first_reminder', n: 1 },
      { type: 'second_reminder', n: 1 },
    ]);
    await scheduleReminders(
      t.db,
      {
        eventId: id,
        userId: client,
        phone: '079 123 45 67',
        clientName: 'Vera Kunde',
        agentName: 'Agent',
        startsAt: new Date(date),
        company: 'Alpenquell',
        locale: 'de',
      },
      new Date(),
    );
    expect(await planned()).toEqual(before);
  });

  it('the summary of a calendar call is in the language of the user who made it', async () => {
    const admin = users.get('admin')!.id;
    await t.pool.query("UPDATE users SET locale = 'it' WHERE id = $1", [admin]);
    try {
      const client = await newClient();
      const res = await book('admin', { userId: client, agentId: users.get('sa')!.id, date: slot(31, 15) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<{ data: { summary: string } }>().data.summary).toMatch(/^Presentazione prenotata: .* 15:00, Vera Kunde \d+, con /);
    } finally {
      await t.pool.query("UPDATE users SET locale = 'de' WHERE id = $1", [admin]);
    }
  });

  it('update: another agent while planned, cancel (reminders canceled), then only the comment may change', async () => {
    const client = await newClient();
    const id = await bookOk('admin', client, slot(16, 10));
    const moved = await as('admin', 'PUT', '/api/calendar-event', {
      eventId: id,
      status: 'planned',
      date: slot(16, 10),
      agentId: users.get('sa2')!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: { event: EventDto } }>().data.event.agent?.id).toBe(users.get('sa2')!.id);
    const canceled = await as('admin', 'PUT', '/api/calendar-event', {
      eventId: id,
      status: 'canceled',
      date: slot(16, 10),
      comment: 'abgesagt',
    });
    expect(canceled.statusCode).toBe(200);
    expect(await count("SELECT 1 FROM sms_outbox WHERE event_id = $1 AND status = 'planned'", [id])).toBe(0);
    const { rows } = await t.pool.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [client]);
    expect(rows[0]!.status).toBe('decline_presentation');
    const again = await as('admin', 'POST', '/api/calendar-event-move', { eventId: id, status: 'planned', date: slot(17, 10) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'EVENT_NOT_PLANNED' });
    const success = await as('admin', 'PUT', '/api/calendar-event', { eventId: id, status: 'success', date: slot(16, 10) });
    expect(success.statusCode).toBe(409);
    const comment = await as('admin', 'PUT', '/api/calendar-event', {
      eventId: id,
      status: 'canceled',
      date: slot(16, 10),
      comment: 'Kunde krank',
    });
    expect(comment.statusCode).toBe(200);
    expect(comment.json<{ data: { event: EventDto } }>().data.event.comment).toBe('Kunde krank');
  });

  it('a planned event may be deleted, a performed one not', async () => {
    const client = await newClient();
    const id = await bookOk('admin', client, slot(18, 10));
    expect((await as('admin', 'DELETE', `/api/clients/delete-presentation/${id}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/api/event/${id}`)).statusCode).toBe(404);
    expect(await count("SELECT 1 FROM sms_outbox WHERE event_id IS NULL AND user_id = $1 AND status = 'canceled'", [client])).toBe(3);
  });
});

async function uploadContract(who: string): Promise<string> {
  const res = await injectAs(t.app, cookies.get(who)!, { method: 'POST', url: '/api/upload-contract', ...multipart(png(), 'vertrag.png') });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ file: { id: string } }>().file.id;
}

describe('performing a presentation', () => {
  it('sells a main product with a gift and a line paid by recommendations: one order, lines, documents, status, receipt', async () => {
    const client = await newClient('ca');
    const id = await bookOk('ca', client, slot(20, 10));
    const file = await uploadContract('sa');
    const res = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      quality: 'good',
      got_gift: true,
      gift: products.gift,
      saw_presentation: true,
      bought_product: true,
      order_products: [
        { product_id: products.main, status: 'sell', quantity: 1, price: 350_000, years_of_guarantee: 5 },
        { product_id: products.other, status: 'rec', quantity: 2, price: 9_900, rec_price: 4_000 },
      ],
      discount_rec_sum: 20_000,
      discount_rec_count: 2,
      payment_method: 'bill',
      contract_number: 'V-2026-001',
      first_payment_month: '2027-01',
      payment_installments: 12,
      user: { pet: 'dog', has_kids: true, working_status: 'full_time' },
      sub_user: { name: 'Hans', surname: 'Kunde' },
      user_documents: [file],
      comments: 'Sehr interessiert',
      step: '18',
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json<{ data: EventDetailDto }>().data;
    expect(done).toMatchObject({
      status: 'success',
      flow_step: '18',
      demo_outcome: null,
      has_order: true,
      payment_method: 'bill',
      contract_number: 'V-2026-001',
    });
    expect(done.presentation_products.map((l) => [l.status, l.repayment_type, l.price, l.rec_price, l.quantity])).toEqual([
      ['sell', 'money', 350_000, null, 1],
      ['rec', 'recommendation', 9_900, 4_000, 2],
      ['gift', null, 0, null, 1],
    ]);
    const orderId = done.order_id!;
    expect(orderId).toBeGreaterThan(0);
    expect(done.presentation_products.every((l) => l.order_id === orderId)).toBe(true);
    const order = await t.pool.query(
      'SELECT status, payment_status, delivery_status, call_agent_id, agent_id, discount_rec_sum FROM orders WHERE id = $1',
      [orderId],
    );
    expect(order.rows[0]).toEqual({
      status: 'open',
      payment_status: 'open',
      delivery_status: 'not_delivered',
      call_agent_id: users.get('ca')!.id,
      agent_id: users.get('sa')!.id,
      discount_rec_sum: 20_000,
    });
    expect(done.user_documents.map((d) => d.file_id)).toEqual([file]);
    expect(done.sub_user).toMatchObject({ name: 'Hans' });
    // The seller became the client's responsible sales agent (the client had none).
    const u = await t.pool.query('SELECT status, pet, has_kids, linked_agent_id FROM users WHERE id = $1', [client]);
    expect(u.rows[0]).toEqual({ status: 'buy_product', pet: 'dog', has_kids: true, linked_agent_id: users.get('sa')!.id });
    expect(await count("SELECT 1 FROM sms_outbox WHERE event_id = $1 AND status = 'planned'", [id])).toBe(0);

    // Performed once: a second finish is refused.
    const twice = await as('sa', 'PUT', `/api/finish-presentation/${id}`, { was_at_home: false, demo_outcome: 'canceled' });
    expect(twice.statusCode).toBe(409);

    // The receipt (admin) and its PDF; what the client bought.
    const receipt = await as('admin', 'GET', `/api/receipt/${id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json<{ data: { totals: unknown } }>().data.totals).toEqual({
      sold: 350_000,
      discount: 20_000,
      bank_commission: 0,
      total: 330_000,
    });
    const pdf = await as('admin', 'GET', `/api/receipt/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(`Quittung Nr. ${id}`);
    // Handed to the client, it is written in the client's language.
    await t.pool.query("UPDATE users SET locale = 'en' WHERE id = $1", [client]);
    const english = pdfText((await as('admin', 'GET', `/api/receipt/${id}/pdf`)).rawPayload);
    expect(english).toContain(`Receipt no. ${id}`);
    expect(english).toContain('Recommendation discount');
    expect((await as('sa', 'GET', `/api/receipt/${id}`)).statusCode).toBe(403);
    const bought = await as('admin', 'GET', `/api/user-products/${client}`);
    expect(bought.json<{ data: { product: { id: number }; status: string }[] }>().data.map((l) => [l.product.id, l.status])).toEqual([
      [products.main, 'sell'],
      [products.other, 'rec'],
      [products.gift, 'gift'],
    ]);
    // The presentations pages count it as successful and as waiting for delivery.
    const counts = await as('sa', 'GET', '/api/presentations-counts/');
    expect(counts.json<{ data: { successful: number; delivery: number } }>().data).toMatchObject({
      successful: 1,
      delivery: 1,
      capped: { future: false, expired: false, successful: false, delivery: false },
    });
    const delivery = await as('sa', 'GET', '/api/presentations?page=delivery&statuses=success&needDelivery=true');
    expect(delivery.json<{ data: EventDto[] }>().data.map((e) => e.id)).toEqual([id]);
    // A canceled order is not delivered: it leaves the delivery page and counter, and is still successful.
    const { rows: sold } = await t.pool.query<{ id: number }>('SELECT id FROM orders WHERE event_id = $1', [id]);
    const cancel = await as('admin', 'PUT', `/api/finances/order/${sold[0]!.id}`, { toggle: 'cancel' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await as('sa', 'GET', '/api/presentations-counts/');
    expect(after.json<{ data: { successful: number; delivery: number } }>().data).toMatchObject({ successful: 1, delivery: 0 });
    expect(
      (await as('sa', 'GET', '/api/presentations?page=delivery&statuses=success&needDelivery=true')).json<{ data: EventDto[] }>().data,
    ).toEqual([]);
  });

  it('is all or nothing: a refused follow-up leaves the presentation planned and writes no line', async () => {
    const client = await newClient();
    const id = await bookOk('admin', client, slot(21, 10));
    const blocker = await bookOk('admin', await newClient(), slot(22, 10));
    const res = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      demo_outcome: 'remeet',
      remeet_time: slot(22, 11),
      user: { pet: 'cat' },
      comments: 'nochmals',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'calendar_event_error', data: { error: 'overlapping_event' } });
    const e = await t.pool.query('SELECT status, finished_at, comment FROM events WHERE id = $1', [id]);
    expect(e.rows[0]).toEqual({ status: 'planned', finished_at: null, comment: '' });
    expect(await count('SELECT 1 FROM users WHERE id = $1 AND pet IS NOT NULL', [client])).toBe(0);
    expect(await count("SELECT 1 FROM sms_outbox WHERE event_id = $1 AND status = 'planned'", [id])).toBeGreaterThan(0);
    expect(blocker).toBeGreaterThan(0);
    // A product that is not active is refused by id, nothing written either.
    const archived = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      order_products: [{ product_id: products.archived, status: 'sell', quantity: 1 }],
    });
    expect(archived.statusCode).toBe(404);
    expect(archived.json()).toMatchObject({
      error: 'UNKNOWN_PRODUCT_ID',
      field_validation: { 'order_products.0.product_id': 'invalid_value' },
    });
    expect(await count('SELECT 1 FROM event_products WHERE event_id = $1', [id])).toBe(0);
  });

  it('remeet books the follow-up for the same agent; recall writes the recall history and a recall for the call agents', async () => {
    const client = await newClient();
    const remeetId = await bookOk('admin', client, slot(23, 10));
    const when = slot(25, 14);
    const remeet = await as('sa', 'PUT', `/api/finish-presentation/${remeetId}`, {
      was_at_home: true,
      demo_outcome: 'remeet',
      remeet_time: when,
    });
    expect(remeet.statusCode, remeet.body).toBe(200);
    const r = remeet.json<{ data: EventDetailDto }>().data;
    expect(r).toMatchObject({
      status: 'remeet',
      demo_outcome: 'remeet',
      remeet_presentation: { date: when, status: 'planned', agent: { id: users.get('sa')!.id } },
    });

    const recallId = await bookOk('admin', client, slot(24, 10));
    const at = slot(26, 9);
    const recall = await as('sa', 'PUT', `/api/finish-presentation/${recallId}`, {
      was_at_home: false,
      demo_outcome: 'recall',
      recall_time: at,
      comments: 'abends anrufen',
    });
    expect(recall.statusCode, recall.body).toBe(200);
    expect(recall.json<{ data: EventDetailDto }>().data).toMatchObject({
      status: 'remeet',
      demo_outcome: 'recall',
      recall_history: [{ recall_at: at, comment: 'abends anrufen' }],
    });
    const next = await t.pool.query<{ next_recall_at: Date }>('SELECT next_recall_at FROM users WHERE id = $1', [client]);
    expect(next.rows[0]!.next_recall_at.toISOString()).toBe(at);

    // Missing answers are named per field.
    const third = await bookOk('admin', client, slot(27, 10));
    const missing = await as('sa', 'PUT', `/api/finish-presentation/${third}`, { was_at_home: false, demo_outcome: 'recall' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { recall_time: 'field_is_required' } });
    const noOutcome = await as('sa', 'PUT', `/api/finish-presentation/${third}`, { was_at_home: false });
    expect(noOutcome.json()).toMatchObject({ field_validation: { demo_outcome: 'field_is_required' } });
    const linesNotHeld = await as('sa', 'PUT', `/api/finish-presentation/${third}`, {
      was_at_home: false,
      demo_outcome: 'canceled',
      order_products: [{ product_id: products.main, status: 'sell', quantity: 1 }],
    });
    expect(linesNotHeld.json()).toMatchObject({ field_validation: { order_products: 'invalid_value' } });
    await newClient('admin', { email: 'vergeben@example.ch' });
    const takenEmail = await as('sa', 'PUT', `/api/finish-presentation/${third}`, {
      was_at_home: true,
      user: { email: 'vergeben@example.ch' },
    });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json()).toMatchObject({ error: 'duplicated email', field_validation: { 'user.email': 'already_taken' } });
    const badReason = await as('sa', 'PUT', `/api/finish-presentation/${third}`, { was_at_home: true, dont_buy_reason: ['too_tired'] });
    expect(badReason.statusCode).toBe(400);
  });

  it('product lines of a planned presentation: add, replace, delete; prices default to the product', async () => {
    const id = await bookOk('admin', await newClient(), slot(28, 10));
    const added = await as('sa', 'POST', '/api/presentation-products', { presentation_id: id, product_id: products.main, status: 'sell' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ data: unknown }>().data).toMatchObject({ price: 389_000, repayment_type: 'money', quantity: 1, rec_price: null });
    const replaced = await as('sa', 'PUT', `/api/clients/edit-presentation-products/${id}`, {
      order_products: [
        { product_id: products.other, status: 'rec', rec_price: 1_000 },
        { product_id: products.main, status: 'sell', rec_price: 5_000 },
      ],
    });
    const lines = replaced.json<{ data: { id: number; repayment_type: string; rec_price: number | null }[] }>().data;
    expect(lines.map((l) => [l.repayment_type, l.rec_price])).toEqual([
      ['recommendation', 1_000],
      ['money', null],
    ]);
    expect((await as('sa', 'GET', `/api/presentation-products?presentationId=${id}`)).json<{ data: unknown[] }>().data).toHaveLength(2);
    expect((await as('sa', 'DELETE', `/api/clients/delete-presentation-product/${lines[0]!.id}`)).statusCode).toBe(200);
    expect((await as('sa', 'GET', `/api/presentation-products/${lines[0]!.id}`)).statusCode).toBe(404);
    expect(
      (await as('sa2', 'POST', '/api/presentation-products', { presentation_id: id, product_id: products.main, status: 'sell' }))
        .statusCode,
    ).toBe(404);
  });
  it('keeps the responsible sales agent a client already has when another agent sells', async () => {
    const client = await newClient('ca');
    await t.pool.query('UPDATE users SET linked_agent_id = $1 WHERE id = $2', [users.get('admin')!.id, client]);
    const id = await bookOk('ca', client, slot(37, 10));
    const res = await as('sa', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: true,
      quality: 'good',
      got_gift: false,
      saw_presentation: true,
      bought_product: true,
      order_products: [{ product_id: products.main, status: 'sell', quantity: 1, price: 350_000, years_of_guarantee: 5 }],
      payment_method: 'bill',
      contract_number: `V-KEEP-${Date.now()}`,
      comments: 'Verkauft',
      step: '18',
    });
    expect(res.statusCode, res.body).toBe(200);
    const u = await t.pool.query('SELECT status, linked_agent_id FROM users WHERE id = $1', [client]);
    expect(u.rows[0]).toEqual({ status: 'buy_product', linked_agent_id: users.get('admin')!.id });
  });
});

describe('services', () => {
  it('a service is booked from the client, performed with an order, and listed', async () => {
    const client = await newClient('sa');
    const created = await as('sa', 'POST', `/api/clients/create-service/${client}`, { agent_id: users.get('sa')!.id, date: slot(30, 9) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: EventDetailDto }>().data.id;
    const done = await as('sa', 'POST', `/api/event/perform-service/${id}`, {
      was_at_home: true,
      has_order: true,
      order_products: [{ product_id: products.other, status: 'sell', quantity: 3 }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ data: EventDetailDto }>().data).toMatchObject({ type: 'service', status: 'success', has_order: true });
    expect(await count('SELECT 1 FROM orders WHERE event_id = $1', [id])).toBe(1);
    const view = await as('sa', 'GET', `/api/event/${id}?eventType=service`);
    expect(view.statusCode).toBe(200);
    expect((await as('sa', 'GET', `/api/event/${id}?eventType=presentation`)).statusCode).toBe(404);
    const notHome = await as('sa', 'POST', `/api/clients/create-service/${client}`, { agent_id: users.get('sa')!.id, date: slot(31, 9) });
    const recall = await as('sa', 'POST', `/api/event/perform-service/${notHome.json<{ data: EventDetailDto }>().data.id}`, {
      was_at_home: false,
      recall_time: slot(33, 10),
    });
    expect(recall.json<{ data: EventDetailDto }>().data).toMatchObject({ status: 'remeet', demo_outcome: 'recall' });
  });
});

describe('events lists', () => {
  it('upcoming and history filter by period, status, type, agent and search, paged', async () => {
    const list = await as('admin', 'GET', '/api/events-upcoming?period=month&eventType=presentation&status=planned&limit=2');
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<{ data: EventDto[]; total: number; limit: number }>();
    expect(page.limit).toBe(2);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    expect(page.data.every((e) => e.type === 'presentation' && e.status === 'planned')).toBe(true);
    expect(new Date(page.data[0]!.date) <= new Date(page.data[1]!.date)).toBe(true);
    const byAgent = await as('admin', 'GET', `/api/events-upcoming?period=month&agent_id=${users.get('sa2')!.id}`);
    expect(byAgent.json<{ data: EventDto[] }>().data.every((e) => e.agent?.id === users.get('sa2')!.id)).toBe(true);
    const search = await as('admin', 'GET', '/api/events-upcoming?period=month&search=Neu%20Kundin');
    expect(search.json<{ data: EventDto[] }>().data.map((e) => e.client?.name)).toEqual(['Neu']);
    const phone = await as('admin', 'GET', `/api/events-upcoming?period=month&search=${encodeURIComponent('+41447771122')}`);
    expect(phone.json<{ data: EventDto[] }>().data).toHaveLength(1);
    const ofClient = await as(
      'admin',
      'GET',
      `/api/events-upcoming?period=month&client_id=${search.json<{ data: EventDto[] }>().data[0]!.client!.id}`,
    );
    expect(ofClient.json<{ data: EventDto[] }>().data.map((e) => e.client?.name)).toEqual(['Neu']);
    // Nothing of this data set lies before now: the history holds exactly the events performed ahead of
    // their planned time (the services of the test above), none still planned and none only canceled.
    const history = await as('admin', 'GET', '/api/events-history?limit=100');
    expect(history.statusCode).toBe(200);
    const past = history.json<{ data: EventDto[]; total: number }>();
    expect(past.total).toBe(await count(`SELECT 1 FROM events WHERE was_at_home IS NOT NULL OR starts_at < now()`));
    expect(past.total).toBeGreaterThan(0);
    expect(past.data.every((e) => e.status !== 'planned' && new Date(e.date) > new Date())).toBe(true);
    expect((await as('admin', 'GET', '/api/events-upcoming?period=year')).statusCode).toBe(400);
    expect((await as('admin', 'GET', '/api/presentations?page=archive')).statusCode).toBe(400);
  });
});
