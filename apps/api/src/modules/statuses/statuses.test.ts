import { CLIENT_STATUSES, PARTNER_STATUSES, ROLE_CODES, type RoleCode, type StatusesAnswer } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
const cookies = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLE_CODES) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/statuses', () => {
  it('answers the client statuses, the partner statuses with colours and the make-a-demo mapping', async () => {
    const res = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: '/api/statuses' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json<StatusesAnswer>();
    expect(data.client_statuses).toEqual([...CLIENT_STATUSES]);
    expect(data.partner_statuses.map((s) => s.code)).toEqual([...PARTNER_STATUSES]);
    expect(data.partner_statuses.every((s) => /^#[0-9a-f]{6}$/.test(s.colour))).toBe(true);
    expect(data.make_a_demo).toEqual({
      code: 'make_a_demo',
      colour: '#00bcd4',
      statuses: ['potential', 'unqualified', 'call_agents', 'user_rec', 'older'],
    });
  });

  it.each(ROLE_CODES)('is readable by %s (every role shows statuses)', async (role) => {
    const res = await injectAs(t.app, cookies.get(role)!, { method: 'GET', url: '/api/statuses' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a request without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/statuses' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });
});
