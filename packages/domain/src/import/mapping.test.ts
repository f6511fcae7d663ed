import { describe, expect, it } from 'vitest';
import type { ImportField } from '../schemas/import.ts';
import {
  applyMapping,
  genderOfSalutation,
  headerSignature,
  languageCode,
  mappingProblems,
  normaliseHeader,
  proposeMapping,
  splitFullName,
} from './mapping.ts';

/** The field proposed for each header, in order (undefined: left unmapped). */
function fieldsOf(headers: string[], sample: string[][] = []): (ImportField | undefined)[] {
  const mapping = proposeMapping(headers, sample);
  return headers.map((_, i) => mapping[String(i)]);
}

describe('proposeMapping', () => {
  it.each<[string, string[], (ImportField | undefined)[]]>([
    [
      'a German office file',
      ['Anrede', 'Vorname', 'Name', 'Strasse', 'PLZ', 'Ort', 'Telefon', 'Natel', 'E-Mail', 'Alter', 'Sprache', 'Firma', 'Bemerkung'],
      [
        'salutation',
        'name',
        'surname',
        'address',
        'zipcode',
        'city',
        'phone',
        'mobile_phone',
        'email',
        'age',
        'language',
        'company',
        'note',
      ],
    ],
    [
      'German with Nachname and Wohnort, Handy, Mail, Notiz',
      ['Nachname', 'Vorname', 'Adresse', 'Postleitzahl', 'Wohnort', 'Tel.', 'Handy', 'Mail', 'Notiz'],
      ['surname', 'name', 'address', 'zipcode', 'city', 'phone', 'mobile_phone', 'email', 'note'],
    ],
    [
      'a French file (Nom beside Prénom is the surname)',
      [
        'Civilité',
        'Prénom',
        'Nom',
        'Rue',
        'NPA',
        'Localité',
        'Téléphone',
        'Portable',
        'Courriel',
        'Âge',
        'Langue',
        'Entreprise',
        'Remarque',
      ],
      [
        'salutation',
        'name',
        'surname',
        'address',
        'zipcode',
        'city',
        'phone',
        'mobile_phone',
        'email',
        'age',
        'language',
        'company',
        'note',
      ],
    ],
    [
      'an Italian file',
      ['Titolo', 'Nome', 'Cognome', 'Via', 'CAP', 'Località', 'Telefono', 'Cellulare', 'E-mail', 'Età', 'Lingua', 'Società', 'Nota'],
      [
        'salutation',
        'name',
        'surname',
        'address',
        'zipcode',
        'city',
        'phone',
        'mobile_phone',
        'email',
        'age',
        'language',
        'company',
        'note',
      ],
    ],
    [
      'an English file',
      [
        'Salutation',
        'First name',
        'Last name',
        'Street',
        'Zip',
        'City',
        'Phone',
        'Mobile',
        'Email',
        'Age',
        'Language',
        'Company',
        'Comment',
      ],
      [
        'salutation',
        'name',
        'surname',
        'address',
        'zipcode',
        'city',
        'phone',
        'mobile_phone',
        'email',
        'age',
        'language',
        'company',
        'note',
      ],
    ],
    ['English Surname and Town, Address', ['Surname', 'First name', 'Address', 'Town'], ['surname', 'name', 'address', 'city']],
    ['Lieu and Indirizzo', ['Lieu', 'Indirizzo'], ['city', 'address']],
    ['Mobiltelefon is a mobile, not a phone', ['Mobiltelefon', 'Telefon'], ['mobile_phone', 'phone']],
    ['a single Name column holds whole names', ['Name', 'Telefon'], ['name', 'phone']],
    ['Name alone beside a Nachname', ['Name', 'Nachname'], ['name', 'surname']],
    [
      'a header containing a synonym',
      ['Telefon privat', 'E-Mail-Adresse', 'Strasse und Nr.', 'PLZ / Ort'],
      ['phone', 'email', 'address', 'zipcode'],
    ],
    ['each field once: the first column wins', ['Telefon', 'Tel. Geschäft'], ['phone', undefined]],
    ['unknown headers stay unmapped', ['Kundennummer', 'Geburtsort', ''], [undefined, undefined, undefined]],
    ['letter case, spaces and accents do not matter', ['  VORNAME ', 'nachname', 'LOCALITE'], ['name', 'surname', 'city']],
  ])('%s', (_, headers, expected) => {
    expect(fieldsOf(headers)).toEqual(expected);
  });

  it.each<[string, string[], string[][], (ImportField | undefined)[]]>([
    [
      'recognises e-mails, postcodes and mobiles by their values',
      ['A', 'B', 'C', 'D'],
      [
        ['x', 'anna@example.ch', '8000', '079 123 45 67'],
        ['y', 'bob@example.ch', '3000', '078 765 43 21'],
      ],
      [undefined, 'email', 'zipcode', 'mobile_phone'],
    ],
    ['not when the values are mixed', ['A'], [['anna@example.ch'], ['nein'], ['ja']], [undefined]],
    ['a header says more than the values', ['Telefon'], [['079 123 45 67']], ['phone']],
  ])('%s', (_, headers, sample, expected) => {
    expect(fieldsOf(headers, sample)).toEqual(expected);
  });
});

describe('headerSignature', () => {
  it.each<[string[], string[], boolean]>([
    [['Vorname', 'Name'], ['vorname', ' NAME '], true],
    [['E-Mail'], ['Email'], true],
    [['Vorname', 'Name'], ['Name', 'Vorname'], false],
    [['Vorname', 'Name'], ['Vorname', 'Name', 'PLZ'], false],
  ])('%j and %j alike: %s', (a, b, same) => {
    expect(headerSignature(a) === headerSignature(b)).toBe(same);
  });

  it('is the normalised headers joined', () => {
    expect(headerSignature(['Prénom', 'E-Mail-Adresse', 'Straße'])).toBe('prenom|emailadresse|strasse');
    expect(normaliseHeader('Localité')).toBe('localite');
  });
});

describe('splitFullName', () => {
  it.each([
    ['Hans Muster', 'Hans', 'Muster'],
    ['Hans Peter Müller', 'Hans Peter', 'Müller'],
    ['Anna de Souza', 'Anna', 'de Souza'],
    ['Ruth von Allmen', 'Ruth', 'von Allmen'],
    ['Müller, Hans', 'Hans', 'Müller'],
    ['  Meier   Anna ', 'Meier', 'Anna'],
    ['Muster', null, 'Muster'],
    ['', null, null],
  ])('%j → %j %j', (full, name, surname) => {
    expect(splitFullName(full)).toEqual({ name, surname });
  });
});

describe('applyMapping', () => {
  it('takes each mapped cell trimmed, empty as null', () => {
    const row = applyMapping({ '0': 'name', '1': 'surname', '3': 'email' }, [' Anna ', 'Muster', 'ignored', '']);
    expect(row).toMatchObject({ name: 'Anna', surname: 'Muster', email: null, phone: null });
  });

  it.each<[string, Record<string, ImportField>, string[], Record<string, string | null>]>([
    ['splits a whole name when no surname column is mapped', { '0': 'name' }, ['Hans Muster'], { name: 'Hans', surname: 'Muster' }],
    ['leaves the name when a surname column is mapped', { '0': 'name', '1': 'surname' }, ['Hans Peter', 'Muster'], { name: 'Hans Peter' }],
    [
      'splits "8000 Zürich" in a postcode column without a locality column',
      { '0': 'zipcode' },
      ['CH-8000 Zürich'],
      { zipcode: 'CH-8000', city: 'Zürich' },
    ],
    [
      'keeps a postcode when a locality column is mapped',
      { '0': 'zipcode', '1': 'city' },
      ['8000', 'Zürich'],
      { zipcode: '8000', city: 'Zürich' },
    ],
    ['drops NUL characters', { '0': 'note' }, ['a\u0000b'], { note: 'ab' }],
    ['a missing cell is null', { '5': 'phone' }, ['x'], { phone: null }],
  ])('%s', (_, mapping, cells, expected) => {
    expect(applyMapping(mapping, cells)).toMatchObject(expected);
  });

  it('cuts a cell to the length of its field', () => {
    expect(applyMapping({ '0': 'zipcode', '1': 'city' }, ['12345678901234', 'X']).zipcode).toHaveLength(10);
  });
});

describe('mappingProblems', () => {
  it.each<[Record<string, string>, number, string[]]>([
    [{ '0': 'name', '1': 'surname' }, 2, []],
    [{ '2': 'name' }, 2, ['column:2']],
    [{ x: 'name' }, 2, ['column:x']],
    [{ '0': 'name', '1': 'name' }, 2, ['twice:name']],
    [{ '0': 'shoe_size' }, 1, ['field:shoe_size']],
  ])('%j over %i columns → %j', (mapping, columns, problems) => {
    expect(mappingProblems(mapping as Record<string, ImportField>, columns)).toEqual(problems);
  });
});

describe('languageCode', () => {
  it.each([
    ['Deutsch', 'de'],
    ['D', 'de'],
    ['français', 'fr'],
    ['F', 'fr'],
    ['Italiano', 'it'],
    ['english', 'en'],
    ['Russisch', 'ru'],
    ['Klingonisch', null],
    [null, null],
  ])('%j → %j', (value, code) => {
    expect(languageCode(value)).toBe(code);
  });
});

describe('genderOfSalutation', () => {
  it.each([
    ['Herr', 'male'],
    ['Monsieur', 'male'],
    ['Sig.', 'male'],
    ['Mr.', 'male'],
    ['Frau', 'female'],
    ['Mme', 'female'],
    ['Sig.ra', 'female'],
    ['Dr.', null],
    [null, null],
  ])('%j → %j', (value, gender) => {
    expect(genderOfSalutation(value)).toBe(gender);
  });
});
