import { isContractNumber } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

/*
 * The demo tells the truth: what the seeded demo database holds obeys the rules real data obeys, and
 * what the README offers works.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function rows<T extends object>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await t.pool.query<T>(text, params)).rows;
}

describe('demo data invariants', () => {
  it('no SMS was sent in the future; a delivered SMS has its sent time, a planned one has none and is due later than its booking', async () => {
    expect(
      await rows(`SELECT id, status, send_at, sent_at FROM sms_outbox WHERE sent_at > now() OR (status = 'delivered' AND send_at > now())`),
    ).toEqual([]);
    expect(await rows(`SELECT id FROM sms_outbox WHERE status IN ('delivered', 'sent') AND sent_at IS NULL`)).toEqual([]);
    expect(await rows(`SELECT id FROM sms_outbox WHERE status = 'planned' AND (sent_at IS NOT NULL OR send_at <= now())`)).toEqual([]);
    // The confirmation goes out when the event is booked, the reminders before it starts.
    expect(
      await rows(
        `SELECT s.id FROM sms_outbox s JOIN events e ON e.id = s.event_id
          WHERE s.send_at >= e.starts_at OR (s.type = 'appointment' AND abs(extract(epoch FROM s.send_at - e.created_at)) > 1)`,
      ),
    ).toEqual([]);
    expect((await rows(`SELECT 1 FROM sms_outbox WHERE status = 'delivered'`)).length).toBeGreaterThan(0);
  });

  it('an order carries the contract number of its presentation, in the one form of contract numbers', async () => {
    const sold = await rows<{ order: string | null; event: string | null }>(
      `SELECT o.contract_number AS order, e.contract_number AS event FROM orders o JOIN events e ON e.id = o.event_id`,
    );
    expect(sold.length).toBeGreaterThan(0);
    expect(sold.filter((s) => s.order !== s.event)).toEqual([]);
    expect(sold.filter((s) => !isContractNumber(s.order ?? ''))).toEqual([]);
    expect(
      await rows(`SELECT id FROM events WHERE has_order AND (contract_number IS NULL OR payment_method IS NULL)`),
      'a sold presentation has its contract and payment method',
    ).toEqual([]);
  });

  it('no event was booked after it took place, nor a record changed in the future', async () => {
    expect(await rows(`SELECT id FROM events WHERE created_at > starts_at OR created_at > now()`)).toEqual([]);
    expect(await rows(`SELECT id FROM orders WHERE created_at > now() OR updated_at > now()`)).toEqual([]);
  });

  it('has Russian-speaking clients with Cyrillic names, one of whom bought and pays by bill: the admin prints the invoice with the name as written', async () => {
    const russian = await rows<{ id: number; name: string; surname: string; order_id: number | null }>(
      `SELECT u.id, u.name, u.surname, (SELECT min(o.id) FROM orders o WHERE o.client_id = u.id AND o.payment_method = 'bill') AS order_id
         FROM users u WHERE u.locale = 'ru' ORDER BY u.id`,
    );
    expect(russian.length).toBeGreaterThanOrEqual(5);
    expect(russian.filter((r) => !/^[\u0400-\u04FF]+$/.test(r.name) || !/^[\u0400-\u04FF]+$/.test(r.surname))).toEqual([]);
    const buyer = russian.find((r) => r.order_id !== null);
    expect(buyer, 'a Russian-speaking client with an order paid by bill').toBeDefined();
    const admin = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const invoice = await injectAs(t.app, admin, { method: 'GET', url: `/api/finances/order/${buyer!.order_id}/invoice.pdf` });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(pdfText(invoice.rawPayload)).toContain(`${buyer!.name} ${buyer!.surname}`);
  });

  it('the demo call agent finds calls in their log: each matched one once in its client’s contact history, one left to attach', async () => {
    const cookie = await login(t.app, 'ca@demo.test', DEMO_PASSWORD);
    const log = await injectAs(t.app, cookie, { method: 'GET', url: '/api/account/aircall-logs' });
    expect(log.statusCode, log.body).toBe(200);
    const calls = log.json<{ data: { id: number; clientId: number | null; outcome: string; endedAt: string | null }[] }>().data;
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(calls.filter((c) => c.clientId === null)).toHaveLength(1);
    expect(new Set(calls.map((c) => c.outcome))).toEqual(new Set(['answered', 'missed', 'not_reached']));
    expect(calls.every((c) => c.endedAt !== null && new Date(c.endedAt).getTime() <= Date.now())).toBe(true);
    const entries = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM telephony_calls t JOIN contact_history h ON h.id = t.history_entry_id AND h.user_id = t.client_id`,
    );
    expect(entries[0]!.n).toBe(calls.filter((c) => c.clientId !== null).length);
  });

  it.each(['ca@demo.test', 'sa@demo.test', 'ia@demo.test', 'admin@demo.test'])(
    '%s, offered by the README, starts a call with the local telephony',
    async (email) => {
      const cookie = await login(t.app, email, DEMO_PASSWORD);
      const list = await injectAs(t.app, cookie, { method: 'GET', url: '/api/clients?limit=50' });
      expect(list.statusCode, list.body).toBe(200);
      const callable = list
        .json<{ data: { id: number; user: { mobile_phone?: string | null; phone?: string | null } }[] }>()
        .data.find((c) => c.user.mobile_phone || c.user.phone);
      expect(callable, 'a client with a phone in the list').toBeDefined();
      const call = await injectAs(t.app, cookie, { method: 'GET', url: `/api/clients/initiate-call/${callable!.id}` });
      expect(call.statusCode, call.body).toBe(200);
      expect(call.json()).toMatchObject({ data: { provider: 'local', status: 'recorded' } });
    },
  );

  it('a role without calls is refused, and a call to an unknown client is a clear 4xx', async () => {
    const partner = await login(t.app, 'partner@demo.test', DEMO_PASSWORD);
    expect((await injectAs(t.app, partner, { method: 'GET', url: '/api/clients/initiate-call/1' })).statusCode).toBe(403);
    const ca = await login(t.app, 'ca@demo.test', DEMO_PASSWORD);
    expect((await injectAs(t.app, ca, { method: 'GET', url: '/api/clients/initiate-call/999999' })).statusCode).toBe(404);
    expect((await injectAs(t.app, ca, { method: 'GET', url: '/api/clients/initiate-call/abc' })).statusCode).toBe(400);
  });
});
