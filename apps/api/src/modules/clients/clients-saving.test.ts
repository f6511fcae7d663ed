import { zurichClock, zurichInstant, type ClientRecordDto, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * Saving a client never fails on data the system already holds (issue 11, item 6): a phone shared
 * with a known duplicate stays editable everywhere a client is written, and a read can be sent back.
 */

let t: TestApp;
const staff = new Map<RoleCode, TestUser>();
const cookies = new Map<RoleCode, string>();

function as(role: RoleCode, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return injectAs(t.app, cookies.get(role)!, { method, url, payload: payload as Record<string, unknown> | undefined });
}

let counter = 0;
async function create(body: Record<string, unknown> = {}, role: RoleCode = 'admin'): Promise<ClientRecordDto> {
  counter += 1;
  const res = await as(role, 'POST', '/api/user', { name: 'Vera', surname: `Gespeichert ${counter}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ClientRecordDto }>().data;
}

/** The n-th working day (Monday to Saturday) after today at hh:00 Zurich time. */
function slot(n: number, hour: number): string {
  let seen = 0;
  for (let d = 1; ; d += 1) {
    const c = zurichClock(new Date(Date.now() + d * 86_400_000));
    if (c.weekday <= 6 && ++seen === n) {
      return zurichInstant(c.year, c.month, c.day, hour, 0).toISOString();
    }
  }
}

/**
 * Two clients the database holds with the same phone (imported, or from before the check): the first
 * was saved with it, the second got it later the way an import writes it.
 */
async function sharedPhonePair(phone: string, e164: string): Promise<{ first: ClientRecordDto; second: ClientRecordDto }> {
  const first = await create({ phone });
  const second = await create({ mobile_phone: '' });
  await t.pool.query('UPDATE users SET phone = $1, phone_e164 = $2 WHERE id = $3', [phone, e164, second.id]);
  return { first, second };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent', 'sales_agent', 'partner'] as const) {
    const u = await createUser(t.db, { role });
    staff.set(role, u);
    cookies.set(role, await login(t.app, u.email));
  }
});

afterAll(async () => {
  await t.close();
});

describe('a phone the record already holds', () => {
  it('is saved again with the whole form when only the surname changes, in any writing of the same number', async () => {
    const { second } = await sharedPhonePair('044 555 10 01', '+41445551001');
    const res = await as('call_agent', 'PUT', `/api/user/${second.id}`, { surname: 'Neuname', phone: '044 555 10 01', mobile_phone: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ClientRecordDto }>().data).toMatchObject({ surname: 'Neuname', phone: '044 555 10 01' });
    const otherWriting = await as('call_agent', 'PUT', `/api/user/${second.id}`, { phone: '+41 44 555 10 01' });
    expect(otherWriting.statusCode, otherWriting.body).toBe(200);
    // Moved from one field to the other, it is still the record's own number.
    const moved = await as('call_agent', 'PUT', `/api/user/${second.id}`, { phone: '', mobile_phone: '0041 44 555 10 01' });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('is still refused when it is newly entered and belongs to another client', async () => {
    const { second } = await sharedPhonePair('044 555 20 02', '+41445552002');
    const other = await create({ phone: '044 555 20 99' });
    const res = await as('call_agent', 'PUT', `/api/user/${second.id}`, { surname: 'X', phone: '044 555 20 99' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'duplicated phone', field_validation: { phone: 'already_taken' } });
    const mobile = await as('call_agent', 'PUT', `/api/user/${second.id}`, { mobile_phone: '+41 44 555 20 99' });
    expect(mobile.json()).toEqual({ error: 'duplicated phone', field_validation: { mobile_phone: 'already_taken' } });
    const row = await t.pool.query('SELECT surname, phone_e164, mobile_phone_e164 FROM users WHERE id = $1', [second.id]);
    expect(row.rows[0]).toEqual({ surname: second.surname, phone_e164: '+41445552002', mobile_phone_e164: null });
    expect(other.id).toBeGreaterThan(0);
  });

  it('does not stop the calendar from booking a demo for the client', async () => {
    const { second } = await sharedPhonePair('044 555 30 03', '+41445553003');
    const res = await as('admin', 'POST', '/api/calendar-event', {
      eventType: 'presentation',
      comment: '',
      userId: second.id,
      userData: { name: second.name, surname: second.surname, phone: '044 555 30 03', city: 'Bern' },
      agentId: staff.get('sales_agent')!.id,
      date: slot(3, 10),
    });
    expect(res.statusCode, res.body).toBe(201);
    // A number of another client typed into the booking is refused, and nothing is booked.
    const other = await create({ phone: '044 555 30 99' });
    const refused = await as('admin', 'POST', '/api/calendar-event', {
      eventType: 'presentation',
      comment: '',
      userId: second.id,
      userData: { phone: '044 555 30 99' },
      agentId: staff.get('sales_agent')!.id,
      date: slot(4, 10),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'duplicated phone' });
    const events = await t.pool.query('SELECT count(*)::int AS n FROM events WHERE client_id = $1', [second.id]);
    expect(events.rows[0]).toEqual({ n: 1 });
    expect(other.id).toBeGreaterThan(0);
  });

  it('does not stop performing the demo with the client profile', async () => {
    const { second } = await sharedPhonePair('044 555 40 04', '+41445554004');
    const booked = await as('admin', 'POST', '/api/calendar-event', {
      eventType: 'presentation',
      comment: '',
      userId: second.id,
      userData: {},
      agentId: staff.get('sales_agent')!.id,
      date: slot(5, 10),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<{ data: { presentation_id: number } }>().data.presentation_id;
    const res = await as('sales_agent', 'PUT', `/api/finish-presentation/${id}`, {
      was_at_home: false,
      demo_outcome: 'canceled',
      user: { surname: 'Profil', phone: '044 555 40 04' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.pool.query('SELECT surname FROM users WHERE id = $1', [second.id]);
    expect(row.rows[0]).toEqual({ surname: 'Profil' });
  });
});

describe('what a read returns, a write accepts', () => {
  it('a client read with GET /api/user/{id} is saved back unchanged with PUT, nulls included', async () => {
    const made = await create({ phone: '044 555 50 05' });
    const read = (await as('admin', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(read.email).toBeNull();
    expect(read.zipcode).toBeNull();
    expect(read.company).toBeNull();
    const res = await as('admin', 'PUT', `/api/user/${made.id}`, read);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<{ data: ClientRecordDto }>().data;
    expect({ ...after, updated_at: read.updated_at }).toEqual(read);
  });

  it('a null clears a text field; a null for a required field is refused with the field named', async () => {
    const made = await create({ city: 'Thun', email: 'leer@example.ch' });
    const cleared = await as('admin', 'PUT', `/api/user/${made.id}`, { city: null, email: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<{ data: ClientRecordDto }>().data).toMatchObject({ city: null, email: null });
    const refused = await as('admin', 'PUT', `/api/user/${made.id}`, { name: null, type: null });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { name: 'field_is_required', type: 'field_is_required' },
    });
  });

  it('a sub-user read with the client is saved back unchanged', async () => {
    const made = await create();
    const set = await as('admin', 'POST', `/api/sub-user/${made.id}`, { name: 'Hans', surname: 'Zweit' });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const read = (await as('admin', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(read.sub_user).toMatchObject({ phone: null, email: null });
    const again = await as('admin', 'POST', `/api/sub-user/${made.id}`, read.sub_user);
    expect(again.statusCode, again.body).toBeLessThan(300);
  });
});

describe('who sets a status and a lead source', () => {
  it("a partner's new client is a partner lead in the initial status, whatever the form sent", async () => {
    const made = await create({ status: 'buy_product', lead_source: 'website', lead_location_id: 1 }, 'partner');
    expect(made).toMatchObject({ status: 'potential', lead_source: 'partner', lead_location: null });
    expect(made.referred_by?.id).toBe(staff.get('partner')!.id);
    expect(made.status_history.map((s) => s.status)).toEqual(['potential']);
    // Staff set both.
    const byStaff = await create({ status: 'sale_agents', lead_source: 'website' }, 'call_agent');
    expect(byStaff).toMatchObject({ status: 'sale_agents', lead_source: 'website' });
  });
});

describe('one phone rule for every client form', () => {
  it('refuses a phone shorter than the spec pattern wherever a client is written, and writes nothing', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0] as { n: number };
    for (const [field, phone] of [
      ['phone', '123 45 67'],
      ['mobile_phone', '791234567'],
      ['phone', '012 34 56'],
    ] as const) {
      const res = await as('admin', 'POST', '/api/user', { name: 'Kurz', surname: 'Nummer', [field]: phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json(), phone).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { [field]: 'invalid_phone' } });
    }
    const made = await create();
    const put = await as('admin', 'PUT', `/api/user/${made.id}`, { phone: '123 45 67' });
    expect(put.json()).toMatchObject({ field_validation: { phone: 'invalid_phone' } });
    const sub = await as('admin', 'POST', `/api/sub-user/${made.id}`, { name: 'Zweit', phone: '123 45 67' });
    expect(sub.json()).toMatchObject({ field_validation: { phone: 'invalid_phone' } });
    const booking = await as('admin', 'POST', '/api/calendar-event', {
      eventType: 'presentation',
      comment: '',
      userData: { name: 'Kurz', surname: 'Nummer', phone: '123 45 67' },
      agentId: staff.get('sales_agent')!.id,
      date: slot(6, 10),
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json()).toMatchObject({ field_validation: { 'userData.phone': 'invalid_phone' } });
    const after = (await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0] as { n: number };
    expect(after.n).toBe(before.n + 1);
  });

  it('keeps a phone as typed and its E.164 form for lookups', async () => {
    const made = await create({ phone: '+41 79 123 45 67', mobile_phone: '0041 44 668 18 00' });
    const row = await t.pool.query('SELECT phone, phone_e164, mobile_phone, mobile_phone_e164 FROM users WHERE id = $1', [made.id]);
    expect(row.rows[0]).toEqual({
      phone: '+41 79 123 45 67',
      phone_e164: '+41791234567',
      mobile_phone: '0041 44 668 18 00',
      mobile_phone_e164: '+41446681800',
    });
  });
});
