import { describe, expect, it } from 'vitest';
import { blockingKeys } from './blocking.ts';
import { comparePrepared, compareRecords, levelWeight, MATCH_PARAMETERS, MATCH_THRESHOLD, matchScore, mayMatch } from './compare.ts';
import { preparedForm, prepareRecord, type MatchRecord, type PostcodeLookup } from './record.ts';

const hans: MatchRecord = {
  name: 'Hans',
  surname: 'Müller',
  email: 'hans.mueller@bluewin.ch',
  phone: '044 312 45 67',
  mobile_phone: '079 123 45 67',
  zipcode: '8050',
  city: 'Zürich',
  address: 'Bahnhofstrasse 12',
};

/** Only the fields named, the others missing. */
const only = (fields: Partial<MatchRecord>): MatchRecord => ({
  name: null,
  surname: null,
  email: null,
  phone: null,
  mobile_phone: null,
  zipcode: null,
  city: null,
  address: null,
  ...fields,
});

const postcodes: PostcodeLookup = {
  coordinates: (p) =>
    (
      ({
        '8050': { lat: 47.411, lng: 8.544 },
        '8005': { lat: 47.386, lng: 8.52 },
        '8006': { lat: 47.386, lng: 8.548 },
        '1200': { lat: 46.204, lng: 6.143 },
        '3011': { lat: 46.948, lng: 7.447 },
      }) as Record<string, { lat: number; lng: number }>
    )[p] ?? null,
};

describe('compareRecords: the errors people make still find the same person', () => {
  it.each<[string, Partial<MatchRecord>]>([
    ['the same record', {}],
    ['one typo in the given name', { name: 'Hnas' }],
    ['one typo in the surname', { surname: 'Müler' }],
    ['two typos in the surname, no phones', { surname: 'Mülelr', phone: null, mobile_phone: null }],
    ['umlaut written ue', { surname: 'Mueller', email: null, phone: null, mobile_phone: null }],
    ['umlaut dropped', { surname: 'Muller', email: null, phone: null, mobile_phone: null }],
    ['given and family name swapped', { name: 'Müller', surname: 'Hans' }],
    ['swapped, with a typo, only the address', { name: 'Mueller', surname: 'Hans', email: null, phone: null, mobile_phone: null }],
    ['"str." for "strasse"', { address: 'Bahnhofstr. 12', email: null, phone: null, mobile_phone: null }],
    ['"Str" without a dot, "ß"', { address: 'Bahnhofstraße 12', email: null, phone: null, mobile_phone: null }],
    ['street number missing', { address: 'Bahnhofstrasse', email: null, phone: null, mobile_phone: null }],
    ['a typo in the street', { address: 'Banhofstrasse 12', email: null, phone: null, mobile_phone: null }],
    ['postcode digits swapped', { zipcode: '8005', email: null, phone: null, mobile_phone: null }],
    ['postcode one digit wrong', { zipcode: '8051', email: null, phone: null, mobile_phone: null }],
    ['phone digits swapped, nothing else but the name', { phone: null, mobile_phone: '079 123 54 67', email: null, address: null }],
    ['phone written +41', { phone: '+41 44 312 45 67', mobile_phone: null, email: null, address: null, zipcode: null }],
    ['phone written 0041 in the other field', { phone: null, mobile_phone: '0041 44 312 45 67', email: null, address: null }],
    ['e-mail in capitals', { email: ' Hans.Mueller@Bluewin.CH', phone: null, mobile_phone: null, address: null, zipcode: null }],
    ['e-mail with a typo, no phones', { email: 'hans.muellr@bluewin.ch', phone: null, mobile_phone: null }],
    [
      'typos in name, street and postcode at once',
      { name: 'Hnas', surname: 'Mueler', address: 'Bahnhofstr. 12', zipcode: '8005', phone: null, email: null },
    ],
    ['title before the name', { name: 'Dr. Hans' }],
    ['the full name in the given-name field', { name: 'Hans Müller', surname: null, email: null, phone: null, mobile_phone: null }],
    [
      'the full name, surname first, in the surname field',
      { name: null, surname: 'Mueller Hans', email: null, phone: null, mobile_phone: null },
    ],
    ['a second given name', { name: 'Hans Peter', email: null, phone: null, mobile_phone: null }],
    ['a double surname after marriage, same mobile', { surname: 'Müller-Keller', email: null, phone: null }],
  ])('%s', (_, change) => {
    const result = compareRecords(hans, { ...hans, ...change }, postcodes);
    expect(result.isMatch, result.reasons.join(' ')).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it.each<[string, MatchRecord, MatchRecord]>([
    [
      'two typos in a long given name',
      only({ name: 'Katharina', surname: 'Weber', zipcode: '8050', address: 'Seeweg 3' }),
      only({ name: 'Katahrnia', surname: 'Weber', zipcode: '8050', address: 'Seeweg 3' }),
    ],
    [
      'name and mobile only',
      only({ name: 'Hans', surname: 'Müller', mobile_phone: '079 123 45 67' }),
      only({ name: 'Hans', surname: 'Mueller', phone: '0791234567' }),
    ],
    [
      'name and e-mail only',
      only({ name: 'Hans', surname: 'Müller', email: 'h@x.ch' }),
      only({ name: 'Hans', surname: 'Müller', email: 'H@X.CH' }),
    ],
    [
      'name and address only',
      only({ name: 'Anna', surname: 'Keller', zipcode: '8050', address: 'Seeweg 3' }),
      only({ name: 'Anna', surname: 'Keller', zipcode: '8050', address: 'Seeweg 3' }),
    ],
    [
      'French street abbreviated',
      only({ name: 'Marie', surname: 'Favre', zipcode: '1200', address: 'Ch. des Vignes 4' }),
      only({ name: 'Marie', surname: 'Favre', zipcode: '1200', address: 'Chemin des Vignes 4' }),
    ],
    [
      'Italian street abbreviated',
      only({ name: 'Luca', surname: 'Rossi', zipcode: '6900', address: 'V. Cantonale 3' }),
      only({ name: 'Luca', surname: 'Rossi', zipcode: '6900', address: 'Via Cantonale 3' }),
    ],
  ])('%s', (_, a, b) => {
    const result = compareRecords(a, b, postcodes);
    expect(result.isMatch, result.reasons.join(' ')).toBe(true);
  });
});

describe('compareRecords: different people stay apart', () => {
  const hansKeller: MatchRecord = { ...hans, name: 'Hans', surname: 'Keller', email: 'keller.familie@gmx.ch', mobile_phone: null };
  it.each<[string, MatchRecord, MatchRecord]>([
    ['Hans and Anna Keller at one address, one landline, one e-mail', hansKeller, { ...hansKeller, name: 'Anna' }],
    ['Hans and Anna Keller, she has no e-mail', hansKeller, { ...hansKeller, name: 'Anna', email: null }],
    ['Daniel and Daniela at one address', { ...hansKeller, name: 'Daniel' }, { ...hansKeller, name: 'Daniela' }],
    ['Andreas and Andrea at one address', { ...hansKeller, name: 'Andreas' }, { ...hansKeller, name: 'Andrea' }],
    ['Paolo and Paola at one address', { ...hansKeller, name: 'Paolo' }, { ...hansKeller, name: 'Paola' }],
    [
      'Ursula Keller and Ursula Müller in one postcode',
      only({ name: 'Ursula', surname: 'Keller', zipcode: '8050', city: 'Zürich', address: 'Seeweg 3' }),
      only({ name: 'Ursula', surname: 'Müller', zipcode: '8050', city: 'Zürich', address: 'Bergstrasse 8' }),
    ],
    [
      'Ursula Keller and Ursula Müller in one house',
      only({ name: 'Ursula', surname: 'Keller', zipcode: '8050', address: 'Seeweg 3' }),
      only({ name: 'Ursula', surname: 'Müller', zipcode: '8050', address: 'Seeweg 3' }),
    ],
    [
      'Hans Meier in Zürich and in Genève',
      only({ name: 'Hans', surname: 'Meier', zipcode: '8050', city: 'Zürich', address: 'Seeweg 3' }),
      only({ name: 'Hans', surname: 'Meier', zipcode: '1200', city: 'Genève', address: 'Rue du Lac 5' }),
    ],
    [
      'Hans Meier in Zürich and Hans Meyer in Bern, with their own phones',
      only({ name: 'Hans', surname: 'Meier', zipcode: '8050', city: 'Zürich', mobile_phone: '079 111 22 33' }),
      only({ name: 'Hans', surname: 'Meyer', zipcode: '3011', city: 'Bern', mobile_phone: '078 444 55 66' }),
    ],
    [
      'two Hans Meier in one postcode, other streets and phones',
      only({ name: 'Hans', surname: 'Meier', zipcode: '8050', address: 'Seeweg 3', mobile_phone: '079 111 22 33' }),
      only({ name: 'Hans', surname: 'Meier', zipcode: '8050', address: 'Bergstrasse 8', mobile_phone: '078 444 55 66' }),
    ],
    [
      'neighbours: same address, other names',
      only({ name: 'Hans', surname: 'Keller', zipcode: '8050', address: 'Seeweg 3' }),
      only({ name: 'Peter', surname: 'Frei', zipcode: '8050', address: 'Seeweg 3' }),
    ],
    ['only the surname in common', only({ name: 'Hans', surname: 'Keller' }), only({ name: 'Beat', surname: 'Keller' })],
    [
      'the name and the postcode alone (namesakes in one postcode)',
      only({ name: 'Hans', surname: 'Keller', zipcode: '8050' }),
      only({ name: 'Hans', surname: 'Keller', zipcode: '8050', address: 'Seeweg 3' }),
    ],
    [
      "a relative's full name in one field",
      { ...hansKeller, email: null },
      { ...hansKeller, name: 'Anna Keller', surname: null, email: null },
    ],
    [
      'Luca and Lucia at one address (two common names, one edit apart)',
      { ...hansKeller, name: 'Luca' },
      { ...hansKeller, name: 'Lucia', email: null },
    ],
    [
      'Patrick and Patricia, one landline',
      { ...hansKeller, name: 'Patrick', email: null },
      { ...hansKeller, name: 'Patricia', email: null },
    ],
    [
      'Michael and Michelle at one address',
      { ...hansKeller, name: 'Michael', phone: null },
      { ...hansKeller, name: 'Michelle', phone: null, email: null },
    ],
    [
      'relatives, both written surname first',
      { ...hansKeller, name: 'Keller', surname: 'Noah', mobile_phone: '079 111 22 33' },
      { ...hansKeller, name: 'Kellr', surname: 'Ueli', mobile_phone: '078 444 55 66' },
    ],
    [
      'relatives with the family e-mail and their own mobiles',
      { ...hansKeller, mobile_phone: '079 111 22 33' },
      { ...hansKeller, name: 'Anna', mobile_phone: '078 444 55 66' },
    ],
  ])('%s', (_, a, b) => {
    const result = compareRecords(a, b, postcodes);
    expect(result.isMatch, result.reasons.join(' ')).toBe(false);
    expect(result.score).toBeLessThan(MATCH_THRESHOLD);
  });
});

describe('compareRecords: reasons', () => {
  it.each<[string, MatchRecord, MatchRecord, string[]]>([
    [
      'same phone in another field and writing',
      only({ name: 'Hans', phone: '079 123 45 67' }),
      only({ name: 'Hans', mobile_phone: '+41791234567' }),
      ['same_phone', 'same_given_name'],
    ],
    [
      'e-mail, names',
      only({ name: 'Hans', surname: 'Muller', email: 'a@b.ch' }),
      only({ name: 'Hans', surname: 'Müller', email: 'A@B.ch' }),
      ['same_email', 'same_surname', 'same_given_name'],
    ],
    ['swapped names', only({ name: 'Hans', surname: 'Keller' }), only({ name: 'Keller', surname: 'Hans' }), ['names_swapped']],
    [
      'a near postcode',
      only({ zipcode: '8050', city: 'Zürich' }),
      only({ zipcode: '8006', city: 'Zürich' }),
      ['same_locality', 'postcode_near:8050:8006'],
    ],
    ['a postcode typo far away', only({ zipcode: '8050' }), only({ zipcode: '8950' }), ['postcode_typo:8050:8950']],
    ['another postcode', only({ zipcode: '8050' }), only({ zipcode: '1200' }), ['postcode_differs:8050:1200']],
    ['a similar street', only({ address: 'Bahnhofstrasse 12' }), only({ address: 'Banhofstrasse 12' }), ['street_similar:0.96']],
    ['number missing', only({ address: 'Bahnhofstrasse 12' }), only({ address: 'Bahnhofstr.' }), ['same_street_number_missing']],
    ['another number', only({ address: 'Bahnhofstrasse 12' }), only({ address: 'Bahnhofstrasse 40' }), ['street_other_number:12:40']],
    ['a similar number', only({ address: 'Bahnhofstrasse 12' }), only({ address: 'Bahnhofstrasse 21' }), ['street_number_similar:12:21']],
    ['a given name with a typo', only({ name: 'Katharina' }), only({ name: 'Katarina' }), ['given_name_similar:0.97']],
    ['different given names', only({ name: 'Hans' }), only({ name: 'Anna' }), ['given_name_differs']],
    ['two common given names alike', only({ name: 'Luca' }), only({ name: 'Lucia' }), ['given_name_other:0.95']],
    ['a given name that is no common name, alike', only({ name: 'Esther' }), only({ name: 'Esrhe' }), ['given_name_alike:0.85']],
    ['an initial', only({ name: 'H.' }), only({ name: 'Hans' }), ['given_name_initial']],
    ['a double surname', only({ surname: 'Keller' }), only({ surname: 'Müller-Keller' }), ['surname_part']],
    ['a surname with a worse typo', only({ surname: 'Rohrer' }), only({ surname: 'Rkhrr' }), ['surname_alike:0.84']],
    [
      'relatives: the household evidence counts nothing, listed last',
      only({ name: 'Hans', surname: 'Keller', zipcode: '8050' }),
      only({ name: 'Anna', surname: 'Keller', zipcode: '8050' }),
      ['same_surname', 'same_postcode', 'given_name_differs'],
    ],
    ['e-mail typo', only({ email: 'hans.mueller@bluewin.ch' }), only({ email: 'hans.muller@bluewin.ch' }), ['email_similar']],
    ['phone typo', only({ phone: '044 312 45 67' }), only({ phone: '044 312 45 76' }), ['phone_similar']],
    ['everything missing', only({}), only({}), []],
  ])('%s → %j', (_, a, b, reasons) => {
    expect(compareRecords(a, b, postcodes).reasons).toEqual(reasons);
  });

  it('missing values are neutral: a record with less known scores the prior plus what both know', () => {
    const full = compareRecords(only({ name: 'Hans', surname: 'Keller' }), only({ name: 'Hans', surname: 'Keller' }));
    const more = compareRecords(only({ name: 'Hans', surname: 'Keller', email: 'h@x.ch' }), only({ name: 'Hans', surname: 'Keller' }));
    expect(more.score).toBe(full.score);
  });

  it('is symmetric', () => {
    const b = { ...hans, name: 'Hnas', zipcode: '8005', phone: null };
    expect(compareRecords(hans, b, postcodes).score).toBeCloseTo(compareRecords(b, hans, postcodes).score, 12);
  });

  it('every level weight is finite, agreements weigh for, disagreements against', () => {
    for (const [field, levels] of Object.entries(MATCH_PARAMETERS)) {
      for (const level of Object.keys(levels)) {
        const w = levelWeight(field as keyof typeof MATCH_PARAMETERS, level as never);
        expect(Number.isFinite(w)).toBe(true);
        if (level === 'far') {
          expect(w, `${field}.${level}`).toBeLessThan(0);
        }
        if (level.startsWith('exact')) {
          expect(w, `${field}.${level}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('a record changed after a comparison is compared in its new form', () => {
    const a = { ...hans };
    const b = { ...hans };
    expect(compareRecords(a, b).isMatch).toBe(true);
    b.name = 'Anna';
    b.email = null;
    b.mobile_phone = null;
    expect(compareRecords(a, b).isMatch).toBe(false);
  });
});

describe('matchScore: the score of compareRecords, without the reasons', () => {
  const keller: MatchRecord = { ...hans, surname: 'Keller', email: 'keller.familie@gmx.ch', mobile_phone: null };
  const records: MatchRecord[] = [
    hans,
    { ...hans, name: 'Hnas', surname: 'Mueler', address: 'Bahnhofstr. 12', zipcode: '8005', phone: null, email: null },
    { ...hans, name: 'Müller', surname: 'Hans' },
    { ...hans, name: 'Hans Müller', surname: null, email: null, phone: null, mobile_phone: null },
    { ...hans, name: null, surname: 'Mueller Hans', email: null, phone: null, mobile_phone: null },
    { ...hans, address: 'Bahnhofstrasse', email: null, phone: null, mobile_phone: null },
    { ...hans, zipcode: '8051', city: 'Zurich', email: null },
    { ...hans, mobile_phone: '079 123 54 67', phone: null, email: 'hans.muellr@bluewin.ch' },
    keller,
    { ...keller, name: 'Anna' },
    { ...keller, name: 'Daniela', address: 'Bahnhofstrasse 13' },
    only({ name: 'Ursula', surname: 'Keller', zipcode: '8050', city: 'Zürich', address: 'Seeweg 3' }),
    only({ name: 'Ursula', surname: 'Müller', zipcode: '8006', city: 'Zürich', address: 'Seeweg 3' }),
    only({ name: 'Hans', surname: 'Meier', zipcode: '1200', city: 'Genève', address: 'Rue du Lac 5' }),
    only({ name: 'Hans', surname: 'Meyer', zipcode: '3011', city: 'Bern', mobile_phone: '078 444 55 66' }),
    only({ name: 'H', surname: 'Müller', email: 'HANS.MUELLER@bluewin.ch' }),
    only({ name: 'Katahrnia', surname: 'Weber', zipcode: '8050', address: 'Seeweg 3' }),
  ];
  it('is the same for every pair of records, matches and non-matches alike', () => {
    let matches = 0;
    for (const a of records) {
      for (const b of records) {
        const full = compareRecords(a, b, postcodes);
        expect(matchScore(prepareRecord(a), prepareRecord(b), postcodes)).toBeCloseTo(full.score, 12);
        matches += full.isMatch ? 1 : 0;
      }
    }
    // Both sides of the threshold are among the pairs.
    expect(matches).toBeGreaterThan(records.length);
    expect(matches).toBeLessThan(records.length ** 2 / 2);
  });

  it('mayMatch says yes for every match and no for every other pair', () => {
    for (const a of records) {
      for (const b of records) {
        expect(mayMatch(prepareRecord(a), prepareRecord(b), postcodes), `${a.name} ${a.surname} / ${b.name} ${b.surname}`).toBe(
          compareRecords(a, b, postcodes).isMatch,
        );
      }
    }
  });

  it('a candidate prepared with its names, street and locality for later answers as one prepared in full: mayMatch, the score and the reasons', () => {
    let prepared = 0;
    let streets = 0;
    let localities = 0;
    for (const a of records) {
      for (const b of records) {
        const full = compareRecords(a, b, postcodes);
        const later = preparedForm(b, true);
        expect(later.given).toBe('');
        expect(later.street).toBe('');
        expect(later.locality).toBe('');
        expect(mayMatch(prepareRecord(a), later, postcodes)).toBe(full.isMatch);
        // Refused on the other fields: its names were never prepared; refused on the e-mail, phones
        // and place: nor was its street.
        prepared += later.namesOf === null ? 1 : 0;
        streets += later.streetOf === null ? 1 : 0;
        localities += later.localityOf === null ? 1 : 0;
        expect(comparePrepared(prepareRecord(a), preparedForm(b, true), postcodes)).toEqual(full);
        expect(matchScore(prepareRecord(a), preparedForm(b, true), postcodes)).toBeCloseTo(full.score, 12);
      }
    }
    expect(prepared).toBeGreaterThan(0);
    expect(prepared).toBeLessThan(records.length ** 2);
    expect(streets).toBeGreaterThan(prepared);
    expect(streets).toBeLessThan(records.length ** 2);
    // Those with the probe's postcode never normalised their locality.
    expect(localities).toBeGreaterThan(0);
    expect(localities).toBeLessThan(records.length ** 2);
  });

  it.each([
    ['a namesake at another address of the postcode', only({ name: 'Hans', surname: 'Müller', zipcode: '8050', address: 'Seeweg 3' })],
    ['the same name and postcode, nothing else', only({ name: 'Hans', surname: 'Müller', zipcode: '8050' })],
    ['a namesake with another phone', only({ name: 'Hans', surname: 'Müller', zipcode: '8050', mobile_phone: '078 444 55 66' })],
  ])('mayMatch says no where only the names could agree: %s', (_, other) => {
    // Names that would weigh the most cannot lift the rest to the threshold: the answer is the same
    // whatever the names, so the names were not needed.
    for (const names of [{}, { name: 'Vreni', surname: 'Zbinden' }]) {
      expect(mayMatch(prepareRecord(hans), prepareRecord({ ...other, ...names }), postcodes)).toBe(false);
    }
  });
});

describe('blockingKeys: the errors above still share a key', () => {
  const shares = (a: MatchRecord, b: MatchRecord) => blockingKeys(a).all.some((k) => blockingKeys(b).all.includes(k));
  it.each<[string, Partial<MatchRecord>]>([
    ['umlaut written ue, no contact', { surname: 'Mueller', email: null, phone: null, mobile_phone: null, address: null }],
    ['Meier for Müller? no: but the phone', { surname: 'Meier' }],
    [
      'swapped names, no contact, no address',
      { name: 'Müller', surname: 'Hans', email: null, phone: null, mobile_phone: null, address: null },
    ],
    ['postcode typo, no contact', { zipcode: '8005', email: null, phone: null, mobile_phone: null }],
    ['surname typo, no contact', { surname: 'Müler', email: null, phone: null, mobile_phone: null, address: null }],
    ['"str." and a name typo', { surname: 'Mxller', address: 'Bahnhofstr. 12', email: null, phone: null, mobile_phone: null }],
    ['the phone in another writing only', only({ mobile_phone: '+41 79 123 45 67' })],
    [
      'the full name in one field, no contact',
      { name: 'Hans Müller', surname: null, email: null, phone: null, mobile_phone: null, address: null },
    ],
    [
      'the full name surname first in one field, no contact',
      { name: null, surname: 'Müller Hans', email: null, phone: null, mobile_phone: null, address: null },
    ],
    [
      'surname and street mistyped, no contact',
      { surname: 'Mülelr', address: 'Banhofstrasse 12', email: null, phone: null, mobile_phone: null },
    ],
  ])('%s', (_, change) => {
    expect(shares(hans, { ...hans, ...change })).toBe(true);
  });

  it('keys of one record', () => {
    expect(blockingKeys(hans)).toEqual({
      phones: ['+41443124567', '+41791234567'],
      email: 'hans.mueller@bluewin.ch',
      postcode: '8050',
      postcodeNames: ['8050:657', '8050:068|657'],
      localityNames: ['zurich:657', 'zurich:068|657'],
      address: '8050:bahnhofstrasse:12',
      streetGiven: '8050:bahnhofstrasse:068',
      numberGiven: '8050:068:12',
      all: [
        'phone:+41443124567',
        'phone:+41791234567',
        'email:hans.mueller@bluewin.ch',
        'pn:8050:657',
        'pn:8050:068|657',
        'ln:zurich:657',
        'ln:zurich:068|657',
        'addr:8050:bahnhofstrasse:12',
        'sg:8050:bahnhofstrasse:068',
        'gn:8050:068:12',
      ],
    });
  });

  it('an empty record has no keys', () => {
    expect(blockingKeys(only({})).all).toEqual([]);
  });
});
