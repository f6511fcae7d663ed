import { productBody, type CategoryDto, type ProductDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { DEMO_PRODUCTS, seedProducts } from '../../db/seed/products.ts';
import { storageFor } from '../../integrations/storage/index.ts';

let t: TestApp;
let agent: string;
let products: ProductDto[];

beforeAll(async () => {
  t = await createTestApp();
  // What seeding costs is measured by the benchmarks (bench/seed-cost.ts), not here.
  await t.db.transaction((tx) => seedProducts(tx, storageFor(t.config)));
  agent = await login(t.app, (await createUser(t.db, { role: 'sales_agent' })).email);
  products = (await injectAs(t.app, agent, { method: 'GET', url: '/api/products' })).json<{ data: ProductDto[] }>().data;
});

afterAll(async () => {
  await t?.close();
});

describe('demo products', () => {
  it('has six main products (water and air devices), nine promotion gifts, and hula and other products', () => {
    const byType = (type: string) => products.filter((p) => p.type === type);
    expect(byType('main')).toHaveLength(6);
    expect(byType('gift')).toHaveLength(9);
    expect(byType('hula').length).toBeGreaterThanOrEqual(2);
    expect(byType('other').length).toBeGreaterThanOrEqual(4);
    expect(products).toHaveLength(DEMO_PRODUCTS.length);
  });

  it('are valid products, each in a category, priced in whole Rappen', () => {
    for (const p of products) {
      const body = { ...p, category_id: p.category?.id ?? null, image_file_id: p.image?.id ?? null, video_file_id: null };
      expect(productBody.safeParse(body).success, p.code).toBe(true);
      expect(p.category, p.code).not.toBeNull();
    }
    expect(products.find((p) => p.code === 'AQ-500')?.default_price).toBe(249000);
  });

  it('fill every category', async () => {
    const res = await injectAs(t.app, agent, { method: 'GET', url: '/api/categories' });
    const categories = res.json<{ data: CategoryDto[] }>().data;
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories.every((c) => c.products > 0)).toBe(true);
  });

  it('each have a real PNG picture that a sales agent is served', async () => {
    for (const p of products) {
      expect(p.image, p.code).not.toBeNull();
      const served = await injectAs(t.app, agent, { method: 'GET', url: p.image!.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      expect(served.rawPayload.readUInt32BE(16)).toBe(240);
    }
  });
});
