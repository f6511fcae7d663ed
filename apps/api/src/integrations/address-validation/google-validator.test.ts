import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogleAddressValidation } from '../../../test/fake-google-address-validation.ts';
import { loadConfig } from '../../config.ts';
import { AddressValidationError, createAddressValidator, googleValidator, type StreetKnowledge } from './index.ts';

const KEY = 'test-google-key';
const nothingKnown: StreetKnowledge = {
  streetsIn: () => Promise.reject(new Error('Google needs no streets')),
  buildingsOn: () => Promise.reject(new Error('Google needs no buildings')),
  coveredPostcodes: () => Promise.reject(new Error('Google needs no directory')),
};

const component = (componentType: string, text: string, extra: Record<string, unknown> = {}) => ({
  componentName: { text, languageCode: 'de' },
  componentType,
  confirmationLevel: 'CONFIRMED',
  ...extra,
});

let google: Awaited<ReturnType<typeof startFakeGoogleAddressValidation>>;
beforeAll(async () => {
  google = await startFakeGoogleAddressValidation({
    key: KEY,
    // As Google answers "Bahnhofstrase 3, 8001 Zürch": street and place spell-corrected, a premise found.
    answer: () => ({
      verdict: {
        inputGranularity: 'PREMISE',
        validationGranularity: 'PREMISE',
        geocodeGranularity: 'PREMISE',
        addressComplete: true,
        hasReplacedComponents: true,
      },
      address: {
        formattedAddress: 'Bahnhofstrasse 3, 8001 Zürich, Schweiz',
        addressComponents: [
          component('street_number', '3'),
          component('route', 'Bahnhofstrasse', { spellCorrected: true }),
          component('postal_code', '8001'),
          component('locality', 'Zürich', { replaced: true }),
          component('country', 'Schweiz', { inferred: true }),
          component('point_of_interest', 'Zürich HB', { unexpected: true, confirmationLevel: 'UNCONFIRMED_AND_SUSPICIOUS' }),
        ],
        missingComponentTypes: [],
      },
      geocode: { location: { latitude: 47.3675, longitude: 8.5393 }, placeId: 'ChIJ-fake', featureSizeMeters: 12 },
    }),
  });
});
afterAll(() => google.close());

describe('Google Address Validation', () => {
  it("posts the address as a Swiss PostalAddress with the key, and keeps the spec's components with their flags", async () => {
    const check = await googleValidator({ apiKey: KEY, baseUrl: google.url }).validate(
      { route: 'Bahnhofstrase', street_number: '3', postal_code: '8001', locality: 'Zürch' },
      nothingKnown,
    );
    expect(google.requests.at(-1)!.body).toEqual({
      address: { regionCode: 'CH', postalCode: '8001', locality: 'Zürch', addressLines: ['Bahnhofstrase 3'] },
    });
    expect(check.components.map((c) => [c.type, c.text, c.confirmationLevel, c.inferred, c.spellCorrected])).toEqual([
      ['route', 'Bahnhofstrasse', 'CONFIRMED', false, true],
      ['street_number', '3', 'CONFIRMED', false, false],
      ['postal_code', '8001', 'CONFIRMED', false, false],
      ['locality', 'Zürich', 'CONFIRMED', false, true],
      ['country', 'Schweiz', 'CONFIRMED', true, false],
    ]);
    expect(check.geocode).toEqual({ lat: 47.3675, lon: 8.5393, precision: 'building' });
  });

  it('throws an AddressValidationError for a refused key or a failing service, without the key in the message', async () => {
    const wrong = googleValidator({ apiKey: 'leaked-secret', baseUrl: google.url });
    const err = await wrong
      .validate({ route: 'x', street_number: '1', postal_code: '8001', locality: 'Zürich' }, nothingKnown)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AddressValidationError);
    expect((err as AddressValidationError).status).toBe(400);
    expect((err as Error).message).not.toContain('leaked-secret');
    google.state.failNext = 503;
    await expect(
      googleValidator({ apiKey: KEY, baseUrl: google.url }).validate(
        { route: 'x', street_number: '', postal_code: '', locality: 'Bern' },
        nothingKnown,
      ),
    ).rejects.toMatchObject({ name: 'AddressValidationError', status: 503 });
    await expect(
      googleValidator({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).validate(
        { route: 'x', street_number: '', postal_code: '', locality: 'Bern' },
        nothingKnown,
      ),
    ).rejects.toBeInstanceOf(AddressValidationError);
  });

  it('is chosen by ADDRESS_VALIDATION_PROVIDER=google with its key; offline by default', () => {
    const env = { NODE_ENV: 'test', PUBLIC_URL: 'http://bo.test' };
    expect(createAddressValidator(loadConfig(env)).provider).toBe('offline');
    expect(() => loadConfig({ ...env, ADDRESS_VALIDATION_PROVIDER: 'google' })).toThrow(/GOOGLE_ADDRESS_VALIDATION_KEY/);
    const config = loadConfig({
      ...env,
      ADDRESS_VALIDATION_PROVIDER: 'google',
      GOOGLE_ADDRESS_VALIDATION_KEY: KEY,
      GOOGLE_ADDRESS_VALIDATION_URL: google.url,
    });
    expect(createAddressValidator(config).provider).toBe('google');
  });
});
