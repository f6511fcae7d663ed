import type { MatchRecord } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findClientMatchesAndRepeats, findClientMatchesInBatches } from './matches.batch.ts';
import { findClientMatchesByScan, KeyTable, keyHash } from './matches.scan.ts';
import { findClientMatches } from './matches.service.ts';

/** The import's batch path of the duplicate engine answers what findClientMatches answers, chunk by chunk. */

let t: TestApp;
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

beforeAll(async () => {
  t = await createTestApp();
  const people: [string, string, string, string, string][] = [
    ['Hanna', 'Batchmeier', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Hanna', 'Batchmeyer', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Otto', 'Batchmeier', 'Bahnhofstrasse 10', '8001', 'Zürich'],
    ['Lea', 'Stapelmann', 'Kirchweg 3', '3000', 'Bern'],
  ];
  for (const [i, [name, surname, address, zipcode, city]] of people.entries()) {
    await buildClient(t, { type: 'B2C', status: 'potential', name, surname, address, zipcode, city, mobilePhone: `079 555 71 0${i}` });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('findClientMatchesInBatches', () => {
  it('answers the ids, scores and reasons of findClientMatches, best first, kept to `keep`, across chunks', async () => {
    const probes = [
      probe({ name: 'Hanna', surname: 'Batchmeier', address: 'Bahnhofstr. 10', zipcode: '8001', city: 'Zürich' }),
      probe({ name: 'Lea', surname: 'Stapelman', zipcode: '3000', city: 'Bern', mobile_phone: '+41 79 555 71 03' }),
      probe({ name: 'Niemand', surname: 'Unbekannt', zipcode: '6900', city: 'Lugano' }),
      probe({ name: 'Otto', surname: 'Batchmeier', mobile_phone: '0795557102' }),
      probe({}),
    ];
    const expected = (await findClientMatches(t.db, probes, { kind: 'all' })).map((list) =>
      list.slice(0, 1).map((m) => ({ clientId: m.client.id, score: m.score, reasons: m.reasons })),
    );
    const done: number[] = [];
    const batched = await findClientMatchesInBatches(t.db, probes, {
      scanFrom: Infinity,
      chunk: 2,
      keep: 1,
      onProgress: (n) => {
        done.push(n);
        return Promise.resolve();
      },
    });
    expect(batched).toEqual(expected);
    expect(batched.map((l) => l.length)).toEqual([1, 1, 0, 1, 0]);
    expect(done).toEqual([2, 4, 5]);
    // Inside a transaction too (the statement running ahead shares the connection).
    const inTx = await t.db.transaction((tx) => findClientMatchesInBatches(tx, probes, { scanFrom: Infinity, chunk: 2, keep: 1 }));
    expect(inTx).toEqual(expected);
    expect(await findClientMatchesInBatches(t.db, [])).toEqual([]);
  });
});

describe('the scan of every client (matches.scan.ts)', () => {
  // One probe a key and the client it finds: for each key of the lookups, a probe linked to its client
  // by that key alone (the first eight), with evidence enough for a match.
  const clients: Record<string, Parameters<typeof buildClient>[1]> = {
    phone: {
      name: 'Paula',
      surname: 'Scanphon',
      zipcode: '8004',
      city: 'Zürich',
      address: 'Badenerstrasse 5',
      mobilePhone: '079 555 72 01',
    },
    email: {
      name: 'Erich',
      surname: 'Scanmail',
      zipcode: '4051',
      city: 'Basel',
      address: 'Steinenberg 7',
      // Stored in capitals: the scan takes an ASCII e-mail's letters in lower case itself.
      email: 'Erich.Scanmail@EXAMPLE.ch',
    },
    zipSound: { name: 'Sabine', surname: 'Scanzipper', zipcode: '3011', city: 'Bern', address: 'Marktgasse 14' },
    givenStreet: { name: 'Gottfried', surname: 'Quastholder', zipcode: '6003', city: 'Luzern', address: 'Pilatusstrasse 21' },
    givenNumber: { name: 'Ottilie', surname: 'Quarzbrenner', zipcode: '9000', city: 'St. Gallen', address: 'Rorschacherstrasse 133' },
    placeSound: { name: 'Linus', surname: 'Scanplatz', zipcode: '8400', city: 'Winterthur', address: 'Technikumstrasse 9' },
    streetNear: { name: 'Nora', surname: 'Scannah', zipcode: '8050', city: 'Zürich', address: 'Schaffhauserstrasse 350' },
    placeStreet: { name: 'Pia', surname: 'Scanort', zipcode: '1003', city: 'Lausanne', address: 'Rue de Bourg 12', phone: '021 555 72 09' },
    wholeName: { name: 'Walter', surname: 'Scanvollname', zipcode: '7000', city: 'Chur', address: 'Poststrasse 3' },
    // Names outside the letters the server computes keys of: the probe's keys come from the database.
    byDatabase: { name: 'Łukasz', surname: 'Scanłowski', zipcode: '8005', city: 'Zürich', address: 'Limmatstrasse 50' },
    // An e-mail that is not ASCII: its lower case written by the database.
    emailNotAscii: { name: 'Jürg', surname: 'Scanümlaut', zipcode: '3600', city: 'Thun', email: 'Jürg.SCANÜMLAUT@example.ch' },
  };
  const probes: MatchRecord[] = [
    probe({ name: 'Paula', surname: 'Scanphon', zipcode: '1200', city: 'Genève', mobile_phone: '+41 79 555 72 01' }),
    probe({ name: 'Erich', surname: 'Scanmaill', zipcode: '9999', email: ' Erich.Scanmail@Example.ch ' }),
    probe({ name: 'Sabine', surname: 'Scanzipper', zipcode: '3011', city: 'Bern', address: 'Marktgasse 14' }),
    // A surname mistyped beyond its sound: the given name's sound with the street (no number), or with
    // the number (the street mistyped).
    probe({ name: 'Gottfried', surname: 'Kuastholder', zipcode: '6003', city: 'Luzern', address: 'Pilatusstrasse' }),
    probe({ name: 'Ottilie', surname: 'Kuarzbrenner', zipcode: '9000', city: 'St. Gallen', address: 'Rorschachrstrasse 133' }),
    // A mistyped postcode: the place and the surname's sound.
    probe({ name: 'Linus', surname: 'Scanplatz', zipcode: '8440', city: 'Winterthur' }),
    // A neighbouring postcode and another writing of the place: the street with its number within the nearby postcodes.
    probe({ name: 'Nora', surname: 'Scannah', zipcode: '8057', city: 'Zürich-Oerlikon', address: 'Schaffhauserstr. 350' }),
    // A postcode typed wrong, far away, and the surname's sound mistyped: the place and the street.
    probe({ name: 'Pia', surname: 'Scanlort', zipcode: '9003', city: 'Lausanne', address: 'Rue de Bourg 12' }),
    // The whole name in one field.
    probe({ name: 'Walter Scanvollname', surname: null, zipcode: '7000', city: 'Chur', address: 'Poststrasse 3' }),
    probe({ name: 'Łukasz', surname: 'Scanłowski', zipcode: '8005', city: 'Zürich', address: 'Limmatstrasse 50' }),
    probe({ name: 'Jürg', surname: 'Scanümlaut', zipcode: '1950', email: 'jürg.scanümlaut@EXAMPLE.CH' }),
    probe({ name: 'Niemand', surname: 'Unbekannt', zipcode: '6900', city: 'Lugano' }),
    probe({}),
  ];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const [key, fields] of Object.entries(clients)) {
      ids[key] = await buildClient(t, { type: 'B2C', status: 'potential', ...fields });
    }
  });

  it('answers what the lookups answer, for every key, scored here or in its thread, inside a transaction too', async () => {
    const looked = await findClientMatchesInBatches(t.db, probes, { keep: 5, scanFrom: Infinity });
    // Each probe of a key finds its client.
    const expectedFound = [
      ids.phone,
      ids.email,
      ids.zipSound,
      ids.givenStreet,
      ids.givenNumber,
      ids.placeSound,
      ids.streetNear,
      ids.placeStreet,
      ids.wholeName,
      ids.byDatabase,
      ids.emailNotAscii,
    ];
    expect(looked.slice(0, 11).map((list) => list.map((m) => m.clientId))).toEqual(expectedFound.map((id) => [id]));
    expect(looked.slice(11)).toEqual([[], []]);
    const scanned = await findClientMatchesInBatches(t.db, probes, { keep: 5, scanFrom: 0, thread: false });
    expect(scanned).toEqual(looked);
    const threaded = await findClientMatchesInBatches(t.db, probes, { keep: 5, scanFrom: 0, thread: true });
    expect(threaded).toEqual(looked);
    const inTx = await t.db.transaction((tx) => findClientMatchesInBatches(tx, probes, { keep: 5, scanFrom: 0, thread: false }));
    expect(inTx).toEqual(looked);
  }, 60_000);

  it('finds the repeats of the probes among themselves the same way by the lookups, the scan and its thread', async () => {
    // probes[0] again with its phone written otherwise, probes[1] with its e-mail in other letters,
    // and a namesake of probes[2] in its postcode who is someone else (another given name and street).
    const again = [
      ...probes,
      { ...probes[0]!, mobile_phone: '0795557201' },
      { ...probes[1]!, email: 'erich.scanmail@example.ch' },
      { ...probes[2]!, name: 'Bruno', address: 'Spitalgasse 2' },
      { ...probes[0]!, mobile_phone: '+41795557201' },
    ];
    const n = probes.length;
    const expected = [...probes.map(() => []), [0], [1], [], [0, n]];
    const looked = await findClientMatchesAndRepeats(t.db, again, { keep: 5, scanFrom: Infinity });
    expect(looked.repeats).toEqual(expected);
    for (const thread of [false, true]) {
      const scanned = await findClientMatchesAndRepeats(t.db, again, { keep: 5, scanFrom: 0, thread });
      expect(scanned).toEqual(looked);
    }
    expect(await findClientMatchesAndRepeats(t.db, [], { scanFrom: 0 })).toEqual({ matches: [], repeats: [] });
  }, 60_000);

  it('never finds a probe itself, and reports its progress up to the end', async () => {
    const self = { ...probe({ ...clients.zipSound, mobile_phone: null }), id: ids.zipSound } as MatchRecord;
    const records = [self, probes[2]!];
    const done: number[] = [];
    const { matches: found } = await findClientMatchesByScan(t.db, records, {
      keep: 5,
      thread: false,
      onProgress: (n) => {
        done.push(n);
        return Promise.resolve();
      },
    });
    expect(found[0]!.map((m) => m.clientId)).not.toContain(ids.zipSound);
    expect(found[1]!.map((m) => m.clientId)).toContain(ids.zipSound);
    expect(done.at(-1)).toBe(2);
  });
});

describe('KeyTable', () => {
  it.each([
    ['made for them', 3_000],
    ['made for fewer keys: its lists grow', 10],
  ])('finds each key it holds with all its probes, and no other (%s)', (_, expected) => {
    const table = new KeyTable(expected);
    for (let i = 0; i < 1_000; i += 1) {
      const zipSound = keyHash(3, [String(1000 + i), `S${i % 7}`]);
      table.add(zipSound.a, zipSound.b, i);
      table.add(zipSound.a, zipSound.b, i);
      const street = keyHash(7, ['bahnhofstr1'], i % 50);
      table.add(street.a, street.b, i + 5_000);
    }
    const probesOf = (kind: number, parts: string[], extra = -1) => {
      const text = parts.join('|');
      const b = Buffer.from(text);
      const starts = new Int32Array(parts.length);
      const ends = new Int32Array(parts.length);
      let at = 0;
      parts.forEach((p, k) => {
        starts[k] = at;
        ends[k] = at + Buffer.byteLength(p);
        at = ends[k] + 1;
      });
      const found: number[] = [];
      const cols = [0, parts.length > 1 ? 1 : -1, parts.length > 2 ? 2 : -1] as const;
      const slot = table.find(kind, b, starts, ends, cols[0], cols[1], cols[2], extra);
      for (let i = slot < 0 ? 0 : table.from(slot), end = slot < 0 ? 0 : table.to(slot); i < end; i += 1) {
        found.push(table.probeAt(i));
      }
      return found.sort((x, y) => x - y);
    };
    // The same key twice for one probe is held once.
    expect(probesOf(3, ['1005', 'S5'])).toEqual([5]);
    expect(probesOf(3, ['1005', 'S6'])).toEqual([]);
    // Another kind with the same parts is another key.
    expect(probesOf(4, ['1005', 'S5'])).toEqual([]);
    // A number beside the parts (a square of the map): twenty probes share each.
    expect(probesOf(7, ['bahnhofstr1'], 3)).toEqual(Array.from({ length: 20 }, (_, k) => 5_003 + 50 * k));
    expect(probesOf(7, ['bahnhofstr1'])).toEqual([]);
  });

  it('keeps two keys apart whose first hashes are the same', () => {
    // Two keys of one first hash, found among numbers (a birthday of 32 bits: about 80,000 tries).
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i += 1) {
      const text = String(i);
      const { a } = keyHash(3, [text]);
      const other = seen.get(a);
      if (other !== undefined) {
        pair = [other, text];
      }
      seen.set(a, text);
    }
    const [first, second] = pair;
    const table = new KeyTable(10);
    // Added in turns, so the two keys' probes come mixed in the order of the first hash.
    for (let probe = 0; probe < 6; probe += 1) {
      const { a, b } = keyHash(3, [probe % 2 === 0 ? first : second]);
      table.add(a, b, probe);
    }
    const other = keyHash(4, ['elsewhere']);
    table.add(other.a, other.b, 9);
    const probesOf = (text: string) => {
      const slot = table.find(3, Buffer.from(text), Int32Array.of(0), Int32Array.of(Buffer.byteLength(text)), 0, -1, -1, -1);
      const found: number[] = [];
      for (let i = slot < 0 ? 0 : table.from(slot), end = slot < 0 ? 0 : table.to(slot); i < end; i += 1) {
        found.push(table.probeAt(i));
      }
      return found;
    };
    expect(keyHash(3, [first]).b).not.toBe(keyHash(3, [second]).b);
    expect(probesOf(first)).toEqual([0, 2, 4]);
    expect(probesOf(second)).toEqual([1, 3, 5]);
  });
});
