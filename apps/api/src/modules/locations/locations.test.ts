import { SPECIAL_LOCATION_ID, type LocationDto, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../../../test/factories.ts';
import { auditRows, createTestApp, createUser, injectAs, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: string;
const cookies = new Map<RoleCode, string>();

/** Locations made in beforeAll, by code. */
const made = new Map<string, LocationDto>();

const SEED = [
  { code: 'GLATT', display_name: 'Glatt Zentrum Wallisellen', city: 'Wallisellen', index: '8304', type: 'mall' },
  { code: 'TIVOLI', display_name: 'Shoppi Tivoli Spreitenbach', city: 'Spreitenbach', index: '8957', type: 'mall' },
  { code: 'CENTRO', display_name: 'Centro Lugano Sud', city: 'Grancia', index: '6916', type: 'mall' },
  { code: 'BEA', display_name: 'BEA Bern', city: 'Bern', index: '3014', type: 'event' },
  { code: 'OLMA', display_name: 'OLMA St. Gallen', city: 'St. Gallen', index: '9008', type: 'event' },
  { code: 'PROMO_100', display_name: '100% Promo', city: 'Zürich', index: '', type: 'event' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'sales_agent', 'ocr_manager', 'user', 'partner'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
  admin = cookies.get('admin')!;
  for (const body of SEED) {
    const res = await injectAs(t.app, admin, { method: 'POST', url: '/api/location', payload: body });
    expect(res.statusCode).toBe(201);
    made.set(body.code, res.json<{ data: LocationDto }>().data);
  }
  // Three clients came from the Glatt, one from the BEA.
  for (const code of ['GLATT', 'GLATT', 'GLATT', 'BEA']) {
    const client = await createUser(t.db, { role: 'user' });
    await t.pool.query('UPDATE users SET lead_location_id = $1 WHERE id = $2', [made.get(code)!.id, client.id]);
  }
});

afterAll(async () => {
  await t?.close();
});

function as(cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return cookie
    ? injectAs(t.app, cookie, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) })
    : t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function list(query = ''): Promise<{ data: LocationDto[]; total: number; limit: number; offset: number }> {
  const res = await as(admin, 'GET', `/api/locations${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function stored(id: number) {
  const res = await t.pool.query<{ code: string; display_name: string }>('SELECT code, display_name FROM locations WHERE id = $1', [id]);
  return res.rows[0];
}

const body = (change: Record<string, unknown> = {}) => ({
  code: `LOC${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  display_name: 'Messe Luzern',
  city: 'Luzern',
  index: '6005',
  type: 'event',
  ...change,
});

describe('GET /api/locations', () => {
  it('answers a page of 50 ordered by code descending, with each row and its user count', async () => {
    const page = await list();
    expect(page).toMatchObject({ limit: 50, offset: 0, total: SEED.length + 1 });
    expect(page.data.map((l) => l.code)).toEqual(['TIVOLI', 'PROMO_100', 'OLMA', 'NONE', 'GLATT', 'CENTRO', 'BEA']);
    expect(page.data.find((l) => l.code === 'GLATT')).toEqual({
      id: made.get('GLATT')!.id,
      code: 'GLATT',
      city: 'Wallisellen',
      display_name: 'Glatt Zentrum Wallisellen',
      index: '8304',
      type: 'mall',
      users: 3,
      can_change: true,
      can_delete: false,
    });
  });

  it('shows the special location as fixed', async () => {
    const special = (await list()).data.find((l) => l.id === SPECIAL_LOCATION_ID);
    expect(special).toMatchObject({ code: 'NONE', can_change: false, can_delete: false });
  });

  it.each<[string, string, string[]]>([
    ['malls only', '?type=mall', ['TIVOLI', 'GLATT', 'CENTRO']],
    ['events only', '?type=event', ['PROMO_100', 'OLMA', 'NONE', 'BEA']],
    ['by code, ignoring case', '?search=tivo', ['TIVOLI']],
    ['by city', '?search=Wallisellen', ['GLATT']],
    ['by display name', '?search=lugano', ['CENTRO']],
    ['by type and search together', '?type=event&search=bern', ['BEA']],
    ['a search for a percent sign finds it literally', '?search=%25', ['PROMO_100']],
    ['a search for an underscore finds it literally', '?search=_', ['PROMO_100']],
    ['nothing found', '?search=Basel', []],
    ['ascending by city', '?type=mall&orderBy=city&orderMethod=asc', ['CENTRO', 'TIVOLI', 'GLATT']],
    ['by user count', '?type=event&orderBy=users&orderMethod=desc', ['BEA', 'PROMO_100', 'OLMA', 'NONE']],
  ])('filters %s', async (_name, query, codes) => {
    const page = await list(query);
    expect(page.data.map((l) => l.code)).toEqual(codes);
    expect(page.total).toBe(codes.length);
  });

  it('pages with limit and offset and counts every match', async () => {
    const first = await list('?limit=2&offset=0');
    const second = await list('?limit=2&offset=2');
    expect(first.data.map((l) => l.code)).toEqual(['TIVOLI', 'PROMO_100']);
    expect(second.data.map((l) => l.code)).toEqual(['OLMA', 'NONE']);
    expect(second).toMatchObject({ total: SEED.length + 1, limit: 2, offset: 2 });
  });

  it.each([
    ['?type=fair', { type: 'invalid_value' }],
    ['?limit=0', { limit: 'too_short' }],
    ['?orderBy=password_hash', { orderBy: 'invalid_value' }],
  ])('refuses %s with field_validation', async (query, fields) => {
    const res = await as(admin, 'GET', `/api/locations${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });

  it.each<[RoleCode, number]>([
    ['sales_agent', 200],
    ['ocr_manager', 200],
    ['user', 403],
    ['partner', 403],
  ])('answers %s with %i', async (role, status) => {
    const res = await as(cookies.get(role), 'GET', '/api/locations');
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
  });

  it('refuses a request without a session', async () => {
    const res = await as(undefined, 'GET', '/api/locations');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });
});

describe('GET /api/locations-with-users', () => {
  it('lists every location with its user count, events first, by name', async () => {
    const res = await as(cookies.get('sales_agent'), 'GET', '/api/locations-with-users');
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: { code: string; users: number; type: string }[] }>().data;
    expect(data.map((l) => l.code)).toEqual(['PROMO_100', 'BEA', 'NONE', 'OLMA', 'CENTRO', 'GLATT', 'TIVOLI']);
    expect(data.find((l) => l.code === 'GLATT')).toEqual({
      id: made.get('GLATT')!.id,
      code: 'GLATT',
      display_name: 'Glatt Zentrum Wallisellen',
      city: 'Wallisellen',
      type: 'mall',
      users: 3,
    });
  });

  it.each<[RoleCode | undefined, number]>([
    ['user', 403],
    ['partner', 403],
    [undefined, 401],
  ])('refuses %s', async (role, status) => {
    const res = await as(role && cookies.get(role), 'GET', '/api/locations-with-users');
    expect(res.statusCode).toBe(status);
  });
});

describe('POST /api/location', () => {
  it('adds a location with 0 users and audits it', async () => {
    const res = await as(
      admin,
      'POST',
      '/api/location',
      body({ code: 'COMPTOIR', display_name: ' Comptoir Suisse Lausanne ', city: 'Lausanne', index: '1004' }),
    );
    expect(res.statusCode).toBe(201);
    const created = res.json<{ data: LocationDto }>().data;
    expect(created).toMatchObject({
      code: 'COMPTOIR',
      display_name: 'Comptoir Suisse Lausanne',
      city: 'Lausanne',
      index: '1004',
      type: 'event',
      users: 0,
      can_change: true,
      can_delete: true,
    });
    expect(await stored(created.id)).toEqual({ code: 'COMPTOIR', display_name: 'Comptoir Suisse Lausanne' });
    expect((await auditRows(t, 'location.created')).at(-1)).toMatchObject({ details: { id: created.id, code: 'COMPTOIR' } });
  });

  it('makes a mall when no type is given', async () => {
    const res = await as(admin, 'POST', '/api/location', { code: 'EMMEN', display_name: 'Emmen Center' });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: LocationDto }>().data).toMatchObject({ type: 'mall', city: '', index: '' });
  });

  it.each(['GLATT', 'glatt', 'Glatt'])('refuses the taken code %s (case does not matter) and stores nothing', async (code) => {
    const before = await t.pool.query('SELECT count(*)::int AS n FROM locations');
    const res = await as(admin, 'POST', '/api/location', body({ code }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'LOCATION_CODE_TAKEN', field_validation: { code: 'already_taken' } });
    const after = await t.pool.query('SELECT count(*)::int AS n FROM locations');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('gives two simultaneous adds of the same code one location and one 409', async () => {
    const same = body({ code: 'RACE' });
    const answers = await Promise.all([1, 2, 3].map(() => as(admin, 'POST', '/api/location', same)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ error: 'LOCATION_CODE_TAKEN', field_validation: { code: 'already_taken' } });
    }
    const rows = await t.pool.query("SELECT 1 FROM locations WHERE lower(code) = 'race'");
    expect(rows.rowCount).toBe(1);
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['no fields', {}, { code: 'field_is_required', display_name: 'field_is_required' }],
    ['a blank name', body({ display_name: '  ' }), { display_name: 'field_is_required' }],
    ['a code with spaces', body({ code: 'GLATT ZENTRUM' }), { code: 'invalid_value' }],
    ['a bad postcode', body({ index: '83O4' }), { index: 'invalid_value' }],
    ['an unknown type', body({ type: 'fair' }), { type: 'invalid_value' }],
    ['a number as name', body({ display_name: 12 }), { display_name: 'invalid_value' }],
  ])('refuses %s with field_validation and stores nothing', async (_name, payload, fields) => {
    const before = await t.pool.query('SELECT count(*)::int AS n FROM locations');
    const res = await as(admin, 'POST', '/api/location', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    const after = await t.pool.query('SELECT count(*)::int AS n FROM locations');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('refuses a body that is no JSON object', async () => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/location',
      headers: { 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it.each<[RoleCode | undefined, number]>([
    ['sales_agent', 403],
    ['ocr_manager', 403],
    ['user', 403],
    ['partner', 403],
    [undefined, 401],
  ])('refuses %s before reading the body', async (role, status) => {
    const res = await as(role && cookies.get(role), 'POST', '/api/location', body({ code: 'SNEAKY' }));
    expect(res.statusCode).toBe(status);
    expect((await t.pool.query("SELECT 1 FROM locations WHERE code = 'SNEAKY'")).rowCount).toBe(0);
  });
});

describe('PUT /api/location/{id}', () => {
  it('changes a location, keeps its user count and audits what changed', async () => {
    const glatt = made.get('GLATT')!;
    const res = await as(admin, 'PUT', `/api/location/${glatt.id}`, {
      code: 'glatt',
      display_name: 'Glattzentrum',
      city: 'Wallisellen',
      index: '8304',
      type: 'mall',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: LocationDto }>().data).toMatchObject({
      id: glatt.id,
      code: 'glatt',
      display_name: 'Glattzentrum',
      users: 3,
      can_delete: false,
    });
    expect((await auditRows(t, 'location.updated')).at(-1)).toMatchObject({
      details: {
        id: glatt.id,
        changes: { code: { from: 'GLATT', to: 'glatt' }, displayName: { from: 'Glatt Zentrum Wallisellen', to: 'Glattzentrum' } },
      },
    });
    await as(admin, 'PUT', `/api/location/${glatt.id}`, { ...SEED[0] });
  });

  it('moves a location to the other type', async () => {
    const created = (await as(admin, 'POST', '/api/location', body({ code: 'MOVER', type: 'event' }))).json<{ data: LocationDto }>().data;
    const res = await as(admin, 'PUT', `/api/location/${created.id}`, body({ code: 'MOVER', type: 'mall' }));
    expect(res.json<{ data: LocationDto }>().data.type).toBe('mall');
  });

  it("refuses another location's code", async () => {
    const res = await as(admin, 'PUT', `/api/location/${made.get('OLMA')!.id}`, { ...SEED[4], code: 'Bea' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'LOCATION_CODE_TAKEN', field_validation: { code: 'already_taken' } });
    expect((await stored(made.get('OLMA')!.id))?.code).toBe('OLMA');
  });

  it('refuses to change the special location', async () => {
    const res = await as(admin, 'PUT', `/api/location/${SPECIAL_LOCATION_ID}`, body({ code: 'NONE', display_name: 'Anders' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Not allowed.', message: expect.stringContaining('special location') as unknown });
    expect(await stored(SPECIAL_LOCATION_ID)).toEqual({ code: 'NONE', display_name: 'Ohne Standort' });
  });

  it.each(['999999'])('answers the unknown id %s with UNKNOWN_LOCATION_ID', async (id) => {
    const res = await as(admin, 'PUT', `/api/location/${id}`, body());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'UNKNOWN_LOCATION_ID' });
  });

  it.each(['abc', '0', '-3', '1.5', '2147483648'])('refuses the id %s with field_validation', async (id) => {
    const res = await as(admin, 'PUT', `/api/location/${id}`, body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: expect.any(String) as unknown } });
  });

  it('refuses bad fields and changes nothing', async () => {
    const olma = made.get('OLMA')!;
    const res = await as(admin, 'PUT', `/api/location/${olma.id}`, { ...SEED[4], display_name: '', index: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { display_name: 'field_is_required', index: 'invalid_value' } });
    expect(await stored(olma.id)).toEqual({ code: 'OLMA', display_name: 'OLMA St. Gallen' });
  });

  it.each<[RoleCode | undefined, number]>([
    ['sales_agent', 403],
    ['user', 403],
    [undefined, 401],
  ])('refuses %s', async (role, status) => {
    const olma = made.get('OLMA')!;
    const res = await as(role && cookies.get(role), 'PUT', `/api/location/${olma.id}`, { ...SEED[4], display_name: 'Gekapert' });
    expect(res.statusCode).toBe(status);
    expect((await stored(olma.id))?.display_name).toBe('OLMA St. Gallen');
  });
});

describe('DELETE /api/location/{id}', () => {
  it('deletes a location without clients and audits it', async () => {
    const created = (await as(admin, 'POST', '/api/location', body({ code: 'GONE', display_name: 'Weg damit' }))).json<{
      data: LocationDto;
    }>().data;
    const res = await as(admin, 'DELETE', `/api/location/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: created.id } });
    expect(await stored(created.id)).toBeUndefined();
    expect((await auditRows(t, 'location.deleted')).at(-1)).toMatchObject({
      details: { id: created.id, code: 'GONE', display_name: 'Weg damit' },
    });
    const again = await as(admin, 'DELETE', `/api/location/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'UNKNOWN_LOCATION_ID' });
  });

  it('refuses a location that clients came from, and keeps their link', async () => {
    const glatt = made.get('GLATT')!;
    const res = await as(admin, 'DELETE', `/api/location/${glatt.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'LOCATION_IN_USE', message: expect.stringContaining('3 client') as unknown });
    expect(await stored(glatt.id)).toBeDefined();
    const linked = await t.pool.query('SELECT 1 FROM users WHERE lead_location_id = $1', [glatt.id]);
    expect(linked.rowCount).toBe(3);
  });

  it('refuses to delete the special location', async () => {
    const res = await as(admin, 'DELETE', `/api/location/${SPECIAL_LOCATION_ID}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Not allowed.', message: expect.stringContaining('cannot be deleted') as unknown });
    expect(await stored(SPECIAL_LOCATION_ID)).toBeDefined();
  });

  it('answers an unknown id with UNKNOWN_LOCATION_ID', async () => {
    const res = await as(admin, 'DELETE', '/api/location/424242');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'UNKNOWN_LOCATION_ID' });
  });

  it.each<[RoleCode | undefined, number]>([
    ['sales_agent', 403],
    ['ocr_manager', 403],
    ['partner', 403],
    [undefined, 401],
  ])('refuses %s and keeps the location', async (role, status) => {
    const tivoli = made.get('TIVOLI')!;
    const res = await as(role && cookies.get(role), 'DELETE', `/api/location/${tivoli.id}`);
    expect(res.statusCode).toBe(status);
    expect(await stored(tivoli.id)).toBeDefined();
  });
});
