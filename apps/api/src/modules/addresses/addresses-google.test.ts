import type { AddressValidationDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogleAddressValidation } from '../../../test/fake-google-address-validation.ts';
import { buildClient, buildStaff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';

const KEY = 'route-test-key';
const c = (componentType: string, text: string, extra: Record<string, unknown> = {}) => ({
  componentName: { text },
  componentType,
  confirmationLevel: 'CONFIRMED',
  ...extra,
});

let google: Awaited<ReturnType<typeof startFakeGoogleAddressValidation>>;
let t: TestApp;
let cookie: string;

beforeAll(async () => {
  google = await startFakeGoogleAddressValidation({
    key: KEY,
    answer: () => ({
      verdict: { geocodeGranularity: 'PREMISE', addressComplete: true },
      address: {
        addressComponents: [
          c('route', 'Seestrasse', { spellCorrected: true }),
          c('street_number', '7'),
          c('postal_code', '8002'),
          c('locality', 'Zürich'),
          c('country', 'Schweiz'),
        ],
        missingComponentTypes: [],
      },
      geocode: { location: { latitude: 47.3589, longitude: 8.5361 } },
    }),
  });
  t = await createTestApp({
    env: { ADDRESS_VALIDATION_PROVIDER: 'google', GOOGLE_ADDRESS_VALIDATION_KEY: KEY, GOOGLE_ADDRESS_VALIDATION_URL: google.url },
  });
  cookie = (await buildStaff(t, 'call_agent')).cookie;
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

describe('POST /api/address-validation with Google', () => {
  it("answers Google's verdict, keeps the building's point and learns the confirmed street for the offline check", async () => {
    const id = await buildClient(t, { address: 'Seestrase 7', zipcode: '8002', city: 'Zürich' });
    const res = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/address-validation',
      payload: { user_id: id, route: 'Seestrase', street_number: '7', postal_code: '8002', locality: 'Zürich' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json<{ data: AddressValidationDto }>().data;
    expect(dto).toMatchObject({ provider: 'google', verdict: { severity: 'info' }, geocode: { precision: 'building' } });
    expect(dto.correction).toEqual({ address: 'Seestrasse 7', zipcode: '8002', city: 'Zürich' });
    expect(google.requests.at(-1)!.body.address).toEqual({
      regionCode: 'CH',
      postalCode: '8002',
      locality: 'Zürich',
      addressLines: ['Seestrase 7'],
    });
    const streets = await t.pool.query('SELECT postcode, street FROM confirmed_streets');
    expect(streets.rows).toEqual([{ postcode: '8002', street: 'Seestrasse' }]);
    const point = await t.pool.query('SELECT precision, source FROM address_geocodes WHERE user_id = $1', [id]);
    expect(point.rows).toEqual([{ precision: 'building', source: 'google' }]);
  });

  it('a failing provider is ADDRESS_VALIDATION_UNAVAILABLE (503), and nothing is stored', async () => {
    const id = await buildClient(t, { address: 'Seestrasse 9', zipcode: '8002', city: 'Zürich' });
    google.state.failNext = 503;
    const res = await injectAs(t.app, cookie, {
      method: 'POST',
      url: '/api/address-validation',
      payload: { user_id: id, route: 'Seestrasse', street_number: '9', postal_code: '8002', locality: 'Zürich' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain(KEY);
    expect((await t.pool.query('SELECT 1 FROM address_geocodes WHERE user_id = $1', [id])).rowCount).toBe(0);
  });
});
