import { roleByCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookPresentation,
  buildClient,
  buildClients,
  buildEvent,
  buildOrder,
  buildSms,
  buildStaff,
  buildTeam,
  dataOf,
  finishSale,
  orderOf,
  recordPayment,
  weekdaySlot,
  type Staff,
} from './factories.ts';
import { createTestApp, injectAs, type TestApp } from './harness.ts';

let t: TestApp;
let team: { admin: Staff; ca: Staff; sa: Staff };
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, { admin: 'admin', ca: 'call_agent', sa: 'sales_agent' });
  productId = (
    await dataOf<{ id: number }>(t.app, team.admin.cookie, {
      method: 'POST',
      url: '/api/product',
      payload: { code: 'FAC-1', name: 'Fabrik', type: 'main', default_price: 100_000, status: 'active' },
    })
  ).id;
});

afterAll(async () => {
  await t?.close();
});

describe('test factories', () => {
  it('buildStaff: a signed-in user of the role named by its code', async () => {
    const om = await buildStaff(t, 'ocr_manager', { name: 'Olga' });
    const row = await t.pool.query<{ role_id: number; name: string }>('SELECT role_id, name FROM users WHERE id = $1', [om.id]);
    expect(row.rows).toEqual([{ role_id: roleByCode('ocr_manager').id, name: 'Olga' }]);
    const me = await injectAs(t.app, om.cookie, { method: 'GET', url: '/auth/current' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.body).toContain(om.email);
  });

  it('buildClient: a client in the state given, its numbers also in their searchable form', async () => {
    const id = await buildClient(t, {
      surname: 'Fabrik',
      mobilePhone: '079 555 12 34',
      status: 'older',
      callsCount: 3,
      updatedAt: '2026-10-01T10:00:00Z',
    });
    const row = await t.pool.query('SELECT role_id, surname, mobile_phone_e164, status, calls_count, updated_at FROM users WHERE id = $1', [
      id,
    ]);
    expect(row.rows).toEqual([
      {
        role_id: roleByCode('user').id,
        surname: 'Fabrik',
        mobile_phone_e164: '+41795551234',
        status: 'older',
        calls_count: 3,
        updated_at: new Date('2026-10-01T10:00:00Z'),
      },
    ]);
  });

  it('buildClients: many at once, in order', async () => {
    const ids = await buildClients(t, 1203, (i) => ({ surname: `Viele ${i}`, status: 'trash' }));
    expect(ids).toHaveLength(1203);
    const last = await t.pool.query('SELECT surname FROM users WHERE id = $1', [ids.at(-1)]);
    expect(last.rows).toEqual([{ surname: 'Viele 1203' }]);
  });

  it('buildEvent and buildSms: calendar and outbox rows', async () => {
    const client = await buildClient(t, { surname: 'Termin' });
    const startsAt = new Date('2026-03-02T09:00:00Z');
    const eventId = await buildEvent(t, { clientId: client, agentId: team.sa.id, startsAt, status: 'canceled' });
    const smsId = await buildSms(t, { to: '079 123 45 67', text: 'Hallo', type: 'appointment', userId: client, eventId });
    const event = await t.pool.query('SELECT type, status, starts_at, ends_at FROM events WHERE id = $1', [eventId]);
    expect(event.rows).toEqual([
      { type: 'presentation', status: 'canceled', starts_at: startsAt, ends_at: new Date('2026-03-02T11:00:00Z') },
    ]);
    const sms = await t.pool.query('SELECT event_id, status FROM sms_outbox WHERE id = $1', [smsId]);
    expect(sms.rows).toEqual([{ event_id: eventId, status: 'planned' }]);
  });

  it('bookPresentation, finishSale, recordPayment: a sale through the routes', async () => {
    const booking = await bookPresentation(t, team.ca.cookie, {
      agentId: team.sa.id,
      date: weekdaySlot(1),
      userData: { name: 'Käuferin', surname: 'Fabrik', city: 'Bern', zipcode: '3000', address: 'Bundesgasse 1' },
    });
    expect(booking.clientId).toBeGreaterThan(0);
    const orderId = await finishSale(t, team.admin.cookie, booking.presentationId, { lines: [{ product_id: productId }] });
    const order = await orderOf(t, team.admin.cookie, orderId);
    expect(order).toMatchObject({ id: orderId, sum: 100_000 });
    const paid = await recordPayment(t, team.admin.cookie, orderId, { amount: 100_000, paid_at: '2026-11-20' });
    expect(paid).toMatchObject({ paid: 100_000, dept: 0 });
  });

  it('buildOrder: booked by a call agent, finished by an admin', async () => {
    const order = await buildOrder(
      t,
      { booker: team.ca.cookie, finisher: team.admin.cookie },
      {
        agentId: team.sa.id,
        date: weekdaySlot(2),
        client: { name: 'Zweite', surname: 'Fabrik', city: 'Bern', zipcode: '3000', address: 'Bundesgasse 2' },
        lines: [{ product_id: productId, quantity: 2, price: 50_000 }],
      },
    );
    expect(order).toMatchObject({ sum: 100_000 });
  });

  it('dataOf: a refusal fails with the answer', async () => {
    await expect(dataOf(t.app, team.ca.cookie, { method: 'POST', url: '/api/product', payload: {} })).rejects.toThrow(
      /POST \/api\/product: 4\d\d/,
    );
  });
});
