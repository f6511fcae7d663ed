import {
  exportCellText,
  LEAD_SOURCES,
  orderDebt,
  orderSum,
  zurichClock,
  type AgentStatsQuery,
  type LeadStatsDto,
  type RoleCode,
} from '@bo/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildEvent, buildTeam, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
// eslint-disable-next-line no-restricted-imports -- the finances statistics read this module's snapshot; the test sets their clock to compare both answers.
import { financeStats } from '../finances/stats.service.ts';
import { callAgentStats, salesAgentStats } from './agents.service.ts';
import { MAX_AGE_MS, refreshedYears, refreshStats, yearsDue } from './aggregate.service.ts';
import { leadStats } from './leads.service.ts';

/**
 * The pre-aggregated statistics (docs/statistics.md "Pre-aggregated figures") on generated data: the
 * answer from the snapshot equals the plain statements' answer for every tab, period, agent filter and
 * role, and every money total equals the sum of the rows it summarises (orders with their lines and
 * payments, commissions), added up here by the domain's own rules, to the Rappen. Then the leads
 * statistics on a small hand-built year (2024) with known answers.
 */

let t: TestApp;
let team: Record<'admin' | 'sa1' | 'sa2' | 'ia' | 'ca1' | 'ca2' | 'pa' | 'partner' | 'user' | 'ocr', Staff>;
let loc1 = 0;
let loc2 = 0;
const YEAR = 2025;

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** An instant in the year or just around it (the Zurich month boundaries at New Year included). */
    instant: (): string => {
      const r = next();
      if (r < 0.05) {
        return `${YEAR - 1}-12-31T23:30:00Z`;
      }
      if (r < 0.1) {
        return `${YEAR}-12-31T23:30:00Z`;
      }
      if (r < 0.15) {
        return `${YEAR}-03-31T22:30:00Z`;
      }
      return new Date(Date.UTC(YEAR, 0, 1) + Math.floor(next() * 364 * 86_400_000)).toISOString();
    },
  };
}

const actor = (who: Staff, role: RoleCode) => ({ userId: who.id, role, sessionId: 'test', impersonatorId: null });
const withoutTime = <T extends { data: { computed_at: string } }>(x: T) => ({ ...x.data, computed_at: undefined });

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
  const loc = async (code: string, name: string) =>
    (await t.pool.query<{ id: number }>(`INSERT INTO locations (code, display_name) VALUES ($1, $2) RETURNING id`, [code, name])).rows[0]!
      .id;
  loc1 = await loc('zh-hb', 'Zürich HB');
  loc2 = await loc('glatt', 'Glattzentrum');
  const { rows } = await t.pool.query<{ id: number }>(`INSERT INTO products (code, name, type, default_price, status)
    VALUES ('W', 'Wasserfilter', 'main', 100000, 'active') RETURNING id`);
  const product = rows[0]!.id;

  const g = random(15);
  const sellers = [team.sa1, team.sa2, team.ia, team.admin];
  const callers = [team.ca1, team.ca2, team.sa1, null];
  // Leads, some of them created by agents; a pool of them is called again and again.
  const leads: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    leads.push(
      await buildClient(t, {
        createdAt: g.instant(),
        createdById: g.pick([team.sa1.id, team.sa2.id, team.ia.id, team.ca1.id, null]),
        leadSource: g.pick([...LEAD_SOURCES, null]),
        leadLocationId: g.pick([loc1, loc2, null]),
        status: g.pick(['potential', 'sale_agents', 'not_interested', 'buy_and_return', null]),
        linkedAgentId: g.pick([team.sa1.id, team.sa2.id, null]),
      }),
    );
  }
  for (let i = 0; i < 40; i += 1) {
    const seller = g.pick(sellers);
    const booker = g.pick(callers);
    const startsAt = Date.parse(g.instant()) + i * 180_000;
    const eventId = await buildEvent(t, {
      clientId: g.pick(leads),
      agentId: seller.id,
      // One minute each, shifted apart: an agent's events may not overlap.
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + 60_000),
      status: g.pick(['planned', 'success', 'remeet', 'canceled']),
      createdById: booker?.id ?? null,
      createdAt: new Date(g.instant()),
    });
    if (i % 4 === 3) {
      continue;
    }
    const o = await t.pool.query<{ id: number }>(
      `INSERT INTO orders (client_id, event_id, agent_id, call_agent_id, status, discount_rec_sum, bank_processing_commission, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        g.pick(leads),
        eventId,
        seller.id,
        g.pick([team.ca1.id, team.ca2.id, null]),
        g.pick(['open', 'open', 'pending', 'checked', 'canceled']),
        g.pick([0, 0, 5_000, 250_000]),
        g.pick([0, 1_990]),
        g.instant(),
      ],
    );
    const orderId = o.rows[0]!.id;
    for (let l = g.int(0, 3); l > 0; l -= 1) {
      await t.pool.query(
        `INSERT INTO event_products (event_id, order_id, product_id, status, quantity, price) VALUES ($1, $2, $3, $4, $5, $6)`,
        [eventId, orderId, product, g.pick(['sell', 'sell', 'gift', 'rec']), g.int(1, 3), g.int(1, 300_000)],
      );
    }
    for (let p = g.int(0, 2); p > 0; p -= 1) {
      await t.pool.query(`INSERT INTO order_payments (order_id, amount, paid_at) VALUES ($1, $2, $3)`, [
        orderId,
        g.pick([g.int(1, 200_000), -g.int(1, 5_000)]),
        g.instant(),
      ]);
    }
    for (let c = g.int(0, 3); c > 0; c -= 1) {
      await t.pool.query(
        `INSERT INTO commissions (order_id, agent_id, reason, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          orderId,
          g.pick([seller.id, team.ca1.id, team.ia.id]),
          g.pick(['sale', 'l1', 'l2', 'l3', 'ca']),
          g.pick([g.int(1, 90_000), -g.int(1, 90_000)]),
          g.pick(['open', 'pending', 'paid', 'paid_as_discount']),
          g.instant(),
        ],
      );
    }
  }
  for (let i = 0; i < 120; i += 1) {
    const caller = g.pick(callers) ?? team.ca1;
    await t.pool.query(`INSERT INTO contact_history (user_id, type, flow, status, agent_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      leads[g.int(0, 11)],
      g.pick(['call', 'inbound_call', 'recall', 'auto_call', 'sms']),
      g.pick(['lead_flow', 'lead_flow', 'lead_flow', 'service_flow']),
      g.pick(['sale_agents', 'call_agents', 'not_interested', 'not_answered', 'wrong_data', null]),
      caller.id,
      g.instant(),
    ]);
  }
  for (let i = 0; i < 12; i += 1) {
    await t.pool.query(`INSERT INTO status_history (user_id, status, created_at) VALUES ($1, 'buy_and_return', $2)`, [
      g.pick(leads),
      g.instant(),
    ]);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('pre-aggregated statistics on generated data', () => {
  it('answer exactly as the plain statements, for every tab, period, agent and role', async () => {
    const at = new Date('2026-01-15T08:00:00Z');
    await refreshStats(t.db, [YEAR], () => at);
    const fresh = new Date(at.getTime() + MAX_AGE_MS);
    const stale = new Date(at.getTime() + MAX_AGE_MS + 1);
    const periods: AgentStatsQuery[] = [
      { year: YEAR },
      { year: YEAR, from: 1, to: 1 },
      { year: YEAR, from: 3, to: 4 },
      { year: YEAR, from: 4, to: 12 },
      { year: YEAR, from: 12, to: 12 },
    ];
    let compared = 0;
    for (const q of periods) {
      const cases: [string, (now: Date) => Promise<{ data: { computed_at: string } }>][] = [
        ['sales, admin', (now) => salesAgentStats(t.db, actor(team.admin, 'admin'), q, now)],
        ['sales, admin, sa1', (now) => salesAgentStats(t.db, actor(team.admin, 'admin'), { ...q, agent_id: team.sa1.id }, now)],
        ['sales, ia own', (now) => salesAgentStats(t.db, actor(team.ia, 'independent_agent'), q, now)],
        ['calls, admin', (now) => callAgentStats(t.db, actor(team.admin, 'admin'), q, now)],
        ['calls, admin, ca2', (now) => callAgentStats(t.db, actor(team.admin, 'admin'), { ...q, agent_id: team.ca2.id }, now)],
        ['calls, ca1 own', (now) => callAgentStats(t.db, actor(team.ca1, 'call_agent'), q, now)],
        ['leads', (now) => leadStats(t.db, { year: q.year!, from: q.from, to: q.to }, now)],
      ];
      if (q.from === undefined) {
        cases.push(
          ['finances, admin', (now) => financeStats(t.db, actor(team.admin, 'admin'), { year: YEAR }, now)],
          ['finances, admin, sa2', (now) => financeStats(t.db, actor(team.admin, 'admin'), { year: YEAR, agent_id: team.sa2.id }, now)],
          ['finances, ia', (now) => financeStats(t.db, actor(team.ia, 'independent_agent'), { year: YEAR }, now)],
        );
      }
      for (const [name, run] of cases) {
        const pre = await run(fresh);
        const plain = await run(stale);
        expect(pre.data.computed_at, name).toBe(at.toISOString());
        expect(plain.data.computed_at, name).toBe(stale.toISOString());
        expect(withoutTime(pre), `${name} ${JSON.stringify(q)}`).toEqual(withoutTime(plain));
        compared += 1;
      }
    }
    expect(compared).toBe(38);
  });

  it('totals equal the sums of the orders, payments and commissions they summarise, to the Rappen', async () => {
    const { rows: orders } = await t.pool.query<{
      id: number;
      agent_id: number | null;
      status: string;
      discount_rec_sum: number;
      bank_processing_commission: number;
      created_at: Date;
    }>('SELECT id, agent_id, status, discount_rec_sum, bank_processing_commission, created_at FROM orders');
    const { rows: lines } = await t.pool.query<{ order_id: number; status: 'sell' | 'gift' | 'rec'; price: number; quantity: number }>(
      'SELECT order_id, status, price, quantity FROM event_products',
    );
    const { rows: payments } = await t.pool.query<{ order_id: number; amount: number }>('SELECT order_id, amount FROM order_payments');
    const { rows: commissions } = await t.pool.query<{ agent_id: number; amount: number; created_at: Date }>(
      'SELECT agent_id, amount, created_at FROM commissions',
    );
    const inYear = (d: Date) => zurichClock(d).year === YEAR;
    const standing = orders.filter((o) => inYear(o.created_at) && o.status !== 'canceled');
    const sumOf = (o: (typeof orders)[number]) =>
      orderSum(
        lines.filter((l) => l.order_id === o.id),
        o.discount_rec_sum,
        o.bank_processing_commission,
      );
    const paidOf = (o: (typeof orders)[number]) => payments.filter((p) => p.order_id === o.id).reduce((s, p) => s + p.amount, 0);
    const expected = {
      orders: standing.length,
      sold: standing.reduce((s, o) => s + sumOf(o), 0),
      paid: standing.reduce((s, o) => s + paidOf(o), 0),
      owed: standing.reduce((s, o) => s + orderDebt(sumOf(o), paidOf(o)), 0),
      commissions: commissions.filter((c) => inYear(c.created_at)).reduce((s, c) => s + c.amount, 0),
    };
    expect(expected.orders).toBeGreaterThan(10);

    const at = new Date();
    await refreshStats(t.db, [YEAR], () => at);
    for (const now of [at, new Date(at.getTime() + 2 * MAX_AGE_MS)]) {
      const fin = (await financeStats(t.db, actor(team.admin, 'admin'), { year: YEAR }, now)).data;
      expect(fin.totals).toEqual(expected);
      // The chart's months add up to the totals; the table's rows too (every seller here is a user).
      for (const key of ['orders', 'sold', 'paid', 'owed', 'commissions'] as const) {
        expect(
          fin.charts.months.reduce((s, m) => s + m[key], 0),
          key,
        ).toBe(expected[key]);
        expect(
          fin.table.reduce((s, r) => s + r[key], 0),
          key,
        ).toBe(expected[key]);
      }

      // The sales tab counts the sales and independent agents' rows only.
      const salesRoles = new Set([team.sa1.id, team.sa2.id, team.ia.id]);
      const sales = (await salesAgentStats(t.db, actor(team.admin, 'admin'), { year: YEAR }, now)).data;
      const ofSellers = standing.filter((o) => o.agent_id !== null && salesRoles.has(o.agent_id));
      expect(sales.table.total.sold).toBe(ofSellers.reduce((s, o) => s + sumOf(o), 0));
      expect(sales.table.total.paid).toBe(ofSellers.reduce((s, o) => s + paidOf(o), 0));
      expect(sales.table.total.commissions).toBe(
        commissions.filter((c) => inYear(c.created_at) && salesRoles.has(c.agent_id)).reduce((s, c) => s + c.amount, 0),
      );
      for (const key of ['sold', 'paid', 'sales', 'commissions', 'canceled_sum', 'leads_created', 'demos_booked', 'returns'] as const) {
        expect(
          sales.table.rows.reduce((s, r) => s + r[key], 0),
          key,
        ).toBe(sales.table.total[key]);
        expect(
          sales.charts.months.reduce((s, m) => s + m[key], 0),
          key,
        ).toBe(sales.table.total[key]);
      }
      const callTab = (await callAgentStats(t.db, actor(team.admin, 'admin'), { year: YEAR }, now)).data;
      for (const key of ['calls', 'reached', 'demos_booked', 'sales', 'sold', 'commissions'] as const) {
        expect(
          callTab.table.rows.reduce((s, r) => s + r[key], 0),
          key,
        ).toBe(callTab.table.total[key]);
      }
      // A lead called by two agents is one lead of the team: the total is at most the rows' sum.
      expect(callTab.table.total.leads_called).toBeLessThanOrEqual(callTab.table.rows.reduce((s, r) => s + r.leads_called, 0));
    }
  });
});

describe('the refresh job', () => {
  it.each([
    ['2026-06-01T10:00:00Z', [2026]],
    ['2026-01-15T10:00:00Z', [2026, 2025]],
    ['2025-12-31T23:30:00Z', [2026, 2025]], // already January in Zurich
    ['2026-01-31T23:30:00Z', [2026]], // already February in Zurich
  ])('at %s keeps %j fresh', (now, years) => {
    expect(refreshedYears(new Date(now))).toEqual(years);
  });
});

describe('GET /api/stats/leads', () => {
  type Leads = LeadStatsDto['data'];
  const get = async (who: Staff, q: string) => {
    const res = await injectAs(t.app, who.cookie, { method: 'GET', url: `/api/stats/leads${q}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Leads }>().data;
  };

  beforeAll(async () => {
    // 2024, by hand: the Zurich month decides (31 Dec 2023 23:30 UTC is January 2024 in Zurich).
    const lead = (createdAt: string, leadSource: string | null, leadLocationId: number | null, status: string | null) =>
      buildClient(t, { createdAt, leadSource, leadLocationId, status, createdById: team.sa1.id });
    await lead('2023-12-31T23:30:00Z', 'ocr', loc1, 'potential');
    await lead('2024-01-10T09:00:00Z', 'ocr', loc1, 'potential');
    await lead('2024-01-31T23:30:00Z', 'mall', loc2, 'sale_agents');
    await lead('2024-02-05T09:00:00Z', 'mall', loc2, 'potential');
    await lead('2024-02-06T09:00:00Z', null, null, null);
    await lead('2024-07-01T09:00:00Z', 'ocr', loc2, 'not_interested');
    await lead('2024-12-31T23:30:00Z', 'ocr', loc1, 'potential'); // January 2025 in Zurich
    // Staff are no leads.
    await t.pool.query(`UPDATE users SET created_at = '2024-03-03T10:00:00Z' WHERE id = $1`, [team.pa.id]);
  });

  it('counts the leads created per Zurich month by source, location and status', async () => {
    const d = await get(team.admin, '?year=2024');
    expect([d.year, d.from, d.to]).toEqual([2024, 1, 12]);
    expect(d.charts.months.map((m) => m.leads)).toEqual([2, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(d.charts.months[0]!.month).toBe('2024-01');
    expect(d.table.total).toEqual({ months: [2, 3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0], total: 6 });
    expect(d.table.by_source.map((r) => [r.lead_source, r.total])).toEqual([
      ['ocr', 3],
      ['mall', 2],
      [null, 1],
    ]);
    expect(d.table.by_source[0]!.months).toEqual([2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(d.table.by_location.map((r) => [r.location?.name ?? null, r.total])).toEqual([
      ['Glattzentrum', 3],
      ['Zürich HB', 2],
      [null, 1],
    ]);
    expect(d.table.by_status.map((r) => [r.status, r.total])).toEqual([
      ['potential', 3],
      ['not_interested', 1],
      ['sale_agents', 1],
      [null, 1],
    ]);
    expect(Date.parse(d.computed_at)).not.toBeNaN();
  });

  it('narrows to a period of months, and the snapshot answers the same', async () => {
    const d = await get(team.admin, '?year=2024&from=2&to=7');
    expect(d.charts.months.map((m) => m.month)).toEqual(['2024-02', '2024-03', '2024-04', '2024-05', '2024-06', '2024-07']);
    expect(d.table.total).toEqual({ months: [3, 0, 0, 0, 0, 1], total: 4 });
    expect(d.table.by_source.map((r) => [r.lead_source, r.total])).toEqual([
      ['mall', 2],
      ['ocr', 1],
      [null, 1],
    ]);
    const at = new Date();
    await refreshStats(t.db, [2024], () => at);
    const pre = await get(team.admin, '?year=2024&from=2&to=7');
    expect(pre.computed_at).toBe(at.toISOString());
    expect({ ...pre, computed_at: '' }).toEqual({ ...d, computed_at: '' });
  });

  it('is refused to every role but the admin, and to nobody signed in', async () => {
    for (const who of ['sa1', 'ia', 'ca1', 'pa', 'partner', 'user', 'ocr'] as const) {
      const res = await injectAs(t.app, team[who].cookie, { method: 'GET', url: '/api/stats/leads' });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/leads' })).statusCode).toBe(401);
  });

  it('answers a malformed query field by field', async () => {
    const res = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/leads?year=abc&from=0&to=13' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { year: 'invalid_value', from: 'invalid_value', to: 'invalid_value' } });
    const early = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/leads?year=1999' });
    expect(early.json()).toMatchObject({ field_validation: { year: 'invalid_value' } });
    const backwards = await injectAs(t.app, team.admin.cookie, { method: 'GET', url: '/api/stats/leads?from=5&to=4' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field_validation: { to: 'invalid_value' } });
  });
});

describe('statistics exports', () => {
  const file = (who: Staff, url: string) => injectAs(t.app, who.cookie, { method: 'GET', url });
  type Sales = Awaited<ReturnType<typeof salesAgentStats>>['data'];

  it('writes the total statistics as CSV, XLSX and PDF with the numbers of the screen, in de-CH form', async () => {
    const screen = (await file(team.admin, `/api/stats/sales-agent?year=${YEAR}&agent_id=${team.sa1.id}`)).json<{ data: Sales }>().data;
    const sold = exportCellText('money', screen.table.total.sold);
    expect(screen.table.total.sold).toBeGreaterThan(100_000);

    const csv = await file(team.admin, `/api/stats/sales-agent/export?format=csv&year=${YEAR}&agent_id=${team.sa1.id}&lang=de`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="total-statistics-sales-${YEAR}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Gesamtstatistik: Verkaufsagenten');
    expect(lines).toContain(
      'Agent: Test Sa1'.replace('Test Sa1', `${screen.table.rows[0]!.agent.name} ${screen.table.rows[0]!.agent.surname}`),
    );
    const total = lines.find((l) => l.startsWith('Total;'))!.split(';');
    expect(total[6]).toBe(sold);
    expect(total[4]).toBe(String(screen.table.total.sales));

    const xlsx = await file(team.admin, `/api/stats/sales-agent/export?format=xlsx&year=${YEAR}&agent_id=${team.sa1.id}&lang=it`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const totalRow = rows.find((r) => r[1] === 'Totale')!;
    expect(totalRow[7]).toBe(screen.table.total.sold / 100);
    expect(sheet.getRow(rows.indexOf(totalRow) + 1).getCell(7).numFmt).toBe('#,##0.00');

    const pdf = await file(team.admin, `/api/stats/call-agent/export?format=pdf&year=${YEAR}&from=6&to=6`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const calls = (await file(team.admin, `/api/stats/call-agent?year=${YEAR}&from=6&to=6`)).json<{
      data: { table: { total: { calls: number } } };
    }>().data;
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Juni 2025');
    expect(text).toContain(exportCellText('count', calls.table.total.calls));
  });

  it('writes the leads and the finances statistics as CSV and XLSX', async () => {
    const leads = await file(team.admin, '/api/stats/leads/export?format=csv&year=2024');
    expect(leads.statusCode).toBe(200);
    expect(leads.body).toContain('Nach Quelle');
    expect(leads.body).toContain('OCR-Import;2;0;0;0;0;0;1;0;0;0;0;0;3');
    const fin = await file(team.ia, `/api/stats/finances/export?format=xlsx&year=${YEAR}`);
    expect(fin.statusCode).toBe(200);
    const finCsv = await file(team.admin, `/api/stats/finances/export?format=csv&year=${YEAR}`);
    const screen = (await file(team.admin, `/api/stats/finances/?year=${YEAR}`)).json<{ data: { totals: { sold: number } } }>().data;
    expect(
      finCsv.body
        .split('\r\n')
        .find((l) => l.startsWith('Total;'))!
        .split(';')[2],
    ).toBe(exportCellText('money', screen.totals.sold));
  });

  it('refuses whoever may not see the screen, and a malformed query field by field', async () => {
    expect((await file(team.ca1, `/api/stats/sales-agent/export?format=csv`)).statusCode).toBe(403);
    expect((await file(team.sa1, `/api/stats/call-agent/export?format=csv`)).statusCode).toBe(403);
    expect((await file(team.sa1, `/api/stats/leads/export?format=csv`)).statusCode).toBe(403);
    expect((await file(team.sa1, `/api/stats/finances/export?format=csv`)).statusCode).toBe(403);
    const other = await file(team.sa1, `/api/stats/sales-agent/export?format=csv&agent_id=${team.sa2.id}`);
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/leads/export?format=csv' })).statusCode).toBe(401);
    const bad = await file(team.admin, '/api/stats/sales-agent/export?format=doc&lang=fr&year=1999');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_validation: { format: 'invalid_value', lang: 'invalid_value', year: 'invalid_value' } });
    const noPdf = await file(team.admin, '/api/stats/leads/export?format=pdf');
    expect(noPdf.json()).toMatchObject({ field_validation: { format: 'invalid_value' } });
  });
});

describe('a past year', () => {
  const june = new Date('2026-06-01T08:00:00Z');
  const later = (ms: number, from = june) => new Date(from.getTime() + ms);
  const dirty = async () =>
    (await t.pool.query<{ year: number; marked_at: Date }>(`SELECT year, marked_at FROM stats_dirty_years ORDER BY year`)).rows;
  const sales = (now: Date) => salesAgentStats(t.db, actor(team.admin, 'admin'), { year: YEAR }, now);

  it('is computed once and answers from its figures until a change reaches it; a change is in the answer within a minute', async () => {
    await refreshStats(t.db, [YEAR], () => june);
    expect(await dirty()).toEqual([]);
    // Months later nothing changed in the year: its figures still answer, computed in June.
    const stored = await sales(later(120 * 86_400_000));
    expect(stored.data.computed_at).toBe(june.toISOString());

    // An order of the year is canceled: the year is marked, at the change.
    const { rows } = await t.pool.query<{ id: number; status: string }>(
      `SELECT id, status FROM orders WHERE status <> 'canceled' AND created_at >= '2025-02-01' AND created_at < '2025-12-01'
         AND agent_id IN ($1, $2) ORDER BY id LIMIT 1`,
      [team.sa1.id, team.sa2.id],
    );
    const order = rows[0]!;
    await t.pool.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [order.id]);
    try {
      const [mark] = await dirty();
      expect(mark?.year).toBe(YEAR);
      expect((await yearsDue(t.db, later(1000, mark!.marked_at))).slice(1)).toContain(YEAR);
      // Within a minute of the change the stored figures may still answer; after it, the plain statements do.
      expect((await sales(later(MAX_AGE_MS, mark!.marked_at))).data.computed_at).toBe(june.toISOString());
      const afterMinute = later(MAX_AGE_MS + 1, mark!.marked_at);
      const plain = await sales(afterMinute);
      expect(plain.data.computed_at).toBe(afterMinute.toISOString());
      expect(plain.data.table.total.sales).toBe(stored.data.table.total.sales - 1);

      // The job computes the year again: its figures answer, with the change, and the mark is gone.
      const again = later(MAX_AGE_MS + 2, mark!.marked_at);
      await refreshStats(t.db, await yearsDue(t.db, again), () => again);
      expect(await dirty()).toEqual([]);
      const recomputed = await sales(later(86_400_000, again));
      expect(recomputed.data.computed_at).toBe(again.toISOString());
      expect(withoutTime(recomputed)).toEqual(withoutTime(plain));
    } finally {
      await t.pool.query(`UPDATE orders SET status = $2 WHERE id = $1`, [order.id, order.status]);
      await refreshStats(t.db, [YEAR], () => june);
    }
  });

  it.each([
    [
      'a payment on one of its orders',
      `INSERT INTO order_payments (order_id, amount, paid_at) SELECT id, 100, now() FROM orders WHERE created_at >= '2025-02-01' AND created_at < '2025-12-01' LIMIT 1`,
      true,
    ],
    [
      'a sold line of one of its orders repriced',
      `UPDATE event_products SET price = price + 1 WHERE id = (SELECT ep.id FROM event_products ep JOIN orders o ON o.id = ep.order_id WHERE o.created_at >= '2025-02-01' AND o.created_at < '2025-12-01' LIMIT 1)`,
      true,
    ],
    [
      'a commission written in it',
      `UPDATE commissions SET status = 'paid' WHERE id = (SELECT id FROM commissions WHERE created_at >= '2025-02-01' AND created_at < '2025-12-01' AND status <> 'paid' LIMIT 1)`,
      true,
    ],
    [
      'a demo of it moved to another agent',
      `UPDATE events SET status = 'remeet' WHERE id = (SELECT id FROM events WHERE type = 'presentation' AND starts_at >= '2025-02-01' AND starts_at < '2025-12-01' AND status <> 'remeet' LIMIT 1)`,
      true,
    ],
    [
      'a call made in it',
      `INSERT INTO contact_history (user_id, type, flow, agent_id, created_at) SELECT id, 'call', 'lead_flow', NULL, '2025-05-05T10:00:00Z' FROM users WHERE role_id = 2 LIMIT 1`,
      true,
    ],
    [
      'a lead of it with another status',
      `UPDATE users SET status = 'not_interested' WHERE id = (SELECT id FROM users WHERE role_id = 2 AND created_at >= '2025-02-01' AND created_at < '2025-12-01' AND status IS DISTINCT FROM 'not_interested' LIMIT 1)`,
      true,
    ],
    [
      'a lead of it with another phone number (not a figure)',
      `UPDATE users SET phone = '044 000 00 00' WHERE id = (SELECT id FROM users WHERE role_id = 2 AND created_at >= '2025-02-01' AND created_at < '2025-12-01' LIMIT 1)`,
      false,
    ],
    [
      'a call made today (the current year)',
      `INSERT INTO contact_history (user_id, type, flow, agent_id, created_at) SELECT id, 'call', 'lead_flow', NULL, now() FROM users WHERE role_id = 2 LIMIT 1`,
      false,
    ],
  ])('%s marks the year: %s', async (_name, statement, marks) => {
    await t.pool.query(`DELETE FROM stats_dirty_years`);
    const res = await t.pool.query(statement);
    expect(res.rowCount).toBe(1);
    expect((await dirty()).map((d) => d.year)).toEqual(marks ? [YEAR] : []);
  });
});
