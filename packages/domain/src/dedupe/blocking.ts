/**
 * Blocking keys: two records become a candidate pair when they share at least one key, so only
 * candidates are scored (and a database finds them by index instead of comparing everyone).
 */
import { prepareRecord, type MatchRecord } from './record.ts';

export interface BlockingKeys {
  /** The phones in E.164. */
  phones: string[];
  /** The e-mail, trimmed and lower case; null without one. */
  email: string | null;
  /** The four-digit postcode; null without one. Not a key alone (a postcode holds thousands). */
  postcode: string | null;
  /**
   * Postcode with the phonetic code (Kölner Phonetik) of the surname ("8050:457"), and postcode with
   * the two name codes in sorted order ("8050:068|457"), which swapped given/family names share.
   */
  postcodeNames: string[];
  /** The same with the normalised locality instead of the postcode ("zurich:457"): survives a postcode typo. */
  localityNames: string[];
  /** Postcode, normalised street and building number ("8050:bahnhofstrasse:12"); null without street or number. */
  address: string | null;
  /**
   * Postcode, normalised street and the phonetic code of the given name ("8050:bahnhofstrasse:068"):
   * finds a mistyped surname at the same street, with or without the number. Null without them.
   */
  streetGiven: string | null;
  /**
   * Postcode, phonetic code of the given name and building number ("8050:068:12"): a mistyped
   * surname and a mistyped street at once. Null without them.
   */
  numberGiven: string | null;
  /** Every key above but the postcode alone, each prefixed with its kind, for one indexed text[] column. */
  all: string[];
}

/** The blocking keys of a record (see BlockingKeys). */
export function blockingKeys(r: MatchRecord): BlockingKeys {
  const p = prepareRecord(r);
  const surnameCode = p.surnameCode.replace(/ /g, '');
  const givenCode = p.givenCode.replace(/ /g, '');
  const nameCodes: string[] = [];
  if (surnameCode !== '') {
    nameCodes.push(surnameCode);
  }
  if (surnameCode !== '' && givenCode !== '') {
    nameCodes.push([givenCode, surnameCode].sort().join('|'));
  }
  // A full name in one field ("Hans Müller", no surname): each word may be the surname, and the
  // first and last words are the pair a record with both names has.
  const oneField = p.surname === '' ? p.givenCode : p.given === '' ? p.surnameCode : '';
  const words = oneField.split(' ').filter((w) => w !== '');
  if (words.length >= 2) {
    nameCodes.length = 0;
    nameCodes.push(...new Set(words), [words[0]!, words[words.length - 1]!].sort().join('|'));
  }
  const postcodeNames = p.postcode === '' ? [] : nameCodes.map((c) => `${p.postcode}:${c}`);
  const localityNames = p.locality === '' ? [] : nameCodes.map((c) => `${p.locality}:${c}`);
  const address = p.postcode !== '' && p.street !== '' && p.number !== '' ? `${p.postcode}:${p.street}:${p.number}` : null;
  const streetGiven = p.postcode !== '' && p.street !== '' && givenCode !== '' ? `${p.postcode}:${p.street}:${givenCode}` : null;
  const numberGiven = p.postcode !== '' && p.number !== '' && givenCode !== '' ? `${p.postcode}:${givenCode}:${p.number}` : null;
  const email = p.email === '' ? null : p.email;
  const all = [
    ...p.phones.map((x) => `phone:${x}`),
    ...(email ? [`email:${email}`] : []),
    ...postcodeNames.map((x) => `pn:${x}`),
    ...localityNames.map((x) => `ln:${x}`),
    ...(address ? [`addr:${address}`] : []),
    ...(streetGiven ? [`sg:${streetGiven}`] : []),
    ...(numberGiven ? [`gn:${numberGiven}`] : []),
  ];
  return {
    phones: p.phones,
    email,
    postcode: p.postcode === '' ? null : p.postcode,
    postcodeNames,
    localityNames,
    address,
    streetGiven,
    numberGiven,
    all,
  };
}
