import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { locationBody, locationsQuery } from './locations.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('locationsQuery', () => {
  it('defaults to 50 rows ordered by code descending (spec 9)', () => {
    expect(locationsQuery.parse({})).toEqual({ limit: 50, offset: 0, orderBy: 'code', orderMethod: 'desc' });
  });

  it('reads the type, a trimmed search and the page from the address', () => {
    expect(locationsQuery.parse({ type: 'event', search: ' Bern ', limit: '20', offset: '40' })).toMatchObject({
      type: 'event',
      search: 'Bern',
      limit: 20,
      offset: 40,
    });
  });

  it.each<[Record<string, string>, Outcome]>([
    [{ type: 'fair' }, { type: 'invalid_value' }],
    [{ limit: '0' }, { limit: 'too_short' }],
    [{ limit: '501' }, { limit: 'too_long' }],
    [{ offset: '-1' }, { offset: 'too_short' }],
    [{ orderBy: 'id; drop table' }, { orderBy: 'invalid_value' }],
    [{ orderMethod: 'up' }, { orderMethod: 'invalid_value' }],
    [{ search: 'x'.repeat(101) }, { search: 'too_long' }],
  ])('refuses %j with %j', (query, expected) => {
    expect(keysOf(locationsQuery, query)).toEqual(expected);
  });
});

describe('locationBody', () => {
  const valid = { code: 'GLATT', display_name: 'Glatt Zentrum', city: 'Wallisellen', index: '8304', type: 'mall' };

  it('fills the optional fields: no city, no postcode, a mall by default', () => {
    expect(locationBody.parse({ code: ' BEA ', display_name: ' BEA Bern ' })).toEqual({
      code: 'BEA',
      display_name: 'BEA Bern',
      city: '',
      index: '',
      type: 'mall',
    });
  });

  it.each<[string, Record<string, unknown>, Outcome]>([
    ['a complete mall', valid, 'ok'],
    ['an event', { ...valid, type: 'event' }, 'ok'],
    ['a code with a dash, a dot and an underscore', { ...valid, code: 'OLMA-2025_St.G' }, 'ok'],
    ['a code with an umlaut', { ...valid, code: 'ZÜRICH1' }, 'ok'],
    ['no code', { ...valid, code: undefined }, { code: 'field_is_required' }],
    ['a blank code', { ...valid, code: '   ' }, { code: 'field_is_required' }],
    ['a code with a space', { ...valid, code: 'GLATT ZENTRUM' }, { code: 'invalid_value' }],
    ['a code starting with a dash', { ...valid, code: '-GLATT' }, { code: 'invalid_value' }],
    ['a code of 41 characters', { ...valid, code: 'A'.repeat(41) }, { code: 'too_long' }],
    ['no display name', { ...valid, display_name: '' }, { display_name: 'field_is_required' }],
    ['a display name of 121 characters', { ...valid, display_name: 'x'.repeat(121) }, { display_name: 'too_long' }],
    ['a city of 101 characters', { ...valid, city: 'x'.repeat(101) }, { city: 'too_long' }],
    ['a postcode of three digits', { ...valid, index: '830' }, { index: 'invalid_value' }],
    ['a postcode with letters', { ...valid, index: 'CH-8304' }, { index: 'invalid_value' }],
    ['an empty postcode', { ...valid, index: '' }, 'ok'],
    ['an unknown type', { ...valid, type: 'fair' }, { type: 'invalid_value' }],
    ['a number as code', { ...valid, code: 42 }, { code: 'invalid_value' }],
  ])('%s', (_name, body, expected) => {
    expect(keysOf(locationBody, body)).toEqual(expected);
  });
});
