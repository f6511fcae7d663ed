import type { Tx } from '../../db/client.ts';
import { FOLD_FROM, FOLD_TO } from '../../db/schema/index.ts';
import { lowerCases, probeKeys, type CandidateProbe, type ProbeKeys } from './matches.repo.ts';

/**
 * The duplicate engine's keys of a probe computed in this process, for the scan of every client
 * (matches.scan.ts): the database's expressions (db/schema/identity.ts, the clients' stored match_*
 * columns, and keysCtes in matches.repo.ts for the probes) followed step by step, so a hundred thousand
 * probes do not cost the database two seconds of work.
 *
 * The database stays the definition. This process computes a probe's keys only when it is sure to
 * compute them as the database does:
 * - every letter of the probe's texts is one whose lower case this database was asked and answered as
 *   this process does (`KeyAlphabet`: printable ASCII and the Latin-1 letters, those of them that
 *   agree under the database's own collation); another character sends the probe to the database;
 * - a set of probes made to reach every branch of the expressions (`SAMPLES`) is computed both ways
 *   when the alphabet is first asked for; if one differs, no probe's keys are computed here.
 * The tests compare both ways on generated texts with every character of the alphabet
 * (match-keys.test.ts), and the bench compares the scan's answers with the lookups'.
 */

/** The characters whose lower case the database and this process agree on. */
export interface KeyAlphabet {
  /** Per character code below 256, whether it may be computed here. */
  readonly allowed: Uint8Array;
}

/** The keys of a probe, as ProbeKeys without its index. */
export type KeysOfProbe = Omit<ProbeKeys, 'i'>;

/** Printable ASCII and the Latin-1 letters: what a Swiss lead's fields are written in. */
function candidateCharacters(): string[] {
  const chars: string[] = [];
  for (let c = 0x20; c < 0x7f; c += 1) {
    chars.push(String.fromCharCode(c));
  }
  for (let c = 0xc0; c <= 0xff; c += 1) {
    if (c !== 0xd7 && c !== 0xf7) {
      chars.push(String.fromCharCode(c));
    }
  }
  return chars;
}

/** translate(…, FOLD_FROM, FOLD_TO) of the engine's keys, per character code (the code itself when not folded). */
const FOLD = (() => {
  const map = new Uint16Array(256).map((_, c) => c);
  for (let k = 0; k < FOLD_FROM.length; k += 1) {
    map[FOLD_FROM.charCodeAt(k)] = FOLD_TO.charCodeAt(k);
  }
  return map;
})();

/** lower() of a text whose characters are all in the alphabet (the caller checked them). */
function lower(text: string): string {
  return text.toLowerCase();
}

/** translate(…, FOLD_FROM, FOLD_TO) of a text in the alphabet (an ASCII text is its own). */
function folded(text: string): string {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x80) {
    i += 1;
  }
  if (i === text.length) {
    return text;
  }
  let out = text.slice(0, i);
  for (; i < text.length; i += 1) {
    out += String.fromCharCode(FOLD[text.charCodeAt(i)]!);
  }
  return out;
}

/** Whether every character of a text is in the alphabet (a null text is). */
function allowed(text: string | null, alphabet: KeyAlphabet): boolean {
  if (text === null) {
    return true;
  }
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 256 || alphabet.allowed[c] === 0) {
      return false;
    }
  }
  return true;
}

/** btrim(text): the spaces at both ends taken off (spaces only, as btrim without characters does). */
function btrim(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && text.charCodeAt(from) === 32) {
    from += 1;
  }
  while (to > from && text.charCodeAt(to - 1) === 32) {
    to -= 1;
  }
  return from === 0 && to === text.length ? text : text.slice(from, to);
}

/** The digits of the Soundex table, per letter A–Z, as fuzzystrmatch's soundex() codes them. */
const SOUNDEX_TABLE = '01230120022455012623010202';

/** fuzzystrmatch's code of one byte: a letter's digit, any other byte itself (upper case). */
function soundexCode(byte: number): number {
  const upper = byte >= 97 && byte <= 122 ? byte - 32 : byte;
  return upper >= 65 && upper <= 90 ? SOUNDEX_TABLE.charCodeAt(upper - 65) : upper;
}

const isLetter = (byte: number) => (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122);

/**
 * soundex() of fuzzystrmatch, over the text's UTF-8 bytes as the database reads them: the leading
 * bytes that are no letter skipped, the first letter in upper case, then the digit of each letter whose
 * code differs from the previous byte's, vowels (0) not written, four characters padded with 0; ''
 * without a letter. A byte above 127 is no letter (the database's encoding is UTF-8; the alphabet's
 * samples check it).
 */
export function soundex(text: string): string {
  const bytes = utf8(text);
  let i = 0;
  while (i < bytes.length && !isLetter(bytes[i]!)) {
    i += 1;
  }
  if (i === bytes.length) {
    return '';
  }
  const first = bytes[i]!;
  let out = String.fromCharCode(first >= 97 ? first - 32 : first);
  i += 1;
  while (i < bytes.length && out.length < 4) {
    const byte = bytes[i]!;
    if (isLetter(byte)) {
      const code = soundexCode(byte);
      if (code !== soundexCode(bytes[i - 1]!) && code !== 48) {
        out += String.fromCharCode(code);
      }
    }
    i += 1;
  }
  return out.padEnd(4, '0');
}

/** The UTF-8 bytes of a text (an ASCII text's codes are its bytes: no buffer made). */
function utf8(text: string): ArrayLike<number> {
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) >= 0x80) {
      return Buffer.from(text, 'utf8');
    }
  }
  return asciiCodes(text);
}

/** The character codes of an ASCII text, as a list read like a buffer (reused: soundex reads one text at a time). */
let codes = new Uint8Array(64);
function asciiCodes(text: string): Uint8Array {
  if (text.length > codes.length) {
    codes = new Uint8Array(text.length * 2);
  }
  for (let i = 0; i < text.length; i += 1) {
    codes[i] = text.charCodeAt(i);
  }
  return codes.subarray(0, text.length);
}

/** surnameSound: soundex(translate(lower(name), …)), null for a null name; '' stays '' (nullif is the caller's). */
function sound(name: string | null): string | null {
  if (name === null) {
    return null;
  }
  return soundex(folded(lower(name)));
}

/** streetKey: lower case, ß as ss, folded, 'strasse' and 'str.' as 'str', only letters and digits kept. */
function streetKeyOf(address: string): string {
  return folded(lower(address).replace(/ß/g, 'ss'))
    .replace(/strasse|str[.]/g, 'str')
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * The keys of one probe as keysCtes computes them, or null when this process cannot be sure to (a
 * character outside the alphabet).
 */
export function keysOfProbe(p: CandidateProbe, alphabet: KeyAlphabet): KeysOfProbe | null {
  if (!allowed(p.email, alphabet) || !allowed(p.name, alphabet) || !allowed(p.surname, alphabet)) {
    return null;
  }
  if (!allowed(p.city, alphabet) || !allowed(p.address, alphabet)) {
    return null;
  }
  const email = p.email === null ? null : lower(btrim(p.email));
  const zipcode = p.zipcode === null ? null : btrim(p.zipcode);
  const sounds = new Set<string>();
  const joined = (p.name ?? '') + (p.surname ?? '');
  // [[:space:]-]: within the alphabet, the space is the only space.
  if (/[ -]/.test(joined)) {
    const words = [p.surname, p.name, ...btrim(`${p.name ?? ''} ${p.surname ?? ''}`).split(/[ -]+/)];
    for (const word of words) {
      const s = word === null ? null : sound(btrim(word));
      if (s) {
        sounds.add(s);
      }
    }
  } else {
    for (const name of [p.surname, p.name]) {
      const s = sound(name);
      if (s) {
        sounds.add(s);
      }
    }
  }
  const locality = p.city === null ? null : folded(lower(p.city)).replace(/[^a-z]+/g, '');
  const streetKey = p.address === null ? null : streetKeyOf(p.address);
  const streetName = streetKey === null ? null : streetKey.replace(/[0-9]+[a-z]?$/, '').replace(/[0-9]+/g, '');
  return {
    email: email || null,
    zipcode: zipcode || null,
    sounds: [...sounds],
    locality: locality || null,
    street: streetKey !== null && /[0-9]/.test(streetKey) ? streetKey : null,
    streetName: streetName || null,
    number: p.address === null ? null : (/[0-9]+/.exec(p.address)?.[0] ?? null),
  };
}

/** Probes that reach every branch of the key expressions: computed both ways before any other here. */
const SAMPLES: Omit<CandidateProbe, 'id' | 'near' | 'phoneE164' | 'mobilePhoneE164'>[] = [
  { name: 'Anna', surname: 'Müller', email: ' Anna.Mueller@Example.CH ', zipcode: ' 8001 ', city: 'Zürich', address: 'Bahnhofstrasse 12a' },
  { name: 'Hans-Peter', surname: 'von Allmen', email: null, zipcode: '3800', city: 'Interlaken', address: 'Höheweg 3-5' },
  { name: 'Jean Luc', surname: 'Dubois', email: 'JL@x.ch', zipcode: '', city: 'Genève 2', address: 'Rue du Rhône 40 bis' },
  { name: 'Björn', surname: 'Strauß', email: 'b@straße.ch', zipcode: null, city: 'St. Gallen', address: 'Grossackerstr. 7' },
  { name: 'Ærø', surname: 'Øster', email: '', zipcode: '9000', city: 'ST.GALLEN', address: 'Hauptstrasse' },
  { name: '', surname: '', email: null, zipcode: '1000', city: '', address: '' },
  { name: null, surname: 'Ábacus', email: null, zipcode: null, city: null, address: null },
  { name: 'Ï-1b', surname: ' 12 ', email: 'ÉÈ@ÇÑ.CH', zipcode: '60O0', city: 'Zug 6300', address: '12 34' },
  { name: 'Bb-', surname: '-Pfaff', email: 'x', zipcode: 'x', city: '-', address: 'Strasse 1 Str. 2 STRASSE 3' },
  { name: 'Ay1b', surname: 'a1b2c', email: null, zipcode: null, city: 'Yverdon-les-Bains', address: 'Chemin 1a2' },
  { name: 'Tschudi', surname: 'Jäggi Ýves', email: null, zipcode: '8', city: 'Thun', address: 'Im Ried 4 / 5' },
  { name: 'Lukas', surname: 'Schär-Wüthrich', email: null, zipcode: '3000', city: 'Bern', address: 'Postfach' },
];

let alphabetMade: Promise<KeyAlphabet> | undefined;

/**
 * The characters whose keys this process computes as the database does: asked once per process (the
 * database's lower case of each candidate character), then checked on SAMPLES against the database's
 * own keys; an empty alphabet (every probe to the database) when one of them differs.
 */
export function keyAlphabet(tx: Tx): Promise<KeyAlphabet> {
  alphabetMade ??= makeAlphabet(tx).catch((err: unknown) => {
    alphabetMade = undefined;
    throw err;
  });
  return alphabetMade;
}

async function makeAlphabet(tx: Tx): Promise<KeyAlphabet> {
  const chars = candidateCharacters();
  const lowered = await lowerCases(tx, chars);
  const allowed = new Uint8Array(256);
  chars.forEach((c, k) => {
    if (lowered[k] === c.toLowerCase()) {
      allowed[c.charCodeAt(0)] = 1;
    }
  });
  const alphabet: KeyAlphabet = { allowed };
  const probes: CandidateProbe[] = SAMPLES.map((s) => ({ ...s, id: null, phoneE164: null, mobilePhoneE164: null, near: [] }));
  const database = await probeKeys(tx, probes);
  const same = probes.every((p, k) => {
    const here = keysOfProbe(p, alphabet);
    return here === null || sameKeys(here, database[k]!);
  });
  return same ? alphabet : { allowed: new Uint8Array(256) };
}

/** Whether two probes' keys are the same (the sounds as a set). */
export function sameKeys(a: KeysOfProbe, b: KeysOfProbe): boolean {
  const sounds = (k: KeysOfProbe) => [...k.sounds].sort().join(',');
  return (
    a.email === b.email &&
    a.zipcode === b.zipcode &&
    sounds(a) === sounds(b) &&
    a.locality === b.locality &&
    a.street === b.street &&
    a.streetName === b.streetName &&
    a.number === b.number
  );
}
