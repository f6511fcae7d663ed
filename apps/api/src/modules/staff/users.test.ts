import { ROLE_CODES, can, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let adminCookie: string;
const cookies = new Map<RoleCode, string>();
const people: Record<string, TestUser> = {};

/** Users whose last change lies `minutesAgo` in the past, so the order of the lists is known. */
async function person(
  key: string,
  role: RoleCode,
  name: string,
  surname: string,
  minutesAgo: number,
  opts: { isActive?: boolean; email?: string } = {},
) {
  const user = await createUser(t.db, { role, name, surname, isActive: opts.isActive, email: opts.email, password: null });
  await t.pool.query(
    `UPDATE users SET updated_at = now() - $2 * interval '1 minute', phone = '044 000 00 00', city = 'Bern', zipcode = '3000' WHERE id = $1`,
    [user.id, minutesAgo],
  );
  people[key] = user;
}

beforeAll(async () => {
  t = await createTestApp();
  // The sessions' own users: named and addressed so that none of the searches below finds them.
  for (const [i, role] of ROLE_CODES.entries()) {
    const user = await createUser(t.db, { role, name: 'Q', surname: 'Qq', email: `q${i}@q.qq` });
    cookies.set(role, await login(t.app, user.email));
    // Changed long ago: they sort last.
    await t.pool.query(`UPDATE users SET updated_at = now() - interval '30 days' WHERE id = $1`, [user.id]);
  }
  adminCookie = cookies.get('admin')!;
  await person('anna', 'user', 'Anna', 'Zumstein', 1);
  await person('beat', 'user', 'Beat', 'Ammann', 3, { email: 'beat_100%@example.ch' });
  await person('carla', 'user', 'Carla', 'Meier', 5, { isActive: false });
  await person('marco', 'sales_agent', 'Marco', 'Bernasconi', 2);
  await person('sara', 'sales_agent', 'Sara', 'Arnold', 4, { isActive: false });
  await person('claudia', 'call_agent', 'Claudia', 'Meier', 6);
  await person('ivo', 'independent_agent', 'Ivo', 'Keller', 7);
  await person('paul', 'prom_agent', 'Paul', 'Frei', 8);
});

afterAll(async () => {
  await t?.close();
});

function get(url: string, cookie = adminCookie) {
  return injectAs(t.app, cookie, { method: 'GET', url });
}

interface Listed {
  data: { id: number; name: string; surname?: string; role?: { code: string } | string; is_active: boolean }[];
  total: number;
  limit: number;
  offset: number;
}

async function list(url: string, cookie = adminCookie): Promise<Listed> {
  const res = await get(url, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<Listed>();
}

const ids = (body: Listed) => body.data.map((u) => u.id);
const idsOf = (...keys: string[]) => keys.map((k) => people[k]!.id);

describe('GET /api/users', () => {
  it('lists users of every role, newest change first, 100 a page', async () => {
    const body = await list('/api/users');
    expect(body).toMatchObject({ total: 16, limit: 100, offset: 0 });
    expect(ids(body).slice(0, 8)).toEqual(idsOf('anna', 'marco', 'beat', 'sara', 'carla', 'claudia', 'ivo', 'paul'));
    const first = body.data[0] as unknown as Record<string, unknown>;
    expect(Object.keys(first).sort()).toEqual(
      ['created_at', 'email', 'id', 'is_active', 'locale', 'name', 'phone', 'role', 'signed_up', 'surname', 'updated_at'].sort(),
    );
    expect(first).toMatchObject({ name: 'Anna', surname: 'Zumstein', role: { code: 'user' }, signed_up: false, phone: '044 000 00 00' });
  });

  it('narrows to the roles asked for, written either way, merging several roles in order', async () => {
    expect(ids(await list('/api/users?roles=sales_agent&search=a'))).toEqual(idsOf('marco', 'sara'));
    const merged = await list('/api/users?roles=user,call_agent&is_active=true&search=e');
    expect(ids(merged)).toEqual(idsOf('anna', 'beat', 'claudia'));
    expect(merged.total).toBe(3);
    const repeated = await list('/api/users?roles=user&roles=call_agent&is_active=true&search=e');
    expect(ids(repeated)).toEqual(ids(merged));
  });

  it('pages through several roles without repeating or losing a row', async () => {
    const all = ids(await list('/api/users?roles=user,sales_agent,call_agent&orderBy=name&orderMethod=asc'));
    expect(all).toHaveLength(9);
    const pages: number[] = [];
    for (let offset = 0; offset < 9; offset += 2) {
      const page = await list(`/api/users?roles=user,sales_agent,call_agent&orderBy=name&orderMethod=asc&limit=2&offset=${offset}`);
      expect(page).toMatchObject({ total: 9, limit: 2, offset });
      pages.push(...ids(page));
    }
    expect(pages).toEqual(all);
  });

  it.each<[string, string[]]>([
    ['orderBy=name&orderMethod=asc&roles=user,sales_agent', ['beat', 'sara', 'marco', 'carla', 'anna']],
    ['orderBy=name&orderMethod=desc&roles=user,sales_agent', ['anna', 'carla', 'marco', 'sara', 'beat']],
    ['orderBy=updated_at&orderMethod=asc&roles=user', ['carla', 'beat', 'anna']],
    ['orderBy=id&orderMethod=asc&roles=sales_agent', ['marco', 'sara']],
    ['orderBy=id&orderMethod=desc&roles=sales_agent', ['sara', 'marco']],
  ])('orders by %s', async (query, expected) => {
    const body = await list(`/api/users?${query}&search=a`);
    expect(ids(body).filter((id) => Object.values(people).some((p) => p.id === id))).toEqual(idsOf(...expected));
  });

  it.each<[string, string[]]>([
    ['meier', ['carla', 'claudia']],
    ['Meier Claudia', ['claudia']],
    ['claudia meier', ['claudia']],
    ['100%', ['beat']],
    ['_', ['beat']],
    ['BEAT_', ['beat']],
    ['nobody', []],
  ])('finds %j in names and e-mails', async (search, expected) => {
    const body = await list(`/api/users?search=${encodeURIComponent(search)}`);
    expect(ids(body)).toEqual(idsOf(...expected));
    expect(body.total).toBe(expected.length);
  });

  it('filters by is_active', async () => {
    const blocked = await list('/api/users?is_active=false');
    expect(ids(blocked)).toEqual(idsOf('sara', 'carla'));
    expect(blocked.data.every((u) => !u.is_active)).toBe(true);
    expect((await list('/api/users?is_active=true')).total).toBe(14);
  });

  it.each<[string, Record<string, string>]>([
    ['roles=boss', { 'roles.0': 'invalid_value' }],
    ['orderBy=password_hash', { orderBy: 'invalid_value' }],
    ['orderMethod=up', { orderMethod: 'invalid_value' }],
    ['limit=0', { limit: 'too_short' }],
    ['limit=501', { limit: 'too_long' }],
    ['offset=-3', { offset: 'too_short' }],
    ['is_active=maybe', { is_active: 'invalid_value' }],
  ])('answers 400 with field_validation to %s', async (query, fields) => {
    const res = await get(`/api/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });
});

describe('GET /api/plain-users', () => {
  it('lists clients only, with the few fields a picker needs', async () => {
    const body = await list('/api/plain-users');
    expect(body.total).toBe(4);
    expect(ids(body).slice(0, 3)).toEqual(idsOf('anna', 'beat', 'carla'));
    expect(body.data[0]).toEqual({
      id: people.anna!.id,
      name: 'Anna',
      surname: 'Zumstein',
      email: people.anna!.email,
      phone: '044 000 00 00',
      mobile_phone: null,
      zipcode: '3000',
      city: 'Bern',
      is_active: true,
    });
  });

  it('searches and filters like the users list, and ignores roles', async () => {
    expect(ids(await list('/api/plain-users?search=meier&roles=call_agent'))).toEqual(idsOf('carla'));
    expect(ids(await list('/api/plain-users?is_active=false'))).toEqual(idsOf('carla'));
  });
});

describe('the agent lists', () => {
  it('GET /api/sales-agents gives sales agents by name: id, name (first and last), is_active', async () => {
    const body = await list('/api/sales-agents');
    expect(body).toMatchObject({ total: 3, limit: 100, offset: 0 });
    expect(body.data.filter((a) => a.name !== 'Q Qq')).toEqual([
      { id: people.sara!.id, name: 'Sara Arnold', is_active: false },
      { id: people.marco!.id, name: 'Marco Bernasconi', is_active: true },
    ]);
  });

  it('GET /api/call-agents gives call agents only', async () => {
    const body = await list('/api/call-agents?search=meier');
    expect(body.data).toEqual([{ id: people.claudia!.id, name: 'Claudia Meier', is_active: true }]);
  });

  it('GET /api/sales-agent-users gives sales agents and independent agents with their role', async () => {
    const body = await list('/api/sales-agent-users?is_active=true');
    expect(body.total).toBe(4);
    expect(body.data.filter((a) => a.name !== 'Q Qq')).toEqual([
      { id: people.marco!.id, name: 'Marco Bernasconi', is_active: true, role: 'sales_agent' },
      { id: people.ivo!.id, name: 'Ivo Keller', is_active: true, role: 'independent_agent' },
    ]);
  });

  it('pages the agents', async () => {
    const page = await list('/api/sales-agents?limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
  });

  it('answers 400 to a bad page', async () => {
    const res = await get('/api/call-agents?limit=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { limit: 'invalid_value' } });
  });

  it.each(['/api/sales-agents', '/api/call-agents', '/api/sales-agent-users'])(
    '%s is open to the roles that book and assign agents only',
    async (url) => {
      for (const role of ROLE_CODES) {
        const res = await get(url, cookies.get(role));
        expect(res.statusCode, role).toBe(can(role, 'agents.read') ? 200 : 403);
      }
      expect(
        ['sales_agent', 'call_agent', 'prom_agent', 'independent_agent', 'admin'].every((r) => can(r as RoleCode, 'agents.read')),
      ).toBe(true);
      for (const role of ['user', 'partner', 'ocr_manager'] as const) {
        expect((await get(url, cookies.get(role))).json()).toEqual({ error: 'Not allowed.' });
      }
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    },
  );
});

describe('who may list users', () => {
  it.each(['/api/users', '/api/plain-users'])('%s answers 403 Not allowed. to every role but admin, 401 without a session', async (url) => {
    for (const role of ROLE_CODES.filter((r) => r !== 'admin')) {
      const res = await get(url, cookies.get(role));
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
