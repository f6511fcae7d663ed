import {
  MATCH_THRESHOLD,
  type ClientListDto,
  type ClientUpdatedEvent,
  type ClientRowDto,
  type DuplicateDto,
  type RoleCode,
} from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp, type TestUser } from '../../../test/harness.ts';
import { announceClientUpdated } from './live.service.ts';

/**
 * One definition of "duplicate": the duplicate engine (docs/duplicates.md). The count on a list row,
 * the duplicates tab, the create-time check, the live rows and the merge agree, and each viewer finds
 * and counts only the clients they may see.
 */

let t: TestApp;
const staff = new Map<RoleCode, TestUser>();
const cookies = new Map<RoleCode, string>();

function as(role: RoleCode, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return injectAs(t.app, cookies.get(role)!, { method, url, payload: payload as Record<string, unknown> | undefined });
}

interface Seed {
  name: string;
  surname: string;
  phone?: string;
  mobile?: string;
  email?: string;
  zipcode?: string;
  city?: string;
  address?: string;
  referred?: boolean;
}

/** A client written the way an import writes it (no duplicate check): the data set needs every kind. */
async function seed(c: Seed): Promise<number> {
  return buildClient(t, {
    name: c.name,
    surname: c.surname,
    phone: c.phone ?? null,
    mobilePhone: c.mobile ?? null,
    email: c.email ?? null,
    zipcode: c.zipcode ?? null,
    city: c.city ?? (c.zipcode ? 'Zürich' : null),
    address: c.address ?? null,
    referredById: c.referred ? staff.get('partner')!.id : null,
    type: 'B2C',
    status: 'potential',
  });
}

async function link(kind: 'cohabitant' | 'block_neighbor', a: number, b: number) {
  await t.pool.query('INSERT INTO client_links (kind, user_a_id, user_b_id) VALUES ($1, $2, $3)', [kind, Math.min(a, b), Math.max(a, b)]);
}

const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'partner', 'call_agent'] as const) {
    const { cookie, ...u } = await buildStaff(t, role);
    staff.set(role, u);
    cookies.set(role, cookie);
  }
  ids.anna = await seed({
    name: 'Anna',
    surname: 'Beispiel',
    mobile: '079 600 00 01',
    email: 'anna@beispiel.ch',
    zipcode: '8050',
    address: 'Schaffhauserstrasse 120',
    referred: true,
  });
  // Anna written again five ways. The last three only the engine finds: neither a phone, an e-mail, the
  // postcode with the exact street and number, nor a surname that sounds alike in the same postcode.
  // Her mobile in another writing, a typo in the surname, no address.
  ids.phone = await seed({ name: 'Anna', surname: 'Beispil', mobile: '+41 79 600 00 01', referred: true });
  // Her e-mail in capitals, moved to Winterthur; not the partner's.
  ids.email = await seed({ name: 'Anna', surname: 'Beispiel', email: 'ANNA@beispiel.ch', zipcode: '8400', city: 'Winterthur' });
  // A typo in the street and one in the surname's first letter.
  ids.street = await seed({ name: 'Anna', surname: 'Veispiel', zipcode: '8050', address: 'Schafhauserstrasse 120', referred: true });
  // Given name and surname swapped, the street abbreviated.
  ids.swapped = await seed({ name: 'Beispiel', surname: 'Anna', zipcode: '8050', address: 'Schaffhauserstr. 120', referred: true });
  // The postcode mistyped (8005 for 8050).
  ids.postcode = await seed({ name: 'Anna', surname: 'Beispiel', zipcode: '8005', address: 'Schaffhauserstrasse 120', referred: true });
  // Not Anna: her husband at the same address (the old rule's "same address"), a namesake in Fribourg.
  ids.husband = await seed({
    name: 'Beat',
    surname: 'Beispiel',
    mobile: '079 600 00 02',
    zipcode: '8050',
    address: 'Schaffhauserstrasse 120',
    referred: true,
  });
  ids.elsewhere = await seed({ name: 'Anna', surname: 'Beispiel', zipcode: '1700', city: 'Fribourg', referred: true });
  ids.alone = await seed({ name: 'Gustav', surname: 'Einzel', zipcode: '8049', phone: '044 600 00 09', referred: true });
  await link('cohabitant', ids.anna, ids.email);
  await link('cohabitant', ids.anna, ids.alone);
  await link('block_neighbor', ids.anna, ids.husband);
  await link('block_neighbor', ids.email, ids.alone);
});

afterAll(async () => {
  await t.close();
});

async function listOf(role: RoleCode): Promise<ClientRowDto[]> {
  const res = await as(role, 'GET', '/api/clients?limit=500&statuses=&presets=');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientListDto>().data;
}

async function tab<T>(role: RoleCode, path: string, id: number): Promise<T[]> {
  const res = await as(role, 'GET', `/api/clients/${path}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T[] }>().data;
}

describe('one definition of duplicate', () => {
  it.each(['admin', 'partner'] as const)("each row's counts equal its nested tabs for the %s", async (role) => {
    const rows = await listOf(role);
    expect(rows.length).toBeGreaterThan(4);
    for (const row of rows) {
      const [duplicates, cohabitants, neighbours] = await Promise.all([
        tab<DuplicateDto>(role, 'duplicates', row.id),
        tab(role, 'cohabitants', row.id),
        tab(role, 'block-neighbors', row.id),
      ]);
      expect(row.duplicates, `duplicates of ${row.user.name} ${row.user.surname}`).toBe(duplicates.length);
      expect(row.cohabitants, `cohabitants of ${row.user.name} ${row.user.surname}`).toBe(cohabitants.length);
      expect(row.blockNeighbors, `neighbours of ${row.user.name} ${row.user.surname}`).toBe(neighbours.length);
      const nested = (await as(role, 'GET', `/api/clients/nested-tabs-data/${row.id}`)).json<{ data: { duplicates: unknown[] } }>().data;
      expect(nested.duplicates).toHaveLength(duplicates.length);
    }
  });

  it('finds every kind for the admin, with its score and reasons, and only the clients the partner sees for the partner', async () => {
    const admin = await tab<DuplicateDto>('admin', 'duplicates', ids.anna!);
    expect(admin.map((d) => d.id).sort()).toEqual([ids.phone, ids.email, ids.street, ids.swapped, ids.postcode].sort());
    const reasons = Object.fromEntries(admin.map((d) => [d.id, d.reasons]));
    expect(reasons[ids.phone!]).toEqual(
      expect.arrayContaining(['same_phone', 'same_given_name', expect.stringMatching(/^surname_similar:0\.\d\d$/)]),
    );
    expect(reasons[ids.email!]).toEqual(expect.arrayContaining(['same_email', 'postcode_differs:8050:8400', 'locality_differs']));
    expect(reasons[ids.street!]).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^street_similar:0\.9\d$/),
        expect.stringMatching(/^surname_similar:/),
        'same_postcode',
      ]),
    );
    expect(reasons[ids.swapped!]).toEqual(expect.arrayContaining(['names_swapped', 'same_address']));
    expect(reasons[ids.postcode!]).toEqual(expect.arrayContaining(['postcode_near:8050:8005', 'same_locality', 'same_address']));
    for (const d of admin) {
      expect(d.score, `score of ${d.name} ${d.surname}`).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
      expect(d.score).toBeLessThanOrEqual(1);
    }
    // Best first.
    expect(admin.map((d) => d.score)).toEqual([...admin.map((d) => d.score)].sort((a, b) => b - a));
    // The husband at the same address, the namesake elsewhere and Gustav are not Anna.
    expect(await tab<DuplicateDto>('admin', 'duplicates', ids.husband!)).toEqual([]);
    expect(await tab<DuplicateDto>('admin', 'duplicates', ids.alone!)).toEqual([]);

    const anna = (await listOf('admin')).find((r) => r.id === ids.anna)!;
    expect(anna).toMatchObject({ duplicates: 5, cohabitants: 2, blockNeighbors: 1 });
    const partner = (await listOf('partner')).find((r) => r.id === ids.anna)!;
    expect(partner).toMatchObject({ duplicates: 4, cohabitants: 1, blockNeighbors: 1 });
    expect((await tab<DuplicateDto>('partner', 'duplicates', ids.anna!)).map((d) => d.id)).not.toContain(ids.email);
    // Gustav's neighbour is the e-mail record, which the partner does not see.
    const gustav = (await listOf('partner')).find((r) => r.id === ids.alone)!;
    expect(gustav).toMatchObject({ duplicates: 0, cohabitants: 1, blockNeighbors: 0 });
  });

  it('the check before a new client is saved finds the same clients as the tab of one holding those values', async () => {
    const anna = {
      name: 'Anna',
      surname: 'Beispiel',
      mobile_phone: '079 600 00 01',
      email: 'anna@beispiel.ch',
      zipcode: '8050',
      city: 'Zürich',
      address: 'Schaffhauserstrasse 120',
    };
    const res = await as('admin', 'POST', '/api/clients/duplicate-check', anna);
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<{ data: DuplicateDto[] }>().data;
    const tabbed = (await tab<DuplicateDto>('admin', 'duplicates', ids.anna!)).map((d) => d.id);
    expect(found.map((d) => d.id).sort()).toEqual([...tabbed, ids.anna!].sort());
    // Anna herself is the best match, for every reason.
    expect(found[0]!.id).toBe(ids.anna);
    expect(found[0]!.reasons).toEqual(expect.arrayContaining(['same_phone', 'same_email', 'same_address']));
    // The partner's check leaves out who the partner does not see.
    const byEmail = { name: 'Anna', surname: 'Beispiel', email: 'anna@beispiel.ch' };
    const admins = await as('admin', 'POST', '/api/clients/duplicate-check', byEmail);
    expect(
      admins
        .json<{ data: DuplicateDto[] }>()
        .data.map((d) => d.id)
        .sort(),
    ).toEqual([ids.anna, ids.email].sort());
    const scoped = await as('partner', 'POST', '/api/clients/duplicate-check', byEmail);
    expect(scoped.json<{ data: DuplicateDto[] }>().data.map((d) => d.id)).toEqual([ids.anna]);
    // An e-mail alone with other names is no duplicate (a family's address); nothing typed finds nothing.
    const other = await as('admin', 'POST', '/api/clients/duplicate-check', { name: 'X', surname: 'Y', email: 'anna@beispiel.ch' });
    expect(other.json<{ data: DuplicateDto[] }>().data).toEqual([]);
    const empty = await as('admin', 'POST', '/api/clients/duplicate-check', {});
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<{ data: DuplicateDto[] }>().data).toEqual([]);
  });

  it('refuses a malformed check', async () => {
    const res = await as('admin', 'POST', '/api/clients/duplicate-check', { name: 'Anna', zipcode: 'x'.repeat(11) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});

describe('a changed row on the live connection', () => {
  it("carries to each room the counts of that room's scope", async () => {
    const heard: { room: string; event: ClientUpdatedEvent }[] = [];
    const publish = (rooms: string[], _name: string, payload: unknown) => {
      for (const room of rooms) {
        heard.push({ room, event: payload as ClientUpdatedEvent });
      }
    };
    const admin = staff.get('admin')!;
    await announceClientUpdated(
      { db: t.db, publish },
      { userId: admin.id, role: 'admin', sessionId: 'test', impersonatorId: null },
      ids.anna!,
    );
    const counts = (room: string) => {
      const client = heard.find((h) => h.room === room)?.event.client;
      return client && { duplicates: client.duplicates, cohabitants: client.cohabitants, blockNeighbors: client.blockNeighbors };
    };
    expect(counts('clients:all')).toEqual({ duplicates: 5, cohabitants: 2, blockNeighbors: 1 });
    expect(counts(`clients:referred:${staff.get('partner')!.id}`)).toEqual({ duplicates: 4, cohabitants: 1, blockNeighbors: 1 });
  });
});

describe('merging duplicates', () => {
  it('merges only two clients the definition calls duplicates, and changes nothing otherwise', async () => {
    const res = await as('admin', 'POST', '/api/clients/duplicates', { keep_id: ids.anna, merge_id: ids.alone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { merge_id: 'invalid_value' } });
    expect((await t.pool.query('SELECT 1 FROM users WHERE id = $1', [ids.alone])).rowCount).toBe(1);
    // The husband at the same address is no duplicate, in either order.
    for (const [keep, merge] of [
      [ids.anna, ids.husband],
      [ids.husband, ids.anna],
    ]) {
      const refused = await as('admin', 'POST', '/api/clients/duplicates', { keep_id: keep, merge_id: merge });
      expect(refused.statusCode).toBe(400);
    }
    // A surname that sounds alike at the same address, the street written short, is one, whichever is kept.
    const keep = await seed({ name: 'Rita', surname: 'Meier', zipcode: '8049', address: 'Riedhofstrasse 3' });
    const merge = await seed({ name: 'Rita', surname: 'Maier', zipcode: '8049', address: 'Riedhofstr. 3' });
    const merged = await as('admin', 'POST', '/api/clients/duplicates', { keep_id: merge, merge_id: keep });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await t.pool.query('SELECT 1 FROM users WHERE id = $1', [keep])).rowCount).toBe(0);
  });

  it('keeps each phone number once, in the kept writing; a new number fills an empty field', async () => {
    const keep = await seed({ name: 'Paul', surname: 'Telefon', phone: '044 700 00 01', zipcode: '3906' });
    const merge = await seed({ name: 'Paul', surname: 'Telefon', phone: '079 700 00 02', mobile: '+41 44 700 00 01', zipcode: '3906' });
    const res = await as('admin', 'POST', '/api/clients/duplicates', { keep_id: keep, merge_id: merge });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.pool.query('SELECT phone, phone_e164, mobile_phone, mobile_phone_e164 FROM users WHERE id = $1', [keep]);
    expect(row.rows[0]).toEqual({
      phone: '044 700 00 01',
      phone_e164: '+41447000001',
      mobile_phone: '079 700 00 02',
      mobile_phone_e164: '+41797000002',
    });
  });

  it('keeps a number that finds no free field as a note, so nothing is lost', async () => {
    const keep = await seed({ name: 'Vreni', surname: 'Voll', phone: '044 700 00 11', mobile: '079 700 00 12', zipcode: '3907' });
    const merge = await seed({ name: 'Vreni', surname: 'Voll', phone: '0041 79 700 00 12', mobile: '078 700 00 13', zipcode: '3907' });
    const res = await as('admin', 'POST', '/api/clients/duplicates', { keep_id: keep, merge_id: merge });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.pool.query('SELECT phone, mobile_phone FROM users WHERE id = $1', [keep]);
    expect(row.rows[0]).toEqual({ phone: '044 700 00 11', mobile_phone: '079 700 00 12' });
    const notes = await t.pool.query<{ text: string }>('SELECT text FROM user_info WHERE user_id = $1', [keep]);
    expect(notes.rows.map((n) => n.text)).toEqual([expect.stringContaining('078 700 00 13')]);
  });
});
