import { describe, expect, it } from 'vitest';
import { normalisePhone } from './phone.ts';

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
