import type { OrderDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesWorld } from '../../../test/sales-world.ts';

/** The money rules of an order that the finances screens enforce: pausing and resuming, refunds. */
let world: Awaited<ReturnType<typeof salesWorld>>;
let mainProduct = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (who: string, method: Method, url: string, payload?: unknown) => world.as(who, method, url, payload);
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: OrderDto }>().data;

function sale(): Promise<OrderDto> {
  return world.sale({ seller: 'sa', lines: [{ product_id: mainProduct, price: 249_000 }] });
}

beforeAll(async () => {
  world = await salesWorld([['sa', 'sales_agent']]);
  mainProduct = await world.product('OR-MAIN', 'main');
});

afterAll(async () => {
  await world.t.close();
});

describe('on hold and back', () => {
  it('an open order paused and resumed is open again, a pending one pending', async () => {
    const o = await sale();
    expect(o.status).toBe('open');
    const held = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' });
    expect(dataOf(held)).toMatchObject({ status: 'on_hold', canToggleOnHold: true });
    const resumed = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(dataOf(resumed)).toMatchObject({ status: 'open', canBeCanceled: true });

    // A closed order opened again is pending; paused and resumed it stays pending.
    const paid = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 249_000, paid_at: '2026-11-20' });
    expect(paid.statusCode, paid.body).toBe(201);
    const closed = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { checked_contract: true, toggle: 'status' });
    expect(dataOf(closed).status).toBe('closed');
    expect(dataOf(await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'status' })).status).toBe('pending');
    expect(dataOf(await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' })).status).toBe('on_hold');
    expect(dataOf(await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' })).status).toBe('pending');
  });

  it('other changes while on hold keep the status it resumes to', async () => {
    const o = await sale();
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' });
    const changed = await as('admin', 'PUT', `/api/finances/order/${o.id}`, { contract_number: 'V-PAUSE', checked_contract: true });
    expect(dataOf(changed)).toMatchObject({ status: 'on_hold', contract_number: 'V-PAUSE' });
    await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 10_000, paid_at: '2026-11-21' });
    expect(dataOf(await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' })).status).toBe('open');
    // A canceled order cannot be paused.
    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' });
    expect((await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'on_hold' })).statusCode).toBe(403);
  });
});

describe('refunds', () => {
  it('a negative amount on the payment route is refused unless it is recorded as a refund', async () => {
    const o = await sale();
    await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 100_000, paid_at: '2026-11-20' });
    const silent = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: -50_000, paid_at: '2026-11-21' });
    expect(silent.statusCode, silent.body).toBe(400);
    expect(silent.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { amount: 'refund_not_marked' } });
    const { rows } = await world.t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM order_payments WHERE order_id = $1', [o.id]);
    expect(rows[0]!.n).toBe(1);

    const refund = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, {
      amount: -50_000,
      refund: true,
      paid_at: '2026-11-21',
      note: 'Teilrückerstattung',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(dataOf(refund)).toMatchObject({ paid: 50_000, dept: 199_000, payment_status: 'pending' });
    expect(dataOf(refund).order_payments.map((p) => p.amount)).toEqual([100_000, -50_000]);

    // A refund is money going back: a positive amount marked as a refund is refused too.
    const positive = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, {
      amount: 50_000,
      refund: true,
      paid_at: '2026-11-22',
    });
    expect(positive.statusCode).toBe(400);
    expect(positive.json()).toMatchObject({ field_validation: { refund: 'invalid_value' } });
    expect(
      (await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: -1, refund: 'ja', paid_at: '2026-11-22' })).statusCode,
    ).toBe(400);
  });

  it('changing a payment to a negative amount needs the refund mark as well; a canceled order takes only refunds', async () => {
    const o = await sale();
    const first = dataOf(await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 80_000, paid_at: '2026-11-20' }));
    const paymentId = first.order_payments[0]!.id;
    const silent = await as('admin', 'PUT', `/api/finances/order-payment/${paymentId}`, { amount: -80_000, paid_at: '2026-11-20' });
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toMatchObject({ field_validation: { amount: 'refund_not_marked' } });
    expect(dataOf(await as('admin', 'GET', `/api/finances/order/${o.id}`)).paid).toBe(80_000);

    await as('admin', 'PUT', `/api/finances/order/${o.id}`, { toggle: 'cancel' });
    const money = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: 1_000, paid_at: '2026-11-22' });
    expect(money.statusCode).toBe(403);
    const back = await as('admin', 'POST', `/api/finances/order-payment/${o.id}`, { amount: -80_000, refund: true, paid_at: '2026-11-22' });
    expect(back.statusCode, back.body).toBe(201);
    expect(dataOf(back)).toMatchObject({ status: 'canceled', paid: 0 });
    expect(
      (await as('sa', 'POST', `/api/finances/order-payment/${o.id}`, { amount: -1_000, refund: true, paid_at: '2026-11-22' })).statusCode,
    ).toBe(403);
  });
});

describe('the discount against the lines', () => {
  it("a line change that would leave the discount larger than the sale is refused; the order's money stays", async () => {
    const o = await sale();
    expect((await as('sa', 'PUT', `/api/presentation/${o.event_id}`, { discount_rec_sum: 200_000 })).statusCode).toBe(200);
    const line = o.lines[0]!;
    const cheaper = await as('admin', 'PUT', `/api/finances/order-product/${line.id}`, {
      product_id: mainProduct,
      status: 'sell',
      quantity: 1,
      price: 150_000,
    });
    expect(cheaper.statusCode, cheaper.body).toBe(403);
    expect(cheaper.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'discount_exceeds_sale' } });
    const removed = await as('admin', 'DELETE', `/api/finances/order-product/${line.id}`);
    expect(removed.statusCode).toBe(403);
    const asRec = await as('admin', 'PUT', `/api/finances/order-product/${line.id}`, {
      product_id: mainProduct,
      status: 'rec',
      quantity: 1,
    });
    expect(asRec.statusCode).toBe(403);
    expect(dataOf(await as('admin', 'GET', `/api/finances/order/${o.id}`))).toMatchObject({ sum: 49_000, discount_rec_sum: 200_000 });
    // A change that keeps the sale above the discount is taken.
    const ok = await as('admin', 'PUT', `/api/finances/order-product/${line.id}`, {
      product_id: mainProduct,
      status: 'sell',
      quantity: 1,
      price: 200_000,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf(ok)).toMatchObject({ sum: 0, payment_status: 'paid' });
  });
});
