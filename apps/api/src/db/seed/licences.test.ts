import type { LicenceDto } from '@bo/domain';
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

describe('demo licences', () => {
  it('the admin sees licences active, owing in their grace period and requested', async () => {
    const admin = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/licences' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: LicenceDto[] }>().data;
    const states = rows.map((r) => [r.status, r.flow, r.provider_status]);
    expect(states).toEqual(
      expect.arrayContaining([
        ['active', 'recurrent', 'active'],
        ['active', 'recurrent', 'past_due'],
        ['inactive', 'obligation', null],
      ]),
    );
  });

  it('the demo independent agent has a requested licence and may buy one through the checkout', async () => {
    const ia = await login(t.app, 'ia@demo.test', DEMO_PASSWORD);
    const res = await injectAs(t.app, ia, { method: 'GET', url: '/api/license/get-agent-license' });
    expect(res.json<{ data: LicenceDto }>().data).toMatchObject({ status: 'inactive', activation: 'requested', can_checkout: true });
  });
});
