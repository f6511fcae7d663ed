import { describe, expect, it } from 'vitest';
import { importRowData, type ImportRowData } from '../schemas/import.ts';
import { localityFits, cleanPostcode, postcodeTableFrom, validateImportRow } from './validate-row.ts';

const POSTCODES = postcodeTableFrom([
  { postcode: '8001', locality: 'Zürich' },
  { postcode: '1000', locality: 'Lausanne 25' },
  { postcode: '1003', locality: 'Lausanne' },
  { postcode: '2500', locality: 'Biel/Bienne' },
  { postcode: '9000', locality: 'St. Gallen' },
  { postcode: '1200', locality: 'Genève' },
  { postcode: '3000', locality: 'Bern' },
  { postcode: '8803', locality: 'Rüschlikon' },
]);

const GOOD: ImportRowData = importRowData.parse({
  name: 'Anna',
  surname: 'Muster',
  phone: '044 123 45 67',
  zipcode: '8001',
  city: 'Zürich',
});

describe('validateImportRow', () => {
  it('finds nothing wrong with a good row', () => {
    expect(validateImportRow(GOOD, POSTCODES)).toEqual({});
  });

  it.each<[string, Partial<ImportRowData>, Record<string, string>]>([
    ['no name and no surname', { name: null, surname: null }, { surname: 'name_missing' }],
    ['a surname alone is enough', { name: null }, {}],
    ['a first name alone is enough', { surname: null }, {}],
    ['no way to reach', { phone: null, mobile_phone: null, email: null }, { phone: 'contact_missing' }],
    ['an e-mail alone is a way to reach', { phone: null, email: 'anna@example.ch' }, {}],
    ['a mobile alone is a way to reach', { phone: null, mobile_phone: '+41 79 123 45 67' }, {}],
    ['a phone too short', { phone: '123 45 67' }, { phone: 'invalid_phone' }],
    ['a phone with letters', { phone: '044 ABC 45 67' }, { phone: 'invalid_phone' }],
    ['a mobile that is no number', { mobile_phone: '079 12' }, { mobile_phone: 'invalid_phone' }],
    ['a phone in international writing', { phone: '0041 44 123 45 67' }, {}],
    ['a bad e-mail', { email: 'anna@example' }, { email: 'invalid_email' }],
    ['an unknown postcode', { zipcode: '9999' }, { zipcode: 'postcode_unknown' }],
    ['a postcode that is no postcode', { zipcode: 'abc' }, { zipcode: 'postcode_unknown' }],
    ['a postcode with CH-', { zipcode: 'CH-8001' }, {}],
    ['a locality that does not fit', { zipcode: '3000', city: 'Zürich' }, { city: 'locality_mismatch' }],
    ['a postcode without locality', { city: null }, {}],
    ['a locality without postcode', { zipcode: null, city: 'Nowhere' }, {}],
    ['an age that is a number', { age: '67' }, {}],
    ['an age that is no number', { age: 'alt' }, { age: 'invalid_value' }],
    ['an age out of range', { age: '0' }, { age: 'invalid_value' }],
  ])('%s', (_, change, expected) => {
    expect(validateImportRow({ ...GOOD, ...change }, POSTCODES)).toEqual(expected);
  });

  it('names every problem of a row at once', () => {
    const row = { ...GOOD, name: null, surname: null, phone: 'x', email: 'y', zipcode: '0000' };
    expect(validateImportRow(row, POSTCODES)).toEqual({
      surname: 'name_missing',
      phone: 'invalid_phone',
      email: 'invalid_email',
      zipcode: 'postcode_unknown',
    });
  });
});

describe('localityFits', () => {
  it.each<[string, string[], boolean]>([
    ['Zürich', ['Zürich'], true],
    ['Zurich', ['Zürich'], true],
    ['ZUERICH', ['Zürich'], true],
    ['Zurigo', ['Zürich'], true],
    ['Lausanne', ['Lausanne 25'], true],
    ['Biel', ['Biel/Bienne'], true],
    ['Bienne', ['Biel/Bienne'], true],
    ['Sankt Gallen', ['St. Gallen'], true],
    ['St.Gallen', ['St. Gallen'], true],
    ['Genf', ['Genève'], true],
    ['Geneva', ['Genève'], true],
    ['Berne', ['Bern'], true],
    ['Rueschlikon', ['Rüschlikon'], true],
    ['Basel', ['Bern'], false],
    ['Zug', ['Zürich'], false],
  ])('%j in %j: %s', (city, localities, fits) => {
    expect(localityFits(city, localities)).toBe(fits);
  });
});

describe('cleanPostcode', () => {
  it.each([
    ['8000', '8000'],
    [' CH-8000 ', '8000'],
    ['ch 8000', '8000'],
    ['80000', '80000'],
  ])('%j → %j', (value, expected) => {
    expect(cleanPostcode(value)).toBe(expected);
  });
});
