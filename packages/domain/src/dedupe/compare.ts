/**
 * Duplicate scoring in the manner of Fellegi–Sunter record linkage: each field of two records is
 * compared into a level (exact, close, far, missing …); each level has an m-probability (how often two
 * records of the same person show it) and a u-probability (how often two records of different people
 * that share a blocking key show it); the level's weight is log2(m/u). Missing values weigh 0. The
 * weights add up with the prior odds into a match probability, the score.
 * The definition, with every number, is docs/duplicates.md.
 */
import {
  prepareRecord,
  withLocality,
  withNames,
  withStreet,
  type MatchRecord,
  type PostcodeLookup,
  type PreparedRecord,
} from './record.ts';
import { isKnownGivenName } from './given-names.ts';
import { isSwissMobile, normaliseName } from './normalise.ts';
import { editDistance, jaroWinkler, oneDigitApart, trigramSimilarity } from './similarity.ts';

export interface MatchResult {
  /** Match probability 0–1. */
  score: number;
  isMatch: boolean;
  /**
   * Why, strongest evidence first: stable English keys with values after ":" that the browser
   * translates ("same_phone", "street_similar:0.92", "postcode_near:8050:8005", "names_swapped").
   */
  reasons: string[];
}

/** m- and u-probability of one comparison level. */
export interface LevelParameters {
  m: number;
  u: number;
}

/**
 * The m/u-probabilities per field and level. u is taken among candidate pairs (records of different
 * people that share a blocking key), so evidence that candidates often share anyway (the postcode)
 * counts less than among random pairs. Tuned on the labelled set of bench/dedupe-labelled.ts.
 */
export const MATCH_PARAMETERS = {
  given: {
    exact: { m: 0.88, u: 0.02 },
    close: { m: 0.09, u: 0.0045 },
    /** Alike, one of them no common given name: a typo worse than "close". */
    weak: { m: 0.03, u: 0.03 },
    initial: { m: 0.02, u: 0.01 },
    /** Two different common given names that look alike (Luca/Lucia, Daniel/Daniela): relatives. */
    variant: { m: 0.005, u: 0.03 },
    far: { m: 0.001, u: 0.965 },
  },
  surname: {
    exact: { m: 0.9, u: 0.01 },
    close: { m: 0.07, u: 0.003 },
    part: { m: 0.02, u: 0.002 },
    /** Alike and beginning alike, but more than a typo or two apart. */
    weak: { m: 0.02, u: 0.02 },
    far: { m: 0.01, u: 0.985 },
  },
  email: {
    exact: { m: 0.9, u: 0.0001 },
    close: { m: 0.03, u: 0.0005 },
    far: { m: 0.07, u: 0.9994 },
  },
  phone: {
    /** A common Swiss mobile number: personal. */
    exact_mobile: { m: 0.6, u: 0.00003 },
    /** A common landline (or foreign) number: a household shares it. */
    exact: { m: 0.3, u: 0.0003 },
    close: { m: 0.03, u: 0.0005 },
    far: { m: 0.07, u: 0.9992 },
  },
  postcode: {
    exact: { m: 0.9, u: 0.1 },
    near: { m: 0.03, u: 0.02 },
    typo: { m: 0.03, u: 0.006 },
    far: { m: 0.04, u: 0.854 },
  },
  /** Counts only when the postcodes are not equal: it then tells a typed postcode from a move. */
  locality: {
    exact: { m: 0.5, u: 0.1 },
    close: { m: 0.3, u: 0.1 },
    far: { m: 0.2, u: 0.8 },
  },
  address: {
    exact: { m: 0.8, u: 0.012 },
    number_similar: { m: 0.02, u: 0.004 },
    number_missing: { m: 0.08, u: 0.012 },
    street_similar: { m: 0.05, u: 0.002 },
    street_similar_number_missing: { m: 0.01, u: 0.002 },
    other_number: { m: 0.01, u: 0.04 },
    far: { m: 0.03, u: 0.93 },
  },
} as const satisfies Record<string, Record<string, LevelParameters>>;

/** Prior log2-odds that a candidate pair is one person, before any field is compared. */
export const PRIOR_LOG2_ODDS = -12;

/** A pair with a score at or above this is a duplicate. */
export const MATCH_THRESHOLD = 0.9;

type Parameters = typeof MATCH_PARAMETERS;
type Field = keyof Parameters;

const WEIGHTS = Object.fromEntries(
  Object.entries(MATCH_PARAMETERS).map(([field, levels]) => [
    field,
    Object.fromEntries(Object.entries(levels).map(([level, p]: [string, LevelParameters]) => [level, Math.log2(p.m / p.u)])),
  ]),
) as { [F in Field]: { [L in keyof Parameters[F]]: number } };

/** log2(m/u) of a level. */
export function levelWeight<F extends Field>(field: F, level: keyof Parameters[F]): number {
  return WEIGHTS[field][level];
}

type NameLevel = 'exact' | 'close' | 'part' | 'weak' | 'initial' | 'variant' | 'far' | 'missing';

const NAME_LEVEL_ORDER: NameLevel[] = ['exact', 'close', 'part', 'weak', 'initial', 'variant', 'far', 'missing'];

function rankOf(level: NameLevel): number {
  return NAME_LEVEL_ORDER.indexOf(level);
}

/**
 * Name comparisons repeat (the same pairs of common names): remembered per kind, first name, second
 * name, up to NAME_MEMO_SIZE pairs (maps of maps: no key string is built for a lookup).
 */
const nameMemo = { given: new Map<string, Map<string, NameComparison>>(), surname: new Map<string, Map<string, NameComparison>>() };
let nameMemoSize = 0;
const NAME_MEMO_SIZE = 100_000;

interface NameComparison {
  level: NameLevel;
  similarity: number;
}

/** Two names compared in both normalised forms (umlaut spellings read as the vowel, and as written); the better level counts. */
function nameLevel(
  a: readonly [string, string],
  b: readonly [string, string],
  kind: 'given' | 'surname',
): { level: NameLevel; similarity: number } {
  const first = nameLevelOf(a[0], b[0], kind);
  if (first.level === 'exact' || (a[0] === a[1] && b[0] === b[1])) {
    return first;
  }
  const second = nameLevelOf(a[1], b[1], kind);
  return rankOf(second.level) < rankOf(first.level) || (second.level === first.level && second.similarity > first.similarity)
    ? second
    : first;
}

const MISSING = { level: 'missing', similarity: 0 } as const;
const EXACT = { level: 'exact', similarity: 1 } as const;

/** Two names compared: equal, a typo or two apart, one's words within the other's, an initial, or different. */
function nameLevelOf(a: string, b: string, kind: 'given' | 'surname'): { level: NameLevel; similarity: number } {
  if (a === '' || b === '') {
    return MISSING;
  }
  if (a === b) {
    return EXACT;
  }
  let inner = nameMemo[kind].get(a);
  let result = inner?.get(b);
  if (!result) {
    result = nameLevelUncached(a, b, kind);
    if (nameMemoSize >= NAME_MEMO_SIZE) {
      nameMemo.given.clear();
      nameMemo.surname.clear();
      nameMemoSize = 0;
      inner = undefined;
    }
    if (!inner) {
      inner = new Map();
      nameMemo[kind].set(a, inner);
    }
    inner.set(b, result);
    nameMemoSize += 1;
  }
  return result;
}

function nameLevelUncached(a: string, b: string, kind: 'given' | 'surname'): { level: NameLevel; similarity: number } {
  const similarity = jaroWinkler(a, b);
  // Two different common given names are two people's names (Luca and Lucia, Daniel and Daniela), however alike.
  const knownPair =
    kind === 'given' && isKnownGivenName(normaliseName(a), normaliseName) && isKnownGivenName(normaliseName(b), normaliseName);
  const shorter = Math.min(a.length, b.length);
  const distance = editDistance(a, b, 2);
  // Two edits only in longer names that begin alike: Keller and Müller are two edits apart too.
  if ((distance <= 1 && shorter >= 3) || (distance <= 2 && shorter >= 6 && a[0] === b[0] && similarity >= 0.85) || similarity >= 0.92) {
    return { level: knownPair ? 'variant' : 'close', similarity };
  }
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length !== wb.length) {
    const [few, many] = wa.length < wb.length ? [wa, wb] : [wb, wa];
    if (few.every((w) => many.includes(w))) {
      return { level: kind === 'given' ? 'close' : 'part', similarity };
    }
  }
  if (kind === 'given' && (/^[a-z]$/.test(a) || /^[a-z]$/.test(b)) && a[0] === b[0]) {
    return { level: 'initial', similarity };
  }
  // A given name that is no common name and resembles the other one: a worse typo (Vrsni for Vreni).
  if (kind === 'given' && !knownPair && shorter >= 3 && (similarity >= 0.8 || (distance <= 2 && shorter >= 5 && similarity >= 0.7))) {
    return { level: 'weak', similarity };
  }
  // A surname with a worse typo: alike and beginning alike (Schneiier/Schnieder).
  if (kind === 'surname' && shorter >= 4 && a[0] === b[0] && similarity >= 0.82) {
    return { level: 'weak', similarity };
  }
  return { level: 'far', similarity };
}

const round2 = (x: number) => (Math.floor(x * 100) / 100).toFixed(2);

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

/** Postcodes at most this far apart (their centres) are "near". */
export const POSTCODE_NEAR_KM = 10;

/**
 * Where the comparisons of the fields put their evidence: a weight, whether a family at one address
 * shares it (discounted when the given names differ), and the reason as a key with up to two values
 * ("postcode_near", "8050", "8005" → "postcode_near:8050:8005"; a number is a similarity, written with
 * two decimals). The reason is only made into text where it is kept: scoring a candidate that turns
 * out no match builds no text and no objects.
 */
interface Sink {
  add(weight: number, household: boolean, key: string, x?: string | number, y?: string): void;
}

interface Evidence {
  reason: string;
  weight: number;
  household: boolean;
}

const reasonText = (key: string, x?: string | number, y?: string) =>
  x === undefined ? key : `${key}:${typeof x === 'number' ? round2(x) : x}${y === undefined ? '' : `:${y}`}`;

/** The evidence with its reasons (what a match answers). */
class EvidenceSink implements Sink {
  readonly list: Evidence[] = [];
  add(weight: number, household: boolean, key: string, x?: string | number, y?: string): void {
    this.list.push({ reason: reasonText(key, x, y), weight, household });
  }
}

/** The weights only: summed apart for the household's evidence and the rest, and all in their order. */
class ScoreSink implements Sink {
  household = 0;
  other = 0;
  /** Every weight added in the order given (as the evidence's sum is taken). */
  sum = 0;
  add(weight: number, household: boolean): void {
    if (household) {
      this.household += weight;
    } else {
      this.other += weight;
    }
    this.sum += weight;
  }
  reset(): this {
    this.household = 0;
    this.other = 0;
    this.sum = 0;
    return this;
  }
}

function addNameReason(out: Sink, weight: number, household: boolean, field: 'given_name' | 'surname', l: NameComparison): void {
  switch (l.level) {
    case 'exact':
      return out.add(weight, household, `same_${field}`);
    case 'close':
      return out.add(weight, household, `${field}_similar`, l.similarity);
    case 'part':
      return out.add(weight, household, `${field}_part`);
    case 'weak':
      return out.add(weight, household, `${field}_alike`, l.similarity);
    case 'initial':
      return out.add(weight, household, `${field}_initial`);
    case 'variant':
      return out.add(weight, household, `${field}_other`, l.similarity);
    case 'far':
    case 'missing':
      return out.add(weight, household, `${field}_differs`);
  }
}

const agrees = (l: NameLevel) => l === 'exact' || l === 'close';

function compareNames(a: PreparedRecord, b: PreparedRecord, out: Sink): { givenDiffers: boolean } {
  const ga = [a.given, a.givenPlain] as const;
  const gb = [b.given, b.givenPlain] as const;
  const sa = [a.surname, a.surnamePlain] as const;
  const sb = [b.surname, b.surnamePlain] as const;
  const given = nameLevel(ga, gb, 'given');
  const surname = nameLevel(sa, sb, 'surname');
  if (given.level !== 'exact' || surname.level !== 'exact') {
    const crossGiven = nameLevel(ga, sb, 'surname');
    const crossSurname = nameLevel(sa, gb, 'surname');
    const direct = levelWeightOfName('given', given.level) + levelWeightOfName('surname', surname.level);
    if (agrees(crossGiven.level) && agrees(crossSurname.level)) {
      const swapped = levelWeightOfName('given', crossSurname.level) + levelWeightOfName('surname', crossGiven.level);
      if (swapped > direct) {
        out.add(swapped, false, 'names_swapped');
        return { givenDiffers: false };
      }
    }
  }
  if (given.level !== 'missing') {
    addNameReason(out, levelWeightOfName('given', given.level), false, 'given_name', given);
  }
  if (surname.level !== 'missing') {
    const weight = levelWeightOfName('surname', surname.level);
    addNameReason(out, weight, weight > 0, 'surname', surname);
  }
  // Both records with swapped names: the given names stand in the surname fields, and differ.
  const swappedBoth =
    (surname.level === 'far' || surname.level === 'weak') &&
    isKnownGivenName(a.surname, normaliseName) &&
    isKnownGivenName(b.surname, normaliseName) &&
    !isKnownGivenName(a.given, normaliseName);
  return { givenDiffers: given.level === 'far' || given.level === 'variant' || swappedBoth };
}

function levelWeightOfName(field: 'given' | 'surname', level: NameLevel): number {
  if (level === 'missing') {
    return 0;
  }
  if (field === 'given') {
    return levelWeight('given', level === 'part' ? 'close' : level);
  }
  return levelWeight('surname', level === 'initial' || level === 'variant' ? 'far' : level);
}

/** The part of an e-mail before the "@" and after it. */
function emailParts(email: string): [string, string] {
  const at = email.indexOf('@');
  const rest = email.slice(at + 1);
  const second = rest.indexOf('@');
  return [email.slice(0, at), second < 0 ? rest : rest.slice(0, second)];
}

/** Where an e-mail's domain (as emailParts cuts it) ends. */
function domainEnd(email: string, at: number): number {
  const second = email.indexOf('@', at + 1);
  return second < 0 ? email.length : second;
}

/** Whether two parts of two texts are the same text. */
function sameSpan(a: string, from: number, to: number, b: string, bFrom: number, bTo: number): boolean {
  if (to - from !== bTo - bFrom) {
    return false;
  }
  for (let i = 0; i < to - from; i += 1) {
    if (a.charCodeAt(from + i) !== b.charCodeAt(bFrom + i)) {
      return false;
    }
  }
  return true;
}

function compareEmail(a: PreparedRecord, b: PreparedRecord, out: Sink): void {
  if (a.email === '' || b.email === '') {
    return;
  }
  if (a.email === b.email) {
    return out.add(levelWeight('email', 'exact'), false, 'same_email');
  }
  // Most pairs share neither the part before the "@" nor the domain: decided without cutting the texts.
  const atA = a.email.indexOf('@');
  const atB = b.email.indexOf('@');
  const sameDomain = sameSpan(a.email, atA + 1, domainEnd(a.email, atA), b.email, atB + 1, domainEnd(b.email, atB));
  const sameLocal = sameSpan(a.email, 0, atA, b.email, 0, atB);
  let close = false;
  if (sameDomain || sameLocal) {
    const [la, da] = emailParts(a.email);
    const [lb, db] = emailParts(b.email);
    close =
      (da === db && Math.min(la.length, lb.length) >= 4 && editDistance(la, lb, 1) <= 1) ||
      (la === lb && la.length >= 3 && editDistance(da, db, 2) <= 2);
  }
  if (close) {
    out.add(levelWeight('email', 'close'), false, 'email_similar');
  } else {
    out.add(levelWeight('email', 'far'), false, 'email_differs');
  }
}

function comparePhones(a: PreparedRecord, b: PreparedRecord, out: Sink): void {
  if (a.phones.length === 0 || b.phones.length === 0) {
    return;
  }
  let common = false;
  let mobile = false;
  let close = false;
  for (const p of a.phones) {
    for (const q of b.phones) {
      if (p === q) {
        common = true;
        mobile ||= isSwissMobile(p);
      } else if (!close && oneDigitApart(p, q)) {
        close = true;
      }
    }
  }
  if (common) {
    out.add(levelWeight('phone', mobile ? 'exact_mobile' : 'exact'), !mobile, 'same_phone');
  } else if (close) {
    out.add(levelWeight('phone', 'close'), false, 'phone_similar');
  } else {
    out.add(levelWeight('phone', 'far'), false, 'phone_differs');
  }
}

/**
 * Per postcode lookup, whether two postcodes are near, remembered by pair (a few thousand postcodes):
 * four-digit postcodes by their numbers as one number key.
 */
const nearMemo = new WeakMap<PostcodeLookup, Map<number, boolean>>();

/** A four-digit postcode as its number, or -1. */
function postcodeNumber(p: string): number {
  if (p.length !== 4) {
    return -1;
  }
  let n = 0;
  for (let i = 0; i < 4; i += 1) {
    const d = p.charCodeAt(i) - 48;
    if (d < 0 || d > 9) {
      return -1;
    }
    n = n * 10 + d;
  }
  return n;
}

/** Whether two postcodes' centres lie within POSTCODE_NEAR_KM (false where one is unknown). */
function measuredNear(pa: string, pb: string, postcodes: PostcodeLookup): boolean {
  const ca = postcodes.coordinates(pa);
  const cb = postcodes.coordinates(pb);
  return ca && cb ? distanceKm(ca, cb) <= POSTCODE_NEAR_KM : false;
}

function postcodesNear(pa: string, pb: string, postcodes: PostcodeLookup | undefined): boolean {
  if (!postcodes) {
    return false;
  }
  const na = postcodeNumber(pa);
  const nb = postcodeNumber(pb);
  if (na < 0 || nb < 0) {
    return measuredNear(pa, pb, postcodes);
  }
  let memo = nearMemo.get(postcodes);
  if (!memo || memo.size >= NAME_MEMO_SIZE) {
    memo = new Map();
    nearMemo.set(postcodes, memo);
  }
  const key = na * 10_000 + nb;
  let near = memo.get(key);
  if (near === undefined) {
    near = measuredNear(pa, pb, postcodes);
    memo.set(key, near);
  }
  return near;
}

function comparePlace(a: PreparedRecord, b: PreparedRecord, postcodes: PostcodeLookup | undefined, out: Sink): void {
  const pa = a.postcode;
  const pb = b.postcode;
  let postcodeEqual = false;
  if (pa !== '' && pb !== '') {
    if (pa === pb) {
      postcodeEqual = true;
      out.add(levelWeight('postcode', 'exact'), true, 'same_postcode');
    } else {
      if (postcodesNear(pa, pb, postcodes)) {
        out.add(levelWeight('postcode', 'near'), true, 'postcode_near', pa, pb);
      } else if (oneDigitApart(pa, pb)) {
        out.add(levelWeight('postcode', 'typo'), true, 'postcode_typo', pa, pb);
      } else {
        out.add(levelWeight('postcode', 'far'), false, 'postcode_differs', pa, pb);
      }
    }
  }
  if (!postcodeEqual) {
    withLocality(a);
    withLocality(b);
  }
  if (!postcodeEqual && a.locality !== '' && b.locality !== '') {
    if (a.locality === b.locality) {
      out.add(levelWeight('locality', 'exact'), true, 'same_locality');
    } else if (jaroWinkler(a.locality, b.locality) >= 0.9) {
      out.add(levelWeight('locality', 'close'), true, 'locality_similar');
    } else {
      out.add(levelWeight('locality', 'far'), false, 'locality_differs');
    }
  }
}

const streetMemo = new Map<string, Map<string, number>>();
let streetMemoSize = 0;

/** How alike two different street names are (Jaro–Winkler or trigrams, the higher); 0 when not alike. Remembered. */
function streetSimilarity(a: string, b: string): number {
  let inner = streetMemo.get(a);
  let similarity = inner?.get(b);
  if (similarity === undefined) {
    similarity = Math.max(jaroWinkler(a, b), trigramSimilarity(a, b));
    const similar = similarity >= 0.9 || editDistance(a, b, 2) <= (a.length >= 8 ? 2 : 1);
    similarity = similar ? similarity : 0;
    if (streetMemoSize >= NAME_MEMO_SIZE) {
      streetMemo.clear();
      streetMemoSize = 0;
      inner = undefined;
    }
    if (!inner) {
      inner = new Map();
      streetMemo.set(a, inner);
    }
    inner.set(b, similarity);
    streetMemoSize += 1;
  }
  return similarity;
}

function compareAddress(a: PreparedRecord, b: PreparedRecord, out: Sink): void {
  withStreet(a);
  withStreet(b);
  if (a.street === '' || b.street === '') {
    return;
  }
  const sameStreet = a.street === b.street;
  const similarity = sameStreet ? 1 : streetSimilarity(a.street, b.street);
  const numberMissing = a.number === '' || b.number === '';
  if (similarity === 0) {
    addAddress(out, 'far', 'street_differs');
  } else if (sameStreet && a.number === b.number) {
    addAddress(out, 'exact', 'same_address');
  } else if (numberMissing) {
    if (sameStreet) {
      addAddress(out, 'number_missing', 'same_street_number_missing');
    } else {
      addAddress(out, 'street_similar_number_missing', 'street_similar', similarity);
    }
  } else if (a.number === b.number) {
    addAddress(out, 'street_similar', 'street_similar', similarity);
  } else if (oneDigitApart(a.number, b.number)) {
    addAddress(out, 'number_similar', 'street_number_similar', a.number, b.number);
  } else {
    addAddress(out, 'other_number', 'street_other_number', a.number, b.number);
  }
}

/** The address's evidence at a level (a household shares an address that fits). */
function addAddress(out: Sink, level: keyof Parameters['address'], key: string, x?: string | number, y?: string): void {
  const weight = levelWeight('address', level);
  out.add(weight, weight > 0, key, x, y);
}

function hasBothNames(p: PreparedRecord): boolean {
  return p.given !== '' && p.surname !== '';
}

/**
 * A full name written in one field ("Hans Müller" as the given name, no surname) split both ways:
 * the first word as the given name and the rest as the surname, or the last word as the given name.
 */
export function nameSplits(p: PreparedRecord): PreparedRecord[] {
  withNames(p);
  const field = p.surname === '' ? 'given' : p.given === '' ? 'surname' : null;
  if (field === null) {
    return [];
  }
  const words = (field === 'given' ? p.given : p.surname).split(' ');
  const plain = (field === 'given' ? p.givenPlain : p.surnamePlain).split(' ');
  if (words.length < 2 || plain.length !== words.length) {
    return [];
  }
  const last = words.length - 1;
  return [
    { ...p, given: words[0]!, givenPlain: plain[0]!, surname: words.slice(1).join(' '), surnamePlain: plain.slice(1).join(' ') },
    {
      ...p,
      given: words[last]!,
      givenPlain: plain[last]!,
      surname: words.slice(0, last).join(' '),
      surnamePlain: plain.slice(0, last).join(' '),
    },
  ];
}

const scratch = new ScoreSink();
const trial = new ScoreSink();

/**
 * The names of two prepared records compared into `out` (for a full name in one field against a record
 * with both names, the better of its two splits). Answers whether the given names differ (the
 * household's evidence then counts nothing).
 */
function compareNameFields(pa: PreparedRecord, pb: PreparedRecord, out: Sink): boolean {
  withNames(pa);
  withNames(pb);
  // A full name in one field against a record with both names: the better of its two splits counts.
  const splits = hasBothNames(pb)
    ? nameSplits(pa).map((x) => [x, pb] as const)
    : hasBothNames(pa)
      ? nameSplits(pb).map((y) => [pa, y] as const)
      : [];
  if (splits.length === 0) {
    return compareNames(pa, pb, out).givenDiffers;
  }
  let best = -Infinity;
  let chosen = 0;
  splits.forEach(([x, y], i) => {
    compareNames(x, y, trial.reset());
    if (trial.sum > best) {
      best = trial.sum;
      chosen = i;
    }
  });
  const [x, y] = splits[chosen]!;
  return compareNames(x, y, out).givenDiffers;
}

/** The e-mail, the phones, the place and the address of two prepared records compared into `out`. */
function compareOtherFields(pa: PreparedRecord, pb: PreparedRecord, postcodes: PostcodeLookup | undefined, out: Sink): void {
  compareEmail(pa, pb, out);
  comparePhones(pa, pb, out);
  comparePlace(pa, pb, postcodes, out);
  compareAddress(pa, pb, out);
}

/**
 * Every field of two prepared records compared into `out`: the names, then the e-mail, the phones, the
 * place and the address. Answers whether the given names differ.
 */
function compareFields(pa: PreparedRecord, pb: PreparedRecord, postcodes: PostcodeLookup | undefined, out: Sink): boolean {
  const givenDiffers = compareNameFields(pa, pb, out);
  compareOtherFields(pa, pb, postcodes, out);
  return givenDiffers;
}

const probability = (log2Odds: number) => 1 / (1 + 2 ** -log2Odds);

/**
 * The match probability of two prepared records alone, as compareRecords scores them, without their
 * reasons: what an import's hundred thousand candidates are scored by, the reasons made for matches only.
 */
export function matchScore(pa: PreparedRecord, pb: PreparedRecord, postcodes?: PostcodeLookup): number {
  const givenDiffers = compareFields(pa, pb, postcodes, scratch.reset());
  // Relatives share the surname, the address and the landline: with different given names these
  // say nothing about being one person.
  return probability(PRIOR_LOG2_ODDS + scratch.other + (givenDiffers ? 0 : scratch.household));
}

/** How far below the threshold mayMatch still says yes (a rounding of the sums' order, not evidence). */
const MAY_MATCH_MARGIN = 1e-9;

/** The log2-odds a score must reach to be a match (MATCH_THRESHOLD as odds). */
const THRESHOLD_LOG2_ODDS = Math.log2(MATCH_THRESHOLD / (1 - MATCH_THRESHOLD));

/** The most the names can add: the best level of the given name and of the surname (a swap or a split adds no more). */
const MOST_NAME_WEIGHT = Math.max(...Object.values(WEIGHTS.given)) + Math.max(...Object.values(WEIGHTS.surname));

/** The best of a field's levels, or 0 when none adds anything. */
const best = (levels: Record<string, number>) => Math.max(0, ...Object.values(levels));

/**
 * The most the place can add: the same postcode alone, or a postcode that differs (near, a typo) with
 * the locality, which counts only then.
 */
const MOST_PLACE_WEIGHT = Math.max(WEIGHTS.postcode.exact, best({ ...WEIGHTS.postcode, exact: 0 }) + best(WEIGHTS.locality));

/** The most the address can add. */
const MOST_ADDRESS_WEIGHT = best(WEIGHTS.address);

/**
 * Whether the evidence in `out`, with at most `rest` more from the fields still to compare and the
 * best names, stays below the threshold (the household's evidence counted in full): then no pair is a
 * match whatever those fields hold. With `rest` the sums are bounded, not taken in compareRecords'
 * order, so a further margin keeps a pair this close for the full comparison.
 */
function cannotReach(out: ScoreSink, rest: number): boolean {
  const margin = rest > 0 ? 2 * MAY_MATCH_MARGIN : MAY_MATCH_MARGIN;
  return PRIOR_LOG2_ODDS + out.other + Math.max(0, out.household) + rest + MOST_NAME_WEIGHT < THRESHOLD_LOG2_ODDS - margin;
}

/**
 * Whether two prepared records may be a match, decided the cheap way first: the e-mail and phones,
 * then the place, then the address are compared, and as soon as even the best of the fields still to
 * compare and the best names could not lift the evidence to the threshold (the household's evidence
 * counted in full), the answer is no without comparing the rest: the address's street and the names
 * are the costly parts, and a candidate prepared with `later` prepares them only when asked.
 * Otherwise the names are added to the same evidence and the score decides, MAY_MATCH_MARGIN below
 * the threshold (the weights are summed in another order than compareRecords sums them, which decides
 * a pair this close). Never no for a match of compareRecords: each field adds at most its best level,
 * the names at most MOST_NAME_WEIGHT, and discounting the household only lowers a score. Most
 * candidates of an import (a namesake within the postcode at another address) end before the names.
 */
export function mayMatch(pa: PreparedRecord, pb: PreparedRecord, postcodes?: PostcodeLookup): boolean {
  const out = scratch.reset();
  compareEmail(pa, pb, out);
  comparePhones(pa, pb, out);
  if (cannotReach(out, MOST_PLACE_WEIGHT + MOST_ADDRESS_WEIGHT)) {
    return false;
  }
  comparePlace(pa, pb, postcodes, out);
  if (cannotReach(out, MOST_ADDRESS_WEIGHT)) {
    return false;
  }
  compareAddress(pa, pb, out);
  if (cannotReach(out, 0)) {
    return false;
  }
  const givenDiffers = compareNameFields(pa, pb, out);
  return probability(PRIOR_LOG2_ODDS + out.other + (givenDiffers ? 0 : out.household)) >= MATCH_THRESHOLD - MAY_MATCH_MARGIN;
}

/** compareRecords of two prepared records. */
export function comparePrepared(pa: PreparedRecord, pb: PreparedRecord, postcodes?: PostcodeLookup): MatchResult {
  const evidence = new EvidenceSink();
  const givenDiffers = compareFields(pa, pb, postcodes, evidence);
  let total = PRIOR_LOG2_ODDS;
  for (const e of evidence.list) {
    // Relatives share the surname, the address and the landline: with different given names these
    // say nothing about being one person.
    if (givenDiffers && e.household) {
      e.weight = 0;
    }
    total += e.weight;
  }
  const score = probability(total);
  evidence.list.sort((x, y) => y.weight - x.weight);
  return { score, isMatch: score >= MATCH_THRESHOLD, reasons: evidence.list.map((e) => e.reason) };
}

/**
 * Compares two records: a match probability, whether it reaches MATCH_THRESHOLD, and the reasons.
 * With `postcodes`, postcodes within POSTCODE_NEAR_KM count as near.
 */
export function compareRecords(a: MatchRecord, b: MatchRecord, postcodes?: PostcodeLookup): MatchResult {
  return comparePrepared(prepareRecord(a), prepareRecord(b), postcodes);
}
