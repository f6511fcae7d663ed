import { zurichClock, zurichInstant, type FinanceStatsDto, type OrderDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { salesWorld } from '../../../test/sales-world.ts';
import { paymentReference } from './invoices.service.ts';

let t: TestApp;
let users: Map<string, TestUser>;
let world: Awaited<ReturnType<typeof salesWorld>>;
let mainProduct = 0;
let otherProduct = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function as(who: string, method: Method, url: string, payload?: unknown) {
  return world.as(who, method, url, payload);
}

/** A sale as the perform flow makes it: a main device and another product, booked by the call agent. */
function sale(seller: string, opts: { main?: number; other?: number; method?: string; address?: string } = {}): Promise<OrderDto> {
  return world.sale({
    seller,
    lines: [
      { product_id: mainProduct, price: opts.main ?? 389_000 },
      { product_id: otherProduct, quantity: 2, price: opts.other ?? 5_050 },
    ],
    payment_method: opts.method ?? 'bill',
    client: (n) => ({
      name: 'Vreni',
      surname: `Käufer ${n}`,
      address: opts.address ?? 'Bahnhofstrasse 12',
      zipcode: '8001',
      city: 'Zürich',
    }),
  });
}

async function order(id: number): Promise<OrderDto> {
  return (await as('admin', 'GET', `/api/finances/order/${id}`)).json<{ data: OrderDto }>().data;
}

async function stats(who: string, query = ''): Promise<FinanceStatsDto['data']> {
  const res = await as(who, 'GET', `/api/stats/finances/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FinanceStatsDto>().data;
}

const now = zurichClock(new Date());
const thisMonth = `${now.year}-${String(now.month).padStart(2, '0')}`;

beforeAll(async () => {
  world = await salesWorld(
    [
      ['sa', 'sales_agent'],
      ['ia', 'independent_agent'],
      ['up1', 'independent_agent'],
      ['ia2', 'independent_agent'],
      ['user', 'user'],
    ],
    { named: true },
  );
  ({ t, users } = world);
  await t.pool.query('UPDATE users SET referred_by_id = $1 WHERE id = $2', [users.get('up1')!.id, users.get('ia')!.id]);
  for (const [code, type] of [
    ['M', 'main'],
    ['O', 'other'],
  ] as const) {
    const res = await as('admin', 'POST', '/api/product', { code, name: `Gerät ${code}`, type, default_price: 100_000, status: 'active' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    if (type === 'main') {
      mainProduct = id;
    } else {
      otherProduct = id;
    }
  }
  await t.pool.query(
    `INSERT INTO app_settings (key, value) VALUES
       ('receipt_company_name', 'Alpenquell Wasser & Luft AG'), ('receipt_address', 'Industriestrasse 12'),
       ('receipt_city', '8604 Volketswil'), ('company_phone', '044 500 12 34')`,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/stats/finances/', () => {
  let ia1: OrderDto;
  let ia2: OrderDto;
  let sa1: OrderDto;
  let canceled: OrderDto;

  beforeAll(async () => {
    ia1 = await sale('ia', { main: 389_050, other: 1_235 });
    ia2 = await sale('ia', { main: 250_000, other: 0 });
    sa1 = await sale('sa');
    canceled = await sale('ia');
    // Partly paid, fully paid, and one earning commissions that is then canceled (clawed back).
    await as('admin', 'POST', `/api/finances/order-payment/${ia1.id}`, { amount: 100_000, paid_at: '2026-11-20' });
    await as('admin', 'POST', `/api/finances/order-payment/${sa1.id}`, { amount: sa1.sum, paid_at: '2026-11-20' });
    await as('admin', 'PUT', `/api/finances/order/${ia2.id}`, { checked_contract: true });
    await as('admin', 'PUT', `/api/finances/order/${canceled.id}`, { checked_contract: true });
    await as('admin', 'PUT', `/api/finances/order/${canceled.id}`, { toggle: 'cancel' });
    [ia1, ia2, sa1] = await Promise.all([order(ia1.id), order(ia2.id), order(sa1.id)]);
  });

  it('adds up the current year per month and per agent exactly as the orders show them; a canceled order does not count', async () => {
    const s = await stats('admin');
    expect(s.year).toBe(now.year);
    expect(s.charts.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `${now.year}-${String(i + 1).padStart(2, '0')}`),
    );
    const live = [ia1, ia2, sa1];
    const expected = {
      orders: 3,
      sold: live.reduce((a, o) => a + o.sum, 0),
      paid: live.reduce((a, o) => a + o.paid, 0),
      owed: live.reduce((a, o) => a + o.dept, 0),
    };
    expect(s.totals).toMatchObject(expected);
    expect(s.charts.months.find((m) => m.month === thisMonth)).toMatchObject(expected);
    expect(s.charts.months.filter((m) => m.month !== thisMonth).every((m) => m.sold === 0 && m.orders === 0)).toBe(true);
    // The sums are the domain's: 3'890.50 + 2 × 12.35 = 3'915.20
    expect(ia1).toMatchObject({ sum: 391_520, paid: 100_000, dept: 291_520 });
    const row = (key: string) => s.table.find((r) => r.agent.id === users.get(key)!.id);
    expect(row('ia')).toMatchObject({ orders: 2, sold: ia1.sum + ia2.sum, paid: 100_000, owed: ia1.dept + ia2.dept });
    expect(row('sa')).toMatchObject({ orders: 1, sold: sa1.sum, paid: sa1.sum, owed: 0 });
    expect(s.table[0]!.agent.id).toBe(users.get('ia')!.id);
  });

  it('counts the commissions written, a clawback subtracting, per month and per agent who earns them', async () => {
    const { rows } = await t.pool.query<{ agent_id: number; n: string }>(
      'SELECT agent_id, sum(amount) AS n FROM commissions GROUP BY agent_id',
    );
    const net = new Map(rows.map((r) => [r.agent_id, Number(r.n)]));
    const s = await stats('admin');
    // ia2 earns: 10 % of 2'500.00 to the seller, 3 % to the upline, CHF 50 to the call agent; the canceled order nets zero.
    expect(net.get(users.get('ia')!.id)).toBe(25_000);
    expect(s.table.find((r) => r.agent.id === users.get('ia')!.id)!.commissions).toBe(25_000);
    expect(s.table.find((r) => r.agent.id === users.get('up1')!.id)).toMatchObject({ orders: 0, sold: 0, commissions: 7_500 });
    expect(s.table.find((r) => r.agent.id === users.get('ca')!.id)).toMatchObject({ commissions: 5_000 });
    expect(s.totals.commissions).toBe(25_000 + 7_500 + 5_000);
    expect(s.charts.months.find((m) => m.month === thisMonth)!.commissions).toBe(s.totals.commissions);
  });

  it('an order counts in the year and month it was made in Zurich time', async () => {
    // 23:30 on New Year's Eve is still 2025; 00:30 on New Year's Day is 2026 in Zurich but 2025 in UTC.
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO orders (client_id, agent_id, payment_method, created_at, updated_at, bank_processing_commission)
       VALUES ($1, $2, 'bill', $3, $3, 1234), ($1, $2, 'bill', $4, $4, 4321) RETURNING id`,
      [users.get('user')!.id, users.get('sa')!.id, zurichInstant(2025, 12, 31, 23, 30), zurichInstant(2026, 1, 1, 0, 30)],
    );
    try {
      const old = await stats('admin', '?year=2025');
      expect(old.year).toBe(2025);
      expect(old.charts.months[11]).toMatchObject({ month: '2025-12', orders: 1, sold: 1_234, paid: 0, owed: 1_234 });
      expect(old.totals.orders).toBe(1);
      const current = await stats('admin', '?year=2026');
      expect(current.charts.months[0]).toMatchObject({ month: '2026-01', orders: 1, sold: 4_321 });
    } finally {
      await t.pool.query('DELETE FROM orders WHERE id = ANY($1)', [rows.map((r) => r.id)]);
    }
  });

  it('an admin narrows to one agent', async () => {
    const s = await stats('admin', `?agent_id=${users.get('sa')!.id}`);
    expect(s.agent_id).toBe(users.get('sa')!.id);
    expect(s.table.map((r) => r.agent.id)).toEqual([users.get('sa')!.id]);
    expect(s.totals).toMatchObject({ orders: 1, sold: sa1.sum, commissions: 0 });
  });

  it('an independent agent sees only their own figures and may not ask for another agent', async () => {
    const s = await stats('ia');
    expect(s.agent_id).toBe(users.get('ia')!.id);
    expect(s.table.map((r) => r.agent.id)).toEqual([users.get('ia')!.id]);
    expect(s.totals).toMatchObject({ orders: 2, sold: ia1.sum + ia2.sum, commissions: 25_000 });
    expect((await stats('ia', `?agent_id=${users.get('ia')!.id}`)).totals.orders).toBe(2);
    const other = await as('ia', 'GET', `/api/stats/finances/?agent_id=${users.get('sa')!.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'Not allowed.' });
    const empty = await stats('ia2');
    expect(empty.totals).toEqual({ orders: 0, sold: 0, paid: 0, owed: 0, commissions: 0 });
    expect(empty.table).toEqual([]);
  });

  it('refuses a bad year or agent, other roles and no session', async () => {
    for (const q of ['?year=abc', '?year=1999', '?year=2026.5', '?agent_id=0', '?agent_id=x']) {
      const res = await as('admin', 'GET', `/api/stats/finances/${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    for (const who of ['sa', 'ca', 'user']) {
      expect((await as(who, 'GET', '/api/stats/finances/')).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/stats/finances/' })).statusCode).toBe(401);
  });
});

describe('GET /api/finances/order/{id}/invoice.pdf', () => {
  async function invoice(who: string, id: number) {
    return as(who, 'GET', `/api/finances/order/${id}/invoice.pdf`);
  }

  it('an order paid by bill gets an A4 invoice with the Swiss QR-bill for what is owed', async () => {
    const o = await sale('ia', { main: 389_000, other: 5_050, address: 'Rue de la Gare 5B' });
    await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 100_000, paid_at: '2026-11-20' });
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { first_payment_month: '2026-12', payment_installments: 3 });
    const res = await invoice('admin', o.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`rechnung-${o.id}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    // The invoice: number, client, lines, sum, payment, what is owed, the instalments.
    expect(text).toContain(`Rechnung Nr. ${o.id}`);
    expect(text).toContain(`Vreni ${o.client.surname}`);
    expect(text).toContain('Gerät M');
    expect(text).toContain("CHF 3'991.00");
    expect(text).toContain("CHF 2'991.00");
    expect(text).toContain('Ratenplan');
    // The payment part: its headings, the account, the creditor and payer in structured form, the amount and reference.
    for (const piece of [
      'Zahlteil',
      'Empfangsschein',
      'CH44 3199 9123 0008 8901 2',
      'Alpenquell Wasser & Luft AG',
      'Industriestrasse 12',
    ]) {
      expect(text, piece).toContain(piece);
    }
    expect(text).toContain('8604 Volketswil');
    expect(text).toContain('Rue de la Gare 5B');
    expect(text).toContain('2 991.00');
    const ref = paymentReference('CH4431999123000889012', o.id);
    expect(text).toContain(
      `${ref.slice(0, 2)} ${ref
        .slice(2)
        .match(/.{1,5}/g)!
        .join(' ')}`,
    );
    // The independent agent who sold it may print it too.
    expect((await invoice('ia', o.id)).statusCode).toBe(200);
  });

  it("is written in the client's language, the payment part too; Russian with the payment part in English, its standard's language", async () => {
    const o = await sale('sa');
    await t.pool.query("UPDATE users SET locale = 'it' WHERE id = $1", [o.client.id]);
    const it_ = pdfText((await invoice('admin', o.id)).rawPayload);
    for (const piece of [`Fattura n. ${o.id}`, 'Prodotto', 'Quantità', 'Importo aperto', 'Sezione pagamento', 'Ricevuta']) {
      expect(it_, piece).toContain(piece);
    }
    expect(it_).not.toContain('Rechnung');
    expect(it_).not.toContain('Zahlteil');
    await t.pool.query("UPDATE users SET locale = 'ru' WHERE id = $1", [o.client.id]);
    const ru = pdfText((await invoice('admin', o.id)).rawPayload);
    expect(ru).toContain(`Счёт № ${o.id}`);
    expect(ru).toContain('К оплате');
    expect(ru).toContain('Payment part');
    expect(ru).not.toContain('Rechnung');
    await t.pool.query("UPDATE users SET locale = 'fr' WHERE id = $1", [o.client.id]);
    expect(pdfText((await invoice('admin', o.id)).rawPayload)).toContain(`Rechnung Nr. ${o.id}`);
  });

  it('a paid order gets its invoice marked paid, without a payment part', async () => {
    const o = await sale('sa');
    await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: o.sum, paid_at: '2026-11-20' });
    const res = await invoice('admin', o.id);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Diese Rechnung ist bezahlt');
    expect(text).not.toContain('Zahlteil');
  });

  it('an order paid otherwise has no invoice: 409 with a clear error', async () => {
    const o = await sale('sa', { method: 'cash' });
    const res = await invoice('admin', o.id);
    expect(res.statusCode).toBe(409);
    const body = res.json<{ error: string; message: string }>();
    expect(body.error).toBe('ORDER_NOT_PAID_BY_BILL');
    expect(body.message).toContain('paid by cash');
  });

  it('without the company address in the global settings the QR-bill cannot be made: 409', async () => {
    const o = await sale('sa');
    await t.pool.query(`UPDATE app_settings SET value = '' WHERE key = 'receipt_city'`);
    try {
      const res = await invoice('admin', o.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'INVOICE_SETTINGS_INCOMPLETE' });
    } finally {
      await t.pool.query(`UPDATE app_settings SET value = '8604 Volketswil' WHERE key = 'receipt_city'`);
    }
  });

  it('sees the order as the orders do: unknown or out of scope is 404, other roles 403, no session 401, a bad id 400', async () => {
    const o = await sale('sa');
    expect((await invoice('admin', 999_999)).statusCode).toBe(404);
    expect((await invoice('ia', o.id)).statusCode).toBe(404);
    for (const who of ['sa', 'ca', 'user']) {
      expect((await invoice(who, o.id)).statusCode, who).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/finances/order/${o.id}/invoice.pdf` })).statusCode).toBe(401);
    expect((await invoice('admin', 0)).statusCode).toBe(400);
  });
});

describe('the creditor account and the payment reference', () => {
  it('a QR-IBAN gets a QR reference with its check digit, a plain IBAN a creditor reference', () => {
    // The example of the Swiss Implementation Guidelines: 21 00000 00003 13947 14300 0901 + check digit 7.
    expect(paymentReference('CH4431999123000889012', 42)).toMatch(/^0{24}42\d$/);
    expect(paymentReference('CH4431999123000889012', 1)).toBe('000000000000000000000000011');
    expect(paymentReference('CH9300762011623852957', 42)).toMatch(/^RF\d{2}42$/);
  });

  it('INVOICE_IBAN defaults to a test QR-IBAN and must be a valid Swiss or Liechtenstein IBAN', () => {
    expect(testConfig().invoice.iban).toBe('CH4431999123000889012');
    expect(testConfig({ INVOICE_IBAN: 'ch93 0076 2011 6238 5295 7' }).invoice.iban).toBe('CH9300762011623852957');
    expect(() => testConfig({ INVOICE_IBAN: 'CH93 0076 2011 6238 5295 8' })).toThrow(/INVOICE_IBAN/);
    expect(() => testConfig({ INVOICE_IBAN: 'DE89 3704 0044 0532 0130 00' })).toThrow(/INVOICE_IBAN/);
  });
});
