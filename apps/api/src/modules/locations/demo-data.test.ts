import { globalSettingsBody, locationBody, type GlobalSettingsDto, type LocationDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/demo.ts';
import { DEMO_LOCATIONS } from '../../db/seed/locations.ts';
import { DEMO_SETTINGS } from '../../db/seed/settings.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, { clients: 120 });
  admin = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
});

afterAll(async () => {
  await t?.close();
});

describe('demo locations and settings', () => {
  it.each(DEMO_LOCATIONS)('$display_name passes the rules an admin would meet', (location) => {
    expect(locationBody.safeParse(location).success).toBe(true);
  });

  it('the demo settings pass the settings rules', () => {
    expect(globalSettingsBody.parse(DEMO_SETTINGS)).toEqual(DEMO_SETTINGS);
  });

  it('shows the events and malls, and the clients that came from them', async () => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/locations?limit=100' });
    const { data } = res.json<{ data: LocationDto[] }>();
    expect(data).toHaveLength(DEMO_LOCATIONS.length + 1);
    const linked = data.filter((l) => l.users > 0);
    expect(linked.length).toBeGreaterThanOrEqual(8);
    const total = await t.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE lead_source IN ('event', 'mall')");
    expect(data.reduce((sum, l) => sum + l.users, 0)).toBe(total.rows[0]!.n);
    // A client from a mall came from a mall, one from an event from an event.
    const mismatched = await t.pool.query(
      'SELECT 1 FROM users u JOIN locations l ON l.id = u.lead_location_id WHERE u.lead_source IS DISTINCT FROM l.type',
    );
    expect(mismatched.rowCount).toBe(0);
  });

  it('answers the demo company as the global settings', async () => {
    const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/global-settings' });
    expect(res.json<{ data: GlobalSettingsDto }>().data).toEqual(DEMO_SETTINGS);
  });
});
