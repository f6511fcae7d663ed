import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * E.164 form of a phone number typed in any writing (`079 123 45 67`, `0041 79…`, `+41…`),
 * Swiss by default; undefined when it is no valid number. Lookups use this form.
 */
export function normalisePhone(input: string | null | undefined): string | undefined {
  if (!input) {
    return undefined;
  }
  const swiss = swissNationalNumber(input);
  if (swiss !== undefined) {
    return swissPrefixValid(swiss.slice(0, 3)) ? `+41${swiss}` : undefined;
  }
  // An import's row is checked, keyed and looked up by its phones several times: each writing is parsed once.
  const known = normalised.get(input);
  if (known !== undefined) {
    return known === '' ? undefined : known;
  }
  const cleaned = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(cleaned, 'CH');
  const result = parsed?.isValid() ? parsed.number : undefined;
  if (normalised.size >= NORMALISED_KEPT) {
    normalised.clear();
  }
  normalised.set(input, result ?? '');
  return result;
}

/** The writings parsed lately ('' for no valid number), at most NORMALISED_KEPT. */
const normalised = new Map<string, string>();
const NORMALISED_KEPT = 50_000;

/**
 * The nine digits after the 0 (or +41, 0041) of a Swiss number written the common way: digits,
 * spaces between them, nothing else (`079 123 45 67`, `+41 79 123 45 67`, `0041791234567`). Undefined
 * for any other writing, which libphonenumber reads. An import checks a hundred thousand rows, two
 * phones each, and a parse costs about 20 µs.
 */
export function swissNationalNumber(input: string): string | undefined {
  const m = /^\s*(?:\+41|0041|0)((?:\s*\d){9})\s*$/.exec(input);
  if (!m) {
    return undefined;
  }
  const digits = m[1]!.replace(/\s+/g, '');
  return digits[0] === '0' ? undefined : digits;
}

/**
 * Whether Swiss numbers of nine digits beginning with these three are real numbers, as libphonenumber
 * says (asked once per prefix: its Swiss patterns for nine-digit numbers look at the first three digits
 * only; phone.test.ts checks that for every prefix against the library's own answer).
 */
function swissPrefixValid(prefix: string): boolean {
  let valid = prefixValidity.get(prefix);
  if (valid === undefined) {
    valid = parsePhoneNumberFromString(`+41${prefix}000000`)?.isValid() === true;
    prefixValidity.set(prefix, valid);
  }
  return valid;
}

const prefixValidity = new Map<string, boolean>();

/**
 * The one phone rule of every form (spec 5 "phone: starts with 0 or +0 followed by at least 9 digits"):
 * written with digits and `+ / - ( ) .` or spaces, a 0 (or + standing for the international 00)
 * followed by at least 9 digits, and a real number (libphonenumber, Switzerland by default), so it
 * always has its E.164 form for lookups. `079 123 45 67`, `+41 79 123 45 67` and `0041 79 123 45 67`
 * pass; `123 45 67` does not.
 */
export function isPhone(input: string): boolean {
  const written = input.trim();
  if (!/^[+\d][\d\s/().-]*$/.test(written)) {
    return false;
  }
  const digits = (written.startsWith('+') ? '00' : '') + written.replace(/\D/g, '');
  return /^0\d{9,}$/.test(digits) && normalisePhone(written) !== undefined;
}

/** A client's two phone fields as written. */
export interface PhoneFields {
  phone: string | null;
  mobile_phone: string | null;
}

/** The same number in any writing: its E.164 form, or its digits when it is no valid number. */
function phoneKey(phone: string): string {
  return normalisePhone(phone) ?? phone.replace(/\D/g, '');
}

/**
 * The phones of a kept client after a merge: the kept client's stay as written; each number of the
 * merged one that the kept client does not hold yet (by its normalised value) fills the same field
 * when it is empty, else the other empty one. A number that finds no free field is answered in
 * `left`, for the caller to keep elsewhere.
 */
export function mergePhones(keep: PhoneFields, merged: PhoneFields): PhoneFields & { left: string[] } {
  const out: PhoneFields = { phone: keep.phone || null, mobile_phone: keep.mobile_phone || null };
  const held = new Set([out.phone, out.mobile_phone].filter((p): p is string => Boolean(p)).map(phoneKey));
  const left: string[] = [];
  for (const field of ['phone', 'mobile_phone'] as const) {
    const number = merged[field];
    if (!number || held.has(phoneKey(number))) {
      continue;
    }
    held.add(phoneKey(number));
    const other = field === 'phone' ? 'mobile_phone' : 'phone';
    if (!out[field]) {
      out[field] = number;
    } else if (!out[other]) {
      out[other] = number;
    } else {
      left.push(number);
    }
  }
  return { ...out, left };
}

/**
 * A phone number as a Swiss reader writes it: a Swiss number in its national form (`079 123 45 67`),
 * a foreign one in its international form (`+49 30 123456`), anything unparsable as given.
 */
export function displayPhone(input: string | null | undefined): string {
  if (!input) {
    return '';
  }
  const parsed = parsePhoneNumberFromString(input.trim().replace(/^00/, '+'), 'CH');
  if (!parsed?.isValid()) {
    return input.trim();
  }
  return parsed.country === 'CH' ? parsed.formatNational() : parsed.formatInternational();
}
