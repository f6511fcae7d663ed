import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { editCurrentBody, loginBody, recoveryEmailBody, resetPasswordBody, roleDto, sendCodeBody, signupBody } from './auth.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

const REQUIRED = 'field_is_required';

describe('loginBody', () => {
  it.each<[string, unknown, Outcome]>([
    ['an empty body needs e-mail and password', {}, { email: REQUIRED, password: REQUIRED }],
    ['empty fields need e-mail and password', { email: '', password: '' }, { email: REQUIRED, password: REQUIRED }],
    ['a blank e-mail is required', { email: '   ', password: 'secret' }, { email: REQUIRED }],
    ['a bad e-mail is invalid_email', { email: 'anna', password: 'secret' }, { email: 'invalid_email' }],
    ['an e-mail without a domain is invalid_email', { email: 'anna@example', password: 'secret' }, { email: 'invalid_email' }],
    ['an e-mail over 254 characters is too long', { email: `${'a'.repeat(250)}@x.ch`, password: 'secret' }, { email: 'too_long' }],
    ['a password over 200 characters is too long', { email: 'anna@example.ch', password: 'x'.repeat(201) }, { password: 'too_long' }],
    ['a short password is enough to try', { email: 'anna@example.ch', password: 'x' }, 'ok'],
  ])('%s', (_name, body, expected) => {
    expect(keysOf(loginBody, body)).toEqual(expected);
  });

  it('trims and lowercases the e-mail', () => {
    expect(loginBody.parse({ email: ' Anna@Example.CH ', password: 'x' }).email).toBe('anna@example.ch');
  });
});

describe.each([
  ['sendCodeBody', sendCodeBody],
  ['recoveryEmailBody', recoveryEmailBody],
])('%s', (_name, schema) => {
  it.each<[unknown, Outcome]>([
    [{}, { email: REQUIRED }],
    [{ email: 'anna' }, { email: 'invalid_email' }],
    [{ email: 'anna@example.ch' }, 'ok'],
  ])('%j gives %j', (body, expected) => {
    expect(keysOf(schema, body)).toEqual(expected);
  });
});

describe('resetPasswordBody', () => {
  it.each<[unknown, Outcome]>([
    [{}, { hash: REQUIRED, password: REQUIRED }],
    [{ hash: '', password: '12345678' }, { hash: REQUIRED }],
    [{ hash: 'abc', password: '1234567' }, { password: 'too_short' }],
    [{ hash: 'abc', password: '12345678' }, 'ok'],
  ])('%j gives %j', (body, expected) => {
    expect(keysOf(resetPasswordBody, body)).toEqual(expected);
  });
});

describe('signupBody', () => {
  const client = { email: 'anna@example.ch', code: '123456', name: 'Anna', surname: 'Muster', password: '12345678' };

  describe('a client registering with a mailed code', () => {
    it.each<[string, Record<string, unknown>, Outcome]>([
      ['a complete body passes', client, 'ok'],
      [
        'an empty body names every missing field',
        {},
        { email: REQUIRED, code: REQUIRED, name: REQUIRED, surname: REQUIRED, password: REQUIRED },
      ],
      [
        'a password alone needs e-mail, code, name and surname',
        { password: '12345678' },
        { email: REQUIRED, code: REQUIRED, name: REQUIRED, surname: REQUIRED },
      ],
      [
        'an empty hash counts as none',
        { hash: '', password: '12345678' },
        { email: REQUIRED, code: REQUIRED, name: REQUIRED, surname: REQUIRED },
      ],
      ['a missing e-mail is required', { ...client, email: undefined }, { email: REQUIRED }],
      ['a bad e-mail is invalid_email', { ...client, email: 'anna' }, { email: 'invalid_email' }],
      ['a missing code is required', { ...client, code: undefined }, { code: REQUIRED }],
      ['a blank name is required', { ...client, name: '  ' }, { name: REQUIRED }],
      ['a missing surname is required', { ...client, surname: undefined }, { surname: REQUIRED }],
      ['a code of 5 digits is invalid', { ...client, code: '12345' }, { code: 'invalid_value' }],
      ['a code of 7 digits is invalid', { ...client, code: '1234567' }, { code: 'invalid_value' }],
      ['a code of letters is invalid', { ...client, code: 'abcdef' }, { code: 'invalid_value' }],
      ['a code with a space inside is invalid', { ...client, code: '123 456' }, { code: 'invalid_value' }],
      ['a code with spaces around passes', { ...client, code: ' 123456 ' }, 'ok'],
      ['a short password is too short', { ...client, password: '1234567' }, { password: 'too_short' }],
      ['a name over 100 characters is too long', { ...client, name: 'x'.repeat(101) }, { name: 'too_long' }],
      [
        'a field of the wrong type still names the missing ones',
        { password: 12345678 },
        { password: 'invalid_value', email: REQUIRED, code: REQUIRED, name: REQUIRED, surname: REQUIRED },
      ],
    ])('%s', (_name, body, expected) => {
      expect(keysOf(signupBody, body)).toEqual(expected);
    });
  });

  describe('a staff member completing an invitation (hash)', () => {
    it.each<[string, Record<string, unknown>, Outcome]>([
      ['a hash and a password are enough', { hash: 'a1b2c3', password: '12345678' }, 'ok'],
      ['a password of 7 characters is too short', { hash: 'a1b2c3', password: '1234567' }, { password: 'too_short' }],
      ['an empty password is too short', { hash: 'a1b2c3', password: '' }, { password: 'too_short' }],
      ['a missing password is required', { hash: 'a1b2c3' }, { password: REQUIRED }],
      ['a password over 200 characters is too long', { hash: 'a1b2c3', password: 'x'.repeat(201) }, { password: 'too_long' }],
    ])('%s', (_name, body, expected) => {
      expect(keysOf(signupBody, body)).toEqual(expected);
    });
  });

  it('keeps the trimmed code and the lowercased e-mail', () => {
    expect(signupBody.parse({ ...client, email: 'Anna@Example.CH', code: ' 123456 ' })).toMatchObject({
      email: 'anna@example.ch',
      code: '123456',
    });
  });

  it.each([[null], ['text'], [[]]])('answers a body %j that is no object on the whole body', (body) => {
    expect(Object.keys(keysOf(signupBody, body))).toEqual(['_']);
  });
});

describe('editCurrentBody', () => {
  it.each<[string, Record<string, unknown>, Outcome]>([
    ['an empty change passes (every field is optional)', {}, 'ok'],
    ['a new password needs the current one', { new_password: '12345678' }, { current_password: REQUIRED }],
    ['an empty current password does not count', { new_password: '12345678', current_password: '' }, { current_password: REQUIRED }],
    ['a new password with the current one passes', { new_password: '12345678', current_password: 'old' }, 'ok'],
    ['the current password alone passes', { current_password: 'old' }, 'ok'],
    ['a short new password is too short', { new_password: '1234567', current_password: 'old' }, { new_password: 'too_short' }],
    [
      'a new password without the current one is named beside other errors',
      { new_password: '12345678', gender: 'x' },
      { gender: 'invalid_value', current_password: REQUIRED },
    ],
    ['an empty name is required', { name: '' }, { name: REQUIRED }],
    ['a blank surname is required', { surname: '  ' }, { surname: REQUIRED }],
    ['a name over 100 characters is too long', { name: 'x'.repeat(101) }, { name: 'too_long' }],
    ['a bad e-mail is invalid_email', { email: 'anna' }, { email: 'invalid_email' }],
    ['letters are no phone', { phone: 'call me' }, { phone: 'invalid_phone' }],
    ['letters are no mobile phone', { mobile_phone: 'abc' }, { mobile_phone: 'invalid_phone' }],
    ['an empty phone means none', { phone: '', mobile_phone: '' }, 'ok'],
    ['a Swiss phone passes', { phone: '079 123 45 67', mobile_phone: '+41 79 123 45 67' }, 'ok'],
    ['an unknown gender is invalid', { gender: 'x' }, { gender: 'invalid_value' }],
    ['no gender passes', { gender: null, relations: null, working_status: null, persons_at_home: null }, 'ok'],
    ['the spec profile values pass', { gender: 'female', relations: 'married', working_status: 'retiree', persons_at_home: 'more' }, 'ok'],
    ['an unknown relation is invalid', { relations: 'divorced' }, { relations: 'invalid_value' }],
    ['an unknown working status is invalid', { working_status: 'student' }, { working_status: 'invalid_value' }],
    ['five persons at home are written "more"', { persons_at_home: '5' }, { persons_at_home: 'invalid_value' }],
  ])('%s', (_name, body, expected) => {
    expect(keysOf(editCurrentBody, body)).toEqual(expected);
  });

  describe('zipcode: 4 digits or empty', () => {
    it.each([['8001'], ['1200'], [''], [' 8001 ']])('accepts %j', (zipcode) => {
      expect(keysOf(editCurrentBody, { zipcode })).toBe('ok');
    });

    it.each([['800'], ['80011'], ['abcd'], ['80 01'], ['CH-8001']])('rejects %j as invalid_value', (zipcode) => {
      expect(keysOf(editCurrentBody, { zipcode })).toEqual({ zipcode: 'invalid_value' });
    });
  });

  describe('theme_colour: one of the five colours', () => {
    it.each([['blue'], ['chateauGreen'], ['neonBlue'], ['royalBlue'], ['tomatoOrange']])('accepts %j', (theme_colour) => {
      expect(keysOf(editCurrentBody, { theme_colour })).toBe('ok');
    });

    it.each([['red'], ['Blue'], ['#1565c0'], ['']])('rejects %j as invalid_value', (theme_colour) => {
      expect(keysOf(editCurrentBody, { theme_colour })).toEqual({ theme_colour: 'invalid_value' });
    });
  });

  describe('locale: de, en, it or ru', () => {
    it.each([['de'], ['en'], ['it'], ['ru']])('accepts %j', (locale) => {
      expect(keysOf(editCurrentBody, { locale })).toBe('ok');
    });

    it.each([['fr'], ['de-CH'], ['DE'], ['']])('rejects %j as invalid_value', (locale) => {
      expect(keysOf(editCurrentBody, { locale })).toEqual({ locale: 'invalid_value' });
    });
  });
});

describe('roleDto', () => {
  it.each([['admin'], ['independent_agent']])('accepts the role code %j', (code) => {
    expect(keysOf(roleDto, { id: 1, code, abbr: 'x' })).toBe('ok');
  });

  it.each([['guest'], ['sa']])('rejects %j, which is no role code', (code) => {
    expect(keysOf(roleDto, { id: 1, code, abbr: 'x' })).toEqual({ code: 'invalid_value' });
  });
});
