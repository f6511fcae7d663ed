import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { errorBody, idParams, listOf, pageQuery } from './common.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('errorBody', () => {
  it.each<[unknown, Outcome]>([
    [{ error: 'Not allowed.' }, 'ok'],
    [{ error: 'IP blocked', message: 'Try again later' }, 'ok'],
    [{ error: 'VALIDATION_ERROR', field_validation: { email: 'invalid_email', 'address.zipcode': 'field_is_required' } }, 'ok'],
    [{ error: 'Something else' }, { error: 'invalid_value' }],
    [{ error: 'VALIDATION_ERROR', field_validation: { email: 'Invalid e-mail' } }, { 'field_validation.email': 'invalid_value' }],
    [{}, { error: 'field_is_required' }],
  ])('%j gives %j', (body, expected) => {
    expect(keysOf(errorBody, body)).toEqual(expected);
  });
});

describe('idParams', () => {
  it.each([
    ['1', 1],
    ['12', 12],
    [7, 7],
  ])('reads %j as %i', (id, expected) => {
    expect(idParams.parse({ id })).toEqual({ id: expected });
  });

  it.each([['0'], ['-1'], ['1.5'], ['abc'], ['']])('rejects %j', (id) => {
    expect(keysOf(idParams, { id })).toEqual({ id: 'invalid_value' });
  });
});

describe('pageQuery', () => {
  it('defaults to 100 rows from the start', () => {
    expect(pageQuery.parse({})).toEqual({ limit: 100, offset: 0 });
  });

  it.each([
    [
      { limit: '50', offset: '100' },
      { limit: 50, offset: 100 },
    ],
    [{ limit: '1' }, { limit: 1, offset: 0 }],
    [{ limit: '500' }, { limit: 500, offset: 0 }],
  ])('reads %j as %j', (query, expected) => {
    expect(pageQuery.parse(query)).toEqual(expected);
  });

  it.each<[Record<string, string>, Outcome]>([
    [{ limit: '0' }, { limit: 'too_short' }],
    [{ limit: '501' }, { limit: 'too_long' }],
    [{ offset: '-1' }, { offset: 'too_short' }],
    [{ limit: '2.5' }, { limit: 'invalid_value' }],
    [{ limit: 'many' }, { limit: 'invalid_value' }],
  ])('rejects %j with %j', (query, expected) => {
    expect(keysOf(pageQuery, query)).toEqual(expected);
  });
});

describe('listOf', () => {
  const list = listOf(z.object({ id: z.number() }));

  it('carries data, total, limit and offset (spec 7)', () => {
    expect(keysOf(list, { data: [{ id: 1 }], total: 1, limit: 100, offset: 0 })).toBe('ok');
  });

  it('checks every row', () => {
    expect(keysOf(list, { data: [{ id: 1 }, { id: 'x' }], total: 2, limit: 100, offset: 0 })).toEqual({ 'data.1.id': 'invalid_value' });
  });

  it('needs the paging fields', () => {
    expect(keysOf(list, { data: [] })).toEqual({ total: 'field_is_required', limit: 'field_is_required', offset: 'field_is_required' });
  });
});

describe('idParams bounds', () => {
  it.each([
    ['2147483647', true],
    ['2147483648', false],
    ['0', false],
    ['-1', false],
    ['1.5', false],
  ])('id %s accepted: %s', (id, ok) => {
    expect(idParams.safeParse({ id }).success).toBe(ok);
  });
});
