import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('the demo warehouse', () => {
  it('covers what is still to deliver for every active product, so no stock shows short at the first start', async () => {
    const admin = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/warehouse' });
    expect(res.statusCode, res.body).toBe(200);
    const stock = res.json<{ data: { stock: { product: { status: string; type: string }; quantity: number; to_deliver: number }[] } }>()
      .data.stock;
    const active = stock.filter((r) => r.product.status === 'active');
    expect(active.length).toBeGreaterThan(0);
    expect(active.filter((r) => r.to_deliver > r.quantity)).toEqual([]);
    // Something is waiting for delivery, and the stock is more than exactly that.
    expect(active.some((r) => r.to_deliver > 0)).toBe(true);
    expect(active.every((r) => r.quantity > r.to_deliver)).toBe(true);
  });
});
