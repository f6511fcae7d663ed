import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { importDirectory, lv95ToWgs84 } from './directory.service.ts';
import { locateUsers } from './index.ts';
import { saveGeocode } from './repo.ts';
import { addressKeyOf } from '@bo/domain';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/building-addresses.csv');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the building directory import', () => {
  it("reads swisstopo's CSV: real addresses with their points, planned ones skipped; a file of another format is refused", async () => {
    const result = await importDirectory(t.db, fs.createReadStream(FIXTURE), { batch: 4 });
    expect(result).toEqual({ imported: 12, skipped: 1 });
    const { rows } = await t.pool.query<{ street: string; number: string; postcode: string; locality: string; lat: number; lon: number }>(
      `SELECT street, number, postcode, locality, lat, lon FROM building_addresses WHERE egaid = 100000008`,
    );
    expect(rows[0]).toMatchObject({ street: 'Bundesgasse', number: '3', postcode: '3011', locality: 'Bern' });
    expect(rows[0]!.lat).toBeCloseTo(46.9466, 3);
    expect(rows[0]!.lon).toBeCloseTo(7.4443, 3);
    const { Readable } = await import('node:stream');
    await expect(importDirectory(t.db, Readable.from(['postcode,locality\n8001,Zürich\n']))).rejects.toThrow(/missing ADR_EGAID/);
    // The refused file left the directory as it was.
    expect((await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM building_addresses')).rows[0]!.n).toBe(12);
  });

  it('converts LV95 to WGS84 within a few metres (swisstopo reference point of the old observatory in Bern)', () => {
    const p = lv95ToWgs84(2_600_000, 1_200_000);
    expect(p.lat).toBeCloseTo(46.95108, 4);
    expect(p.lon).toBeCloseTo(7.43864, 4);
  });
});

describe('locateUsers', () => {
  it('answers the building, the street, the postcode point or the place, and leaves out unknown users and users without a place', async () => {
    const building = await buildClient(t, { address: 'Bahnhofstr. 12 A', zipcode: '8001', city: 'Zürich' });
    const street = await buildClient(t, { address: 'Bahnhofstrasse 77', zipcode: '8001', city: 'Zürich' });
    const postcode = await buildClient(t, { address: 'Unbekanntweg 4', zipcode: '3600', city: 'Thun' });
    const place = await buildClient(t, { address: '', zipcode: '', city: 'Volketswil' });
    const nowhere = await buildClient(t, { address: null, zipcode: null, city: null });
    const found = await locateUsers(t.db, [building, street, postcode, place, nowhere, 999_999_999]);
    expect(found.get(building)).toMatchObject({ precision: 'building' });
    expect(found.get(building)!.lat).toBeCloseTo(47.3685, 3);
    expect(found.get(street)).toMatchObject({ precision: 'street' });
    expect(found.get(postcode)).toMatchObject({ precision: 'locality' });
    expect(found.get(postcode)!.lat).toBeCloseTo(46.75, 1);
    expect(found.get(place)).toMatchObject({ precision: 'locality' });
    expect(found.has(nowhere)).toBe(false);
    expect(found.has(999_999_999)).toBe(false);
    expect(found.size).toBe(4);
  });

  it("uses the stored geocode while it was made for the user's current address, not after the address changed", async () => {
    const id = await buildClient(t, { address: 'Seestrasse 5', zipcode: '8002', city: 'Zürich' });
    await saveGeocode(t.db, {
      userId: id,
      addressKey: addressKeyOf({ address: 'Seestrasse 5', zipcode: '8002', city: 'Zürich' }),
      lat: 47.36,
      lon: 8.535,
      precision: 'building',
      source: 'google',
      severity: 'success',
    });
    expect((await locateUsers(t.db, [id])).get(id)).toEqual({ lat: 47.36, lon: 8.535, precision: 'building' });
    await t.pool.query(`UPDATE users SET address = 'Seestrasse 9' WHERE id = $1`, [id]);
    expect((await locateUsers(t.db, [id])).get(id)).toMatchObject({ precision: 'locality' });
  });
});
