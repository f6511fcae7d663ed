import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressValidationDto, RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { importDirectory, locateUsers } from './index.ts';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/building-addresses.csv');

let t: TestApp;
const cookies = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent', 'sales_agent', 'independent_agent', 'prom_agent', 'partner', 'ocr_manager', 'user'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
  await importDirectory(t.db, fs.createReadStream(FIXTURE));
});
afterAll(() => t?.close());

const validate = (role: RoleCode, payload: unknown) =>
  injectAs(t.app, cookies.get(role)!, { method: 'POST', url: '/api/address-validation', payload: payload as object });
const accept = (role: RoleCode, payload: unknown) =>
  injectAs(t.app, cookies.get(role)!, { method: 'POST', url: '/api/address-validation/accept', payload: payload as object });

async function checked(payload: object, role: RoleCode = 'call_agent'): Promise<AddressValidationDto> {
  const res = await validate(role, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AddressValidationDto }>().data;
}

const component = (dto: AddressValidationDto, type: string) => dto.address.addressComponents.find((c) => c.componentType === type);

describe('POST /api/address-validation', () => {
  it('confirms a building of the directory: success, with the building as geocode, kept for distances', async () => {
    const id = await buildClient(t, { address: 'Bahnhofstrasse 10', zipcode: '8001', city: 'Zürich' });
    const dto = await checked({ user_id: id, route: 'Bahnhofstrasse', street_number: '10', postal_code: '8001', locality: 'Zürich' });
    expect(dto.verdict).toEqual({
      addressComplete: true,
      hasInferredComponents: false,
      hasUnconfirmedComponents: false,
      hasSpellCorrectedComponents: false,
      severity: 'success',
    });
    expect(dto.address.addressComponents.map((c) => c.componentType)).toEqual([
      'route',
      'street_number',
      'postal_code',
      'locality',
      'country',
    ]);
    expect(dto.geocode).toMatchObject({ precision: 'building' });
    expect(dto.correction).toBeNull();
    expect(dto.provider).toBe('offline');
    const stored = await t.pool.query('SELECT precision, source, severity FROM address_geocodes WHERE user_id = $1', [id]);
    expect(stored.rows).toEqual([{ precision: 'building', source: 'offline', severity: 'success' }]);
  });

  it('corrects a mistyped street and place and two swapped postcode digits: info, with the corrected address offered', async () => {
    const id = await buildClient(t, { address: 'Bahnhofstrase 3', zipcode: '8010', city: 'Zürch' });
    const dto = await checked({ user_id: id, route: 'Bahnhofstrase', street_number: '3', postal_code: '8010', locality: 'Zürch' });
    expect(dto.verdict.severity).toBe('info');
    expect(dto.verdict.hasSpellCorrectedComponents).toBe(true);
    expect(component(dto, 'route')).toMatchObject({
      componentName: { text: 'Bahnhofstrasse' },
      confirmationLevel: 'CONFIRMED',
      spellCorrected: true,
    });
    expect(component(dto, 'street_number')).toMatchObject({ confirmationLevel: 'CONFIRMED' });
    expect(dto.correction).toEqual({ address: 'Bahnhofstrasse 3', zipcode: '8001', city: 'Zürich' });
  });

  it('infers the place from the postcode: info', async () => {
    const id = await buildClient(t, {});
    const dto = await checked({ user_id: id, route: 'Industriestrasse', street_number: '14', postal_code: '8604', locality: '' });
    expect(component(dto, 'locality')).toMatchObject({
      componentName: { text: 'Volketswil' },
      inferred: true,
      confirmationLevel: 'CONFIRMED',
    });
    expect(dto.verdict).toMatchObject({ hasInferredComponents: true, severity: 'info', addressComplete: true });
  });

  it('never calls a house number the directory does not have "success", nor an address without one', async () => {
    const id = await buildClient(t, {});
    const unknown = await checked({ user_id: id, route: 'Bahnhofstrasse', street_number: '999', postal_code: '8001', locality: 'Zürich' });
    expect(component(unknown, 'street_number')).toMatchObject({ confirmationLevel: 'UNCONFIRMED_BUT_PLAUSIBLE' });
    expect(unknown.verdict.severity).toBe('warning');
    expect(unknown.geocode).toMatchObject({ precision: 'street' });
    const planned = await checked({ user_id: id, route: 'Bahnhofstrasse', street_number: '99', postal_code: '8001', locality: 'Zürich' });
    expect(planned.verdict.severity).toBe('warning');
    const none = await checked({ user_id: id, route: 'Bahnhofstrasse', street_number: '', postal_code: '8001', locality: 'Zürich' });
    expect(none.address.missingComponentTypes).toEqual(['street_number']);
    expect(none.verdict).toMatchObject({ addressComplete: false, severity: 'warning' });
  });

  it('a street the directory does not have in a postcode it covers is suspicious: error; 3 unconfirmed parts are an error too', async () => {
    const id = await buildClient(t, {});
    const street = await checked({ user_id: id, route: 'Nirgendwostrasse', street_number: '1', postal_code: '8001', locality: 'Zürich' });
    expect(component(street, 'route')).toMatchObject({ confirmationLevel: 'UNCONFIRMED_AND_SUSPICIOUS' });
    expect(street.verdict.severity).toBe('error');
    const nowhere = await checked({ user_id: id, route: 'Irgendweg', street_number: '4', postal_code: '0000', locality: 'Xyzzyville' });
    expect(nowhere.address.unconfirmedComponentTypes).toEqual(['route', 'street_number', 'postal_code', 'locality']);
    expect(nowhere.verdict.severity).toBe('error');
    expect(nowhere.geocode).toBeNull();
  });

  it('reads a last word without a digit as part of the street (spec 3 makes it the number)', async () => {
    const id = await buildClient(t, {});
    const dto = await checked({ user_id: id, route: 'Im', street_number: 'Gässli', postal_code: '8604', locality: 'Volketswil' });
    expect(component(dto, 'route')).toMatchObject({ componentName: { text: 'Im Gässli' }, confirmationLevel: 'CONFIRMED' });
    expect(dto.address.missingComponentTypes).toEqual(['street_number']);
  });

  it('bad input: no address (address_empty), an unknown client, a client outside the scope, malformed fields; nothing stored', async () => {
    const id = await buildClient(t, {});
    const empty = await validate('call_agent', { user_id: id, route: ' ', street_number: '', postal_code: '', locality: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'container.address_validation.errors.address_empty' });
    const unknown = await validate('call_agent', {
      user_id: 999_999_999,
      route: 'Bahnhofstrasse',
      street_number: '1',
      postal_code: '8001',
      locality: 'Zürich',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
    // A sales agent sees only the clients linked to them.
    const foreign = await validate('sales_agent', {
      user_id: id,
      route: 'Bahnhofstrasse',
      street_number: '1',
      postal_code: '8001',
      locality: 'Zürich',
    });
    expect(foreign.statusCode).toBe(404);
    for (const bad of [{}, { user_id: 'abc' }, { user_id: -1, route: 'x' }, { user_id: id, route: 'x'.repeat(201) }]) {
      const res = await validate('call_agent', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const stored = await t.pool.query('SELECT 1 FROM address_geocodes WHERE user_id = ANY($1)', [[id, 999_999_999]]);
    expect(stored.rowCount).toBe(0);
  });

  it('each role without address checks is refused, whatever the client', async () => {
    const id = await buildClient(t, {});
    const body = { user_id: id, route: 'Bahnhofstrasse', street_number: '1', postal_code: '8001', locality: 'Zürich' };
    for (const role of ['prom_agent', 'partner', 'ocr_manager', 'user'] as const) {
      expect((await validate(role, body)).statusCode, role).toBe(403);
      expect((await accept(role, { user_id: id, address: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich' })).statusCode, role).toBe(
        403,
      );
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/address-validation', payload: body })).statusCode).toBe(401);
    for (const role of ['admin', 'call_agent', 'independent_agent'] as const) {
      expect((await validate(role, body)).statusCode, role).toBe(200);
    }
  });
});

describe('POST /api/address-validation/accept', () => {
  it("writes the corrected address to the client and keeps its building's point for distances", async () => {
    const id = await buildClient(t, { address: 'Bahnhofstrase 3', zipcode: '8010', city: 'Zürch' });
    const res = await accept('call_agent', { user_id: id, address: 'Bahnhofstrasse 3', zipcode: '8001', city: 'Zürich' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AddressValidationDto }>().data.verdict.severity).toBe('success');
    const row = await t.pool.query('SELECT address, zipcode, city FROM users WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ address: 'Bahnhofstrasse 3', zipcode: '8001', city: 'Zürich' });
    expect((await locateUsers(t.db, [id])).get(id)).toMatchObject({ precision: 'building' });
  });

  it('refuses a malformed address, an unknown client and a client outside the scope, and changes nothing', async () => {
    const id = await buildClient(t, { address: 'Altweg 1', zipcode: '8001', city: 'Zürich' });
    for (const bad of [
      { user_id: id, address: '', zipcode: '8001', city: 'Zürich' },
      { user_id: id, address: 'Bahnhofstrasse 1', zipcode: '80011', city: 'Zürich' },
      { user_id: id, address: 'Bahnhofstrasse 1', zipcode: '8001', city: '' },
    ]) {
      expect((await accept('call_agent', bad)).statusCode).toBe(400);
    }
    expect(
      (await accept('call_agent', { user_id: 999_999_999, address: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich' })).statusCode,
    ).toBe(404);
    expect((await accept('sales_agent', { user_id: id, address: 'Bahnhofstrasse 1', zipcode: '8001', city: 'Zürich' })).statusCode).toBe(
      404,
    );
    const row = await t.pool.query('SELECT address FROM users WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ address: 'Altweg 1' });
  });
});
