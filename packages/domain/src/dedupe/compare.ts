/**
 * Duplicate scoring in the manner of Fellegi–Sunter record linkage: each field of two records is
 * compared into a level (exact, close, far, missing …); each level has an m-probability (how often two
 * records of the same person show it) and a u-probability (how often two records of different people
 * that share a blocking key show it); the level's weight is log2(m/u). Missing values weigh 0. The
 * weights add up with the prior odds into a match probability, the score.
 * The definition, with every number, is docs/duplicates.md.
 */
import { prepareRecord, type MatchRecord, type PostcodeLookup, type PreparedRecord } from './record.ts';
import { isKnownGivenName } from './given-names.ts';
import { normaliseName } from './normalise.ts';
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

interface Evidence {
  reason: string;
  weight: number;
  /** Evidence a family at one address shares: discounted when the given names differ. */
  household?: boolean;
}

function nameReason(field: 'given_name' | 'surname', l: { level: NameLevel; similarity: number }): string {
  switch (l.level) {
    case 'exact':
      return `same_${field}`;
    case 'close':
      return `${field}_similar:${round2(l.similarity)}`;
    case 'part':
      return `${field}_part`;
    case 'weak':
      return `${field}_alike:${round2(l.similarity)}`;
    case 'initial':
      return `${field}_initial`;
    case 'variant':
      return `${field}_other:${round2(l.similarity)}`;
    case 'far':
    case 'missing':
      return `${field}_differs`;
  }
}

const agrees = (l: NameLevel) => l === 'exact' || l === 'close';

function compareNames(a: PreparedRecord, b: PreparedRecord, out: Evidence[]): { givenDiffers: boolean } {
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
        out.push({ reason: 'names_swapped', weight: swapped });
        return { givenDiffers: false };
      }
    }
  }
  if (given.level !== 'missing') {
    out.push({ reason: nameReason('given_name', given), weight: levelWeightOfName('given', given.level) });
  }
  if (surname.level !== 'missing') {
    const weight = levelWeightOfName('surname', surname.level);
    out.push({ reason: nameReason('surname', surname), weight, household: weight > 0 });
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

function compareEmail(a: PreparedRecord, b: PreparedRecord, out: Evidence[]): void {
  if (a.email === '' || b.email === '') {
    return;
  }
  if (a.email === b.email) {
    out.push({ reason: 'same_email', weight: levelWeight('email', 'exact') });
    return;
  }
  const [la = '', da = ''] = a.email.split('@');
  const [lb = '', db = ''] = b.email.split('@');
  const close =
    (da === db && Math.min(la.length, lb.length) >= 4 && editDistance(la, lb, 1) <= 1) ||
    (la === lb && la.length >= 3 && editDistance(da, db, 2) <= 2);
  out.push(
    close
      ? { reason: 'email_similar', weight: levelWeight('email', 'close') }
      : { reason: 'email_differs', weight: levelWeight('email', 'far') },
  );
}

function comparePhones(a: PreparedRecord, b: PreparedRecord, out: Evidence[]): void {
  if (a.phones.length === 0 || b.phones.length === 0) {
    return;
  }
  const common = a.phones.filter((p) => b.phones.includes(p));
  if (common.length > 0) {
    const mobile = common.some((p) => a.mobiles.has(p));
    out.push({ reason: 'same_phone', weight: levelWeight('phone', mobile ? 'exact_mobile' : 'exact'), household: !mobile });
    return;
  }
  const close = a.phones.some((p) => b.phones.some((q) => oneDigitApart(p, q)));
  out.push(
    close
      ? { reason: 'phone_similar', weight: levelWeight('phone', 'close') }
      : { reason: 'phone_differs', weight: levelWeight('phone', 'far') },
  );
}

function comparePlace(a: PreparedRecord, b: PreparedRecord, postcodes: PostcodeLookup | undefined, out: Evidence[]): void {
  const pa = a.postcode;
  const pb = b.postcode;
  let postcodeEqual = false;
  if (pa !== '' && pb !== '') {
    if (pa === pb) {
      postcodeEqual = true;
      out.push({ reason: 'same_postcode', weight: levelWeight('postcode', 'exact'), household: true });
    } else {
      const ca = postcodes?.coordinates(pa);
      const cb = postcodes?.coordinates(pb);
      const near = ca && cb ? distanceKm(ca, cb) <= POSTCODE_NEAR_KM : false;
      if (near) {
        out.push({ reason: `postcode_near:${pa}:${pb}`, weight: levelWeight('postcode', 'near'), household: true });
      } else if (oneDigitApart(pa, pb)) {
        out.push({ reason: `postcode_typo:${pa}:${pb}`, weight: levelWeight('postcode', 'typo'), household: true });
      } else {
        out.push({ reason: `postcode_differs:${pa}:${pb}`, weight: levelWeight('postcode', 'far') });
      }
    }
  }
  if (!postcodeEqual && a.locality !== '' && b.locality !== '') {
    if (a.locality === b.locality) {
      out.push({ reason: 'same_locality', weight: levelWeight('locality', 'exact'), household: true });
    } else if (jaroWinkler(a.locality, b.locality) >= 0.9) {
      out.push({ reason: 'locality_similar', weight: levelWeight('locality', 'close'), household: true });
    } else {
      out.push({ reason: 'locality_differs', weight: levelWeight('locality', 'far') });
    }
  }
}

const streetMemo = new Map<string, number>();

/** How alike two different street names are (Jaro–Winkler or trigrams, the higher); 0 when not alike. Remembered. */
function streetSimilarity(a: string, b: string): number {
  const key = `${a}\u0001${b}`;
  let similarity = streetMemo.get(key);
  if (similarity === undefined) {
    similarity = Math.max(jaroWinkler(a, b), trigramSimilarity(a, b));
    const similar = similarity >= 0.9 || editDistance(a, b, 2) <= (a.length >= 8 ? 2 : 1);
    similarity = similar ? similarity : 0;
    if (streetMemo.size >= NAME_MEMO_SIZE) {
      streetMemo.clear();
    }
    streetMemo.set(key, similarity);
  }
  return similarity;
}

function compareAddress(a: PreparedRecord, b: PreparedRecord, out: Evidence[]): void {
  if (a.street === '' || b.street === '') {
    return;
  }
  const sameStreet = a.street === b.street;
  const similarity = sameStreet ? 1 : streetSimilarity(a.street, b.street);
  const numberMissing = a.number === '' || b.number === '';
  let reason: string;
  let level: keyof Parameters['address'];
  if (similarity === 0) {
    [reason, level] = ['street_differs', 'far'];
  } else if (sameStreet && a.number === b.number) {
    [reason, level] = ['same_address', 'exact'];
  } else if (numberMissing) {
    [reason, level] = sameStreet
      ? ['same_street_number_missing', 'number_missing']
      : [`street_similar:${round2(similarity)}`, 'street_similar_number_missing'];
  } else if (a.number === b.number) {
    [reason, level] = [`street_similar:${round2(similarity)}`, 'street_similar'];
  } else if (oneDigitApart(a.number, b.number)) {
    [reason, level] = [`street_number_similar:${a.number}:${b.number}`, 'number_similar'];
  } else {
    [reason, level] = [`street_other_number:${a.number}:${b.number}`, 'other_number'];
  }
  const weight = levelWeight('address', level);
  out.push({ reason, weight, household: weight > 0 });
}

function sumOf(evidence: readonly Evidence[]): number {
  let sum = 0;
  for (const e of evidence) {
    sum += e.weight;
  }
  return sum;
}

function hasBothNames(p: PreparedRecord): boolean {
  return p.given !== '' && p.surname !== '';
}

/**
 * A full name written in one field ("Hans Müller" as the given name, no surname) split both ways:
 * the first word as the given name and the rest as the surname, or the last word as the given name.
 */
export function nameSplits(p: PreparedRecord): PreparedRecord[] {
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

/**
 * Compares two records: a match probability, whether it reaches MATCH_THRESHOLD, and the reasons.
 * With `postcodes`, postcodes within POSTCODE_NEAR_KM count as near.
 */
export function compareRecords(a: MatchRecord, b: MatchRecord, postcodes?: PostcodeLookup): MatchResult {
  const pa = prepareRecord(a);
  const pb = prepareRecord(b);
  // A full name in one field against a record with both names: the better of its two splits counts.
  const splits = hasBothNames(pb)
    ? nameSplits(pa).map((x) => [x, pb] as const)
    : hasBothNames(pa)
      ? nameSplits(pb).map((y) => [pa, y] as const)
      : [];
  let evidence: Evidence[] = [];
  let givenDiffers = false;
  if (splits.length === 0) {
    givenDiffers = compareNames(pa, pb, evidence).givenDiffers;
  }
  let best = -Infinity;
  for (const [x, y] of splits) {
    const alternative: Evidence[] = [];
    const names = compareNames(x, y, alternative);
    if (sumOf(alternative) > best) {
      best = sumOf(alternative);
      evidence = alternative;
      givenDiffers = names.givenDiffers;
    }
  }
  compareEmail(pa, pb, evidence);
  comparePhones(pa, pb, evidence);
  comparePlace(pa, pb, postcodes, evidence);
  compareAddress(pa, pb, evidence);
  let total = PRIOR_LOG2_ODDS;
  for (const e of evidence) {
    // Relatives share the surname, the address and the landline: with different given names these
    // say nothing about being one person.
    if (givenDiffers && e.household) {
      e.weight = 0;
    }
    total += e.weight;
  }
  const score = 1 / (1 + 2 ** -total);
  evidence.sort((x, y) => y.weight - x.weight);
  return { score, isMatch: score >= MATCH_THRESHOLD, reasons: evidence.map((e) => e.reason) };
}
