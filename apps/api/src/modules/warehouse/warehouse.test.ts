import type { OrderDto, StockRowDto, ToDeliverDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesWorld } from '../../../test/sales-world.ts';

let w: Awaited<ReturnType<typeof salesWorld>>;
let main = 0;
let other = 0;

interface Warehouse {
  stock: StockRowDto[];
  to_deliver: { data: ToDeliverDto[]; total: number };
}

async function warehouse(who = 'admin'): Promise<Warehouse> {
  const res = await w.as(who, 'GET', '/api/warehouse?limit=200');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Warehouse }>().data;
}

const stockOf = async (productId: number) => (await warehouse()).stock.find((s) => s.product.id === productId)!;
const setStock = (productId: number, body: Record<string, unknown>, who = 'admin') =>
  w.as(who, 'PUT', `/api/warehouse/stock/${productId}`, body);
const mainLine = (o: OrderDto) => o.lines.find((l) => l.product.type === 'main')!;

beforeAll(async () => {
  w = await salesWorld([
    ['sa', 'sales_agent'],
    ['ia', 'independent_agent'],
    ['pa', 'prom_agent'],
    ['user', 'user'],
  ]);
  main = await w.product('WM', 'main');
  other = await w.product('WO', 'other');
});

afterAll(async () => {
  await w.t.close();
});

describe('warehouse', () => {
  it('lists every product with its stock (0 without a row) and what open orders still need of it', async () => {
    const before = await stockOf(main);
    expect(before).toMatchObject({ product: { id: main, code: 'WM', type: 'main' }, quantity: 0, updated_at: null });
    await w.sale({ seller: 'sa', lines: [{ product_id: main, quantity: 2 }, { product_id: other }] });
    expect((await stockOf(main)).to_deliver).toBe(before.to_deliver + 2);
  });

  it('an order waits until its main product is delivered; canceled orders and gifts do not wait', async () => {
    const o = await w.sale({ seller: 'sa', lines: [{ product_id: main }, { product_id: other, status: 'gift', price: 0 }] });
    const waiting = (await warehouse()).to_deliver.data.find((r) => r.order_id === o.id)!;
    expect(waiting).toMatchObject({
      contract_number: o.contract_number,
      client: { id: o.client.id, city: 'Bern', zipcode: '3000' },
      agent: { id: w.users.get('sa')!.id },
    });
    // The gift was handed over at the demo: only the main product is listed.
    expect(waiting.lines.map((l) => l.product.id)).toEqual([main]);
    const canceled = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    await w.as('admin', 'PUT', `/api/finances/order/${canceled.id}`, { toggle: 'cancel' });
    expect((await warehouse()).to_deliver.data.map((r) => r.order_id)).not.toContain(canceled.id);
  });

  it('sets a counted quantity and adds goods received; bad input is refused', async () => {
    expect((await setStock(main, { quantity: 5 })).json()).toMatchObject({ data: { quantity: 5 } });
    const received = await setStock(main, { delta: 3 });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<{ data: StockRowDto }>().data.quantity).toBe(8);
    expect((await setStock(main, { delta: -9 })).statusCode).toBe(400);
    expect((await setStock(main, {})).json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { quantity: 'field_is_required' },
    });
    for (const body of [{ quantity: -1 }, { quantity: 1.5 }, { quantity: 1, delta: 1 }, { delta: 0 }, { quantity: '3' }]) {
      expect((await setStock(main, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await setStock(999_999, { quantity: 1 })).statusCode).toBe(404);
    // A product never counted cannot give units away.
    expect((await setStock(other, { delta: -1 })).statusCode).toBe(400);
    expect((await stockOf(main)).quantity).toBe(8);
  });

  it('a delivery from the warehouse records it as finances does and takes the units out of stock', async () => {
    await setStock(main, { quantity: 4 });
    await setStock(other, { quantity: 10 });
    const o = await w.sale({
      seller: 'sa',
      lines: [
        { product_id: main, quantity: 3 },
        { product_id: other, quantity: 2 },
      ],
    });
    const res = await w.as('sa', 'POST', `/api/warehouse/deliver/${o.id}`, { delivered_at: '2026-11-21', line_ids: [mainLine(o).id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      data: { order_id: o.id, delivery_status: 'main_product_delivered', stock: [{ product_id: main, quantity: 1 }] },
    });
    const order = (await w.as('admin', 'GET', `/api/finances/order/${o.id}`)).json<{ data: OrderDto }>().data;
    expect(order.lastDelivery).toMatchObject({
      delivered_at: '2026-11-21',
      line_ids: [mainLine(o).id],
      created_by: { id: w.users.get('sa')!.id },
    });
    expect((await warehouse()).to_deliver.data.map((r) => r.order_id)).not.toContain(o.id);
    expect((await stockOf(main)).quantity).toBe(1);
    expect((await stockOf(other)).quantity).toBe(10);
  });

  it('stock never goes below zero: a delivery the stock cannot cover is refused whole and records nothing', async () => {
    await setStock(main, { quantity: 1 });
    await setStock(other, { quantity: 0 });
    const o = await w.sale({ seller: 'sa', lines: [{ product_id: main, quantity: 2 }, { product_id: other }] });
    const lines = o.lines.map((l) => l.id);
    const res = await w.as('admin', 'POST', `/api/warehouse/deliver/${o.id}`, { delivered_at: '2026-11-21', line_ids: lines });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { line_ids: 'invalid_value' },
      data: {
        shortages: [
          { product_id: main, needed: 2, available: 1 },
          { product_id: other, needed: 1, available: 0 },
        ],
      },
    });
    expect(res.json<{ message: string }>().message).toContain('Not enough in stock');
    const order = (await w.as('admin', 'GET', `/api/finances/order/${o.id}`)).json<{ data: OrderDto }>().data;
    expect(order).toMatchObject({ delivery_status: 'not_delivered', order_deliveries: [] });
    expect((await stockOf(main)).quantity).toBe(1);
    // Two deliveries racing for the last unit: one gets it.
    await setStock(main, { quantity: 1 });
    const a = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const b = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const raced = await Promise.all(
      [a, b].map((x) =>
        w.as('admin', 'POST', `/api/warehouse/deliver/${x.id}`, { delivered_at: '2026-11-22', line_ids: [mainLine(x).id] }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect((await stockOf(main)).quantity).toBe(0);
  });

  it('refuses lines of another order, a line delivered already, a canceled order and an unknown order', async () => {
    await setStock(main, { quantity: 10 });
    const o = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const o2 = await w.sale({ seller: 'sa', lines: [{ product_id: main }] });
    const deliver = (orderId: number, body: Record<string, unknown>) => w.as('admin', 'POST', `/api/warehouse/deliver/${orderId}`, body);
    expect((await deliver(o.id, { delivered_at: '2026-11-21', line_ids: [mainLine(o2).id] })).statusCode).toBe(400);
    expect((await deliver(o.id, { delivered_at: '21.11.2026', line_ids: [mainLine(o).id] })).statusCode).toBe(400);
    expect((await deliver(o.id, { delivered_at: '2026-11-21', line_ids: [] })).statusCode).toBe(400);
    expect((await deliver(o.id, { delivered_at: '2026-11-21', line_ids: [mainLine(o).id] })).statusCode).toBe(201);
    expect((await deliver(o.id, { delivered_at: '2026-11-22', line_ids: [mainLine(o).id] })).statusCode).toBe(400);
    await w.as('admin', 'PUT', `/api/finances/order/${o2.id}`, { toggle: 'cancel' });
    expect((await deliver(o2.id, { delivered_at: '2026-11-21', line_ids: [mainLine(o2).id] })).statusCode).toBe(403);
    expect((await deliver(999_999, { delivered_at: '2026-11-21', line_ids: [1] })).statusCode).toBe(404);
    // Only the one good delivery took a unit.
    expect((await stockOf(main)).quantity).toBe(9);
  });

  it('admins and sales agents use the warehouse; every other role is refused', async () => {
    expect((await w.as('sa', 'GET', '/api/warehouse')).statusCode).toBe(200);
    expect((await setStock(main, { quantity: 2 }, 'sa')).statusCode).toBe(200);
    for (const who of ['ca', 'ia', 'pa', 'user']) {
      expect((await w.as(who, 'GET', '/api/warehouse')).statusCode, who).toBe(403);
      expect((await setStock(main, { quantity: 1 }, who)).statusCode, who).toBe(403);
      expect((await w.as(who, 'POST', '/api/warehouse/deliver/1', { delivered_at: '2026-11-21', line_ids: [1] })).statusCode, who).toBe(
        403,
      );
    }
    expect((await w.t.app.inject({ method: 'GET', url: '/api/warehouse' })).statusCode).toBe(401);
  });
});
