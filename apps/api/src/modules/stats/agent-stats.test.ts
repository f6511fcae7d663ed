import { zurichClock, type CallAgentStatsDto, type OrderDto, type SalesAgentStatsDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEvent, buildTeam, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';

/**
 * The agents' statistics on a small hand-built year (2025) whose every figure is known; the definitions
 * are those of docs/statistics.md. Rows are written as the modules store them, dated where the test
 * needs them (Zurich month boundaries included).
 */

let t: TestApp;
let team: Record<'admin' | 'sa1' | 'sa2' | 'ia' | 'ca1' | 'ca2' | 'pa' | 'partner' | 'user' | 'ocr', Staff>;
let product = 0;
const orderIds: number[] = [];

type Sales = SalesAgentStatsDto['data'];
type Calls = CallAgentStatsDto['data'];

async function get<T>(who: Staff, url: string, expected = 200): Promise<T> {
  const res = await injectAs(t.app, who.cookie, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(expected);
  return res.json<{ data: T }>().data;
}
const sales = (who: Staff, q = '') => get<Sales>(who, `/api/stats/sales-agent${q}`);
const calls = (who: Staff, q = '') => get<Calls>(who, `/api/stats/call-agent${q}`);
const rowOf = <R extends { agent: { id: number } }>(rows: R[], who: Staff) => rows.find((r) => r.agent.id === who.id);

async function presentation(agent: Staff, f: { startsAt: string; status: string; bookedBy?: Staff; bookedAt: string; type?: string }) {
  const clientId = await buildClient(t, {});
  return buildEvent(t, {
    clientId,
    agentId: agent.id,
    startsAt: new Date(f.startsAt),
    status: f.status,
    type: (f.type ?? 'presentation') as 'presentation',
    createdById: f.bookedBy?.id ?? null,
    createdAt: new Date(f.bookedAt),
  });
}

/** An order with its product lines and payments, made at `at`; answers its id. */
async function order(f: {
  agent: Staff;
  callAgent?: Staff;
  eventId: number;
  at: string;
  lines: [quantity: number, price: number, status: 'sell' | 'gift'][];
  payments?: number[];
  status?: string;
  discount?: number;
  bank?: number;
}): Promise<number> {
  const clientId = await buildClient(t, {});
  const { rows } = await t.pool.query<{ id: number }>(
    `INSERT INTO orders (client_id, event_id, agent_id, call_agent_id, status, discount_rec_sum, bank_processing_commission, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [clientId, f.eventId, f.agent.id, f.callAgent?.id ?? null, f.status ?? 'open', f.discount ?? 0, f.bank ?? 0, f.at],
  );
  const id = rows[0]!.id;
  for (const [quantity, price, status] of f.lines) {
    await t.pool.query(
      `INSERT INTO event_products (event_id, order_id, product_id, status, quantity, price) VALUES ($1, $2, $3, $4, $5, $6)`,
      [f.eventId, id, product, status, quantity, price],
    );
  }
  for (const amount of f.payments ?? []) {
    await t.pool.query(`INSERT INTO order_payments (order_id, amount, paid_at) VALUES ($1, $2, '2025-06-30')`, [id, amount]);
  }
  orderIds.push(id);
  return id;
}

function commission(agent: Staff, orderId: number, reason: string, amount: number, status: string, at: string) {
  return t.pool.query(`INSERT INTO commissions (order_id, agent_id, reason, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    orderId,
    agent.id,
    reason,
    amount,
    status,
    at,
  ]);
}

function contact(agent: Staff, clientId: number, type: string, status: string | null, at: string, flow = 'lead_flow') {
  return t.pool.query(`INSERT INTO contact_history (user_id, type, flow, status, agent_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    clientId,
    type,
    flow,
    status,
    agent.id,
    at,
  ]);
}

const current = zurichClock(new Date()).year;

beforeAll(async () => {
  t = await createTestApp();
  team = await buildTeam(t, {
    admin: 'admin',
    sa1: 'sales_agent',
    sa2: 'sales_agent',
    ia: 'independent_agent',
    ca1: 'call_agent',
    ca2: 'call_agent',
    pa: 'prom_agent',
    partner: 'partner',
    user: 'user',
    ocr: 'ocr_manager',
  });
  const names: [Staff, string, string][] = [
    [team.sa1, 'Anna', 'Alpha'],
    [team.sa2, 'Bruno', 'Beta'],
    [team.ia, 'Ida', 'Indy'],
    [team.ca1, 'Carla', 'Call'],
    [team.ca2, 'Dora', 'Dial'],
  ];
  for (const [who, name, surname] of names) {
    await t.pool.query('UPDATE users SET name = $1, surname = $2 WHERE id = $3', [name, surname, who.id]);
  }
  const res = await injectAs(t.app, team.admin.cookie, {
    method: 'POST',
    url: '/api/product',
    payload: { code: 'W', name: 'Wasserfilter', type: 'main', default_price: 100_000, status: 'active' },
  });
  expect(res.statusCode, res.body).toBe(201);
  product = res.json<{ data: { id: number } }>().data.id;

  // Presentations: a sales agent's by when they take place, a call agent's by when they booked them.
  const e1 = await presentation(team.sa1, {
    startsAt: '2025-03-05T09:00:00Z',
    status: 'success',
    bookedBy: team.ca1,
    bookedAt: '2025-02-20T10:00:00Z',
  });
  const e2 = await presentation(team.sa1, {
    startsAt: '2025-01-10T09:00:00Z',
    status: 'success',
    bookedBy: team.ca1,
    bookedAt: '2024-12-15T10:00:00Z',
  });
  const e3 = await presentation(team.sa1, {
    startsAt: '2025-03-18T09:00:00Z',
    status: 'canceled',
    bookedBy: team.ca1,
    bookedAt: '2025-03-01T10:00:00Z',
  });
  await presentation(team.sa1, {
    startsAt: '2025-04-02T09:00:00Z',
    status: 'planned',
    bookedBy: team.ca2,
    bookedAt: '2025-03-25T10:00:00Z',
  });
  await presentation(team.sa1, { startsAt: '2025-04-10T09:00:00Z', status: 'success', bookedAt: '2025-04-01T10:00:00Z', type: 'service' });
  const e6 = await presentation(team.sa2, {
    startsAt: '2025-02-03T09:00:00Z',
    status: 'success',
    bookedBy: team.ca2,
    bookedAt: '2025-01-20T10:00:00Z',
  });
  await presentation(team.sa2, {
    startsAt: '2025-05-05T09:00:00Z',
    status: 'remeet',
    bookedBy: team.admin,
    bookedAt: '2025-05-01T10:00:00Z',
  });
  const e8 = await presentation(team.ia, {
    startsAt: '2025-06-01T09:00:00Z',
    status: 'success',
    bookedBy: team.ia,
    bookedAt: '2025-05-20T10:00:00Z',
  });
  const e9 = await presentation(team.sa1, {
    startsAt: '2025-07-01T09:00:00Z',
    status: 'success',
    bookedBy: team.ca1,
    bookedAt: '2025-06-10T10:00:00Z',
  });

  // Orders: O2 is made on 1 January 2025 at 00:30 in Zurich, O4 on 1 February, O5 on 1 January 2026.
  const o1 = await order({
    agent: team.sa1,
    callAgent: team.ca1,
    eventId: e1,
    at: '2025-03-10T10:00:00Z',
    lines: [
      [2, 100_000, 'sell'],
      [1, 50_000, 'gift'],
    ],
    discount: 10_000,
    bank: 2_500,
    payments: [50_000, 30_000],
  });
  await order({
    agent: team.sa1,
    callAgent: team.ca1,
    eventId: e2,
    at: '2024-12-31T23:30:00Z',
    lines: [[1, 99_999, 'sell']],
    payments: [99_999],
  });
  await order({ agent: team.sa1, eventId: e3, at: '2025-03-20T10:00:00Z', lines: [[1, 40_000, 'sell']], status: 'canceled' });
  await order({
    agent: team.sa2,
    callAgent: team.ca2,
    eventId: e6,
    at: '2025-01-31T23:30:00Z',
    lines: [[3, 33_333, 'sell']],
    discount: 200_000,
    bank: 1_000,
  });
  await order({ agent: team.sa1, eventId: e9, at: '2025-12-31T23:30:00Z', lines: [[1, 7_000, 'sell']] });
  const o6 = await order({ agent: team.ia, eventId: e8, at: '2025-06-01T10:00:00Z', lines: [[1, 10_000, 'sell']], payments: [10_000] });
  // One order made now: the default year (the current one) shows it.
  await order({ agent: team.sa2, eventId: e6, at: new Date().toISOString(), lines: [[1, 5_000, 'sell']] });

  await commission(team.sa1, o1, 'sale', 20_000, 'open', '2025-03-10T10:00:00Z');
  await commission(team.sa1, o1, 'sale', -5_000, 'open', '2025-04-01T10:00:00Z');
  await commission(team.sa1, o1, 'l1', 3_000, 'paid', '2025-03-11T10:00:00Z');
  await commission(team.ia, o6, 'sale', 1_000, 'paid_as_discount', '2025-06-02T10:00:00Z');
  await commission(team.ia, o6, 'l2', 500, 'pending', '2025-06-02T10:00:00Z');
  await commission(team.ca1, o1, 'ca', 2_500, 'pending', '2025-03-10T10:00:00Z');
  await commission(team.sa2, o6, 'l3', 700, 'paid', '2024-12-15T10:00:00Z');

  // Leads created by the agents.
  await buildClient(t, { createdById: team.sa1.id, createdAt: '2025-02-01T10:00:00Z' });
  await buildClient(t, { createdById: team.sa1.id, createdAt: '2025-08-01T10:00:00Z' });
  await buildClient(t, { createdById: team.sa1.id, createdAt: '2024-08-01T10:00:00Z' });
  await buildClient(t, { createdById: team.ia.id, createdAt: '2025-05-01T10:00:00Z' });
  await buildClient(t, { createdById: team.ca1.id, createdAt: '2025-05-01T10:00:00Z' });

  // Calls: A, B, C by ca1; D, E and A again by ca2.
  const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => buildClient(t, {})));
  await contact(team.ca1, a!, 'call', 'sale_agents', '2025-02-01T10:00:00Z');
  await contact(team.ca1, b!, 'call', 'not_answered', '2025-02-02T10:00:00Z');
  await contact(team.ca1, b!, 'recall', 'call_agents', '2025-02-03T10:00:00Z');
  await contact(team.ca1, c!, 'call', 'wrong_data', '2025-03-01T10:00:00Z');
  await contact(team.ca1, a!, 'sms', null, '2025-02-01T11:00:00Z');
  await contact(team.ca1, a!, 'recall', null, '2025-02-05T11:00:00Z', 'buyer_flow');
  await contact(team.ca2, d!, 'call', 'not_interested', '2025-01-05T10:00:00Z');
  await contact(team.ca2, e!, 'inbound_call', null, '2024-12-31T23:30:00Z');
  await contact(team.ca2, a!, 'call', 'not_answered', '2025-04-01T10:00:00Z');
  await contact(team.sa1, a!, 'call', 'sale_agents', '2025-04-01T10:00:00Z');

  // Returns: a client of sa1 returned the purchase in 2025, one of sa2 in 2024.
  const r1 = await buildClient(t, { linkedAgentId: team.sa1.id });
  const r2 = await buildClient(t, { linkedAgentId: team.sa2.id });
  await t.pool.query(`INSERT INTO status_history (user_id, status, created_at) VALUES ($1, 'buy_and_return', '2025-09-01T10:00:00Z')`, [
    r1,
  ]);
  await t.pool.query(`INSERT INTO status_history (user_id, status, created_at) VALUES ($1, 'buy_and_return', '2024-09-01T10:00:00Z')`, [
    r2,
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/stats/sales-agent', () => {
  it('answers each figure of each sales agent in the year', async () => {
    const data = await sales(team.admin, '?year=2025');
    expect(data).toMatchObject({ year: 2025, from: 1, to: 12, agent_id: null, scope: 'everyone' });
    expect(data.table.rows.map((r) => r.agent.surname)).toEqual(['Alpha', 'Beta', 'Indy']);
    expect(rowOf(data.table.rows, team.sa1)).toEqual({
      agent: { id: team.sa1.id, name: 'Anna', surname: 'Alpha' },
      leads_created: 2,
      demos_booked: 5,
      demos_held: 3,
      sales: 2,
      demo_to_sale: 66.7,
      sold: 292_499,
      paid: 179_999,
      average_order: 146_250,
      cancellations: 1,
      canceled_sum: 40_000,
      returns: 1,
      commissions: 18_000,
      commissions_by_reason: { sale: 15_000, l1: 3_000, l2: 0, l3: 0, ca: 0 },
      commissions_by_status: { open: 15_000, pending: 0, paid: 3_000, paid_as_discount: 0 },
    });
    expect(rowOf(data.table.rows, team.sa2)).toMatchObject({
      demos_booked: 2,
      demos_held: 1,
      sales: 1,
      sold: 1_000,
      paid: 0,
      average_order: 1_000,
      returns: 0,
      commissions: 0,
    });
    expect(rowOf(data.table.rows, team.ia)).toMatchObject({
      leads_created: 1,
      demos_booked: 1,
      sales: 1,
      sold: 10_000,
      paid: 10_000,
      commissions: 1_500,
      commissions_by_reason: { sale: 1_000, l1: 0, l2: 500, l3: 0, ca: 0 },
      commissions_by_status: { open: 0, pending: 500, paid: 0, paid_as_discount: 1_000 },
    });
    expect(data.table.total).toMatchObject({
      leads_created: 3,
      demos_booked: 8,
      demos_held: 5,
      sales: 4,
      demo_to_sale: 80,
      sold: 303_499,
      paid: 189_999,
      average_order: 75_875,
      cancellations: 1,
      canceled_sum: 40_000,
      returns: 1,
      commissions: 19_500,
    });
    expect(Date.now() - Date.parse(data.computed_at)).toBeLessThan(60_000);
  });

  it('counts each order in its Zurich month', async () => {
    const { charts } = await sales(team.admin, '?year=2025');
    expect(charts.months).toHaveLength(12);
    const by = Object.fromEntries(charts.months.map((m) => [m.month, m]));
    expect(by['2025-01']).toMatchObject({ sales: 1, sold: 99_999, paid: 99_999 });
    expect(by['2025-02']).toMatchObject({ sales: 1, sold: 1_000 });
    expect(by['2025-03']).toMatchObject({ sales: 1, sold: 192_500, cancellations: 1, canceled_sum: 40_000, commissions: 23_000 });
    // The planned demo of 2 April counts; the service visit of 10 April is no demo.
    expect(by['2025-04']).toMatchObject({ sales: 0, commissions: -5_000, demos_booked: 1, demos_held: 0 });
    expect(by['2025-12']).toMatchObject({ sales: 0, sold: 0 });
    const y2026 = await sales(team.admin, '?year=2026');
    expect(y2026.charts.months[0]).toMatchObject({ month: '2026-01', sales: 1, sold: 7_000 });
  });

  it('narrows to a period of months and to one agent', async () => {
    const march = await sales(team.admin, '?year=2025&from=3&to=3');
    expect(march.charts.months.map((m) => m.month)).toEqual(['2025-03']);
    expect(march.table.total).toMatchObject({ sales: 1, sold: 192_500, cancellations: 1, demos_booked: 2, demos_held: 1 });
    const sa2 = await sales(team.admin, `?year=2025&agent_id=${team.sa2.id}`);
    expect(sa2.agent_id).toBe(team.sa2.id);
    expect(sa2.table.rows.map((r) => r.agent.id)).toEqual([team.sa2.id]);
    expect(sa2.table.total).toMatchObject({ sales: 1, sold: 1_000, demos_booked: 2 });
    expect(sa2.charts.months.reduce((s, m) => s + m.sales, 0)).toBe(1);
  });

  it('takes the current year by default', async () => {
    const data = await sales(team.admin);
    expect(data.year).toBe(current);
    expect(rowOf(data.table.rows, team.sa2)?.sold).toBe(5_000);
  });

  it('shows a sales agent their own row and months beside the team total, and no other name', async () => {
    const own = await sales(team.sa1, '?year=2025');
    const all = await sales(team.admin, '?year=2025');
    expect(own.scope).toBe('own');
    expect(own.agent_id).toBe(team.sa1.id);
    expect(own.table.rows).toEqual([rowOf(all.table.rows, team.sa1)]);
    expect(own.table.total).toEqual(all.table.total);
    expect(own.charts.months.find((m) => m.month === '2025-01')).toMatchObject({ sales: 1, sold: 99_999 });
    expect(own.charts.months.find((m) => m.month === '2025-02')).toMatchObject({ sales: 0, sold: 0 });
    const body = JSON.stringify(own);
    for (const other of ['Bruno', 'Beta', 'Ida', 'Indy', 'Carla']) {
      expect(body).not.toContain(other);
    }
    const ia = await sales(team.ia, '?year=2025');
    expect(ia.table.rows.map((r) => r.agent.surname)).toEqual(['Indy']);
  });

  it('shows an agent without figures their own empty row', async () => {
    const data = await sales(team.sa2, '?year=2019');
    expect(data.table.rows).toHaveLength(1);
    expect(data.table.rows[0]).toMatchObject({ agent: { id: team.sa2.id }, sales: 0, demo_to_sale: null, average_order: null });
  });

  it("refuses an agent another agent's figures", async () => {
    const res = await injectAs(t.app, team.sa1.cookie, { method: 'GET', url: `/api/stats/sales-agent?agent_id=${team.sa2.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Not allowed.', field_validation: { agent_id: 'invalid_value' } });
  });

  it.each(['ca1', 'pa', 'partner', 'user', 'ocr'] as const)('refuses a %s', async (who) => {
    const res = await injectAs(t.app, team[who].cookie, { method: 'GET', url: '/api/stats/sales-agent' });
    expect(res.statusCode).toBe(403);
  });

  it('answers a malformed query field by field', async () => {
    const res = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/sales-agent?year=abc&from=13&agent_id=-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { year: 'invalid_value', from: 'invalid_value', agent_id: 'invalid_value' } });
    const backwards = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/sales-agent?from=5&to=4' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field_validation: { to: 'invalid_value' } });
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/sales-agent' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/call-agent' })).statusCode).toBe(401);
  });
});

describe('GET /api/stats/call-agent', () => {
  it('answers calls, reached leads, demos booked and held, and sales of each call agent', async () => {
    const data = await calls(team.admin, '?year=2025');
    expect(data.table.rows.map((r) => r.agent.surname)).toEqual(['Call', 'Dial']);
    expect(rowOf(data.table.rows, team.ca1)).toEqual({
      agent: { id: team.ca1.id, name: 'Carla', surname: 'Call' },
      calls: 4,
      reached: 2,
      reach_rate: 50,
      leads_called: 3,
      demos_booked: 3,
      demos_held: 2,
      demos_decided: 3,
      show_up_rate: 66.7,
      lead_to_demo: 100,
      sales: 2,
      demo_to_sale: 100,
      sold: 292_499,
      commissions: 2_500,
    });
    expect(rowOf(data.table.rows, team.ca2)).toMatchObject({
      calls: 3,
      reached: 1,
      reach_rate: 33.3,
      leads_called: 3,
      demos_booked: 2,
      demos_held: 1,
      demos_decided: 1,
      show_up_rate: 100,
      lead_to_demo: 66.7,
      sales: 1,
      sold: 1_000,
    });
    // A lead called by both agents is one lead of the team.
    expect(data.table.total).toMatchObject({
      calls: 7,
      reached: 3,
      reach_rate: 42.9,
      leads_called: 5,
      demos_booked: 5,
      demos_held: 3,
      sales: 3,
      sold: 293_499,
      commissions: 2_500,
    });
    expect(data.charts.months.find((m) => m.month === '2025-01')).toMatchObject({ calls: 2, reached: 1, demos_booked: 1 });
  });

  it('shows a call agent their own row beside the team total', async () => {
    const own = await calls(team.ca2, '?year=2025');
    expect(own.table.rows.map((r) => r.agent.id)).toEqual([team.ca2.id]);
    expect(own.table.total.calls).toBe(7);
    expect(JSON.stringify(own)).not.toContain('Carla');
    expect(own.charts.months.find((m) => m.month === '2025-02')).toMatchObject({ calls: 0 });
  });

  it('narrows to one Zurich day (a dashboard card\'s "today")', async () => {
    const day = await calls(team.admin, '?day=2025-02-01');
    expect(day).toMatchObject({ year: 2025, from: 2, to: 2, day: '2025-02-01' });
    expect(rowOf(day.table.rows, team.ca1)).toMatchObject({ calls: 1, reached: 1, leads_called: 1 });
    expect(day.table.total).toMatchObject({ calls: 1, reached: 1 });
    expect(day.charts.months.map((m) => m.month)).toEqual(['2025-02']);
    // 2024-12-31 23:30 UTC is New Year's Day in Zurich.
    expect((await calls(team.admin, '?day=2025-01-01')).table.total).toMatchObject({ calls: 1 });
    expect((await calls(team.admin, '?day=2024-12-31')).table.total).toMatchObject({ calls: 0 });
    // A call agent sees their own row of the day beside the team's.
    const own = await calls(team.ca1, '?day=2025-02-03');
    expect(own.table.rows.map((r) => r.agent.id)).toEqual([team.ca1.id]);
    expect(own.table.rows[0]).toMatchObject({ calls: 1, reached: 1 });
    expect((await calls(team.admin, '?year=2025')).day).toBeNull();
    // The export of the day holds the day's figures and says which day.
    const csv = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/call-agent/export?day=2025-02-01&format=csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('2025-02-01');
    expect(csv.body).toContain('01.02.2025');
  });

  it.each([
    ['a day that does not exist', '?day=2025-02-30'],
    ['a day written otherwise', '?day=01.02.2025'],
    ['a day and months', '?day=2025-02-01&from=2'],
    ['a day of another year', '?year=2024&day=2025-02-01'],
  ])('refuses %s field by field', async (_name, query) => {
    const res = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: `/api/stats/call-agent${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { day: 'invalid_value' } });
  });

  it.each(['sa1', 'ia', 'pa', 'partner', 'user', 'ocr'] as const)('refuses a %s', async (who) => {
    const res = await injectAs(t.app, team[who].cookie, { method: 'GET', url: '/api/stats/call-agent' });
    expect(res.statusCode).toBe(403);
  });
});

describe('totals', () => {
  const ADDITIVE_SALES = [
    'leads_created',
    'demos_booked',
    'demos_held',
    'sales',
    'sold',
    'paid',
    'cancellations',
    'canceled_sum',
    'returns',
    'commissions',
  ] as const;

  it('equal the sum of the rows, the sum of the months and the orders, payments and commissions themselves', async () => {
    const data = await sales(team.admin, '?year=2025');
    for (const key of ADDITIVE_SALES) {
      expect(
        data.table.rows.reduce((s, r) => s + r[key], 0),
        key,
      ).toBe(data.table.total[key]);
      expect(
        data.charts.months.reduce((s, m) => s + m[key], 0),
        key,
      ).toBe(data.table.total[key]);
    }
    // The finances' own figures of each order, added up: the same Rappen.
    let sold = 0;
    let paid = 0;
    for (const id of orderIds) {
      const res = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: `/api/finances/order/${id}` });
      const o = res.json<{ data: OrderDto }>().data;
      const at = zurichClock(new Date(o.created_at));
      if (at.year === 2025 && o.status !== 'canceled') {
        sold += o.sum;
        paid += o.paid;
      }
    }
    expect(data.table.total.sold).toBe(sold);
    expect(data.table.total.paid).toBe(paid);
    const finances = await get<{ totals: { orders: number; sold: number; paid: number; commissions: number } }>(
      team.admin,
      '/api/stats/finances/?year=2025',
    );
    expect(finances.totals).toMatchObject({ orders: data.table.total.sales, sold: data.table.total.sold, paid: data.table.total.paid });
    const callTab = await calls(team.admin, '?year=2025');
    expect(data.table.total.commissions + callTab.table.total.commissions).toBe(finances.totals.commissions);
  });
});

/** A small deterministic generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { int, pick };
}

describe('totals on generated data', () => {
  it.each([
    [2022, 11],
    [2023, 4242],
  ])('in %i (seed %i) equal the rows, the months and the orders, payments and commissions to the Rappen', async (year, seed) => {
    const r = random(seed);
    const sellers = [team.sa1, team.sa2, team.ia];
    const earners = [team.sa1, team.sa2, team.ia, team.ca1, team.ca2];
    const ids: number[] = [];
    const commissionSum = new Map<number, number>();
    for (let i = 0; i < 30; i += 1) {
      // Any instant of the year, the first and last hours of a month included.
      const month = r.int(1, 12);
      const at = new Date(Date.UTC(year, month - 1, r.pick([1, 15, 28]), r.pick([0, 10, 22, 23]), r.int(0, 59)));
      const seller = r.pick(sellers);
      // A demo of its own time (an agent's demos may not overlap).
      const eventId = await presentation(seller, {
        startsAt: new Date(Date.UTC(year, i % 12, 2 + 3 * Math.floor(i / 12), 12)).toISOString(),
        status: r.pick(['success', 'canceled', 'planned']),
        bookedAt: at.toISOString(),
      });
      const id = await order({
        agent: seller,
        callAgent: r.pick([team.ca1, team.ca2, undefined]),
        eventId,
        at: at.toISOString(),
        lines: Array.from({ length: r.int(1, 3) }, () => [r.int(1, 3), r.int(1, 500_000), r.pick(['sell', 'sell', 'gift'] as const)]),
        payments: Array.from({ length: r.int(0, 3) }, () => r.int(-20_000, 300_000)).filter((p) => p !== 0),
        status: r.pick(['open', 'pending', 'closed', 'canceled', 'on_hold']),
        discount: r.pick([0, 0, r.int(1, 200_000)]),
        bank: r.pick([0, r.int(1, 5_000)]),
      });
      ids.push(id);
      for (let c = r.int(0, 3); c > 0; c -= 1) {
        const earner = r.pick(earners);
        const amount = r.int(-10_000, 50_000);
        await commission(
          earner,
          id,
          r.pick(['sale', 'l1', 'l2', 'l3', 'ca']),
          amount,
          r.pick(['open', 'pending', 'paid', 'paid_as_discount']),
          at.toISOString(),
        );
        commissionSum.set(earner.id, (commissionSum.get(earner.id) ?? 0) + amount);
      }
    }
    const data = await sales(team.admin, `?year=${year}`);
    const callTab = await calls(team.admin, `?year=${year}`);
    expect(data.table.total.sales).toBeGreaterThan(5);
    expect(data.table.total.cancellations).toBeGreaterThan(0);
    expect(data.table.rows.length).toBe(3);
    const additive = ['demos_booked', 'demos_held', 'sales', 'sold', 'paid', 'cancellations', 'canceled_sum', 'commissions'] as const;
    for (const key of additive) {
      expect(
        data.table.rows.reduce((sum, row) => sum + row[key], 0),
        key,
      ).toBe(data.table.total[key]);
      expect(
        data.charts.months.reduce((sum, m) => sum + m[key], 0),
        key,
      ).toBe(data.table.total[key]);
    }
    for (const key of ['sales', 'sold', 'commissions'] as const) {
      expect(
        callTab.table.rows.reduce((sum, row) => sum + row[key], 0),
        key,
      ).toBe(callTab.table.total[key]);
    }
    // The orders and payments as the finances show each order.
    let sold = 0;
    let paid = 0;
    let canceled = 0;
    for (const id of ids) {
      const o = (await injectAs(t.app, team.admin.cookie, { method: 'GET', url: `/api/finances/order/${id}` })).json<{ data: OrderDto }>()
        .data;
      if (zurichClock(new Date(o.created_at)).year !== year) {
        continue;
      }
      if (o.status === 'canceled') {
        canceled += o.sum;
      } else {
        sold += o.sum;
        paid += o.paid;
      }
    }
    expect(data.table.total.sold).toBe(sold);
    expect(data.table.total.paid).toBe(paid);
    expect(data.table.total.canceled_sum).toBe(canceled);
    // The commission rows written, by who earns them.
    const of = (who: Staff[]) => who.reduce((sum, w) => sum + (commissionSum.get(w.id) ?? 0), 0);
    expect(data.table.total.commissions).toBe(of(sellers));
    expect(callTab.table.total.commissions).toBe(of([team.ca1, team.ca2]));
    for (const row of data.table.rows) {
      expect(
        row.commissions_by_reason.sale +
          row.commissions_by_reason.l1 +
          row.commissions_by_reason.l2 +
          row.commissions_by_reason.l3 +
          row.commissions_by_reason.ca,
      ).toBe(row.commissions);
      expect(Object.values(row.commissions_by_status).reduce((a, b) => a + b, 0)).toBe(row.commissions);
    }
  });
});
