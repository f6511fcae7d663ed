import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { displayPhone, isPhone, mergePhones, normalisePhone, swissNationalNumber } from './phone.ts';

/** What libphonenumber itself answers for a writing (normalisePhone's answer without its shortcut for Swiss numbers). */
function library(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim().replace(/^00/, '+'), 'CH');
  return parsed?.isValid() ? parsed.number : undefined;
}

describe('normalisePhone', () => {
  it.each([
    ['079 123 45 67', '+41791234567'],
    ['+41 79 123 45 67', '+41791234567'],
    ['0041791234567', '+41791234567'],
    ['0041 79 123 45 67', '+41791234567'],
    ['079/123 45 67', '+41791234567'],
    ['079-123-45-67', '+41791234567'],
    ['(079) 123 45 67', '+41791234567'],
    ['0791234567', '+41791234567'],
    ['+41791234567', '+41791234567'],
    ['  079 123 45 67  ', '+41791234567'],
    ['044 668 18 00', '+41446681800'],
    ['0049 30 1234567', '+49301234567'],
    ['+49 30 1234567', '+49301234567'],
  ])('writes %j as %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['null', null],
    ['undefined', undefined],
    ['letters', 'abc'],
    ['too short', '123'],
    ['one digit missing', '079 123 45 6'],
    ['one digit too many', '079 123 45 678'],
    ['a Swiss number that cannot exist', '+41 12 345 67 89'],
  ])('gives nothing for %s (%j)', (_name, input) => {
    expect(normalisePhone(input)).toBeUndefined();
  });
});

describe('normalisePhone of Swiss numbers written the common way', () => {
  it.each([
    ['079 123 45 67', '791234567'],
    ['+41 79 123 45 67', '791234567'],
    ['0041 79 123 45 67', '791234567'],
    ['0791234567', '791234567'],
    ['  044 668 18 00 ', '446681800'],
    ['0800 123 456', '800123456'],
    ['079/123 45 67', undefined],
    ['(079) 123 45 67', undefined],
    ['+41 079 123 45 67', undefined],
    ['079 123 45 6', undefined],
    ['079 123 45 678', undefined],
    ['0 041 234 56 78', undefined],
    ['+49 30 1234567', undefined],
  ])('reads %j as the national number %j (undefined: read by libphonenumber)', (input, expected) => {
    expect(swissNationalNumber(input)).toBe(expected);
  });

  // A small seeded generator (mulberry32): the same numbers every run.
  let seed = 20261201;
  const next = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const suffix = () => String(Math.floor(next() * 1_000_000)).padStart(6, '0');

  it('answers what libphonenumber answers for every three-digit prefix (its validity depends on the prefix alone)', () => {
    const differing: string[] = [];
    for (let prefix = 100; prefix <= 999; prefix += 1) {
      for (const rest of ['000000', '999999', ...Array.from({ length: 40 }, suffix)]) {
        const nsn = `${prefix}${rest}`;
        for (const written of [`0${nsn}`, `+41 ${nsn.slice(0, 2)} ${nsn.slice(2, 5)} ${nsn.slice(5, 7)} ${nsn.slice(7)}`, `0041${nsn}`]) {
          if (normalisePhone(written) !== library(written)) {
            differing.push(written);
          }
        }
      }
    }
    expect(differing).toEqual([]);
  });
});

describe('mergePhones', () => {
  it.each([
    [
      'the same number in two writings once',
      ['044 700 00 01', null],
      ['079 700 00 02', '+41 44 700 00 01'],
      ['044 700 00 01', '079 700 00 02'],
      [],
    ],
    ['a new number into the same empty field', [null, '079 1'], ['044 700 00 01', null], ['044 700 00 01', '079 1'], []],
    ['a new number into the other empty field', ['044 700 00 01', null], [null, '0041 44 700 00 01'], ['044 700 00 01', null], []],
    [
      'both numbers of the other when the kept has none',
      [null, null],
      ['044 700 00 01', '079 700 00 02'],
      ['044 700 00 01', '079 700 00 02'],
      [],
    ],
    [
      'a number with no free field left over',
      ['044 700 00 11', '079 700 00 12'],
      ['0041 79 700 00 12', '078 700 00 13'],
      ['044 700 00 11', '079 700 00 12'],
      ['078 700 00 13'],
    ],
    ['one number twice in the merged record once', [null, null], ['079 700 00 02', '+41797000002'], ['079 700 00 02', null], []],
  ] as const)('keeps %s', (_, keep, merged, expected, left) => {
    expect(mergePhones({ phone: keep[0], mobile_phone: keep[1] }, { phone: merged[0], mobile_phone: merged[1] })).toEqual({
      phone: expected[0],
      mobile_phone: expected[1],
      left,
    });
  });
});

describe('isPhone (spec 5: a 0, or + for 00, followed by at least 9 digits, and a real number)', () => {
  it.each(['079 123 45 67', '+41 79 123 45 67', '0041 79 123 45 67', '044 668 18 00', '079/123 45 67', '+49 30 1234567'])(
    'takes %j',
    (input) => {
      expect(isPhone(input)).toBe(true);
    },
  );

  it.each([
    ['seven digits', '123 45 67'],
    ['a leading bracket', '(079) 123 45 67'],
    ['seven digits with a 0', '012 34 56'],
    ['no leading 0', '791234567'],
    ['one digit missing', '079 123 45 6'],
    ['letters', '079 123 45 6x'],
    ['a number that does not exist', '000 000 00 00'],
    ['empty', ''],
  ])('refuses %s', (_, input) => {
    expect(isPhone(input)).toBe(false);
  });
});

describe('displayPhone', () => {
  it.each([
    ['+41791234567', '079 123 45 67'],
    ['+41446681800', '044 668 18 00'],
    ['0041 79 123 45 67', '079 123 45 67'],
    ['+49301234567', '+49 30 1234567'],
    ['anonymous', 'anonymous'],
    ['', ''],
    [null, ''],
  ])('shows %j as %j', (input, expected) => {
    expect(displayPhone(input)).toBe(expected);
  });
});
