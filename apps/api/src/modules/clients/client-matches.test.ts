import type { MatchRecord } from '@bo/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swissPostcodes } from '../../core/postcodes.ts';
import { buildClient, buildStaff, type ClientFields } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { candidateIds } from './matches.repo.ts';
import { duplicateCounts, duplicatesOfClients, findClientMatches, NEAR_KM } from './matches.service.ts';

/**
 * The duplicate engine through PostgreSQL (docs/clients.md "Duplicate engine"): candidates by the
 * blocking keys (each key on its own, then the whole engine with the domain's scorer), the scope, and
 * many probes in one call.
 */

let t: TestApp;
let partnerId: number;
const ids: Record<string, number> = {};

const probe = (r: Partial<MatchRecord>): MatchRecord => ({
  name: null,
  surname: null,
  email: null,
  phone: null,
  mobile_phone: null,
  zipcode: null,
  city: null,
  address: null,
  ...r,
});

async function client(fields: ClientFields): Promise<number> {
  return buildClient(t, { type: 'B2C', status: 'potential', ...fields });
}

beforeAll(async () => {
  t = await createTestApp();
  partnerId = (await buildStaff(t, 'partner')).id;
  ids.hans = await client({
    name: 'Hans',
    surname: 'Muster',
    zipcode: '8005',
    city: 'Zürich',
    address: 'Limmatstrasse 50',
    mobilePhone: '079 300 00 01',
    email: 'hans.muster@example.ch',
    referredById: partnerId,
  });
  // The names swapped on the form: surname in the given name's field.
  ids.peter = await client({ name: 'Müller', surname: 'Peter', zipcode: '3900', city: 'Brig', address: 'Furkastrasse 7' });
  ids.anna = await client({
    name: 'Anna',
    surname: 'Keller',
    zipcode: '3900',
    city: 'Brig',
    address: 'Bahnhofstrasse 12',
    mobilePhone: '079 300 00 02',
    phone: '027 923 00 00',
  });
  // Her husband at the same address: the same landline, his own mobile.
  ids.beat = await client({
    name: 'Beat',
    surname: 'Keller',
    zipcode: '3900',
    city: 'Brig',
    address: 'Bahnhofstrasse 12',
    mobilePhone: '079 300 00 03',
    phone: '027 923 00 00',
  });
  // Someone else in another town with the same street and number.
  ids.faraway = await client({ name: 'Luca', surname: 'Rossi', zipcode: '6760', city: 'Faido', address: 'Bahnhofstrasse 12' });
});

afterAll(async () => {
  await t?.close();
});

describe('postcodes', () => {
  it('knows where a postcode lies and which are near it', () => {
    const pc = swissPostcodes();
    expect(pc.coordinates('8005')).not.toBeNull();
    expect(pc.coordinates('0000')).toBeNull();
    expect(pc.near('8005', NEAR_KM)).toEqual(expect.arrayContaining(['8005', '8050']));
    expect(pc.near('8005', NEAR_KM)).not.toContain('8500');
    expect(pc.localitiesOf('3900')).toContain('Brig');
  });
});

describe('candidates by blocking key', () => {
  async function candidatesOf(p: Partial<Parameters<typeof candidateIds>[1][number]>): Promise<number[]> {
    const full = {
      id: null,
      phoneE164: null,
      mobilePhoneE164: null,
      email: null,
      zipcode: null,
      name: null,
      surname: null,
      city: null,
      address: null,
      near: [],
      ...p,
    };
    return (await candidateIds(t.db, [full])).get(0) ?? [];
  }

  it('finds by a phone in either field, E.164', async () => {
    expect(await candidatesOf({ phoneE164: '+41793000001' })).toEqual([ids.hans]);
    expect(await candidatesOf({ mobilePhoneE164: '+41793000001' })).toEqual([ids.hans]);
  });

  it('finds by the e-mail in any letter case', async () => {
    expect(await candidatesOf({ email: 'Hans.Muster@EXAMPLE.ch' })).toEqual([ids.hans]);
  });

  it('finds by a surname that sounds alike within a mistyped postcode’s place', async () => {
    // 8500 is Frauenfeld, far from 8005: only the place (Zürich, written without the umlaut) finds him.
    expect(await candidatesOf({ zipcode: '8500', city: 'Zurich', surname: 'Mustr', name: 'Hans' })).toEqual([ids.hans]);
  });

  it('finds swapped names by the given name’s sound within the postcode', async () => {
    expect(await candidatesOf({ zipcode: '3900', name: 'Peter', surname: 'Mueller' })).toContain(ids.peter);
  });

  it('finds the full name typed in one field by the sound of each word', async () => {
    expect(await candidatesOf({ zipcode: '8005', name: 'Hans Muster', surname: '' })).toEqual([ids.hans]);
  });

  it('finds a mistyped surname by the given name’s sound within the postcode with the number or the street (sg:/gn:)', async () => {
    // Kuster does not sound like Muster (Soundex keeps the first letter); neither address is a street key of his.
    const kuster = { zipcode: '8005', name: 'Hans', surname: 'Kuster' };
    expect(await candidatesOf({ ...kuster, address: 'Limatstr 50' })).toEqual([ids.hans]);
    expect(await candidatesOf({ ...kuster, address: 'Limmatstr. 5O' })).toEqual([ids.hans]);
  });

  it('does not pair a mistyped surname on a street mistyped together with its number (the domain’s keys neither)', async () => {
    expect(await candidatesOf({ zipcode: '8005', name: 'Hans', surname: 'Kuster', address: 'Limatstr 5O' })).toEqual([]);
    expect(await candidatesOf({ zipcode: '8005', name: 'Hans', surname: 'Kuster', address: null })).toEqual([]);
  });

  it('finds "Bahnhofstr. 12" as "Bahnhofstrasse 12" in a nearby postcode, not in a far town', async () => {
    const found = await candidatesOf({ address: 'Bahnhofstr. 12', zipcode: '3902', near: swissPostcodes().near('3902', NEAR_KM) });
    expect(found.sort()).toEqual([ids.anna, ids.beat].sort());
    expect(found).not.toContain(ids.faraway);
  });

  it('does not look for a street without a number, nor for empty values', async () => {
    expect(await candidatesOf({ address: 'Bahnhofstrasse', zipcode: '3900', near: ['3900'] })).toEqual([]);
    expect(await candidatesOf({ email: ' ', name: '', surname: '', city: '', address: '' })).toEqual([]);
  });

  it('never answers the probe itself', async () => {
    expect(await candidatesOf({ id: ids.hans, phoneE164: '+41793000001' })).toEqual([]);
  });
});

describe('findClientMatches', () => {
  const all = { kind: 'all' } as const;

  it('finds a client whose postcode was mistyped', async () => {
    const [matches] = await findClientMatches(
      t.db,
      [probe({ name: 'Hans', surname: 'Muster', zipcode: '8050', city: 'Zürich', address: 'Limmatstr. 50' })],
      all,
    );
    expect(matches!.map((m) => m.client.id)).toEqual([ids.hans]);
    expect(matches![0]!.score).toBeGreaterThan(0);
    expect(matches![0]!.reasons.length).toBeGreaterThan(0);
  });

  it('finds a client whose given name and surname were swapped', async () => {
    const [matches] = await findClientMatches(
      t.db,
      [probe({ name: 'Peter', surname: 'Müller', zipcode: '3900', city: 'Brig', address: 'Furkastrasse 7' })],
      all,
    );
    expect(matches!.map((m) => m.client.id)).toEqual([ids.peter]);
  });

  it('finds "Bahnhofstr. 12" as "Bahnhofstrasse 12"', async () => {
    const [matches] = await findClientMatches(
      t.db,
      [probe({ name: 'Anna', surname: 'Keller', zipcode: '3900', city: 'Brig', address: 'Bahnhofstr. 12' })],
      all,
    );
    expect(matches!.map((m) => m.client.id)).toEqual([ids.anna]);
  });

  it('does not take family members at one address for the same person', async () => {
    const [matches] = await findClientMatches(
      t.db,
      [
        probe({
          name: 'Lea',
          surname: 'Keller',
          zipcode: '3900',
          city: 'Brig',
          address: 'Bahnhofstrasse 12',
          mobile_phone: '079 300 00 04',
        }),
      ],
      all,
    );
    expect(matches).toEqual([]);
    // Nor each other: Anna's own record finds neither her husband nor herself.
    const [ofAnna] = await findClientMatches(
      t.db,
      [
        probe({
          id: ids.anna,
          name: 'Anna',
          surname: 'Keller',
          zipcode: '3900',
          city: 'Brig',
          address: 'Bahnhofstrasse 12',
          mobile_phone: '079 300 00 02',
        }),
      ],
      all,
    );
    expect(ofAnna).toEqual([]);
  });

  it('answers only clients inside the scope', async () => {
    const hans = probe({ name: 'Hans', surname: 'Muster', email: 'hans.muster@example.ch', zipcode: '8005', city: 'Zürich' });
    const anna = probe({ name: 'Anna', surname: 'Keller', mobile_phone: '+41 79 300 00 02', zipcode: '3900', city: 'Brig' });
    const referred = await findClientMatches(t.db, [hans, anna], { kind: 'referred', userId: partnerId });
    expect(referred.map((list) => list.map((m) => m.client.id))).toEqual([[ids.hans], []]);
    const b2b = await findClientMatches(t.db, [hans, anna], { kind: 'type', type: 'B2B' });
    expect(b2b).toEqual([[], []]);
    expect(await findClientMatches(t.db, [hans], { kind: 'none' })).toEqual([[]]);
  });

  it('compares a client changed since its last check as it is now, and counts what the matches list', async () => {
    const id = await client({ name: 'Ilse', surname: 'Wandel', zipcode: '6003', city: 'Luzern', mobilePhone: '079 300 00 09' });
    const stored = {
      id,
      name: 'Ilse',
      surname: 'Wandel',
      email: null,
      phone: null,
      mobilePhone: '079 300 00 09',
      zipcode: '6003',
      city: 'Luzern',
      address: null,
    };
    const ilse = probe({ name: 'Ilse', surname: 'Wandel', mobile_phone: '079 300 00 09' });
    expect((await findClientMatches(t.db, [ilse], all))[0]!.map((m) => m.client.id)).toEqual([id]);
    expect(await duplicateCounts(t.db, [stored], all)).toEqual(new Map([[id, 0]]));
    await t.pool.query(
      `UPDATE users SET name = 'Otto', surname = 'Anders', mobile_phone = '079 300 00 08', mobile_phone_e164 = '+41793000008' WHERE id = $1`,
      [id],
    );
    expect((await findClientMatches(t.db, [ilse], all))[0]).toEqual([]);
    const twin = await client({ name: 'Otto', surname: 'Anders', zipcode: '6003', city: 'Luzern', mobilePhone: '079 300 00 08' });
    const otto = { ...stored, name: 'Otto', surname: 'Anders', mobilePhone: '079 300 00 08' };
    // Found (and kept) as Ilse by the first check, compared now as Otto.
    const [asOtto] = await findClientMatches(t.db, [probe({ name: 'Otto', surname: 'Anders', mobile_phone: '+41 79 300 00 08' })], all);
    expect(asOtto!.map((m) => m.client.id).sort()).toEqual([id, twin].sort());
    expect(await duplicateCounts(t.db, [otto], all)).toEqual(new Map([[id, 1]]));
    expect((await duplicatesOfClients(t.db, [otto], all))[0]!.map((m) => m.client.id)).toEqual([twin]);
    expect(await duplicateCounts(t.db, [otto], { kind: 'type', type: 'B2B' })).toEqual(new Map([[id, 0]]));
  });

  it('joins the caller’s transaction and leaves its plan setting as it was', async () => {
    const setting = await t.db.transaction(async (tx) => {
      const [matches] = await findClientMatches(tx, [probe({ name: 'Hans', surname: 'Muster', mobile_phone: '079 300 00 01' })], all);
      expect(matches!.map((m) => m.client.id)).toEqual([ids.hans]);
      return (await tx.execute<{ mode: string }>(sql`SELECT current_setting('plan_cache_mode') AS mode`)).rows[0]!.mode;
    });
    expect(setting).toBe('auto');
  });

  it('answers many probes in one call, each in its place', async () => {
    // Every statement any client of the pool sends (the engine runs in a transaction of its own).
    const statements: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      statements.push(String((args[0] as { text?: string }).text ?? args[0]));
      return query.apply(this, args);
    };
    try {
      const probes = [
        probe({ name: 'Nobody', surname: 'Newperson', zipcode: '1000', city: 'Lausanne', email: 'new@example.ch' }),
        probe({ name: 'Anna', surname: 'Keller', zipcode: '3900', city: 'Brig', address: 'Bahnhofstr. 12' }),
        ...Array.from({ length: 200 }, (_, i) => probe({ name: `Neu${i}`, surname: `Kunde${i}`, zipcode: '8001', city: 'Zürich' })),
        probe({ name: 'Hans', surname: 'Muster', mobile_phone: '0041 79 300 00 01', zipcode: '8005', city: 'Zürich' }),
      ];
      const answer = await findClientMatches(t.db, probes, all);
      expect(answer).toHaveLength(probes.length);
      expect(answer[0]).toEqual([]);
      expect(answer[1]!.map((m) => m.client.id)).toEqual([ids.anna]);
      expect(answer[answer.length - 1]!.map((m) => m.client.id)).toEqual([ids.hans]);
      expect(answer.slice(2, -1).every((list) => list.length === 0)).toBe(true);
      // One statement: the candidates of every probe with their rows.
      expect(statements.filter((text) => text.includes('candidate'))).toHaveLength(1);
    } finally {
      proto.query = query;
    }
  });
});
