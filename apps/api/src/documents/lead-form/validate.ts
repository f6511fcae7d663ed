import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPhone, PATTERNS } from '@bo/domain';
import type { LeadFormField } from './layout.ts';

/**
 * From what the engine read to what the form says: each field checked by what it must be (a postcode that
 * exists and whose place was read, a phone number by the phone rule, an e-mail's shape, an age) and the
 * confidence lowered under LEAD_FORM_CONFIDENT whenever the value is not certain, so the import sends the field
 * to review (`ocr_uncertain`) with its crop instead of taking a wrong value silently.
 */

/** Fields at or above this confidence are taken as read; below it they go to review. */
export const LEAD_FORM_CONFIDENT = 0.8;

/** The least engine confidence (0–1) at which a value that passes its checks is taken. */
const ENGINE_SURE: Record<LeadFormField, number> = {
  salutation: 0.5,
  language: 0.5,
  name: 0.88,
  surname: 0.88,
  address: 0.88,
  // The postcode is taken by its place (and the place by its postcode): a misread digit gives an unknown postcode
  // or one of another place.
  zipcode: 0.6,
  city: 0.6,
  phone: 0.9,
  mobile_phone: 0.9,
  // Read alike by both models (agreeing readings count as the surer of the two), small letters and the shape of an
  // address.
  email: 0.8,
  age: 0.85,
  note: 0.9,
};

/** What a field looks like after reading, before validation. */
export interface RawField {
  value: string | null;
  confidence: number;
  /**
   * Each engine reading of the box as read (two language models), when they were more than one: the place is taken
   * when every reading is the same place of the postcode, even if the readings differ ("Salorıno" and "Salorino").
   */
  readings?: string[];
}

export type RawFields = Record<LeadFormField, RawField>;

const UNCERTAIN = 0.4;

interface Postcodes {
  localities: Map<string, string[]>;
}

let postcodes: Postcodes | null = null;

const POSTCODE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'db', 'seed', 'ch-postcodes.csv');

/** db/seed/ch-postcodes.csv: postcode → its places, read once. */
export function postcodeTable(): Map<string, string[]> {
  if (!postcodes) {
    const localities = new Map<string, string[]>();
    for (const line of fs.readFileSync(POSTCODE_FILE, 'utf8').trim().split('\n').slice(1)) {
      const [postcode = '', locality = ''] = line.split(',');
      if (/^\d{4}$/.test(postcode) && locality) {
        localities.set(postcode, [...(localities.get(postcode) ?? []), locality]);
      }
    }
    postcodes = { localities };
  }
  return postcodes.localities;
}

/** A place name folded for comparison: no accents, lower case, letters only ("Lausanne 25" → "lausanne"). */
export function foldPlace(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/\s+\d+$/, '')
    .replace(/[^a-z]+/g, '');
}

export function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}

/** 1 for the same folded name, falling with each edit. */
function similarity(a: string, b: string): number {
  const fa = foldPlace(a);
  const fb = foldPlace(b);
  if (!fa || !fb) {
    return 0;
  }
  return 1 - levenshtein(fa, fb) / Math.max(fa.length, fb.length);
}

/** The postcode's place the reading is, when it is one of them (fuzzily): its official name. */
export function matchLocality(postcode: string, city: string): string | null {
  const places = postcodeTable().get(postcode) ?? [];
  let best: { name: string; score: number } | null = null;
  for (const place of places) {
    for (const name of [place, ...place.split('/')]) {
      const score = similarity(name, city);
      if (!best || score > best.score) {
        best = { name: place.replace(/\s+\d+$/, ''), score };
      }
    }
  }
  return best && best.score >= 0.75 ? best.name : null;
}

const NAME = /^\p{Lu}[\p{L}'’. -]*\p{L}\.?$/u;
// Small letters only: a capital I and a small l look alike; an address written in capitals is checked by a person.
const EMAIL_CHARS = /^[a-z0-9@._+-]+$/;

/**
 * A Swiss number in its usual writing (`044 123 45 67`, `+41 79 123 45 67`, `0041 79 123 45 67`) whatever the spaces
 * read (`041 4297775`): the digits decide, the groups are the rule's. Other numbers keep the writing read.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (value.startsWith('+') && /^41\d{9}$/.test(digits)) {
    return `+41 ${digits.slice(2, 4)} ${digits.slice(4, 7)} ${digits.slice(7, 9)} ${digits.slice(9)}`;
  }
  if (/^00\d{11}$/.test(digits) && digits.startsWith('0041')) {
    return `0041 ${digits.slice(4, 6)} ${digits.slice(6, 9)} ${digits.slice(9, 11)} ${digits.slice(11)}`;
  }
  if (/^0[1-9]\d{8}$/.test(digits) && /^[\d\s]+$/.test(value)) {
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`;
  }
  return value;
}

function tidy(value: string | null): string | null {
  const v = value?.replace(/[ \t]+/g, ' ').trim() ?? '';
  return v ? v : null;
}

/** Checks and corrects the fields read from one form (see the file's comment). */
export function validateLeadForm(raw: RawFields): RawFields {
  const out = { salutation: raw.salutation, language: raw.language } as RawFields;
  const check = (field: LeadFormField, value: string | null, ok: (v: string) => boolean) => {
    const confidence = raw[field].confidence;
    out[field] =
      value === null
        ? { value: null, confidence }
        : {
            value,
            confidence:
              ok(value) && confidence >= ENGINE_SURE[field] ? Math.max(confidence, LEAD_FORM_CONFIDENT) : Math.min(confidence, UNCERTAIN),
          };
  };
  check('name', tidy(raw.name.value), (v) => NAME.test(v));
  check('surname', tidy(raw.surname.value), (v) => NAME.test(v));
  check('address', tidy(raw.address.value), (v) => /\p{L}{2}/u.test(v));
  const phone = (v: string | null) => {
    const t = tidy(v);
    return t !== null && isPhone(t) ? formatPhone(t) : t;
  };
  check('phone', phone(raw.phone.value), isPhone);
  check('mobile_phone', phone(raw.mobile_phone.value), isPhone);
  check('email', tidy(raw.email.value)?.replace(/\s+/g, '') ?? null, (v) => PATTERNS.email.test(v) && EMAIL_CHARS.test(v));
  check('age', tidy(raw.age.value)?.replace(/\s+/g, '') ?? null, (v) => /^\d{1,3}$/.test(v) && Number(v) >= 10 && Number(v) <= 120);
  check('note', tidy(raw.note.value), () => true);
  validatePlace(raw, out);
  return out;
}

/**
 * Postcode and place check each other: a postcode that exists, read with a place that is (fuzzily) one of its
 * places, is certain, and the place is written as the postcode table writes it. Anything else goes to review.
 */
function validatePlace(raw: RawFields, out: RawFields): void {
  const zipcode = tidy(raw.zipcode.value)?.replace(/\s+/g, '') ?? null;
  const city = tidy(raw.city.value);
  if (zipcode === null && city === null) {
    out.zipcode = { value: null, confidence: raw.zipcode.confidence };
    out.city = { value: null, confidence: raw.city.confidence };
    return;
  }
  const known = zipcode !== null && /^\d{4}$/.test(zipcode) && postcodeTable().has(zipcode);
  const place = known && city !== null ? matchLocality(zipcode, city) : null;
  // The models read the place differently (one lost a dot, one doubled a letter): sure still when every reading is
  // the same place of the postcode.
  const readings = (raw.city.readings ?? []).map(tidy);
  const everyReading =
    place !== null && readings.length > 1 && readings.every((r) => r !== null && matchLocality(zipcode as string, r) === place);
  if (place !== null && raw.zipcode.confidence >= ENGINE_SURE.zipcode && (raw.city.confidence >= ENGINE_SURE.city || everyReading)) {
    const sure = Math.max(LEAD_FORM_CONFIDENT, 0.95);
    out.zipcode = { value: zipcode, confidence: sure };
    out.city = { value: place, confidence: sure };
    return;
  }
  out.zipcode = { value: zipcode, confidence: Math.min(raw.zipcode.confidence, UNCERTAIN) };
  out.city = { value: city, confidence: Math.min(raw.city.confidence, UNCERTAIN) };
}
