import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../test/harness.ts';

/*
 * Bad input gets a clear 4xx, never a server error: every route, called as an admin (who passes every
 * guard) with malformed path parameters, bodies and query strings.
 */

/** Routes that end or change the caller's own session: called, they would sign the admin out mid-test. */
const SESSION_ROUTES = /^\/auth\/(logout|login-by|logout-by)/;

const BAD_IDS = ['abc', '-1', '1.5', '99999999999999999999', '%00'];
const BAD_BODIES: unknown[] = [
  [],
  'x',
  { id: 'x', name: 12, surname: [], email: {}, phone: true, date: 'not a date', amount: 'x', price: -0.5, status: 7 },
  { limit: -1, offset: 'x', ids: 'x', user_id: 'x', agentId: {}, order_products: 'x', lines: [{}], toggle: 'x' },
];
const BAD_QUERY = 'limit=abc&offset=-5&orderBy=%3Bdrop&orderMethod=sideways&status=%00&period=x&from=x&to=2026-13-45&search=%25';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'admin' });
  admin = await login(t.app, user.email);
});

afterAll(async () => {
  await t?.close();
});

function fill(pattern: string, id: string): string {
  return pattern.replace(/:[^/]+/g, id).replace(/\*/g, 'x');
}

describe('malformed input', () => {
  it('never answers a server error: path parameters, bodies and query strings of every route', async () => {
    const routes = t.routes().filter((r) => !SESSION_ROUTES.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (method: string, url: string, payload?: unknown) => {
      const res = await injectAs(t.app, admin, {
        method: method,
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // 503 is the answer of an outside service that is not there, not of bad input.
      if (res.statusCode >= 500 && res.statusCode !== 503) {
        failures.push(
          `${method} ${url} ${payload === undefined ? '' : JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    };
    for (const route of routes) {
      const hasParams = /:[^/]+/.test(route.url);
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      if (hasParams) {
        for (const id of BAD_IDS) {
          await check(route.method, fill(route.url, id), withBody ? {} : undefined);
        }
      }
      const url = fill(route.url, '1');
      await check(route.method, `${url}?${BAD_QUERY}`, withBody ? {} : undefined);
      if (withBody) {
        for (const body of BAD_BODIES) {
          await check(route.method, url, body);
        }
      }
    }
    expect(failures).toEqual([]);
    // The admin stayed signed in throughout, and the bad input was refused as such.
    expect(statuses.get(401) ?? 0).toBe(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(500);
  }, 120_000);
});
