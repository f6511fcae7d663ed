import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { keyAlphabet, keysOfProbe, sameKeys, soundex, type KeyAlphabet } from './match-keys.ts';
import { probeKeys, type CandidateProbe, type ProbeKeys } from './matches.repo.ts';

/** The probes' keys computed in the server (match-keys.ts) are the database's keys (keysCtes), or not computed at all. */

let t: TestApp;
let alphabet: KeyAlphabet;

beforeAll(async () => {
  t = await createTestApp();
  alphabet = await keyAlphabet(t.db);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A probe of the texts given, the rest empty (no phones, no nearby postcodes: the keys do not read them). */
const probe = (p: Partial<CandidateProbe>): CandidateProbe => ({
  ...{ id: null, phoneE164: null, mobilePhoneE164: null, near: [] },
  ...{ email: null, zipcode: null, name: null, surname: null, city: null, address: null },
  ...p,
});

/** A generator of the same texts every run (a linear congruential one). */
function texts(seed: number) {
  let state = seed;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  // Letters of both cases, the folded accents and others, digits, the separators the keys split and keep.
  const pieces = [
    ...'abcdefghijklmnopqrstuvwxyz',
    ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    ...'äöüàâáéèêëïîíôóûúçñÄÖÜÀÂÁÉÈÊËÏÎÍÔÓÛÚÇÑßøæåÿýÝØÆÅãõ',
    ...'0123456789',
    ..." -.,/'@_",
    'strasse',
    'Strasse',
    'str.',
    'STR.',
    'Straße',
    '  ',
    ' - ',
  ];
  const text = (): string | null => {
    if (next(12) === 0) {
      return null;
    }
    let out = '';
    for (let k = next(14); k > 0; k -= 1) {
      out += pieces[next(pieces.length)];
    }
    return out;
  };
  return text;
}

describe('the probes’ keys computed in the server', () => {
  it('knows the letters of a Swiss lead’s fields on this database', () => {
    for (const c of 'azAZ09 -.@') {
      expect(alphabet.allowed[c.charCodeAt(0)], c).toBe(1);
    }
    for (const c of 'äöüéèàçñßø') {
      expect(alphabet.allowed[c.charCodeAt(0)], c).toBe(1);
    }
  });

  it('are the database’s keys, for generated texts of every character of the alphabet', async () => {
    const text = texts(20261202);
    const probes = Array.from({ length: 4_000 }, () =>
      probe({ name: text(), surname: text(), email: text(), zipcode: text(), city: text(), address: text() }),
    );
    const database: ProbeKeys[] = [];
    for (let from = 0; from < probes.length; from += 1_000) {
      database.push(...(await probeKeys(t.db, probes.slice(from, from + 1_000))));
    }
    let here = 0;
    const differ: string[] = [];
    probes.forEach((p, k) => {
      const keys = keysOfProbe(p, alphabet);
      if (keys === null) {
        return;
      }
      here += 1;
      const theirs = database[k]!;
      if (!sameKeys(keys, theirs)) {
        differ.push(`${JSON.stringify(p)}\n  here ${JSON.stringify(keys)}\n  database ${JSON.stringify(theirs)}`);
      }
    });
    expect(differ.slice(0, 3)).toEqual([]);
    // Upper-case letters outside Latin-1 are not among the pieces: every probe is computed here.
    expect(here).toBe(probes.length);
  }, 60_000);

  it('are not computed for a character outside the alphabet', () => {
    expect(keysOfProbe(probe({ name: 'Łukasz', surname: 'Nowak' }), alphabet)).toBeNull();
    expect(keysOfProbe(probe({ address: 'Bahnhofstrasse\u00a012' }), alphabet)).toBeNull();
    expect(keysOfProbe(probe({ city: 'Zürich\tHB' }), alphabet)).toBeNull();
    expect(keysOfProbe(probe({ email: 'İ@x.ch' }), alphabet)).toBeNull();
    expect(keysOfProbe(probe({ name: 'Anna', surname: 'Müller', city: 'Zürich' }), alphabet)).not.toBeNull();
  });

  it.each([
    ['muller', 'M460'],
    ['mueller', 'M460'],
    ['', ''],
    ['123', ''],
    ['  von allmen', 'V545'],
    // A letter after a digit of its own code is skipped: fuzzystrmatch compares codes with the byte before.
    ['a1b', 'A000'],
    ['a2b', 'A100'],
    // A byte above 127 is no letter, and parts the letters around it.
    ['straße', 'S360'],
    ['øster', 'S360'],
    ['ss', 'S000'],
    ['sßs', 'S200'],
  ])('soundex(%j) is %j, as fuzzystrmatch codes it', async (text, expected) => {
    expect(soundex(text)).toBe(expected);
    const res = await t.db.execute<{ s: string }>(sql`SELECT soundex(${text}) AS s`);
    expect(res.rows[0]!.s).toBe(expected);
  });
});
