import { productsQuery } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { productsPageQuery } from './repo.ts';

/**
 * The catalogue is small (a few dozen products, a few hundred at most), and on a table that size
 * PostgreSQL rightly reads every row. To check that the list's order and filters have indexes to
 * use once it grows, these plans are taken on 20'000 generated products.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.pool.query(`
    INSERT INTO products (code, name, type, default_price, status, updated_at)
    SELECT 'P-' || i,
           'Produkt ' || i,
           CASE WHEN i % 400 = 0 THEN 'hula' ELSE 'main' END,
           (i * 37) % 500000,
           CASE WHEN i % 400 = 0 THEN 'draft' ELSE 'active' END,
           now() - i * interval '1 minute'
    FROM generate_series(1, 20000) AS i`);
  await t.pool.query('ANALYZE products');
});

afterAll(async () => {
  await t?.close();
});

async function plan(query: Record<string, string>): Promise<string> {
  const { sql, params } = productsPageQuery(t.db, productsQuery.parse(query)).toSQL();
  const res = await t.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return res.rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('indexes of the products list', () => {
  it('reads the default page (newest change first) from products_updated_idx without sorting', async () => {
    const shown = await plan({});
    expect(shown).toContain('products_updated_idx');
    expect(shown).not.toMatch(/Sort\b/);
  });

  it('reads the page ordered by code from products_code_unique (lower(code)), both ways', async () => {
    for (const orderMethod of ['asc', 'desc']) {
      const shown = await plan({ orderBy: 'code', orderMethod });
      expect(shown).toContain('products_code_unique');
      expect(shown).not.toMatch(/Sort\b/);
    }
  });

  it('finds a rare type and status through products_type_status_idx', async () => {
    const shown = await plan({ type: 'hula', status: 'draft', orderBy: 'name' });
    expect(shown).toContain('products_type_status_idx');
  });
});
