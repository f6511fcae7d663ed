import type { CategoryDto, FileDto, ProductDto, RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4, multipart, png } from '../../../test/fixtures.ts';
import { buildStaff } from '../../../test/factories.ts';
import { auditRows, createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: string;
const cookies = new Map<RoleCode, string>();
const categories = new Map<string, CategoryDto>();
/** Products made in beforeAll, by code. */
const made = new Map<string, ProductDto>();
let picture: FileDto;
let clip: FileDto;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function as(cookie: string | undefined, method: Method, url: string, payload?: unknown) {
  const body = payload === undefined ? {} : { payload: payload as object };
  return cookie ? injectAs(t.app, cookie, { method, url, ...body }) : t.app.inject({ method, url, ...body });
}

async function upload(url: string, bytes: Buffer, name: string): Promise<FileDto> {
  const res = await injectAs(t.app, admin, { method: 'POST', url, ...multipart(bytes, name) });
  expect(res.statusCode).toBe(200);
  return res.json<{ file: FileDto }>().file;
}

interface Page {
  data: ProductDto[];
  total: number;
  limit: number;
  offset: number;
}

async function list(query = '', cookie = admin): Promise<Page> {
  const res = await as(cookie, 'GET', `/api/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const codes = (page: Page) => page.data.map((p) => p.code);

async function count(table: 'products' | 'product_categories'): Promise<number> {
  return Number((await t.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
}

let codeCounter = 0;
const body = (change: Record<string, unknown> = {}) => {
  codeCounter += 1;
  return { code: `NEW-${codeCounter}`, name: 'Duschfilter Vita', type: 'hula', default_price: 8990, status: 'active', ...change };
};

// Six products in two categories; updated one after the other, so the newest change is the last one.
const SEED = [
  { code: 'AQ-500', name: 'AquaPur 500 Wasserfilter', type: 'main', default_price: 249000, status: 'active', category: 'Wasser' },
  { code: 'AIR-PRO', name: 'AirClean Pro Luftreiniger', type: 'main', default_price: 189000, status: 'active', category: 'Luft' },
  { code: 'gift-thermo', name: 'Thermosflasche', type: 'gift', default_price: 2490, status: 'active', category: null },
  { code: 'GIFT-KNIFE', name: 'Schweizer Sackmesser', type: 'gift', default_price: 3990, status: 'archived', category: null },
  { code: 'FLT-AQ', name: 'Ersatzfilter AquaPur', type: 'other', default_price: 12900, status: 'active', category: 'Wasser' },
  { code: 'SRV_100', name: 'Servicekit 100% Luft', type: 'hula', default_price: 4500, status: 'draft', category: 'Luft' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'sales_agent', 'call_agent', 'independent_agent', 'partner', 'user', 'ocr_manager'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
  admin = cookies.get('admin')!;
  for (const name of ['Wasser', 'Luft', 'Zubehör']) {
    const res = await as(admin, 'POST', '/api/category', { name });
    expect(res.statusCode).toBe(201);
    categories.set(name, res.json<{ data: CategoryDto }>().data);
  }
  picture = await upload('/api/upload-product-image', png(12), 'aquapur.png');
  clip = await upload('/api/upload-product-video', mp4(), 'aquapur.mp4');
  for (const { category, ...product } of SEED) {
    const media = product.code === 'AQ-500' ? { image_file_id: picture.id, video_file_id: clip.id } : {};
    const res = await as(admin, 'POST', '/api/product', {
      ...product,
      category_id: category ? categories.get(category)!.id : null,
      ...media,
    });
    expect(res.statusCode, res.body).toBe(201);
    made.set(product.code, res.json<{ data: ProductDto }>().data);
  }
  // Distinct updated_at values, a second apart in the order of creation (an hour ago and after), so the
  // default order is the order of creation, newest first.
  await t.pool.query(
    `UPDATE products SET updated_at = now() - interval '1 hour' + array_position($1::int[], id) * interval '1 second' WHERE id = ANY($1)`,
    [[...made.values()].map((p) => p.id)],
  );
  for (const [code, product] of made) {
    made.set(code, (await as(admin, 'GET', `/api/product/${product.id}`)).json<{ data: ProductDto }>().data);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/products', () => {
  it('answers a page of 100, the newest change first, each product with its category, media and what the admin may do', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: SEED.length, limit: 100, offset: 0 });
    expect(codes(page)).toEqual(SEED.map((p) => p.code).reverse());
    expect(page.data.find((p) => p.code === 'AQ-500')).toEqual({
      id: made.get('AQ-500')!.id,
      code: 'AQ-500',
      name: 'AquaPur 500 Wasserfilter',
      type: 'main',
      default_price: 249000,
      status: 'active',
      category: { id: categories.get('Wasser')!.id, name: 'Wasser' },
      image: picture,
      video: clip,
      created_at: expect.any(String) as string,
      updated_at: expect.any(String) as string,
      can_edit: true,
      can_delete: true,
    });
    expect(page.data.find((p) => p.code === 'gift-thermo')).toMatchObject({ category: null, image: null, video: null });
  });

  it('lets the roles that read products see them, without edit or delete rights', async () => {
    for (const role of ['sales_agent', 'call_agent', 'independent_agent'] as const) {
      const page = await list('', cookies.get(role));
      expect(page.total).toBe(SEED.length);
      expect(page.data.every((p) => !p.can_edit && !p.can_delete)).toBe(true);
    }
  });

  it('refuses the roles without products.read, and answers 401 without a session', async () => {
    for (const role of ['partner', 'user', 'ocr_manager'] as const) {
      const res = await as(cookies.get(role), 'GET', '/api/products');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await as(undefined, 'GET', '/api/products')).statusCode).toBe(401);
  });

  it.each<[string, string[]]>([
    ['?type=gift', ['GIFT-KNIFE', 'gift-thermo']],
    ['?status=active&type=main', ['AIR-PRO', 'AQ-500']],
    ['?status=draft', ['SRV_100']],
    ['?category=CAT:Wasser', ['FLT-AQ', 'AQ-500']],
    ['?category=none', ['GIFT-KNIFE', 'gift-thermo']],
    ['?search=aqua', ['FLT-AQ', 'AQ-500']],
    ['?search=GIFT-', ['GIFT-KNIFE', 'gift-thermo']],
    ['?search=%20luft%20', ['SRV_100', 'AIR-PRO']],
    ['?search=100%25', ['SRV_100']],
    ['?search=_', ['SRV_100']],
    ['?search=nothing-like-it', []],
  ])('filters %s', async (query, expected) => {
    const resolved = query.replace(/CAT:(\w+)/, (_m, name: string) => String(categories.get(name)!.id));
    const page = await list(resolved);
    expect(codes(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it.each<[string, string[]]>([
    ['?orderBy=code', ['AIR-PRO', 'AQ-500', 'FLT-AQ', 'GIFT-KNIFE', 'gift-thermo', 'SRV_100']],
    ['?orderBy=code&orderMethod=desc', ['SRV_100', 'gift-thermo', 'GIFT-KNIFE', 'FLT-AQ', 'AQ-500', 'AIR-PRO']],
    ['?orderBy=name', ['AIR-PRO', 'AQ-500', 'FLT-AQ', 'GIFT-KNIFE', 'SRV_100', 'gift-thermo']],
    ['?orderBy=default_price', ['gift-thermo', 'GIFT-KNIFE', 'SRV_100', 'FLT-AQ', 'AIR-PRO', 'AQ-500']],
    ['?orderBy=default_price&orderMethod=desc', ['AQ-500', 'AIR-PRO', 'FLT-AQ', 'SRV_100', 'GIFT-KNIFE', 'gift-thermo']],
    ['?orderBy=updated_at&orderMethod=asc', SEED.map((p) => p.code)],
  ])('sorts %s by a whitelisted column (codes and names regardless of case)', async (query, expected) => {
    expect(codes(await list(query))).toEqual(expected);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    const first = await list('?orderBy=code&limit=4');
    const second = await list('?orderBy=code&limit=4&offset=4');
    expect(first).toMatchObject({ total: 6, limit: 4, offset: 0 });
    expect(second).toMatchObject({ total: 6, limit: 4, offset: 4 });
    expect([...codes(first), ...codes(second)]).toEqual(codes(await list('?orderBy=code')));
  });

  it.each<[string, Record<string, string>]>([
    ['?orderBy=created_at', { orderBy: 'invalid_value' }],
    ['?orderBy=name;drop%20table%20products', { orderBy: 'invalid_value' }],
    ['?orderMethod=sideways', { orderMethod: 'invalid_value' }],
    ['?type=toy', { type: 'invalid_value' }],
    ['?status=gone', { status: 'invalid_value' }],
    ['?category=Wasser', { category: 'invalid_value' }],
    ['?limit=0', { limit: 'too_short' }],
    ['?limit=100000', { limit: 'too_long' }],
    ['?offset=-5', { offset: 'too_short' }],
  ])('refuses %s with 400 and field_validation', async (query, fields) => {
    const res = await as(admin, 'GET', `/api/products${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });
});

describe('GET /api/product/{id}', () => {
  it('answers one product, as the list shows it', async () => {
    const res = await as(admin, 'GET', `/api/product/${made.get('AQ-500')!.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: ProductDto }>();
    expect(data).toEqual((await list('?search=AQ-500')).data[0]);
    expect(data.image?.url).toBe(`/api/files/${picture.id}`);
  });

  it('lets a sales agent read it, and then see its picture', async () => {
    const agent = cookies.get('sales_agent')!;
    const res = await as(agent, 'GET', `/api/product/${made.get('AQ-500')!.id}`);
    expect(res.json<{ data: ProductDto }>().data).toMatchObject({ can_edit: false, can_delete: false });
    const served = await as(agent, 'GET', picture.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('answers 404 NOT_FOUND for an unknown id, 400 for a malformed one and 403 for a partner', async () => {
    for (const id of ['999999', '2147483647']) {
      const res = await as(admin, 'GET', `/api/product/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      const res = await as(admin, 'GET', `/api/product/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: expect.any(String) as string } });
    }
    expect((await as(cookies.get('partner'), 'GET', `/api/product/${made.get('AQ-500')!.id}`)).statusCode).toBe(403);
    expect((await as(undefined, 'GET', `/api/product/${made.get('AQ-500')!.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/product', () => {
  it('creates a product, fills the defaults (a draft without category or media) and audits it', async () => {
    const res = await as(admin, 'POST', '/api/product', { code: ' HULA-1 ', name: ' Duschkopf ', type: 'hula', default_price: 7900 });
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: ProductDto }>();
    expect(data).toMatchObject({
      code: 'HULA-1',
      name: 'Duschkopf',
      type: 'hula',
      default_price: 7900,
      status: 'draft',
      category: null,
      image: null,
      video: null,
      can_edit: true,
    });
    const audited = (await auditRows(t, 'product.created')).find((r) => r.details?.id === data.id);
    expect(audited).toMatchObject({ details: { id: data.id, code: 'HULA-1' } });
    await as(admin, 'DELETE', `/api/product/${data.id}`);
  });

  it('refuses a code that exists in another case with 409 and field_validation, and stores nothing', async () => {
    const before = await count('products');
    const res = await as(admin, 'POST', '/api/product', body({ code: 'aq-500' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'PRODUCT_CODE_TAKEN', field_validation: { code: 'already_taken' } });
    expect(await count('products')).toBe(before);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [
      { code: '', name: '' },
      { code: 'field_is_required', name: 'field_is_required' },
    ],
    [{ code: 'A B' }, { code: 'invalid_value' }],
    [
      { type: 'toy', status: 'deleted' },
      { type: 'invalid_value', status: 'invalid_value' },
    ],
    [{ default_price: 1290.5 }, { default_price: 'invalid_value' }],
    [{ default_price: '1290.50' }, { default_price: 'invalid_value' }],
    [{ default_price: -100 }, { default_price: 'invalid_value' }],
    [{ default_price: undefined }, { default_price: 'field_is_required' }],
    [{ category_id: 'Wasser' }, { category_id: 'invalid_value' }],
    [{ image_file_id: 'not-a-file' }, { image_file_id: 'invalid_value' }],
  ])('refuses the malformed body %j with 400 and field_validation', async (change, fields) => {
    const before = await count('products');
    const res = await as(admin, 'POST', '/api/product', body(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    expect(await count('products')).toBe(before);
  });

  it('refuses an unknown category and media that are missing or of the wrong kind, all fields at once', async () => {
    const before = await count('products');
    const res = await as(
      admin,
      'POST',
      '/api/product',
      body({ category_id: 999999, image_file_id: clip.id, video_file_id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { category_id: 'invalid_value', image_file_id: 'invalid_value', video_file_id: 'invalid_value' },
    });
    const swapped = await as(admin, 'POST', '/api/product', body({ video_file_id: picture.id }));
    expect(swapped.json()).toMatchObject({ field_validation: { video_file_id: 'invalid_value' } });
    expect(await count('products')).toBe(before);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/product',
      payload: '{"code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('lets only product managers create', async () => {
    for (const role of ['sales_agent', 'call_agent', 'independent_agent', 'partner', 'user'] as const) {
      const res = await as(cookies.get(role), 'POST', '/api/product', body());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await as(undefined, 'POST', '/api/product', body())).statusCode).toBe(401);
  });
});

describe('PUT /api/product/{id}', () => {
  it('changes the price, archives and brings the product first in the default order', async () => {
    const created = (await as(admin, 'POST', '/api/product', body({ code: 'EDIT-ME' }))).json<{ data: ProductDto }>().data;
    const res = await as(admin, 'PUT', `/api/product/${created.id}`, {
      code: 'edit-me',
      name: 'Duschfilter Vita Plus',
      type: 'hula',
      default_price: 129050,
      status: 'archived',
      category_id: categories.get('Zubehör')!.id,
      image_file_id: picture.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: ProductDto }>();
    expect(data).toMatchObject({
      id: created.id,
      code: 'edit-me',
      default_price: 129050,
      status: 'archived',
      category: { name: 'Zubehör' },
      image: { id: picture.id },
      video: null,
    });
    expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(codes(await list('?limit=1'))).toEqual(['edit-me']);
    const audited = (await auditRows(t, 'product.updated')).find((r) => r.details?.id === created.id);
    expect(audited?.details).toMatchObject({
      changes: { defaultPrice: { from: 8990, to: 129050 }, status: { from: 'active', to: 'archived' } },
    });
    await as(admin, 'DELETE', `/api/product/${created.id}`);
  });

  it("refuses another product's code with 409 and leaves the product as it was", async () => {
    const id = made.get('FLT-AQ')!.id;
    const res = await as(admin, 'PUT', `/api/product/${id}`, body({ code: 'Air-Pro' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'PRODUCT_CODE_TAKEN', field_validation: { code: 'already_taken' } });
    const after = (await as(admin, 'GET', `/api/product/${id}`)).json<{ data: ProductDto }>().data;
    expect(after).toEqual(made.get('FLT-AQ'));
  });

  it('answers 404 for an unknown product, 400 for a malformed body, 403 for a sales agent', async () => {
    const unknown = await as(admin, 'PUT', '/api/product/999999', body());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NOT_FOUND' });
    const id = made.get('FLT-AQ')!.id;
    const bad = await as(admin, 'PUT', `/api/product/${id}`, body({ default_price: 12.9, type: undefined }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_validation: { default_price: 'invalid_value', type: 'field_is_required' } });
    const badRef = await as(admin, 'PUT', `/api/product/${id}`, body({ code: 'FLT-AQ', category_id: 999999 }));
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json()).toMatchObject({ field_validation: { category_id: 'invalid_value' } });
    expect((await as(admin, 'GET', `/api/product/${id}`)).json<{ data: ProductDto }>().data).toEqual(made.get('FLT-AQ'));
    expect((await as(cookies.get('sales_agent'), 'PUT', `/api/product/${id}`, body())).statusCode).toBe(403);
  });
});

describe('DELETE /api/product/{id}', () => {
  it('deletes a product, audits it and keeps its media files', async () => {
    const created = (await as(admin, 'POST', '/api/product', body({ image_file_id: picture.id }))).json<{ data: ProductDto }>().data;
    const res = await as(admin, 'DELETE', `/api/product/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id } });
    expect((await as(admin, 'GET', `/api/product/${created.id}`)).statusCode).toBe(404);
    expect((await auditRows(t, 'product.deleted')).find((r) => r.details?.id === created.id)).toBeDefined();
    expect((await as(admin, 'GET', picture.url)).statusCode).toBe(200);
    const again = await as(admin, 'DELETE', `/api/product/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  // Stands in for the order lines of a later issue: a foreign key to products, ON DELETE RESTRICT
  // (PostgreSQL answers 23001) or without an ON DELETE clause (NO ACTION, 23503).
  it.each(['ON DELETE RESTRICT', ''])(
    'refuses to delete a product used in an order (%s) with 409 PRODUCT_IN_USE; it can be archived instead',
    async (onDelete) => {
      await t.pool.query(
        `CREATE TABLE test_order_lines (id serial PRIMARY KEY, product_id integer NOT NULL REFERENCES products(id) ${onDelete})`,
      );
      try {
        const used = (await as(admin, 'POST', '/api/product', body({ code: 'SOLD-1' }))).json<{ data: ProductDto }>().data;
        await t.pool.query('INSERT INTO test_order_lines (product_id) VALUES ($1)', [used.id]);
        const res = await as(admin, 'DELETE', `/api/product/${used.id}`);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          error: 'PRODUCT_IN_USE',
          message: 'SOLD-1 (Duschfilter Vita) is used in orders and cannot be deleted; archive it instead.',
        });
        expect((await as(admin, 'GET', `/api/product/${used.id}`)).statusCode).toBe(200);
        expect((await auditRows(t, 'product.deleted')).find((r) => r.details?.id === used.id)).toBeUndefined();
        const archived = await as(admin, 'PUT', `/api/product/${used.id}`, body({ code: 'SOLD-1', status: 'archived' }));
        expect(archived.json<{ data: ProductDto }>().data.status).toBe('archived');
        // Once the order line is gone, the product can go too.
        await t.pool.query('DELETE FROM test_order_lines');
        expect((await as(admin, 'DELETE', `/api/product/${used.id}`)).statusCode).toBe(200);
      } finally {
        await t.pool.query('DROP TABLE test_order_lines');
      }
    },
  );

  it('answers 404 for unknown ids, 400 for malformed ones and 403 to roles that may only read', async () => {
    for (const id of ['999999', '2147483647']) {
      expect((await as(admin, 'DELETE', `/api/product/${id}`)).statusCode).toBe(404);
    }
    for (const id of ['x', '99999999999']) {
      expect((await as(admin, 'DELETE', `/api/product/${id}`)).statusCode).toBe(400);
    }
    const id = made.get('AQ-500')!.id;
    for (const role of ['sales_agent', 'call_agent', 'partner'] as const) {
      expect((await as(cookies.get(role), 'DELETE', `/api/product/${id}`)).statusCode).toBe(403);
    }
    expect((await as(undefined, 'DELETE', `/api/product/${id}`)).statusCode).toBe(401);
    expect((await as(admin, 'GET', `/api/product/${id}`)).statusCode).toBe(200);
  });
});

describe('categories', () => {
  async function categoryList(cookie = admin): Promise<CategoryDto[]> {
    const res = await as(cookie, 'GET', '/api/categories');
    expect(res.statusCode).toBe(200);
    return res.json<{ data: CategoryDto[] }>().data;
  }

  it('lists every category by name with its product count', async () => {
    const data = await categoryList();
    expect(data.map((c) => [c.name, c.products])).toEqual([
      ['Luft', 2],
      ['Wasser', 2],
      ['Zubehör', 0],
    ]);
    expect(data[0]).toEqual({ id: categories.get('Luft')!.id, name: 'Luft', products: 2, can_edit: true, can_delete: true });
    const asAgent = await categoryList(cookies.get('sales_agent'));
    expect(asAgent.every((c) => !c.can_edit && !c.can_delete)).toBe(true);
  });

  it('adds and renames a category; a name taken in another case answers 409', async () => {
    const created = await as(admin, 'POST', '/api/category', { name: ' Geschenke ' });
    expect(created.statusCode).toBe(201);
    const category = created.json<{ data: CategoryDto }>().data;
    expect(category).toMatchObject({ name: 'Geschenke', products: 0 });
    const renamed = await as(admin, 'PUT', `/api/category/${category.id}`, { name: 'Werbegeschenke' });
    expect(renamed.json<{ data: CategoryDto }>().data).toMatchObject({ id: category.id, name: 'Werbegeschenke' });
    const before = await count('product_categories');
    const taken = await as(admin, 'POST', '/api/category', { name: 'wasser' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'CATEGORY_NAME_TAKEN', field_validation: { name: 'already_taken' } });
    const renameTaken = await as(admin, 'PUT', `/api/category/${category.id}`, { name: 'LUFT' });
    expect(renameTaken.statusCode).toBe(409);
    expect(await count('product_categories')).toBe(before);
    expect((await auditRows(t, 'category.updated')).at(-1)?.details).toMatchObject({ from: 'Geschenke', to: 'Werbegeschenke' });
    await as(admin, 'DELETE', `/api/category/${category.id}`);
  });

  it('deletes a category in use: its products stay, without a category', async () => {
    const category = (await as(admin, 'POST', '/api/category', { name: 'Kurzlebig' })).json<{ data: CategoryDto }>().data;
    const product = (await as(admin, 'POST', '/api/product', body({ category_id: category.id }))).json<{ data: ProductDto }>().data;
    expect(product.category).toEqual({ id: category.id, name: 'Kurzlebig' });
    const res = await as(admin, 'DELETE', `/api/category/${category.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: category.id, uncategorised_products: 1 } });
    const after = (await as(admin, 'GET', `/api/product/${product.id}`)).json<{ data: ProductDto }>().data;
    expect(after.category).toBeNull();
    expect((await categoryList()).some((c) => c.id === category.id)).toBe(false);
    await as(admin, 'DELETE', `/api/product/${product.id}`);
  });

  it('answers 400 with field_validation for a missing name, 404 for unknown ids', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }]) {
      const res = await as(admin, 'POST', '/api/category', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { name: expect.any(String) as string } });
    }
    for (const [method, payload] of [
      ['PUT', { name: 'Neu' }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of ['999999', '2147483647']) {
        const res = await as(admin, method, `/api/category/${id}`, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
      }
      for (const id of ['abc', '99999999999']) {
        expect((await as(admin, method, `/api/category/${id}`, payload)).statusCode).toBe(400);
      }
    }
  });

  it('lets readers list categories and only product managers change them', async () => {
    const id = categories.get('Zubehör')!.id;
    for (const role of ['partner', 'user', 'ocr_manager'] as const) {
      expect((await as(cookies.get(role), 'GET', '/api/categories')).statusCode).toBe(403);
    }
    for (const role of ['sales_agent', 'call_agent', 'independent_agent', 'partner'] as const) {
      const cookie = cookies.get(role);
      expect((await as(cookie, 'POST', '/api/category', { name: 'Neu' })).json()).toEqual({ error: 'Not allowed.' });
      expect((await as(cookie, 'PUT', `/api/category/${id}`, { name: 'Neu' })).statusCode).toBe(403);
      expect((await as(cookie, 'DELETE', `/api/category/${id}`)).statusCode).toBe(403);
    }
    expect((await as(undefined, 'GET', '/api/categories')).statusCode).toBe(401);
    expect((await categoryList()).find((c) => c.id === id)?.name).toBe('Zubehör');
  });
});
