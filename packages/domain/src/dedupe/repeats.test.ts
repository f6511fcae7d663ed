import { describe, expect, it } from 'vitest';
import { preparedForm, type MatchRecord } from './record.ts';
import { REPEAT_CANDIDATES, repeatFinder, repeatKeys, repeatsAmong } from './repeats.ts';

/** Anna Muster of Zürich, with `fields` changed. */
const anna = (fields: Partial<MatchRecord> = {}): MatchRecord => ({
  name: 'Anna',
  surname: 'Muster',
  email: null,
  phone: null,
  mobile_phone: null,
  zipcode: '8001',
  city: 'Zürich',
  address: 'Bahnhofstrasse 1',
  ...fields,
});
const zora = (fields: Partial<MatchRecord> = {}): MatchRecord =>
  anna({ name: 'Zora', surname: 'Keller', zipcode: '3000', city: 'Bern', address: 'Weg 9', ...fields });

describe('repeatKeys', () => {
  it.each([
    ['an e-mail, trimmed and in lower case', anna({ email: ' Anna@Example.CH ', zipcode: null }), ['e:anna@example.ch']],
    [
      'each valid phone in E.164',
      anna({ phone: '044 123 45 67', mobile_phone: '079 111 22 33', zipcode: null }),
      ['p:+41441234567', 'p:+41791112233'],
    ],
    ['the known E.164 form of a phone, as given', anna({ phone: 'egal', phone_e164: '+41441234567', zipcode: null }), ['p:+41441234567']],
    ['no key of a phone that is no number', anna({ phone: '12', zipcode: null }), []],
    [
      'surname, two letters of the given name and the postcode, folded',
      anna({ name: 'Ölga', surname: 'Müller-Meier' }),
      ['s:mullermeier:ol:8001'],
    ],
    ['no name key without the postcode', anna({ zipcode: null }), []],
  ])('%s', (_label, record, keys) => {
    expect(repeatKeys(record)).toEqual(keys);
  });
});

describe('repeatsAmong', () => {
  it.each<[string, MatchRecord[], number[][]]>([
    [
      'names the earlier records of the same person, by e-mail, phone or name within the postcode',
      [
        anna({ email: 'anna@example.ch' }),
        zora(),
        anna({ email: 'ANNA@example.ch ' }),
        anna({ surname: 'Müster', mobile_phone: '079 111 22 33' }),
        zora({ phone: '031 555 66 77' }),
      ],
      [[], [], [0], [0, 2], [1]],
    ],
    [
      'makes a record with the same number as phone and mobile no repeat of itself',
      [
        anna({ phone: '079 111 22 33', mobile_phone: '0791112233' }),
        zora({ phone: '079 111 22 33' }),
        anna({ phone: '+41 79 111 22 33', mobile_phone: '079 111 22 33' }),
      ],
      [[], [], [0]],
    ],
    [
      'a shared key with another person is no repeat (the scorer decides)',
      [anna({ phone: '044 123 45 67' }), zora({ phone: '044 123 45 67' }), anna({ name: 'Bruno', email: 'b@example.ch' })],
      [[], [], []],
    ],
    ['nothing to compare, nothing repeated', [anna(), zora(), anna({ name: null, surname: null, zipcode: null })], [[], [], []]],
  ])('%s', (_label, records, expected) => {
    expect(repeatsAmong(records)).toEqual(expected);
  });

  it(`compares the latest ${REPEAT_CANDIDATES} records of a crowded key only`, () => {
    // One e-mail for a family: the children differ by given name, so none repeats another; the
    // mother comes last and matches her own first record only when it is among the latest compared.
    const family = Array.from({ length: REPEAT_CANDIDATES + 1 }, (_, k) =>
      anna({ name: `Kind${String.fromCharCode(65 + k)}x${k}`, email: 'familie@example.ch', address: null, zipcode: null }),
    );
    // The e-mail is the only key the mother's two records share (no postcode: no name key).
    const mother = anna({ email: 'familie@example.ch', zipcode: null });
    const near = [mother, ...family.slice(0, REPEAT_CANDIDATES - 1), mother];
    const far = [mother, ...family, mother];
    expect(repeatsAmong(near).at(-1)).toEqual([0]);
    expect(repeatsAmong(far).at(-1)).toEqual([]);
  });

  it('takes the compared forms from the caller when given, each asked for once per comparison only', () => {
    const records = [anna({ email: 'anna@example.ch' }), zora(), anna({ email: 'anna@example.ch' })];
    const asked: number[] = [];
    const find = repeatFinder(records, undefined, (i) => {
      asked.push(i);
      return preparedForm(records[i]!);
    });
    expect(records.map((_, i) => find(i))).toEqual([[], [], [0]]);
    expect([...new Set(asked)].sort()).toEqual([0, 2]);
  });
});
