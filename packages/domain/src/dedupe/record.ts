/**
 * The records the duplicate engine compares, and their normalised form (computed once per record).
 */
import { colognePhonetic } from './phonetic.ts';
import {
  foldName,
  normaliseEmail,
  normaliseLocality,
  normaliseName,
  normalisePhoneForMatch,
  normalisePostcode,
  normaliseStreet,
  remembered,
} from './normalise.ts';

/** A client or an import row, raw as stored. Phones as typed; their E.164 form is computed inside. */
export interface MatchRecord {
  id?: number;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  mobile_phone: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  /**
   * The phones' E.164 forms where they are already known (a stored client's phone_e164 columns, written
   * with the same normalisePhone): used instead of parsing the phone again. Null or absent: parsed.
   */
  phone_e164?: string | null;
  mobile_phone_e164?: string | null;
}

/** Where a postcode lies; null when the postcode is unknown. */
export interface PostcodeLookup {
  coordinates(postcode: string): { lat: number; lng: number } | null;
}

/** A record with every field in its compared form; empty strings for missing values. */
export interface PreparedRecord {
  /** Names with "ae"/"oe"/"ue" read as the plain vowel (normaliseName): Mueller = Müller = Muller. */
  given: string;
  surname: string;
  /** Names folded with "ue" kept (foldName): a typo "Hbuer" is one swap from "Huber" here. */
  givenPlain: string;
  surnamePlain: string;
  givenCode: string;
  surnameCode: string;
  email: string;
  /** E.164, without repeats. */
  phones: string[];
  postcode: string;
  locality: string;
  street: string;
  number: string;
  /**
   * The record whose names are still to be prepared (`preparedForm` with `namesLater`), or null once
   * they are: the comparisons prepare them (`withNames`) only when they get to the names, which most
   * candidates of an import never do (mayMatch refuses them on the other fields).
   */
  namesOf: MatchRecord | null;
  /**
   * The record whose street and number are still to be prepared (`preparedForm` with `later`), or
   * null once they are (`withStreet`): most candidates of an import are refused before the address, and
   * their address is never read (a scanned client's fields are read from its row when first asked for).
   */
  streetOf: MatchRecord | null;
  /**
   * The record whose locality is still to be normalised (`preparedForm` with `later`), or null once it
   * is (`withLocality`): a candidate with the probe's postcode never compares its locality.
   */
  localityOf: MatchRecord | null;
}

interface CacheEntry {
  /** The raw fields the prepared form was made from. */
  raw: MatchRecord;
  prepared: PreparedRecord;
}

const cache = new WeakMap<MatchRecord, CacheEntry>();

function unchanged(r: MatchRecord, raw: MatchRecord): boolean {
  return (
    r.name === raw.name &&
    r.surname === raw.surname &&
    r.email === raw.email &&
    r.phone === raw.phone &&
    r.mobile_phone === raw.mobile_phone &&
    r.zipcode === raw.zipcode &&
    r.city === raw.city &&
    r.address === raw.address &&
    r.phone_e164 === raw.phone_e164 &&
    r.mobile_phone_e164 === raw.mobile_phone_e164
  );
}

/** A phonetic code per name word, joined ("hans peter" → "068 127"); remembered per name. */
const phoneticOf = remembered((name: string): string =>
  name
    .split(' ')
    .filter((w) => w !== '')
    .map(colognePhonetic)
    .join(' '),
);

/** A name's three forms for comparison (normaliseName, foldName, and the phonetic code of the first). */
interface NameForms {
  normal: string;
  plain: string;
  code: string;
}

/**
 * A name's forms, remembered per name as written: one memory asked per name instead of three (a scan's
 * candidates bring their names as new texts, and each memory asked hashes the text and reads its table).
 */
const nameFormsOf = remembered((name: string): NameForms => {
  const normal = normaliseName(name);
  return { normal, plain: foldName(name), code: phoneticOf(normal) };
});

/**
 * The normalised form of a record. Cached per record object (and recomputed when one of its fields
 * changed), so a probe compared with many candidates is normalised once.
 */
export function prepareRecord(r: MatchRecord): PreparedRecord {
  const hit = cache.get(r);
  if (hit && unchanged(r, hit.raw)) {
    return hit.prepared;
  }
  const prepared = preparedForm(r);
  cache.set(r, { raw: { ...r }, prepared });
  return prepared;
}

/**
 * The normalised form of a record, not cached: for records read once (an import's candidates, a
 * hundred thousand of them, each compared with one row). With `later` the names, the street, the
 * number and the locality are left empty until a comparison needs them (`withNames`, `withStreet`,
 * `withLocality`).
 */
export function preparedForm(r: MatchRecord, later = false): PreparedRecord {
  // A known E.164 form is what parsing the phone would give (normalisePhoneForMatch answers
  // normalisePhone's form of a valid number), without the parse.
  const phone = r.phone_e164 || normalisePhoneForMatch(r.phone);
  const mobile = r.mobile_phone_e164 || normalisePhoneForMatch(r.mobile_phone);
  // Without repeats, the phone first.
  const phones = phone === '' ? (mobile === '' ? [] : [mobile]) : mobile === '' || mobile === phone ? [phone] : [phone, mobile];
  const prepared: PreparedRecord = {
    given: '',
    surname: '',
    givenPlain: '',
    surnamePlain: '',
    givenCode: '',
    surnameCode: '',
    email: normaliseEmail(r.email),
    phones,
    postcode: normalisePostcode(r.zipcode),
    locality: later ? '' : normaliseLocality(r.city),
    street: '',
    number: '',
    namesOf: r,
    streetOf: r,
    localityOf: later ? r : null,
  };
  return later ? prepared : withStreet(withNames(prepared));
}

/** `p` with its locality normalised (in place, when `preparedForm` left it for later). */
export function withLocality(p: PreparedRecord): PreparedRecord {
  const r = p.localityOf;
  if (r !== null) {
    p.locality = normaliseLocality(r.city ?? '');
    p.localityOf = null;
  }
  return p;
}

/** `p` with its street and number prepared (in place, when `preparedForm` left them for later). */
export function withStreet(p: PreparedRecord): PreparedRecord {
  const r = p.streetOf;
  if (r !== null) {
    const { street, number } = normaliseStreet(r.address ?? '');
    p.street = street;
    p.number = street === '' ? '' : number;
    p.streetOf = null;
  }
  return p;
}

/** `p` with its names prepared (in place, when `preparedForm` left them for later). */
export function withNames(p: PreparedRecord): PreparedRecord {
  const r = p.namesOf;
  if (r !== null) {
    const given = nameFormsOf(r.name);
    const surname = nameFormsOf(r.surname);
    p.given = given.normal;
    p.surname = surname.normal;
    p.givenPlain = given.plain;
    p.surnamePlain = surname.plain;
    p.givenCode = given.code;
    p.surnameCode = surname.code;
    p.namesOf = null;
  }
  return p;
}
