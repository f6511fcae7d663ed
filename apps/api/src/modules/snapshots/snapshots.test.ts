import { ROLE_CODES, SNAPSHOT_MAX_BYTES, SNAPSHOTS_KEPT, type RoleCode, type SnapshotsDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
const people = new Map<RoleCode, { user: TestUser; cookie: string }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLE_CODES) {
    const user = await createUser(t.db, { role });
    people.set(role, { user, cookie: await login(t.app, user.email) });
  }
});

afterAll(async () => {
  await t?.close();
});

/** A fresh sales agent, so each test starts without layouts. */
async function newAgent(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { role: 'sales_agent' });
  return { user, cookie: await login(t.app, user.email) };
}

function read(cookie: string, id: number | string) {
  return injectAs(t.app, cookie, { method: 'GET', url: `/api/general/snapshot/${id}` });
}

function save(cookie: string, id: number | string, payload: unknown) {
  return injectAs(t.app, cookie, { method: 'PUT', url: `/api/general/snapshot/${id}`, payload: payload as object });
}

async function rowsOf(userId: number, tableName?: string): Promise<{ config_name: string; snapshot: { n?: number } }[]> {
  const res = await t.pool.query<{ config_name: string; snapshot: { n?: number } }>(
    `SELECT config_name, snapshot FROM table_snapshots WHERE user_id = $1 AND ($2::text IS NULL OR table_name = $2) ORDER BY "timestamp", id`,
    [userId, tableName ?? null],
  );
  return res.rows;
}

describe('saving and reading the own table layouts', () => {
  it('answers no layouts before any was saved', async () => {
    const { user, cookie } = await newAgent();
    const res = await read(cookie, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: {} });
  });

  it('stores a layout and answers it grouped under its table', async () => {
    const { user, cookie } = await newAgent();
    const snapshot = { version: 1, columns: [{ id: 'to', visible: true, width: 240 }], sort: null, filters: {}, pageSize: 50 };
    const saved = await save(cookie, user.id, { tableName: 'outbox', snapshot });
    expect(saved.statusCode).toBe(200);
    const body = saved.json<{ data: { timestamp: string } }>();
    expect(body).toEqual({ data: { tableName: 'outbox', configName: 'default', snapshot, timestamp: expect.any(String) as string } });
    expect(Math.abs(Date.parse(body.data.timestamp) - Date.now())).toBeLessThan(60_000);

    const res = await read(cookie, user.id);
    expect(res.json()).toEqual({ data: { outbox: { configName: 'default', snapshot, timestamp: body.data.timestamp } } });
  });

  it('answers the newest layout of each table', async () => {
    const { user, cookie } = await newAgent();
    await save(cookie, user.id, { tableName: 'b2c', configName: 'first', snapshot: { n: 1 }, timestamp: '2026-01-01T10:00:00Z' });
    await save(cookie, user.id, { tableName: 'b2c', configName: 'second', snapshot: { n: 2 }, timestamp: '2026-01-02T10:00:00Z' });
    await save(cookie, user.id, { tableName: 'buyers', configName: 'only', snapshot: { n: 3 }, timestamp: '2026-01-01T09:00:00Z' });
    // Saved last but made earlier (a slow request from another tab): the newer layout still wins.
    await save(cookie, user.id, { tableName: 'b2c', configName: 'late', snapshot: { n: 4 }, timestamp: '2026-01-01T12:00:00+01:00' });

    const data = (await read(cookie, user.id)).json<SnapshotsDto>().data;
    expect(data).toEqual({
      b2c: { configName: 'second', snapshot: { n: 2 }, timestamp: '2026-01-02T10:00:00.000Z' },
      buyers: { configName: 'only', snapshot: { n: 3 }, timestamp: '2026-01-01T09:00:00.000Z' },
    });
  });

  it('takes a timestamp from the future as now, so a wrong clock cannot pin a layout', async () => {
    const { user, cookie } = await newAgent();
    const res = await save(cookie, user.id, { tableName: 'listing', snapshot: { n: 1 }, timestamp: '2999-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json<{ data: { timestamp: string } }>().data.timestamp)).toBeLessThanOrEqual(Date.now());
    await save(cookie, user.id, { tableName: 'listing', snapshot: { n: 2 } });
    expect((await read(cookie, user.id)).json<SnapshotsDto>().data.listing?.snapshot).toEqual({ n: 2 });
  });

  it(`keeps only the newest ${SNAPSHOTS_KEPT} layouts of a user and table`, async () => {
    const { user, cookie } = await newAgent();
    await save(cookie, user.id, { tableName: 'b2b', snapshot: { n: 0 } });
    for (let n = 1; n <= SNAPSHOTS_KEPT + 3; n += 1) {
      const res = await save(cookie, user.id, {
        tableName: 'listing',
        snapshot: { n },
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      });
      expect(res.statusCode).toBe(200);
    }
    const kept = await rowsOf(user.id, 'listing');
    expect(kept.map((r) => r.snapshot.n)).toEqual(Array.from({ length: SNAPSHOTS_KEPT }, (_, i) => i + 4));
    // Other tables and other users keep theirs.
    expect(await rowsOf(user.id, 'b2b')).toHaveLength(1);
    expect((await read(cookie, user.id)).json<SnapshotsDto>().data.listing?.snapshot).toEqual({ n: SNAPSHOTS_KEPT + 3 });
  });

  it.each(ROLE_CODES.map((role) => [role]))('lets a signed-in %s keep their own layouts', async (role) => {
    const { user, cookie } = people.get(role)!;
    expect((await save(cookie, user.id, { tableName: 'users', snapshot: { role } })).statusCode).toBe(200);
    expect((await read(cookie, user.id)).json<SnapshotsDto>().data.users?.snapshot).toEqual({ role });
  });
});

describe("another user's layouts", () => {
  it.each(ROLE_CODES.filter((r) => r !== 'admin').map((role) => [role]))('refuses a %s to read or save them', async (role) => {
    const { cookie } = people.get(role)!;
    const other = await newAgent();
    await save(other.cookie, other.user.id, { tableName: 'outbox', snapshot: { secret: true } });
    for (const res of [
      await read(cookie, other.user.id),
      await save(cookie, other.user.id, { tableName: 'outbox', snapshot: { mine: true } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await rowsOf(other.user.id)).map((r) => r.snapshot)).toEqual([{ secret: true }]);
  });

  it('refuses an unknown id to a non-admin as not allowed, revealing nothing', async () => {
    const res = await read(people.get('call_agent')!.cookie, 99_999_999);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not allowed.' });
  });

  it('lets an admin read them, but not save for them', async () => {
    const admin = people.get('admin')!;
    const other = await newAgent();
    await save(other.cookie, other.user.id, { tableName: 'b2c', snapshot: { theirs: true } });
    const res = await read(admin.cookie, other.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<SnapshotsDto>().data.b2c?.snapshot).toEqual({ theirs: true });

    const refused = await save(admin.cookie, other.user.id, { tableName: 'b2c', snapshot: { admins: true } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Not allowed.' });
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });

  it('answers an admin UNKNOWN_USER_ID for an id nobody has', async () => {
    const res = await read(people.get('admin')!.cookie, 99_999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'UNKNOWN_USER_ID' });
  });
});

describe('refused requests', () => {
  it('asks for a session', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/general/snapshot/1',
        payload: method === 'PUT' ? { tableName: 'b2c', snapshot: {} } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized' });
    }
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['an unknown table', { tableName: 'clients', snapshot: {} }, { tableName: 'invalid_value' }],
    ['no table', { snapshot: {} }, { tableName: 'field_is_required' }],
    ['a snapshot over 32 kB', { tableName: 'b2c', snapshot: { k: 'x'.repeat(SNAPSHOT_MAX_BYTES) } }, { snapshot: 'too_long' }],
    ['a snapshot that is a list', { tableName: 'b2c', snapshot: [] }, { snapshot: 'invalid_value' }],
    ['no snapshot', { tableName: 'b2c' }, { snapshot: 'field_is_required' }],
    ['a timestamp that is not a time', { tableName: 'b2c', snapshot: {}, timestamp: 'soon' }, { timestamp: 'invalid_value' }],
    ['a long configuration name', { tableName: 'b2c', snapshot: {}, configName: 'x'.repeat(101) }, { configName: 'too_long' }],
  ])('refuses %s with field_validation and stores nothing', async (_name, payload, fields) => {
    const { user, cookie } = await newAgent();
    const res = await save(cookie, user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it.each([['abc'], ['0'], ['-3'], ['1.5']])('refuses the id %s', async (id) => {
    const res = await read(people.get('admin')!.cookie, id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: 'invalid_value' } });
  });

  it('refuses a body that is not JSON', async () => {
    const { user, cookie } = await newAgent();
    const res = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: `/api/general/snapshot/${user.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"tableName":',
    });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
