import type { CommissionDto, OrderDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../../../test/harness.ts';
import { zurichToday } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { salesWorld } from '../../../test/sales-world.ts';

let t: TestApp;
let users: Map<string, TestUser>;
let world: Awaited<ReturnType<typeof salesWorld>>;
let mainProduct = 0;
let otherProduct = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
function as(who: string, method: Method, url: string, payload?: unknown) {
  return world.as(who, method, url, payload);
}

/** An order as a sale makes it: booked by the call agent, performed by `seller`, one main device and one other product. */
function sale(seller = 'ia', main = 389_000, other = 10_000): Promise<OrderDto> {
  return world.sale({
    seller,
    lines: [
      { product_id: mainProduct, price: main },
      { product_id: otherProduct, price: other },
    ],
    client: (n) => ({ name: 'Käufer', surname: `Nr ${n}` }),
  });
}

async function commissionsOf(orderId: number): Promise<CommissionDto[]> {
  const res = await as('admin', 'GET', '/api/finances/commissions?limit=500');
  return res
    .json<{ data: CommissionDto[] }>()
    .data.filter((c) => c.order.id === orderId)
    .sort((a, b) => a.id - b.id);
}

beforeAll(async () => {
  // up2 is listed among the partners of the chain but is an independent agent, made inactive below.
  world = await salesWorld([
    ['sa', 'sales_agent'],
    ['ia', 'independent_agent'],
    ['up1', 'independent_agent'],
    ['up2', 'independent_agent'],
    ['up3', 'independent_agent'],
    ['up4', 'partner'],
    ['ia2', 'independent_agent'],
    ['user', 'user'],
  ]);
  ({ t, users } = world);
  // The referral tree: ia ← up1 ← up2 ← up3 ← up4; up2 is inactive.
  const chain = ['ia', 'up1', 'up2', 'up3', 'up4'];
  for (let i = 0; i < chain.length - 1; i += 1) {
    await t.pool.query('UPDATE users SET referred_by_id = $1 WHERE id = $2', [users.get(chain[i + 1]!)!.id, users.get(chain[i]!)!.id]);
  }
  await t.pool.query('UPDATE users SET is_active = false WHERE id = $1', [users.get('up2')!.id]);
  mainProduct = await world.product('M', 'main');
  otherProduct = await world.product('O', 'other');
});

afterAll(async () => {
  await t.close();
});

describe('orders', () => {
  it('a finished sale is an open order: sum from the lines, nothing paid, flags of spec 4', async () => {
    const o = await sale();
    expect(o).toMatchObject({
      status: 'open',
      payment_status: 'open',
      delivery_status: 'not_delivered',
      sum: 399_000,
      dept: 399_000,
      paid: 0,
      canToggleStatus: false,
      canTogglePaymentStatus: false,
      canBeCanceled: true,
      canToggleOnHold: true,
      lastDelivery: null,
    });
    const list = await as('admin', 'GET', '/api/finances/orders');
    expect(list.json<{ data: OrderDto[] }>().data.map((r) => r.id)).toContain(o.id);
    const closed = await as('admin', 'GET', '/api/finances/orders?status=closed');
    expect(closed.json<{ data: OrderDto[] }>().data.map((r) => r.id)).not.toContain(o.id);
  });

  it('refuses a toggle the rules forbid, whatever the browser sends; allows it once the contract is checked and paid', async () => {
    const o = await sale();
    const early = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'status' });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      error: 'Not allowed.',
      field_validation: { toggle: 'invalid_value' },
      data: { reason: 'order_toggle_not_allowed' },
    });
    const pay = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, {
      amount: 199_000,
      paid_at: '2026-11-20',
      method: 'bill',
      bank_code: 'UBS',
    });
    expect(pay.statusCode, pay.body).toBe(201);
    expect(pay.json<{ data: OrderDto }>().data).toMatchObject({ payment_status: 'pending', paid: 199_000, dept: 200_000 });
    const rest = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 200_000, paid_at: '2026-11-21' });
    expect(rest.json<{ data: OrderDto }>().data).toMatchObject({ payment_status: 'paid', dept: 0, canToggleStatus: false });
    const checked = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    expect(checked.json<{ data: OrderDto }>().data).toMatchObject({ canToggleStatus: true, canTogglePaymentStatus: true });
    const close = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'status' });
    expect(close.json<{ data: OrderDto }>().data).toMatchObject({
      status: 'closed',
      canTogglePaymentStatus: false,
      canBeCanceled: false,
      canToggleOnHold: false,
    });
    expect((await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' })).statusCode).toBe(403);
  });

  it('omnicas needs bank docs, bank delivery and payments checked before the status may change', async () => {
    const o = await sale();
    await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: o.sum, paid_at: '2026-11-20', method: 'omnicas' });
    const res = await as('admin', 'PUT', `/api/finances/order/${o.id}`, {
      payment_method: 'omnicas',
      checked_contract: true,
      toggle: 'status',
    });
    expect(res.statusCode).toBe(403);
    const ok = await as('admin', 'PUT', `/api/finances/order/${o.id}`, {
      payment_method: 'omnicas',
      checked_contract: true,
      checked_bank_docs: true,
      checked_bank_delivery: true,
      checked_payments: true,
      toggle: 'status',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: OrderDto }>().data.status).toBe('closed');
  });

  it('on hold and back; cancel and back', async () => {
    const o = await sale();
    const held = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' });
    expect(held.json<{ data: OrderDto }>().data).toMatchObject({ status: 'on_hold', canBeCanceled: false, canToggleOnHold: true });
    expect((await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' })).statusCode).toBe(403);
    const back = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' });
    // Resuming gives back the status it had (order-rules.test.ts has the pending case).
    expect(back.json<{ data: OrderDto }>().data.status).toBe('open');
    const o2 = await sale();
    const canceled = await as('admin', 'PUT', `/api/finances/order/${o2.id}`, { toggle: 'cancel' });
    expect(canceled.json<{ data: OrderDto }>().data).toMatchObject({ status: 'canceled', canBeCanceled: true });
    const reopened = await as('admin', 'PUT', `/api/finances/order/${o2.id}`, { toggle: 'cancel' });
    expect(reopened.json<{ data: OrderDto }>().data.status).toBe('open');
  });

  it('deliveries move the delivery status: main product first, then everything', async () => {
    const o = await sale();
    const main = o.lines.find((l) => l.product.type === 'main')!;
    const other = o.lines.find((l) => l.product.type === 'other')!;
    const first = await as('admin', 'POST', `/api/finances/order-delivery/${o.id}`, { delivered_at: '2026-11-21', line_ids: [main.id] });
    expect(first.statusCode, first.body).toBe(201);
    const d1 = first.json<{ data: OrderDto }>().data;
    expect(d1.delivery_status).toBe('main_product_delivered');
    expect(d1.lastDelivery).toMatchObject({ line_ids: [main.id] });
    // A line another delivery brought, or a line of another order, is refused.
    expect(
      (await as('admin', 'POST', `/api/finances/order-delivery/${o.id}`, { delivered_at: '2026-11-22', line_ids: [main.id] })).statusCode,
    ).toBe(400);
    const second = await as('admin', 'POST', `/api/finances/order-delivery/${o.id}`, { delivered_at: '2026-11-22', line_ids: [other.id] });
    expect(second.json<{ data: OrderDto }>().data.delivery_status).toBe('delivered');
    const removed = await as('admin', 'DELETE', `/api/finances/order-delivery/${d1.lastDelivery!.id}`);
    expect(removed.json<{ data: OrderDto }>().data.delivery_status).toBe('not_delivered');
  });

  it('product lines: a new line changes the sum; a delivered line does not change', async () => {
    const o = await sale();
    const added = await as('admin', 'POST', `/api/finances/order-product/${o.id}`, {
      product_id: otherProduct,
      status: 'sell',
      quantity: 2,
      price: 5_000,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ data: OrderDto }>().data.sum).toBe(o.sum + 10_000);
    const main = o.lines.find((l) => l.product.type === 'main')!;
    await as('admin', 'POST', `/api/finances/order-delivery/${o.id}`, { delivered_at: '2026-11-21', line_ids: [main.id] });
    expect(
      (await as('admin', 'PUT', `/api/finances/order-product/${main.id}`, { product_id: mainProduct, status: 'sell', price: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await as('admin', 'POST', `/api/finances/order-product/${o.id}`, { product_id: 999_999, status: 'sell' })).statusCode).toBe(
      404,
    );
  });

  it('payments: bad amounts are refused; concurrent payments on one order are all kept', async () => {
    const o = await sale();
    expect((await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 0, paid_at: '2026-11-20' })).statusCode).toBe(400);
    expect((await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 10.5, paid_at: '2026-11-20' })).statusCode).toBe(
      400,
    );
    expect((await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 100, paid_at: '20.11.2026' })).statusCode).toBe(400);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 1_000 + i, paid_at: '2026-11-20' }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const after = (await as('admin', 'GET', `/api/finances/order/${o.id}`)).json<{ data: OrderDto }>().data;
    expect(after.order_payments).toHaveLength(8);
    expect(after.paid).toBe(8_028);
    expect(after.payment_status).toBe('pending');
  });

  it('each role sees only what it may', async () => {
    const mine = await sale('ia');
    const other = await sale('sa');
    for (const who of ['sa', 'ca', 'user']) {
      expect((await as(who, 'GET', '/api/finances/orders')).statusCode, who).toBe(403);
      expect((await as(who, 'GET', '/api/finances/commissions')).statusCode, who).toBe(403);
    }
    const own = await as('ia', 'GET', '/api/finances/orders?limit=500');
    const ids = own.json<{ data: OrderDto[] }>().data.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect((await as('ia', 'GET', `/api/finances/order/${other.id}`)).statusCode).toBe(404);
    expect((await as('ia', 'PUT', `/api/finances/order/${mine.id}`, { checked_contract: true })).statusCode).toBe(403);
    expect((await as('ia', 'POST', `/api/finances/order-payment/${mine.id}`, { amount: 100, paid_at: '2026-11-20' })).statusCode).toBe(403);
  });
});

describe('commissions', () => {
  it('a checked contract earns: seller, three active uplines (the inactive one skipped), the booking call agent; exact to the Rappen', async () => {
    const o = await sale('ia', 389_050, 12_345);
    expect(await commissionsOf(o.id)).toEqual([]);
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    const rows = await commissionsOf(o.id);
    expect(rows.map((r) => [r.agent.id, r.reason, r.amount, r.status])).toEqual([
      // 10 % of 3'890.50 = 389.05 (38'905 Rappen) plus 5 % of 123.45 = 6.1725 → 617 Rappen
      [users.get('ia')!.id, 'sale', 38_905 + 617, 'open'],
      // 3 % of 389'050 = 11'671.5 → 11'672; 1 % of 12'345 = 123.45 → 123
      [users.get('up1')!.id, 'l1', 11_672 + 123, 'open'],
      // up2 is inactive: up3 takes level 2 (2 % → 7'781), up4 level 3 (1 % → 3'890.5 → 3'891)
      [users.get('up3')!.id, 'l2', 7_781, 'open'],
      [users.get('up4')!.id, 'l3', 3_891, 'open'],
      [users.get('ca')!.id, 'ca', 5_000, 'open'],
    ]);
    // Checking again adds nothing.
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true, contract_number: 'neu' });
    expect(await commissionsOf(o.id)).toHaveLength(5);
    // The inactive upline's row in the tree is unchanged.
    const { rows: tree } = await t.pool.query<{ referred_by_id: number }>('SELECT referred_by_id FROM users WHERE id = $1', [
      users.get('up2')!.id,
    ]);
    expect(tree[0]!.referred_by_id).toBe(users.get('up3')!.id);
  });

  it('a cancellation claws back with reversing rows and never edits a paid row', async () => {
    const o = await sale('ia', 100_000, 0);
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    const earned = await commissionsOf(o.id);
    const sale_ = earned.find((r) => r.reason === 'sale')!;
    expect((await as('admin', 'PUT', `/api/finances/commission/${sale_.id}`, { status: 'paid' })).statusCode).toBe(200);
    const canceled = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = await commissionsOf(o.id);
    expect(after.filter((r) => r.reverses_id !== null).map((r) => [r.reason, r.amount])).toEqual(earned.map((r) => [r.reason, -r.amount]));
    expect(after.find((r) => r.id === sale_.id)).toMatchObject({ status: 'paid', amount: sale_.amount });
    expect(after.reduce((s, r) => s + r.amount, 0)).toBe(0);
    const reopened = await as('admin', 'PUT', `/api/finances/commission/${sale_.id}`, { status: 'open' });
    expect(reopened.statusCode).toBe(403);
    expect(reopened.json()).toMatchObject({ data: { reason: 'paid_commission_final' } });
    // Reopened, it earns again.
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' });
    expect((await commissionsOf(o.id)).reduce((s, r) => s + r.amount, 0)).toBe(earned.reduce((s, r) => s + r.amount, 0));
  });

  it('the commissions tab asks reason sale, the downline tabs l1, l2, l3 and ca; an agent sees their own', async () => {
    const sale_ = await as('admin', 'GET', '/api/finances/commissions?reason=sale');
    expect(sale_.json<{ data: CommissionDto[] }>().data.every((r) => r.reason === 'sale')).toBe(true);
    const down = await as('admin', 'GET', '/api/finances/commissions?reason=l1,l2,l3,ca');
    expect(new Set(down.json<{ data: CommissionDto[] }>().data.map((r) => r.reason))).toEqual(new Set(['l1', 'l2', 'l3', 'ca']));
    const own = await as('up1', 'GET', '/api/finances/commissions');
    expect(own.json<{ data: CommissionDto[] }>().data.every((r) => r.agent.id === users.get('up1')!.id)).toBe(true);
    expect((await as('admin', 'GET', '/api/finances/commissions?reason=l4')).statusCode).toBe(400);
  });

  it('lists commissions by the date the page shows, newest first; changing a row does not move it', async () => {
    const page = async () => (await as('admin', 'GET', '/api/finances/commissions?limit=500')).json<{ data: CommissionDto[] }>().data;
    const before = await page();
    expect(before.length).toBeGreaterThan(2);
    const byDate = (rows: CommissionDto[]) =>
      [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id).map((r) => r.id);
    expect(before.map((r) => r.id)).toEqual(byDate(before));
    // The oldest open row changes (its updated_at is now the newest of all): it stays where its date puts it.
    const oldest = [...before].reverse().find((r) => r.status === 'open')!;
    expect((await as('admin', 'PUT', `/api/finances/commission/${oldest.id}`, { status: 'pending' })).statusCode).toBe(200);
    const after = await page();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.find((r) => r.id === oldest.id)!.status).toBe('pending');
    await as('admin', 'PUT', `/api/finances/commission/${oldest.id}`, { status: 'open' });
  });
});

describe('commission receipts', () => {
  it("gathers an agent's open commissions of a period, rebuilds after a change, pays them, and prints", async () => {
    const o = await sale('ia2', 200_000, 0);
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true });
    const today = zurichToday();
    const created = await as('admin', 'POST', `/api/finances/receipt/${users.get('ia2')!.id}`, { from: '2020-01-01', to: today });
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json<{ data: { id: number; total: number; commissions_count: number } }>().data;
    expect(r).toMatchObject({ total: 20_000, commissions_count: 1 });
    // Another sale, then a rebuild takes it in.
    const o2 = await sale('ia2', 100_000, 0);
    await as('admin', 'PUT', `/api/finances/order/${o2.id}`, { checked_contract: true });
    const rebuilt = await as('admin', 'GET', `/api/finances/rebuild-receipt/${r.id}`);
    expect(rebuilt.json<{ data: { total: number; commissions_count: number } }>().data).toMatchObject({
      total: 30_000,
      commissions_count: 2,
    });
    const pdf = await as('admin', 'GET', `/api/finances/receipt/${r.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(`Provisionsabrechnung Nr. ${r.id}`);
    // The statement is written in the language of the agent it is addressed to.
    await t.pool.query("UPDATE users SET locale = 'it' WHERE id = $1", [users.get('ia2')!.id]);
    const italian = pdfText((await as('admin', 'GET', `/api/finances/receipt/${r.id}/pdf`)).rawPayload);
    expect(italian).toContain(`Conteggio provvigioni n. ${r.id}`);
    expect(italian).toContain('Vendita');
    expect(italian).not.toContain('Provisionsabrechnung');
    const paid = await as('admin', 'PUT', `/api/finances/receipt/${r.id}`, { status: 'paid' });
    expect(paid.json<{ data: { status: string } }>().data.status).toBe('paid');
    const rows = (await as('admin', 'GET', `/api/finances/receipt/${r.id}`)).json<{ commissions: CommissionDto[] }>().commissions;
    expect(rows.every((c) => c.status === 'paid')).toBe(true);
    const rebuiltPaid = await as('admin', 'GET', `/api/finances/rebuild-receipt/${r.id}`);
    expect(rebuiltPaid.statusCode).toBe(403);
    expect(rebuiltPaid.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'paid_receipt_final' } });
    expect((await as('admin', 'DELETE', `/api/finances/receipt/${r.id}`)).statusCode).toBe(403);
    expect((await as('ia2', 'GET', `/api/finances/receipt/${r.id}`)).statusCode).toBe(200);
    expect((await as('ia', 'GET', `/api/finances/receipt/${r.id}`)).statusCode).toBe(404);
    expect((await as('admin', 'POST', `/api/finances/receipt/${users.get('ia2')!.id}`, { from: today, to: '2026-01-01' })).statusCode).toBe(
      400,
    );
  });
});
