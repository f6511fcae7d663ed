/**
 * Normalisers of the duplicate engine: every field is brought to one writing before it is compared,
 * so spellings people use for the same thing compare equal.
 */
import { normalisePhone } from '../phone.ts';
import { splitStreet } from '../swiss-address.ts';

/**
 * A normaliser of one text remembered for its latest `size` inputs: names, streets and places repeat
 * (a million clients hold a few thousand of each), and an import compares each row with several
 * stored clients, every one normalised before it is compared. The result for an input never changes.
 */
export function remembered<T>(fn: (input: string) => T, size = 50_000): (input: string | null | undefined) => T {
  const kept = new Map<string, T>();
  return (input) => {
    const key = input ?? '';
    let value = kept.get(key);
    if (value === undefined) {
      value = fn(key);
      if (kept.size >= size) {
        kept.clear();
      }
      kept.set(key, value);
    }
    return value;
  };
}

/** Lower case, accents and umlauts folded to their base letter, ß → ss, æ/œ → ae/oe. */
export function foldText(input: string | null | undefined): string {
  return (input ?? '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const TITLES = new Set([
  'dr',
  'prof',
  'herr',
  'frau',
  'hr',
  'fr',
  'monsieur',
  'madame',
  'mme',
  'mlle',
  'signor',
  'signora',
  'sig',
  'sigra',
]);

/**
 * A name for comparison: folded, punctuation and hyphens as spaces, titles dropped, and the German
 * umlaut spellings ae/oe/ue read as the plain vowel, so "Müller", "Mueller" and "Muller" are all
 * "muller" and "Jäggi"/"Jaeggi" are "jaggi". Empty when nothing is left.
 */
export const normaliseName = remembered((input: string): string => foldName(input).replace(/([aou])e/g, '$1'));

/** A name folded (lower case, accents and umlauts to their base letter, titles dropped) but "ue" kept as written. */
export const foldName = remembered((input: string): string =>
  foldText(input)
    .replace(/[^a-z\s]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && !TITLES.has(w))
    .join(' '),
);

/** E-mail: trimmed, lower case; empty when absent or without an "@". */
export function normaliseEmail(input: string | null | undefined): string {
  const e = (input ?? '').trim().toLowerCase();
  return e.includes('@') ? e : '';
}

/**
 * A phone in E.164 (packages/domain/src/phone.ts). A number libphonenumber does not accept (a typo
 * may make one) keeps its digits in the same form ("0" → "+41", "00" → "+"), so typos can still be compared.
 */
export function normalisePhoneForMatch(input: string | null | undefined): string {
  if (!input || input.trim() === '') {
    return '';
  }
  let known = phoneMemo.get(input);
  if (known === undefined) {
    known = phoneForMatch(input);
    if (phoneMemo.size >= 100_000) {
      phoneMemo.clear();
    }
    phoneMemo.set(input, known);
  }
  return known;
}

/** Parsing a number costs more than the rest of a comparison: each writing is parsed once (up to 100,000 remembered). */
const phoneMemo = new Map<string, string>();

function phoneForMatch(input: string): string {
  const e164 = normalisePhone(input);
  if (e164) {
    return e164;
  }
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 9) {
    return '';
  }
  if (trimmed.startsWith('+')) {
    return `+${digits}`;
  }
  if (digits.startsWith('00')) {
    return `+${digits.slice(2)}`;
  }
  return digits.startsWith('0') ? `+41${digits.slice(1)}` : `+41${digits}`;
}

/** The phones of a record in E.164, without repeats. */
export function normalisePhones(...inputs: (string | null | undefined)[]): string[] {
  return [...new Set(inputs.map(normalisePhoneForMatch).filter((p) => p !== ''))];
}

/** Swiss mobile numbers (+41 75–79): personal, where a landline is shared by a household. */
export function isSwissMobile(e164: string): boolean {
  return /^\+417[5-9]\d{7}$/.test(e164);
}

// Abbreviations written for whole words of a street name (after folding, dots kept as a word end).
const STREET_WORDS: Record<string, string> = {
  str: 'strasse',
  'str.': 'strasse',
  strasse: 'strasse',
  'ch.': 'chemin',
  ch: 'chemin',
  chem: 'chemin',
  'chem.': 'chemin',
  'av.': 'avenue',
  av: 'avenue',
  ave: 'avenue',
  'ave.': 'avenue',
  rte: 'route',
  'rte.': 'route',
  'r.': 'rue',
  'v.': 'via',
  vle: 'viale',
  'vle.': 'viale',
  'pl.': 'place',
  bd: 'boulevard',
  'bd.': 'boulevard',
  bvd: 'boulevard',
  'imp.': 'impasse',
  'st.': 'sankt',
  st: 'sankt',
  'g.': 'gasse',
};

/**
 * A street name for comparison: folded; "str."/"str"/"straße" → "strasse" also at a word's end
 * ("Bahnhofstr." = "Bahnhofstrasse"), "ch." → "chemin", "av." → "avenue", "rte" → "route", "v." → "via"…;
 * then letters and digits only, without spaces, so "Bahnhof-Strasse" = "Bahnhofstrasse".
 */
export function normaliseStreetName(input: string | null | undefined): string {
  return foldText(input)
    .replace(/[-,/]+/g, ' ')
    .replace(/\.(?=\S)/g, '. ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .map(
      (w) =>
        STREET_WORDS[w] ?? w.replace(/(str|str\.|strase)$/, 'strasse').replace(/(w|g)\.$/, (_, c: string) => (c === 'w' ? 'weg' : 'gasse')),
    )
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

export interface NormalisedStreet {
  /** Street name for comparison ("bahnhofstrasse"); empty without an address. */
  street: string;
  /** Building number, lower case without spaces ("12a"); empty when the line names none. */
  number: string;
}

/** A street name normalised (normaliseStreetName), remembered: a million addresses hold a few thousand streets. */
const streetNameOf = remembered((name: string): string => normaliseStreetName(name));

/**
 * An address line as street + building number (split by splitStreet of swiss-address.ts). The street
 * name is remembered per name; the line is not (lines are mostly different, their streets mostly not:
 * remembering a scan's million lines, each seen once, cost more than splitting them).
 */
export function normaliseStreet(line: string | null | undefined): NormalisedStreet {
  const { street, buildingNumber } = splitStreet(line ?? '');
  return { street: streetNameOf(street), number: buildingNumber.toLowerCase().replace(/\s+/g, '') };
}

/** A locality for comparison: folded, district numbers dropped ("Lausanne 25" → "lausanne"), letters only. */
export const normaliseLocality = remembered((input: string): string =>
  foldText(input)
    .replace(/\d+/g, ' ')
    .replace(/\b(st|st\.)\s*/g, 'sankt ')
    .replace(/[^a-z]/g, ''),
);

/** A Swiss postcode: the four digits ("CH-8050" → "8050"); empty otherwise. */
export function normalisePostcode(input: string | null | undefined): string {
  const m = /(\d{4})/.exec((input ?? '').trim());
  return m ? m[1]! : '';
}
