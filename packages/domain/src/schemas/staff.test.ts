import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { accountBody, accountsQuery, agentsQuery, createStaffBody, plainUsersQuery, userAccessibilityBody, usersQuery } from './staff.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

const agent = { name: 'Marco', surname: 'Bernasconi', email: 'Marco.B@Example.CH', role: 'sales_agent' };

describe('createStaffBody', () => {
  it('lowercases the e-mail and fills phone and language', () => {
    expect(createStaffBody.parse(agent)).toEqual({ ...agent, email: 'marco.b@example.ch', phone: '', locale: 'de' });
  });

  it.each<[string, unknown, Outcome]>([
    ['every staff role', { ...agent, role: 'admin' }, 'ok'],
    ['an independent agent in Italian', { ...agent, role: 'independent_agent', locale: 'it', phone: '+41 79 123 45 67' }, 'ok'],
    ['nothing', {}, { name: 'field_is_required', surname: 'field_is_required', email: 'field_is_required', role: 'field_is_required' }],
    ['empty names', { ...agent, name: ' ', surname: '' }, { name: 'field_is_required', surname: 'field_is_required' }],
    ['a bad e-mail', { ...agent, email: 'marco@' }, { email: 'invalid_email' }],
    ['a client role', { ...agent, role: 'user' }, { role: 'invalid_value' }],
    ['an unknown role', { ...agent, role: 'boss' }, { role: 'invalid_value' }],
    ['an unknown language', { ...agent, locale: 'fr' }, { locale: 'invalid_value' }],
    ['a bad phone', { ...agent, phone: 'call me' }, { phone: 'invalid_phone' }],
    ['a long name', { ...agent, name: 'x'.repeat(101) }, { name: 'too_long' }],
  ])('%s', (_what, body, expected) => {
    expect(keysOf(createStaffBody, body)).toEqual(expected);
  });
});

describe('usersQuery', () => {
  it('defaults to every role, 100 a page, newest change first', () => {
    expect(usersQuery.parse({})).toEqual({ limit: 100, offset: 0, orderBy: 'updated_at', orderMethod: 'desc' });
  });

  it.each<[unknown, string[]]>([
    ['sales_agent', ['sales_agent']],
    ['sales_agent,call_agent', ['sales_agent', 'call_agent']],
    [
      ['sales_agent', 'user'],
      ['sales_agent', 'user'],
    ],
    [
      ['admin,partner', 'ocr_manager'],
      ['admin', 'partner', 'ocr_manager'],
    ],
  ])('reads roles %j', (roles, expected) => {
    expect(usersQuery.parse({ roles }).roles).toEqual(expected);
  });

  it.each<[Record<string, unknown>, Outcome]>([
    [{ roles: 'boss' }, { 'roles.0': 'invalid_value' }],
    [{ is_active: 'yes' }, { is_active: 'invalid_value' }],
    [{ orderBy: 'password_hash' }, { orderBy: 'invalid_value' }],
    [{ orderMethod: 'sideways' }, { orderMethod: 'invalid_value' }],
    [{ limit: '0' }, { limit: 'too_short' }],
    [{ limit: '501' }, { limit: 'too_long' }],
    [{ offset: '-1' }, { offset: 'too_short' }],
    [{ search: 'x'.repeat(101) }, { search: 'too_long' }],
    [{ is_active: 'false', orderBy: 'name', orderMethod: 'asc', search: ' Meier ' }, 'ok'],
  ])('%j gives %j', (query, expected) => {
    expect(keysOf(usersQuery, query)).toEqual(expected);
  });

  it('reads is_active as a boolean and trims the search', () => {
    expect(usersQuery.parse({ is_active: 'false', search: ' Meier ' })).toMatchObject({ is_active: false, search: 'Meier' });
  });
});

describe('plainUsersQuery and agentsQuery', () => {
  it('take no roles', () => {
    expect(plainUsersQuery.parse({ roles: 'admin' })).not.toHaveProperty('roles');
    expect(agentsQuery.parse({ roles: 'admin' })).toEqual({ limit: 100, offset: 0 });
  });
});

describe('accountsQuery', () => {
  it('defaults to staff by name, 100 a page', () => {
    expect(accountsQuery.parse({})).toEqual({ limit: 100, offset: 0, orderBy: 'name', orderMethod: 'asc' });
  });

  it.each<[Record<string, unknown>, Outcome]>([
    [{ roles: 'call_agent' }, 'ok'],
    [{ roles: 'user' }, { 'roles.0': 'invalid_value' }],
    [{ orderBy: 'role' }, 'ok'],
    [{ orderBy: 'access_to_clients' }, { orderBy: 'invalid_value' }],
  ])('%j gives %j', (query, expected) => {
    expect(keysOf(accountsQuery, query)).toEqual(expected);
  });
});

describe('accountBody', () => {
  it.each<[unknown, Outcome]>([
    [{ access_to_clients: 'b2b', telephony_user_id: '12345', telephony_number: '+41 44 123 45 67' }, 'ok'],
    [{ access_to_clients: 'none', telephony_user_id: '', telephony_number: '' }, 'ok'],
    [{ access_to_clients: 'all', telephony_user_id: null, telephony_number: null }, 'ok'],
    [{ access_to_clients: 'all' }, 'ok'],
    [{}, { access_to_clients: 'field_is_required' }],
    [{ access_to_clients: 'some' }, { access_to_clients: 'invalid_value' }],
    [{ access_to_clients: 'all', telephony_user_id: 'a b' }, { telephony_user_id: 'invalid_value' }],
    [{ access_to_clients: 'all', telephony_user_id: 'x'.repeat(65) }, { telephony_user_id: 'too_long' }],
    [{ access_to_clients: 'all', telephony_number: 'abc' }, { telephony_number: 'invalid_phone' }],
    [{ access_to_clients: 'all', telephony_number: 41 }, { telephony_number: 'invalid_value' }],
  ])('%j gives %j', (body, expected) => {
    expect(keysOf(accountBody, body)).toEqual(expected);
  });
});

describe('userAccessibilityBody', () => {
  it.each<[unknown, Outcome]>([
    [{ userId: 5, access: 'b2c' }, 'ok'],
    [{}, { userId: 'field_is_required', access: 'field_is_required' }],
    [{ userId: '5', access: 'all' }, { userId: 'invalid_value' }],
    [{ userId: 0, access: 'all' }, { userId: 'too_short' }],
    [{ userId: 1.5, access: 'all' }, { userId: 'invalid_value' }],
    [{ userId: 99_999_999_999, access: 'all' }, { userId: 'invalid_value' }],
    [{ userId: 5, access: 'everything' }, { access: 'invalid_value' }],
  ])('%j gives %j', (body, expected) => {
    expect(keysOf(userAccessibilityBody, body)).toEqual(expected);
  });
});
