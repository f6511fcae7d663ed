import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PATTERNS, fieldValidationFrom, zEmail, zPassword, zPhone, zRequiredText, type IssueLike } from './validation.ts';

type PatternName = keyof typeof PATTERNS;

// Spec 5: reusable patterns for e-mail, GUID, phone, E.164, URL and IPv4.
const ACCEPTED: [PatternName, string][] = [
  // Phone: starts with 0 or +0 followed by at least 9 digits.
  ['phone', '0791234567'],
  ['phone', '+0791234567'],
  ['phone', '00417912345678'],
  ['phone', '0123456789012345'],
  ['phone', '079 123 45 67'],
  ['phone', '+0 79 123 45 67'],
  ['e164', '+41791234567'],
  ['e164', '+12'],
  ['e164', '+123456789012345'],
  ['email', 'anna@example.ch'],
  ['email', 'a.b+tag@sub.example.co.uk'],
  ['email', 'A@B.CH'],
  ['guid', '123e4567-e89b-12d3-a456-426614174000'],
  ['guid', '123E4567-E89B-12D3-A456-426614174000'],
  ['url', 'http://example.ch'],
  ['url', 'https://www.example.ch/path?q=1#top'],
  ['url', 'HTTPS://EXAMPLE.CH'],
  ['ipv4', '0.0.0.0'],
  ['ipv4', '192.168.1.1'],
  ['ipv4', '255.255.255.255'],
  ['ipv4', '10.0.99.200'],
];

const REJECTED: [PatternName, string][] = [
  ['phone', ''],
  ['phone', '079123456'],
  ['phone', '+079123456'],
  ['phone', '791234567'],
  ['phone', '7912345678'],
  ['phone', '+41791234567'],
  ['phone', '++0791234567'],
  ['phone', '0+791234567'],
  ['phone', '079-123-45-67'],
  ['phone', '079/123 45 67'],
  ['phone', ' 0791234567'],
  ['phone', '0791234567 '],
  ['phone', '079123456a'],
  ['e164', '41791234567'],
  ['e164', '+041791234567'],
  ['e164', '+1'],
  ['e164', '+1234567890123456'],
  ['e164', '+41 79 123 45 67'],
  ['email', ''],
  ['email', 'anna'],
  ['email', 'anna@example'],
  ['email', '@example.ch'],
  ['email', 'anna@.ch'],
  ['email', 'an na@example.ch'],
  ['email', 'anna@exa mple.ch'],
  ['email', 'anna@@example.ch'],
  ['guid', '123e4567e89b12d3a456426614174000'],
  ['guid', '123e4567-e89b-12d3-a456-42661417400'],
  ['guid', 'g23e4567-e89b-12d3-a456-426614174000'],
  ['guid', '{123e4567-e89b-12d3-a456-426614174000}'],
  ['url', 'example.ch'],
  ['url', 'www.example.ch'],
  ['url', 'ftp://example.ch'],
  ['url', 'http://'],
  ['url', 'http:// example.ch'],
  ['url', 'https://example.ch/a b'],
  ['url', 'javascript:alert(1)'],
  ['ipv4', '256.1.1.1'],
  ['ipv4', '1.2.3'],
  ['ipv4', '1.2.3.4.5'],
  ['ipv4', '01.2.3.4'],
  ['ipv4', '1.2.3.-4'],
  ['ipv4', '1.2.3.4 '],
  ['ipv4', 'a.b.c.d'],
];

describe('PATTERNS', () => {
  it.each(ACCEPTED)('%s accepts %j', (name, value) => {
    expect(PATTERNS[name].test(value)).toBe(true);
  });

  it.each(REJECTED)('%s rejects %j', (name, value) => {
    expect(PATTERNS[name].test(value)).toBe(false);
  });
});

describe('fieldValidationFrom', () => {
  it.each<[string, IssueLike[], Record<string, string>]>([
    ['nothing for no issues', [], {}],
    ['one key per field', [{ path: ['email'], message: 'invalid_email' }], { email: 'invalid_email' }],
    [
      'the first issue of a field wins',
      [
        { path: ['email'], message: 'field_is_required' },
        { path: ['email'], message: 'invalid_email' },
      ],
      { email: 'field_is_required' },
    ],
    [
      'every field gets its own key',
      [
        { path: ['email'], message: 'invalid_email' },
        { path: ['password'], message: 'too_short' },
      ],
      { email: 'invalid_email', password: 'too_short' },
    ],
    [
      'nested paths are joined with dots',
      [{ path: ['address', 'zipcode'], message: 'field_is_required' }],
      { 'address.zipcode': 'field_is_required' },
    ],
    [
      'array indexes become segments',
      [{ path: ['order_products', 0, 'price'], message: 'too_short' }],
      { 'order_products.0.price': 'too_short' },
    ],
    ['a message that is no key becomes invalid_value', [{ path: ['name'], message: 'Required' }], { name: 'invalid_value' }],
    ['an issue of the whole body goes under _', [{ path: [], message: 'unauthorized' }], { _: 'unauthorized' }],
    [
      'the first issue wins even when it is no key',
      [
        { path: ['zipcode'], message: 'Invalid input' },
        { path: ['zipcode'], message: 'field_is_required' },
      ],
      { zipcode: 'invalid_value' },
    ],
  ])('%s', (_name, issues, expected) => {
    expect(fieldValidationFrom(issues)).toEqual(expected);
  });
});

function keysOf(schema: z.ZodType, value: unknown): Record<string, string> | 'ok' {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('zod error keys', () => {
  const body = z.object({
    name: zRequiredText(5),
    email: zEmail(),
    password: zPassword(),
    phone: zPhone(),
    age: z.number().optional(),
    website: z.url().optional(),
  });
  const valid = { name: 'Anna', email: 'anna@example.ch', password: '12345678', phone: '' };

  it.each<[string, Record<string, unknown>, Record<string, string> | 'ok']>([
    ['a valid body passes', {}, 'ok'],
    ['a missing text is required', { name: undefined }, { name: 'field_is_required' }],
    ['a null text is required', { name: null }, { name: 'field_is_required' }],
    ['an empty text is required', { name: '' }, { name: 'field_is_required' }],
    ['a blank text is required', { name: '   ' }, { name: 'field_is_required' }],
    ['a long text is too long', { name: 'Annabelle' }, { name: 'too_long' }],
    ['a text of the wrong type is invalid', { name: 5 }, { name: 'invalid_value' }],
    ['an e-mail without @ is invalid', { email: 'anna.example.ch' }, { email: 'invalid_email' }],
    ['an empty e-mail is required', { email: '' }, { email: 'field_is_required' }],
    ['a missing password is required', { password: undefined }, { password: 'field_is_required' }],
    ['a password under 8 is too short', { password: '1234567' }, { password: 'too_short' }],
    ['a password over 200 is too long', { password: 'x'.repeat(201) }, { password: 'too_long' }],
    ['letters are no phone', { phone: 'call me' }, { phone: 'invalid_phone' }],
    ['a number of the wrong type is invalid', { age: 'old' }, { age: 'invalid_value' }],
    ['a bad website is invalid_website_url', { website: 'not a url' }, { website: 'invalid_website_url' }],
  ])('%s', (_name, change, expected) => {
    expect(keysOf(body, { ...valid, ...change })).toEqual(expected);
  });

  describe('choices (enum, literal, union)', () => {
    const choice = z.object({ locale: z.enum(['de', 'en']), kind: z.literal('lead'), id: z.union([z.string(), z.number()]) });

    it.each<[string, Record<string, unknown>, Record<string, string> | 'ok']>([
      ['valid choices pass', { locale: 'de', kind: 'lead', id: 1 }, 'ok'],
      ['missing choices are required', {}, { locale: 'field_is_required', kind: 'field_is_required', id: 'field_is_required' }],
      [
        'null choices are required',
        { locale: null, kind: null, id: null },
        { locale: 'field_is_required', kind: 'field_is_required', id: 'field_is_required' },
      ],
      [
        'unknown choices are invalid',
        { locale: 'fr', kind: 'buyer', id: true },
        { locale: 'invalid_value', kind: 'invalid_value', id: 'invalid_value' },
      ],
    ])('%s', (_name, value, expected) => {
      expect(keysOf(choice, value)).toEqual(expected);
    });
  });

  it('trims and lowercases e-mails', () => {
    expect(zEmail().parse('  Anna@Example.CH ')).toBe('anna@example.ch');
  });

  it('trims required texts', () => {
    expect(zRequiredText().parse('  Anna ')).toBe('Anna');
  });

  it.each(['', '079 123 45 67', '+41 79 123 45 67', '0041791234567', '079/123 45 67', '079-123-45-67'])('zPhone accepts %j', (phone) => {
    expect(zPhone().safeParse(phone).success).toBe(true);
  });

  it.each(['abc', '12345', '079 123 45 67 ext', '(079) 123 45 67', 'x'.repeat(41)])('zPhone rejects %j', (phone) => {
    expect(zPhone().safeParse(phone).success).toBe(false);
  });
});
