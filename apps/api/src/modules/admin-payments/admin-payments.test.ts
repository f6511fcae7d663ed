import type { CommissionDto, ReceiptRowDto, UnreceiptedDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesWorld } from '../../../test/sales-world.ts';
import { zurichToday } from '../../../test/factories.ts';

let w: Awaited<ReturnType<typeof salesWorld>>;
let main = 0;
const today = zurichToday();

interface Payments {
  receipts: { data: ReceiptRowDto[]; total: number };
  unreceipted: UnreceiptedDto[];
}

async function payments(): Promise<Payments> {
  const res = await w.as('admin', 'GET', '/api/admin-payments');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Payments }>().data;
}

/** A checked sale earns its seller a commission (10 % of the main product by the default rates). */
async function earn(seller: string, price: number): Promise<void> {
  const o = await w.sale({ seller, lines: [{ product_id: main, price }] });
  const res = await w.as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
  expect(res.statusCode, res.body).toBe(200);
}

async function receiptFor(agent: string): Promise<ReceiptRowDto> {
  const res = await w.as('admin', 'POST', `/api/finances/receipt/${w.users.get(agent)!.id}`, { from: '2020-01-01', to: today });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ReceiptRowDto }>().data;
}

const markPaid = (ids: unknown, who = 'admin') => w.as(who, 'POST', '/api/admin-payments/mark-paid', { receipt_ids: ids });

beforeAll(async () => {
  w = await salesWorld([
    ['ia1', 'independent_agent'],
    ['ia2', 'independent_agent'],
    ['ia3', 'independent_agent'],
    ['sa', 'sales_agent'],
    ['user', 'user'],
  ]);
  main = await w.product('AP', 'main');
});

afterAll(async () => {
  await w.t.close();
});

describe('admin payments', () => {
  it("shows the open receipts and each agent's open commissions not on a receipt yet", async () => {
    await earn('ia1', 200_000);
    await earn('ia1', 100_000);
    const r1 = await receiptFor('ia1');
    await earn('ia1', 50_000);
    await earn('ia2', 300_000);
    const p = await payments();
    expect(p.receipts.data.find((r) => r.id === r1.id)).toMatchObject({
      status: 'open',
      total: 30_000,
      agent: { id: w.users.get('ia1')!.id },
    });
    const byAgent = new Map(p.unreceipted.map((u) => [u.agent.id, u]));
    expect(byAgent.get(w.users.get('ia1')!.id)).toMatchObject({ total: 5_000, count: 1, oldest: today });
    expect(byAgent.get(w.users.get('ia2')!.id)).toMatchObject({ total: 30_000, count: 1 });
    // The largest sum first.
    expect(p.unreceipted.map((u) => u.total)).toEqual([...p.unreceipted.map((u) => u.total)].sort((a, b) => b - a));
  });

  it('a bulk update with no selected rows does nothing', async () => {
    const before = await payments();
    const res = await markPaid([]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { updated: 0, receipts: [] } });
    expect(await payments()).toEqual(before);
  });

  it('marks the selected receipts paid with their commissions, in one go', async () => {
    await earn('ia2', 10_000);
    await earn('ia3', 20_000);
    const a = await receiptFor('ia2');
    const b = await receiptFor('ia3');
    const res = await markPaid([a.id, b.id, a.id]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ data: { updated: number; receipts: ReceiptRowDto[] } }>().data;
    expect(answer.updated).toBe(2);
    expect(answer.receipts.map((r) => [r.id, r.status])).toEqual([
      [a.id, 'paid'],
      [b.id, 'paid'],
    ]);
    const lines = (await w.as('admin', 'GET', `/api/finances/receipt/${a.id}`)).json<{ commissions: CommissionDto[] }>().commissions;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((c) => c.status === 'paid')).toBe(true);
    const open = (await payments()).receipts.data.map((r) => r.id);
    expect(open).not.toContain(a.id);
    expect(open).not.toContain(b.id);
    // Paid already: nothing more to do.
    expect((await markPaid([a.id])).json()).toMatchObject({ data: { updated: 0 } });
  });

  it('an unknown receipt among the selected leaves every receipt as it was', async () => {
    await earn('ia3', 40_000);
    const r = await receiptFor('ia3');
    const res = await markPaid([r.id, 999_999]);
    expect(res.statusCode).toBe(404);
    const still = (await w.as('admin', 'GET', `/api/finances/receipt/${r.id}`)).json<{
      data: ReceiptRowDto;
      commissions: CommissionDto[];
    }>();
    expect(still.data.status).toBe('open');
    expect(still.commissions.every((c) => c.status === 'open')).toBe(true);
  });

  it('refuses bad input', async () => {
    for (const ids of [undefined, 'all', [0], [-1], [1.5], ['1']]) {
      expect((await markPaid(ids)).statusCode, JSON.stringify(ids)).toBe(400);
    }
    expect((await w.as('admin', 'POST', '/api/admin-payments/mark-paid', {})).statusCode).toBe(400);
    expect((await markPaid(Array.from({ length: 501 }, (_, i) => i + 1))).statusCode).toBe(400);
  });

  it('only admins see and pay what is due to agents', async () => {
    for (const who of ['ia1', 'sa', 'ca', 'user']) {
      expect((await w.as(who, 'GET', '/api/admin-payments')).statusCode, who).toBe(403);
      expect((await markPaid([], who)).statusCode, who).toBe(403);
    }
  });
});
