import { ROLE_CODES, type ClientsDistributionDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let adminCookie: string;

/** Known clients: [status, lead source, how many]. */
const CLIENTS: [string | null, string | null, number][] = [
  ['potential', 'event', 4],
  ['potential', 'mall', 2],
  ['buy_product', 'event', 3],
  ['not_interested', null, 1],
  [null, 'website', 2],
];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
  for (const [status, leadSource, n] of CLIENTS) {
    for (let i = 0; i < n; i += 1) {
      const client = await createUser(t.db, { role: 'user', password: null });
      await t.pool.query('UPDATE users SET status = $1, lead_source = $2 WHERE id = $3', [status, leadSource, client.id]);
    }
  }
  // Staff with a status and source are not clients and must not be counted.
  const agent = await createUser(t.db, { role: 'sales_agent', password: null });
  await t.pool.query(`UPDATE users SET status = 'potential', lead_source = 'event' WHERE id = $1`, [agent.id]);
});

afterAll(async () => {
  await t?.close();
});

function distribution(cookie: string) {
  return injectAs(t.app, cookie, { method: 'GET', url: '/api/stats/clients-distribution' });
}

describe('GET /api/stats/clients-distribution', () => {
  it('counts the clients by status and by lead source, largest first, with the total', async () => {
    const res = await distribution(adminCookie);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<ClientsDistributionDto>();
    expect(data.total).toBe(12);
    expect(data.by_status).toEqual([
      { status: 'potential', count: 6 },
      { status: 'buy_product', count: 3 },
      expect.anything(),
      expect.anything(),
    ]);
    expect(data.by_status.slice(2)).toEqual(
      expect.arrayContaining([
        { status: null, count: 2 },
        { status: 'not_interested', count: 1 },
      ]),
    );
    expect(data.by_lead_source).toEqual([
      { lead_source: 'event', count: 7 },
      expect.anything(),
      expect.anything(),
      { lead_source: null, count: 1 },
    ]);
    expect(data.by_lead_source.slice(1, 3)).toEqual(
      expect.arrayContaining([
        { lead_source: 'mall', count: 2 },
        { lead_source: 'website', count: 2 },
      ]),
    );
  });

  it('adds both groupings up to the total', async () => {
    const { data } = (await distribution(adminCookie)).json<ClientsDistributionDto>();
    expect(data.by_status.reduce((a, r) => a + r.count, 0)).toBe(data.total);
    expect(data.by_lead_source.reduce((a, r) => a + r.count, 0)).toBe(data.total);
  });

  it('answers a database without clients with empty lists', async () => {
    const empty = await createTestApp();
    try {
      const admin = await createUser(empty.db, { role: 'admin' });
      const res = await injectAs(empty.app, await login(empty.app, admin.email), { method: 'GET', url: '/api/stats/clients-distribution' });
      expect(res.json()).toEqual({ data: { total: 0, by_status: [], by_lead_source: [] } });
    } finally {
      await empty.close();
    }
  });

  it.each(ROLE_CODES.filter((r) => r !== 'admin').map((role) => [role]))('refuses a %s', async (role) => {
    const user = await createUser(t.db, { role });
    const res = await distribution(await login(t.app, user.email));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not allowed.' });
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats/clients-distribution' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });
});
