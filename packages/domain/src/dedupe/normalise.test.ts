import { describe, expect, it } from 'vitest';
import { colognePhonetic } from './phonetic.ts';
import { normaliseEmail, normaliseLocality, normaliseName, normalisePhoneForMatch, normaliseStreet, remembered } from './normalise.ts';
import { prepareRecord, type MatchRecord } from './record.ts';
import { editDistance, jaroWinkler, oneDigitApart, trigramSimilarity } from './similarity.ts';

describe('normaliseName: one writing for the spellings of a name', () => {
  it.each([
    ['Müller', 'muller'],
    ['Mueller', 'muller'],
    ['MULLER', 'muller'],
    ['Jäggi', 'jaggi'],
    ['Jaeggi', 'jaggi'],
    ['Schöni', 'schoni'],
    ['Schoeni', 'schoni'],
    ['Weißhaupt', 'weisshaupt'],
    ['Cuénod', 'cunod'],
    ['  Hans-Peter ', 'hans peter'],
    ['Dr. Anna Keller', 'anna keller'],
    ['Frau Ruth', 'ruth'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('null is empty', () => {
    expect(normaliseName(null)).toBe('');
  });
});

describe('normaliseStreet: abbreviations written out, the number apart', () => {
  it.each([
    ['Bahnhofstrasse 12', 'bahnhofstrasse', '12'],
    ['Bahnhofstr. 12', 'bahnhofstrasse', '12'],
    ['Bahnhofstr 12', 'bahnhofstrasse', '12'],
    ['Bahnhofstraße 12', 'bahnhofstrasse', '12'],
    ['Bahnhof-Strasse 12', 'bahnhofstrasse', '12'],
    ['Bahnhof Str. 12', 'bahnhofstrasse', '12'],
    ['Bahnhofstr.12', 'bahnhofstrasse', '12'],
    ['Kirchw. 3', 'kirchweg', '3'],
    ['Ch. des Vignes 4', 'chemindesvignes', '4'],
    ['Chemin des Vignes 4', 'chemindesvignes', '4'],
    ['Av. de la Paix 3', 'avenuedelapaix', '3'],
    ['Avenue de la Paix 3', 'avenuedelapaix', '3'],
    ['Rte de Lausanne 8', 'routedelausanne', '8'],
    ['Route de Lausanne 8', 'routedelausanne', '8'],
    ['V. Cantonale 3', 'viacantonale', '3'],
    ['Via Cantonale 3', 'viacantonale', '3'],
    ['St. Gallerstrasse 5', 'sanktgallerstrasse', '5'],
    ['Seestrasse 12 a', 'seestrasse', '12a'],
    ['12, rue du Rhône', 'ruedurhone', '12'],
    ['Im Gässli', 'imgassli', ''],
  ])('%s → %s %s', (line, street, number) => {
    expect(normaliseStreet(line)).toEqual({ street, number });
  });
});

describe('normalisePhoneForMatch: E.164 in any writing', () => {
  it.each([
    ['079 123 45 67', '+41791234567'],
    ['+41 79 123 45 67', '+41791234567'],
    ['0041 79 123 45 67', '+41791234567'],
    ['044/312 45 67', '+41443124567'],
    ['123', ''],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalisePhoneForMatch(input)).toBe(expected);
  });
});

describe('normaliseEmail and normaliseLocality', () => {
  it.each([
    [' Hans.Muster@Bluewin.CH ', 'hans.muster@bluewin.ch'],
    ['no mail', ''],
    [null, ''],
  ])('e-mail %s → %s', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it.each([
    ['Zürich', 'zurich'],
    ['Zuerich', 'zuerich'],
    ['Lausanne 25', 'lausanne'],
    ['St. Gallen', 'sanktgallen'],
    ['Sankt Gallen', 'sanktgallen'],
  ])('locality %s → %s', (input, expected) => {
    expect(normaliseLocality(input)).toBe(expected);
  });
});

describe('colognePhonetic (Kölner Phonetik): names that sound alike share a code', () => {
  it.each([
    [['Müller', 'Mueller', 'Muller', 'Miller'], '657'],
    [['Meier', 'Maier', 'Meyer', 'Mayer'], '67'],
    [['Schmid', 'Schmidt', 'Schmitt'], '862'],
    [['Keller', 'Käller'], '457'],
    [['Wyss', 'Wiss'], '38'],
    [['Favre', 'Favré'], '337'],
  ])('%j → %s', (names, code) => {
    for (const name of names) {
      expect(colognePhonetic(normaliseName(name)), name).toBe(code);
    }
  });

  it.each([
    ['Müller', 'Meier'],
    ['Keller', 'Müller'],
    ['Rossi', 'Rochat'],
  ])('%s and %s differ', (a, b) => {
    expect(colognePhonetic(a)).not.toBe(colognePhonetic(b));
  });

  it('the classic example: Müller-Lüdenscheidt → 65752682', () => {
    expect(colognePhonetic('Müller-Lüdenscheidt')).toBe('65752682');
  });
});

describe('similarities', () => {
  it.each([
    ['martha', 'marhta', 0.961],
    ['dwayne', 'duane', 0.84],
    ['dixon', 'dicksonx', 0.813],
    ['abc', 'abc', 1],
    ['abc', 'xyz', 0],
  ])('jaroWinkler(%s, %s) ≈ %d', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 2);
  });

  it.each([
    ['bahnhofstrasse', 'bahnhofstrasse', 1],
    ['word', 'two words', 4 / 11],
    ['abc', 'xyz', 0],
  ])('trigramSimilarity(%s, %s) = %d', (a, b, expected) => {
    expect(trigramSimilarity(a, b)).toBeCloseTo(expected, 5);
  });

  it.each([
    ['keller', 'keller', 0],
    ['keller', 'kellre', 1],
    ['keller', 'keler', 1],
    ['keller', 'kxller', 1],
    ['keller', 'kxlelr', 2],
    ['keller', 'anna', 3],
  ])('editDistance(%s, %s) = %d (at most 2 + 1)', (a, b, expected) => {
    expect(editDistance(a, b, 2)).toBe(expected);
  });

  it.each([
    ['8050', '8005', true],
    ['8050', '8051', true],
    ['8050', '8050', false],
    ['8050', '5080', false],
    ['8050', '8150', true],
    ['+41791234567', '+41791234576', true],
    ['+41791234567', '+41791234000', false],
    ['805', '8050', false],
  ])('oneDigitApart(%s, %s) = %s', (a, b, expected) => {
    expect(oneDigitApart(a, b)).toBe(expected);
  });
});

describe('remembered: a normaliser answers the same for an input whether it computed or remembered it', () => {
  it('computes an input once while kept, and again after the memory was cleared', () => {
    const seen: string[] = [];
    const upper = remembered((s: string) => {
      seen.push(s);
      return s.toUpperCase();
    }, 2);
    expect([upper('a'), upper('a'), upper(null), upper('b')]).toEqual(['A', 'A', '', 'B']);
    expect(seen).toEqual(['a', '', 'b']);
    // Full at 2: the next new input clears it, so 'a' is computed again, with the same answer.
    expect(upper('a')).toBe('A');
    expect(seen).toEqual(['a', '', 'b', 'a']);
  });
});

describe('prepareRecord: a stored E.164 form stands for parsing the phone', () => {
  const base = { name: 'Anna', surname: 'Keller', email: null, zipcode: '8050', city: 'Zürich', address: 'Bahnhofstr. 1' };
  it.each([
    ['a valid mobile and landline', '044 123 45 67', '+41441234567', '079 555 12 34', '+41795551234'],
    ['a number libphonenumber rejects (no stored form): its digits', '079 555 12', null, null, null],
    ['no phones', null, null, null, null],
  ])('%s', (_, phone, phoneE164, mobile, mobileE164) => {
    const parsed = prepareRecord({ ...base, phone, mobile_phone: mobile });
    const stored = prepareRecord({ ...base, phone, mobile_phone: mobile, phone_e164: phoneE164, mobile_phone_e164: mobileE164 });
    expect(stored).toEqual(parsed);
  });

  it('a record whose stored form changed is prepared again', () => {
    const r: MatchRecord = { ...base, phone: '079 555 12 34', mobile_phone: null, phone_e164: '+41795551234' };
    expect(prepareRecord(r).phones).toEqual(['+41795551234']);
    r.phone_e164 = '+41795551235';
    expect(prepareRecord(r).phones).toEqual(['+41795551235']);
  });
});
