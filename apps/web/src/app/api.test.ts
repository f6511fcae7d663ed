import { describe, expect, it } from 'vitest';
import { urlOf } from './api.ts';

describe('urlOf', () => {
  it.each([
    ['a path without parameters stays as it is', '/api/clients', {}, '/api/clients'],
    ['no options at all', '/api/statuses', undefined, '/api/statuses'],
    ['a path parameter fills its place', '/api/clients/nested-tabs-data/{id}', { path: { id: 7 } }, '/api/clients/nested-tabs-data/7'],
    [
      'several path parameters each fill their own place',
      '/locales/{lng}/{file}',
      { path: { lng: 'de', file: 'common.json' } },
      '/locales/de/common.json',
    ],
    [
      'a path parameter is encoded: a slash or a space cannot change the path',
      '/api/user-check-email/{email}',
      { path: { email: 'a b/c+d@example.ch' } },
      '/api/user-check-email/a%20b%2Fc%2Bd%40example.ch',
    ],
    ['a query in the order given', '/api/clients', { query: { limit: 10, offset: 20 } }, '/api/clients?limit=10&offset=20'],
    [
      'a list is sent comma-joined',
      '/api/clients',
      { query: { statuses: ['make_a_demo', 'call_back'] } },
      '/api/clients?statuses=make_a_demo%2Ccall_back',
    ],
    ['a list of numbers too', '/api/clients', { query: { agent_ids: [3, 5] } }, '/api/clients?agent_ids=3%2C5'],
    ['an empty list is an empty value', '/api/clients', { query: { statuses: [] } }, '/api/clients?statuses='],
    [
      'undefined and null are left out, and no "?" when nothing is left',
      '/api/clients',
      { query: { search: undefined, status: null } },
      '/api/clients',
    ],
    [
      'undefined is left out between other values',
      '/api/products',
      { query: { limit: 100, search: undefined, offset: 0 } },
      '/api/products?limit=100&offset=0',
    ],
    ['false and 0 are values, not left out', '/api/x', { query: { archived: false, offset: 0 } }, '/api/x?archived=false&offset=0'],
    ['an empty string is sent as an empty value', '/api/x', { query: { search: '' } }, '/api/x?search='],
    [
      'a query value is encoded',
      '/api/outbox',
      { query: { to: 'müller+1@example.ch', search: 'a&b=c #1' } },
      '/api/outbox?to=m%C3%BCller%2B1%40example.ch&search=a%26b%3Dc+%231',
    ],
    [
      'path parameters and a query together',
      '/api/events-{kind}',
      { path: { kind: 'upcoming' }, query: { client_id: 4, limit: 10 } },
      '/api/events-upcoming?client_id=4&limit=10',
    ],
  ] as const)('%s', (_, path, options, expected) => {
    expect(urlOf(path, options)).toBe(expected);
  });

  it('refuses a path whose parameter is missing', () => {
    expect(() => urlOf('/api/clients/nested-tabs-data/{id}', { path: {} })).toThrow('the path parameter id is missing');
    expect(() => urlOf('/api/clients/nested-tabs-data/{id}')).toThrow('the path parameter id is missing');
  });
});
