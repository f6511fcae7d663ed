import {
  COMMISSION_REASONS,
  COMMISSION_STATUSES,
  DELIVERY_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RECEIPT_STATUSES,
  type CommissionDto,
  type FinanceStatsDto,
  type OrderDto,
  type ReceiptRowDto,
} from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { reconcileCommissions } from '../../modules/finances/index.ts';
import { orders } from '../schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function values(column: string, table: string): Promise<string[]> {
  const { rows } = await t.pool.query<{ v: string }>(`SELECT DISTINCT ${column}::text AS v FROM ${table} ORDER BY 1`);
  return rows.map((r) => r.v);
}

async function count(text: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${text}) AS q`);
  return rows[0]?.n ?? 0;
}

async function get<T>(email: string, url: string): Promise<T> {
  const cookie = await login(t.app, email, DEMO_PASSWORD);
  const res = await injectAs(t.app, cookie, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

describe('demo finances: every tab has something to show', () => {
  it('orders in every order, payment and delivery status; some open with the contract not yet checked', async () => {
    expect(await values('status', 'orders')).toEqual([...ORDER_STATUSES].sort());
    expect(await values('payment_status', 'orders')).toEqual([...PAYMENT_STATUSES].sort());
    expect(await values('delivery_status', 'orders')).toEqual([...DELIVERY_STATUSES].sort());
    expect(await count(`SELECT 1 FROM orders WHERE status = 'open' AND NOT checked_contract`)).toBeGreaterThan(0);
    expect(await count(`SELECT 1 FROM orders WHERE status = 'closed' AND NOT (checked_contract AND payment_status = 'paid')`)).toBe(0);
  });

  it('the stored payment and delivery statuses are those the order API derives from its payments and deliveries', async () => {
    const list = await get<{ data: OrderDto[]; total: number }>(
      'admin@demo.test',
      `/api/finances/orders?status=${ORDER_STATUSES.join(',')}&limit=500`,
    );
    expect(list.total).toBe(await count('SELECT 1 FROM orders'));
    const partial = list.data.filter((o) => o.paid > 0 && o.dept > 0);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((o) => o.payment_status === 'pending')).toBe(true);
    expect(list.data.filter((o) => o.status !== 'canceled' && o.dept === 0 && o.sum > 0).every((o) => o.payment_status === 'paid')).toBe(
      true,
    );
    expect(list.data.filter((o) => o.paid === 0 && o.sum > 0).every((o) => o.payment_status === 'open')).toBe(true);
    expect(list.data.some((o) => o.order_payments.some((p) => p.amount < 0))).toBe(true);
    expect(list.data.some((o) => o.schedule.length > 0 && o.payment_method === 'bill' && o.dept > 0)).toBe(true);
    const delivered = list.data.filter((o) => o.delivery_status === 'delivered');
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((o) => o.lines.every((l) => l.status === 'gift' || l.delivered) && o.order_deliveries.length > 0)).toBe(true);
    expect(list.data.some((o) => o.order_deliveries.length === 2)).toBe(true);
    // No delivered line without its delivery.
    expect(await count('SELECT 1 FROM event_products WHERE delivered AND delivery_id IS NULL')).toBe(0);
  });

  it('a referral chain of three active referrers sits above the demo independent agent', async () => {
    const { rows } = await t.pool.query<{ depth: number; role: string; active: boolean }>(`
      WITH RECURSIVE up(id, depth) AS (
        SELECT referred_by_id, 1 FROM users WHERE email = 'ia@demo.test'
        UNION ALL SELECT u.referred_by_id, up.depth + 1 FROM users u JOIN up ON u.id = up.id WHERE u.referred_by_id IS NOT NULL
      )
      SELECT up.depth, r.code AS role, u.is_active AS active FROM up JOIN users u ON u.id = up.id JOIN roles r ON r.id = u.role_id ORDER BY depth`);
    expect(rows.map((r) => r.role)).toEqual(['independent_agent', 'partner', 'partner']);
    expect(rows.every((r) => r.active)).toBe(true);
  });

  it('commissions of every reason and status, written as the engine writes them, with a clawback on a canceled order', async () => {
    expect(await values('reason', 'commissions')).toEqual([...COMMISSION_REASONS].sort());
    expect(await values('status', 'commissions')).toEqual([...COMMISSION_STATUSES].sort());
    expect(
      await count(
        `SELECT 1 FROM commissions c JOIN orders o ON o.id = c.order_id WHERE c.reverses_id IS NOT NULL AND o.status = 'canceled'`,
      ),
    ).toBeGreaterThan(0);
    // Nothing earned before the contract was checked, and a canceled order nets zero.
    expect(await count(`SELECT 1 FROM commissions c JOIN orders o ON o.id = c.order_id WHERE NOT o.checked_contract`)).toBe(0);
    expect(
      await count(
        `SELECT o.id FROM orders o JOIN commissions c ON c.order_id = o.id WHERE o.status = 'canceled' GROUP BY o.id HAVING sum(c.amount) <> 0`,
      ),
    ).toBe(0);
    // The engine, run over every order now, finds nothing to add.
    const before = await count('SELECT 1 FROM commissions');
    const all = await t.db.select().from(orders);
    await t.db.transaction(async (tx) => {
      for (const o of all) {
        await reconcileCommissions(tx, o, new Date());
      }
    });
    expect(await count('SELECT 1 FROM commissions')).toBe(before);
  });

  it('receipts: one open, one paid, each adding up to its commissions; a paid receipt holds only paid rows', async () => {
    expect(await values('status', 'commission_receipts')).toEqual([...RECEIPT_STATUSES].sort());
    expect(
      await count(
        `SELECT r.id FROM commission_receipts r JOIN commissions c ON c.receipt_id = r.id GROUP BY r.id, r.total HAVING sum(c.amount) <> r.total`,
      ),
    ).toBe(0);
    expect(
      await count(
        `SELECT 1 FROM commission_receipts r JOIN commissions c ON c.receipt_id = r.id WHERE r.status = 'paid' AND c.status <> 'paid'`,
      ),
    ).toBe(0);
    expect(await count(`SELECT 1 FROM commission_receipts WHERE status = 'paid' AND paid_at IS NULL`)).toBe(0);
  });

  it('the admin and the independent agent find every tab filled through the API', async () => {
    for (const email of ['admin@demo.test', 'ia@demo.test']) {
      expect((await get<{ total: number }>(email, '/api/finances/orders')).total, email).toBeGreaterThan(0);
      expect((await get<{ total: number }>(email, '/api/finances/commissions?reason=sale')).total, email).toBeGreaterThan(0);
      const stats = await get<FinanceStatsDto>(email, '/api/stats/finances/');
      expect(stats.data.totals.sold, email).toBeGreaterThan(0);
      expect(stats.data.totals.commissions, email).toBeGreaterThan(0);
    }
    const down = await get<{ data: CommissionDto[] }>('admin@demo.test', '/api/finances/commissions?reason=l1,l2,l3,ca&limit=500');
    expect(new Set(down.data.map((c) => c.reason))).toEqual(new Set(['l1', 'l2', 'l3', 'ca']));
    const receipts = await get<{ data: ReceiptRowDto[] }>('admin@demo.test', '/api/finances/receipts');
    expect(new Set(receipts.data.map((r) => r.status))).toEqual(new Set(['open', 'paid']));
    expect(receipts.data.every((r) => r.commissions_count > 0)).toBe(true);
    expect((await get<{ total: number }>('ia@demo.test', '/api/finances/receipts')).total).toBeGreaterThan(0);
  });

  it("every demo order paid by bill prints its invoice with the QR-bill, whatever the client's address", async () => {
    const { rows } = await t.pool.query<{ id: number }>(`SELECT id FROM orders WHERE payment_method = 'bill' ORDER BY id`);
    expect(rows.length).toBeGreaterThan(5);
    const cookie = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
    for (const { id } of rows) {
      const res = await injectAs(t.app, cookie, { method: 'GET', url: `/api/finances/order/${id}/invoice.pdf` });
      expect(res.statusCode, `order ${id}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
