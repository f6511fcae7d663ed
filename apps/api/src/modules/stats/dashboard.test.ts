import { zurichClock, type CallAgentStatsDto, type DashboardStatisticDto, type SalesAgentStatsDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEvent, buildTeam, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { refreshStats } from './aggregate.service.ts';

/**
 * GET /api/stats/dashboard-statistic on a small hand-built data set whose every card is known: the
 * month's figures in March 2025 (`?year=2025&month=3`), "today" figures dated now, "as things stand"
 * figures from every date. The definitions are those of docs/statistics.md ("Dashboard cards").
 */

let t: TestApp;
let team: Record<'admin' | 'sa1' | 'sa2' | 'ia' | 'ca1' | 'ca2' | 'pa' | 'partner' | 'user' | 'ocr', Staff>;
let product = 0;

type Dashboard = DashboardStatisticDto['data'];

async function dashboard(who: Staff, q = '?year=2025&month=3'): Promise<Dashboard> {
  const res = await injectAs(t.app, who.cookie, { method: 'GET', url: `/api/stats/dashboard-statistic${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Dashboard }>().data;
}
const cardsOf = (d: Dashboard) => Object.fromEntries(d.cards.map((c) => [c.id, c.value]));
const linkOf = (d: Dashboard, id: string) => d.cards.find((c) => c.id === id)?.link;

async function presentation(agent: Staff, f: { startsAt: Date | string; status: string; bookedBy?: Staff; bookedAt: string }) {
  const clientId = await buildClient(t, {});
  return buildEvent(t, {
    clientId,
    agentId: agent.id,
    startsAt: new Date(f.startsAt),
    status: f.status,
    createdById: f.bookedBy?.id ?? null,
    createdAt: new Date(f.bookedAt),
  });
}

async function order(f: { agent: Staff; clientId?: number; eventId: number; at: string; status: string; lines: number[] }) {
  const clientId = f.clientId ?? (await buildClient(t, {}));
  const { rows } = await t.pool.query<{ id: number }>(
    `INSERT INTO orders (client_id, event_id, agent_id, status, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [clientId, f.eventId, f.agent.id, f.status, f.at],
  );
  for (const price of f.lines) {
    await t.pool.query(
      `INSERT INTO event_products (event_id, order_id, product_id, status, quantity, price) VALUES ($1, $2, $3, 'sell', 1, $4)`,
      [f.eventId, rows[0]!.id, product, price],
    );
  }
  return rows[0]!.id;
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

function call(agent: Staff, status: string, at: Date) {
  return buildClient(t, {}).then((clientId) =>
    t.pool.query(
      `INSERT INTO contact_history (user_id, type, flow, status, agent_id, created_at) VALUES ($1, 'call', 'lead_flow', $2, $3, $4)`,
      [clientId, status, agent.id, at],
    ),
  );
}

const now = new Date();
const today = zurichClock(now);

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
  const res = await injectAs(t.app, team.admin.cookie, {
    method: 'POST',
    url: '/api/product',
    payload: { code: 'W', name: 'Wasserfilter', type: 'main', default_price: 100_000, status: 'active' },
  });
  expect(res.statusCode, res.body).toBe(201);
  product = res.json<{ data: { id: number } }>().data.id;

  // Leads of March 2025: two by sa1, one by the promotion agent (not a sales agent: not in the funnel).
  await buildClient(t, { createdById: team.sa1.id, createdAt: '2025-03-03T10:00:00Z' });
  await buildClient(t, { createdById: team.sa1.id, createdAt: '2025-03-31T21:30:00Z' }); // 31 March 23:30 in Zurich
  await buildClient(t, { createdById: team.sa2.id, createdAt: '2025-03-31T22:30:00Z' }); // 1 April in Zurich
  // The promotion agent's leads of 2025 and what became of them; one of 2024 does not count.
  await buildClient(t, { createdById: team.pa.id, createdAt: '2025-03-10T10:00:00Z', status: 'buy_product' });
  await buildClient(t, { createdById: team.pa.id, createdAt: '2025-05-10T10:00:00Z', status: 'not_interested' });
  await buildClient(t, { createdById: team.pa.id, createdAt: '2025-06-10T10:00:00Z', status: 'not_interested' });
  await buildClient(t, { createdById: team.pa.id, createdAt: '2024-06-10T10:00:00Z', status: 'buy_product' });
  await buildClient(t, { createdById: team.partner.id, createdAt: '2025-02-10T10:00:00Z', status: 'buy_other_products' });
  // The partner referred two people (one they also entered), the promotion agent one.
  await buildClient(t, { referredById: team.partner.id, createdById: team.partner.id, createdAt: '2025-02-11T10:00:00Z' });
  await buildClient(t, { referredById: team.partner.id });
  await buildClient(t, { referredById: team.pa.id });

  // Demos of March 2025: sa1 held one and lost one (booked by ca1 in March), sa2 held one (booked by ca2 in February).
  const e1 = await presentation(team.sa1, {
    startsAt: '2025-03-05T09:00:00Z',
    status: 'success',
    bookedBy: team.ca1,
    bookedAt: '2025-03-01T10:00:00Z',
  });
  await presentation(team.sa1, {
    startsAt: '2025-03-18T09:00:00Z',
    status: 'canceled',
    bookedBy: team.ca1,
    bookedAt: '2025-03-02T10:00:00Z',
  });
  const e3 = await presentation(team.sa2, {
    startsAt: '2025-03-20T09:00:00Z',
    status: 'success',
    bookedBy: team.ca2,
    bookedAt: '2025-02-20T10:00:00Z',
  });
  // Today: sa1 has two visits, sa2 one; a visit of sa1 tomorrow is not today's.
  const todayAt = (hour: number) => new Date(Date.UTC(today.year, today.month - 1, today.day, hour - 1));
  await presentation(team.sa1, { startsAt: todayAt(9), status: 'planned', bookedAt: '2025-03-01T10:00:00Z' });
  await presentation(team.sa1, { startsAt: todayAt(14), status: 'planned', bookedAt: '2025-03-01T10:00:00Z' });
  await presentation(team.sa2, { startsAt: todayAt(10), status: 'planned', bookedAt: '2025-03-01T10:00:00Z' });
  await presentation(team.sa1, {
    startsAt: new Date(todayAt(9).getTime() + 24 * 3600_000),
    status: 'planned',
    bookedAt: '2025-03-01T10:00:00Z',
  });

  // Orders: sa1 sold CHF 2'000 in March (open, waiting for its product), sa2's March order is canceled, an
  // order of January is closed and delivered, the client's own order of 2024 is pending.
  const o1 = await order({ agent: team.sa1, eventId: e1, at: '2025-03-10T10:00:00Z', status: 'open', lines: [120_000, 80_000] });
  await order({ agent: team.sa2, eventId: e3, at: '2025-03-21T10:00:00Z', status: 'canceled', lines: [50_000] });
  const o3 = await order({ agent: team.sa2, eventId: e3, at: '2025-01-21T10:00:00Z', status: 'closed', lines: [70_000] });
  await t.pool.query('UPDATE event_products SET delivered = true WHERE order_id = $1', [o3]);
  await order({ agent: team.sa1, clientId: team.user.id, eventId: e1, at: '2024-11-02T10:00:00Z', status: 'pending', lines: [30_000] });

  // Commissions: sa1's sale of March; the promotion agent's L1 of 2025 (open) and of 2024 (paid).
  await commission(team.sa1, o1, 'sale', 20_000, 'open', '2025-03-10T10:00:00Z');
  await commission(team.sa2, o1, 'l1', 5_000, 'open', '2025-03-10T10:00:00Z');
  await commission(team.pa, o1, 'l1', 1_500, 'open', '2025-04-01T10:00:00Z');
  await commission(team.pa, o1, 'l2', 700, 'pending', '2025-04-01T10:00:00Z');
  await commission(team.pa, o3, 'l1', 900, 'paid', '2024-04-01T10:00:00Z');
  // One open receipt and one paid: one to pay.
  await t.pool.query(
    `INSERT INTO commission_receipts (agent_id, period_from, period_to, status, total) VALUES ($1, '2025-03-01', '2025-03-31', 'open', 20000)`,
    [team.sa1.id],
  );
  await t.pool.query(
    `INSERT INTO commission_receipts (agent_id, period_from, period_to, status, total) VALUES ($1, '2025-02-01', '2025-02-28', 'paid', 100)`,
    [team.sa2.id],
  );

  // Calls today: ca1 made three (two reached), ca2 one; ca1's call of three days ago is not today's.
  await call(team.ca1, 'sale_agents', now);
  await call(team.ca1, 'not_answered', now);
  await call(team.ca1, 'not_interested', now);
  await call(team.ca2, 'sale_agents', now);
  await call(team.ca1, 'sale_agents', new Date(now.getTime() - 3 * 24 * 3600_000));

  // Recalls: two leads due (yesterday, this morning), one due tomorrow.
  for (const hours of [-24, -1, 24]) {
    await buildClient(t, { status: 'call_agents', nextRecallAt: new Date(now.getTime() + hours * 3600_000) });
  }

  // The client's recommendations: two of theirs, one of another client.
  const other = await buildClient(t, {});
  for (const [userId, name] of [
    [team.user.id, 'Eva'],
    [team.user.id, 'Max'],
    [other, 'Zoe'],
  ] as const) {
    await t.pool.query(`INSERT INTO recommendations (user_id, name, created_by_id) VALUES ($1, $2, $1)`, [userId, name]);
  }

  // The OCR manager's checked upload: three rows, one reviewed; the admin's upload is not theirs.
  for (const [by, reviewed] of [
    [team.ocr, [false, false, true]],
    [team.admin, [false]],
  ] as const) {
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO import_batches (import_type, file_name, file_sha256, created_by_id, stage, progress) VALUES ('leads', 'a.csv', 'x', $1, 'ready', 100) RETURNING id`,
      [by.id],
    );
    for (const [i, r] of reviewed.entries()) {
      await t.pool.query(
        `INSERT INTO import_rows (batch_id, row_no, import_type, created_by_id, data, review_status) VALUES ($1, $2, 'leads', $3, $4, $5)`,
        [rows[0]!.id, i + 1, by.id, JSON.stringify({ name: `N${i}`, surname: 'S' }), r ? 'reviewed' : 'not_reviewed'],
      );
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/stats/dashboard-statistic', () => {
  it("shows the admin the month's funnel and money, and what waits for the office, each with the list behind it", async () => {
    const d = await dashboard(team.admin);
    expect(d).toMatchObject({ role: 'admin', year: 2025, month: 3 });
    expect(cardsOf(d)).toEqual({
      leads_month: 2,
      demos_booked_month: 3,
      demos_held_month: 2,
      sales_month: 1,
      revenue_month: 200_000,
      orders_to_check: 2,
      deliveries_due: 2,
      receipts_to_pay: 1,
    });
    expect(d.charts.funnel).toEqual([
      { step: 'leads', count: 2, rate: null },
      { step: 'demos_booked', count: 3, rate: 150 },
      { step: 'demos_held', count: 2, rate: 66.7 },
      { step: 'sales', count: 1, rate: 50 },
    ]);
    expect(linkOf(d, 'sales_month')).toEqual({
      path: '/admin-dashboard/total-statistics',
      query: { tab: 'sales', year: '2025', from: '3', to: '3' },
    });
    expect(linkOf(d, 'orders_to_check')).toEqual({ path: '/admin-dashboard/finances', query: { tab: 'orders' } });
    expect(linkOf(d, 'deliveries_due')).toEqual({ path: '/admin-dashboard/warehouse', query: { tab: 'deliver' } });
    expect(linkOf(d, 'receipts_to_pay')).toEqual({ path: '/admin-dashboard/admin-payments', query: {} });
    // The call agents' figures are the call agents' own (the admin's cards need none of them: not computed).
    expect(d.call_agent).toBeNull();
    expect(d.computed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('counts each card as the list behind it counts', async () => {
    const d = await dashboard(team.admin);
    const get = async (url: string) => {
      const res = await injectAs(t.app, team.admin.cookie, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ total?: number; data: { to_deliver?: { total: number }; receipts?: { total: number } } }>();
    };
    expect((await get('/api/finances/orders')).total).toBe(cardsOf(d).orders_to_check);
    expect((await get('/api/warehouse')).data.to_deliver!.total).toBe(cardsOf(d).deliveries_due);
    expect((await get('/api/admin-payments')).data.receipts!.total).toBe(cardsOf(d).receipts_to_pay);
    const stats = await get('/api/stats/sales-agent?year=2025&from=3&to=3');
    expect((stats.data as unknown as { table: { total: { sales: number; sold: number } } }).table.total).toMatchObject({
      sales: cardsOf(d).sales_month,
      sold: cardsOf(d).revenue_month,
    });
  });

  it("narrows an admin's funnel to one agent", async () => {
    const d = await dashboard(team.admin, `?year=2025&month=3&agent_id=${team.sa2.id}`);
    expect(cardsOf(d)).toMatchObject({ leads_month: 0, demos_booked_month: 1, demos_held_month: 1, sales_month: 0, revenue_month: 0 });
    expect(linkOf(d, 'sales_month')?.query.agent_id).toBe(String(team.sa2.id));
  });

  it("shows a sales agent today's visits and their own month, never a colleague's", async () => {
    const sa1 = await dashboard(team.sa1);
    expect(cardsOf(sa1)).toMatchObject({ visits_today: 2, own_sales_month: 1, own_revenue_month: 200_000, own_commissions_month: 20_000 });
    expect(sa1.cards.map((c) => c.id)).toEqual([
      'visits_today',
      'own_sales_month',
      'own_revenue_month',
      'own_commissions_month',
      'clients_in_list',
    ]);
    expect(linkOf(sa1, 'visits_today')).toEqual({ path: '/sa-dashboard/calendar', query: { view: 'day', date: sa1.today } });
    expect(sa1.charts.funnel.map((s) => s.count)).toEqual([2, 2, 1, 1]);
    const sa2 = await dashboard(team.sa2);
    expect(cardsOf(sa2)).toMatchObject({ visits_today: 1, own_sales_month: 0, own_revenue_month: 0, own_commissions_month: 5_000 });
    // The clients card counts as the clients list's first tab does.
    const list = await injectAs(t.app, team.sa1.cookie, { method: 'GET', url: '/api/clients?tableName=buyers' });
    expect(cardsOf(sa1).clients_in_list).toBe(list.json<{ total: number }>().total);
  });

  it("shows a call agent today's calls and the demos they booked this month", async () => {
    const ca1 = await dashboard(team.ca1);
    expect(cardsOf(ca1)).toMatchObject({ calls_today: 3, reached_today: 2, own_demos_booked_month: 2, own_demos_held_month: 1 });
    expect(linkOf(ca1, 'own_demos_booked_month')).toEqual({
      path: '/ca-dashboard/total-statistics',
      query: { tab: 'call', year: '2025', from: '3', to: '3' },
    });
    // Today's calls open the call tab narrowed to today, whose own row holds the same numbers.
    const today = linkOf(ca1, 'calls_today');
    expect(today).toEqual({ path: '/ca-dashboard/total-statistics', query: { tab: 'call', day: ca1.today } });
    expect(linkOf(ca1, 'reached_today')).toEqual(today);
    const tab = await injectAs(t.app, team.ca1.cookie, { method: 'GET', url: `/api/stats/call-agent?day=${ca1.today}` });
    expect(tab.json<CallAgentStatsDto>().data.table.rows[0]).toMatchObject({ calls: 3, reached: 2 });
    expect(cardsOf(await dashboard(team.ca2))).toMatchObject({ calls_today: 1, reached_today: 1, own_demos_booked_month: 0 });
    // Recalls due: the clients of the first tab with an open recall up to today, as that list counts them with the link's filter.
    const link = linkOf(ca1, 'recalls_due')!;
    expect(link).toEqual({ path: '/ca-dashboard/clients', query: { tab: 'b2c', open_recalls_to: ca1.today } });
    const list = await injectAs(t.app, team.ca1.cookie, { method: 'GET', url: `/api/clients?tableName=b2c&open_recalls_to=${ca1.today}` });
    expect(cardsOf(ca1).recalls_due).toBe(list.json<{ total: number }>().total);
    expect(cardsOf(ca1).recalls_due).toBe(2);
  });

  it('shows a promotion agent and a partner their leads of the year, what became of them and their commissions', async () => {
    const pa = await dashboard(team.pa);
    expect(cardsOf(pa)).toMatchObject({
      own_leads_year: 3,
      own_leads_bought_year: 1,
      own_commissions_year: 2_200,
      own_commissions_open: 2_200,
    });
    expect(pa.table.rows).toEqual([
      { status: 'not_interested', count: 2 },
      { status: 'buy_product', count: 1 },
    ]);
    expect(pa.leads).toEqual({ created: 3, bought: 1 });
    // The leads of the year that bought: the buyers tab with the year and "created by me", counted by that list.
    const bought = linkOf(pa, 'own_leads_bought_year')!;
    expect(bought).toEqual({
      path: '/pa-dashboard/clients',
      query: { tab: 'buyers', created_at_from: '2025-01-01', created_at_to: '2025-12-31', created_by_me: 'true' },
    });
    const buyers = await injectAs(t.app, team.pa.cookie, {
      method: 'GET',
      url: '/api/clients?tableName=buyers&created_at_from=2025-01-01&created_at_to=2025-12-31&created_by_me=true',
    });
    expect(buyers.json<{ total: number }>().total).toBe(cardsOf(pa).own_leads_bought_year);
    // No list holds all of a promotion agent's leads across the tabs: that card has no link.
    expect(linkOf(pa, 'own_leads_year')).toBeNull();
    const partner = await dashboard(team.partner);
    expect(cardsOf(partner)).toEqual({
      own_referrals: 2,
      own_leads_year: 2,
      own_leads_bought_year: 1,
      own_commissions_year: 0,
      own_commissions_open: 0,
    });
    const list = await injectAs(t.app, team.partner.cookie, { method: 'GET', url: '/api/partner-users' });
    expect(list.json<{ total: number }>().total).toBe(cardsOf(partner).own_referrals);
    expect(linkOf(partner, 'own_referrals')).toEqual({ path: '/partner-dashboard/partner-users', query: {} });
    // The partner list counts the referrals of every year: the leads of the year have no list of their own.
    expect(linkOf(partner, 'own_leads_year')).toBeNull();
    expect(linkOf(partner, 'own_leads_bought_year')).toBeNull();
    expect(cardsOf(await dashboard(team.pa, '?year=2024'))).toMatchObject({
      own_leads_year: 1,
      own_commissions_year: 900,
      own_commissions_open: 2_200,
    });
  });

  it('shows an independent agent their visits, sales, leads and commissions', async () => {
    const ia = await dashboard(team.ia);
    expect(ia.cards.map((c) => c.id)).toEqual([
      'visits_today',
      'own_sales_month',
      'own_leads_year',
      'own_leads_bought_year',
      'own_commissions_year',
      'own_commissions_open',
      'clients_in_list',
    ]);
    expect(linkOf(ia, 'own_commissions_year')).toEqual({ path: '/ia-dashboard/finances', query: { tab: 'commissions' } });
    // The leads of the year are the agent's own row of the sales agents tab for the year.
    expect(linkOf(ia, 'own_leads_year')).toEqual({
      path: '/ia-dashboard/total-statistics',
      query: { tab: 'sales', year: '2025', from: '1', to: '12' },
    });
    const sales = await injectAs(t.app, team.ia.cookie, { method: 'GET', url: '/api/stats/sales-agent?year=2025' });
    expect(sales.json<SalesAgentStatsDto>().data.table.rows.find((r) => r.agent.id === team.ia.id)?.leads_created ?? 0).toBe(
      cardsOf(ia).own_leads_year,
    );
  });

  it('shows the OCR manager the rows of their imports waiting for review', async () => {
    const d = await dashboard(team.ocr);
    expect(d.cards).toEqual([
      { id: 'import_rows_to_review', value: 2, unit: 'count', period: 'now', link: { path: '/om-dashboard/import', query: {} } },
    ]);
  });

  it('shows a client their products and their recommendations', async () => {
    const d = await dashboard(team.user);
    expect(cardsOf(d)).toEqual({ own_products: 1, own_recommendations: 2 });
    expect(d.sales_agent).toBeNull();
    expect(d.charts.funnel).toEqual([]);
  });

  it('answers the same from the pre-aggregated figures and says when they were computed', async () => {
    const plain = await dashboard(team.admin);
    const plainSa = await dashboard(team.sa1);
    const taken = new Date(Date.now() - 20_000);
    await refreshStats(t.db, [2025], () => taken);
    try {
      const snapshot = await dashboard(team.admin);
      expect(snapshot.cards).toEqual(plain.cards);
      expect(snapshot.computed_at).toBe(taken.toISOString());
      const sa = await dashboard(team.sa1);
      expect(sa.cards).toEqual(plainSa.cards);
      expect(sa.computed_at).toBe(taken.toISOString());
    } finally {
      // Older than a minute: the later tests read the plain statements again.
      await refreshStats(t.db, [2025], () => new Date(Date.now() - 3_600_000));
    }
  });

  it('defaults to the current Zurich month', async () => {
    const d = await dashboard(team.admin, '');
    expect([d.year, d.month]).toEqual([today.year, today.month]);
    expect(d.today).toBe(`${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`);
  });

  it("refuses an agent another agent's numbers", async () => {
    for (const who of [team.sa1, team.ca1, team.pa, team.user]) {
      const res = await injectAs(t.app, who.cookie, { method: 'GET', url: `/api/stats/dashboard-statistic?agent_id=${team.sa2.id}` });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ field_validation: { agent_id: 'invalid_value' } });
    }
    // Naming oneself is allowed.
    const own = await injectAs(t.app, team.sa1.cookie, { method: 'GET', url: `/api/stats/dashboard-statistic?agent_id=${team.sa1.id}` });
    expect(own.statusCode).toBe(200);
  });

  it('refuses the signed-out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/dashboard-statistic' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a malformed query with an error per field', async () => {
    const res = await injectAs(t.app, team.admin.cookie, {
      method: 'GET',
      url: '/api/stats/dashboard-statistic?year=abc&month=13&agent_id=-1',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { year: 'invalid_value', month: 'invalid_value', agent_id: 'invalid_value' } });
  });
});
