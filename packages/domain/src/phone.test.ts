import { describe, expect, it } from 'vitest';
import { displayPhone, isPhone, mergePhones, normalisePhone } from './phone.ts';

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
