import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { outboxQuery, translationAddBody } from './system.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('outboxQuery', () => {
  it('defaults to 100 rows from the start for every recipient', () => {
    expect(outboxQuery.parse({})).toEqual({ limit: 100, offset: 0 });
  });

  it('trims the recipient', () => {
    expect(outboxQuery.parse({ to: ' anna@example.ch ' }).to).toBe('anna@example.ch');
  });

  it.each<[Record<string, string>, Outcome]>([
    [{ limit: '0' }, { limit: 'too_short' }],
    [{ limit: '501' }, { limit: 'too_long' }],
    [{ offset: '-1' }, { offset: 'too_short' }],
    [{ to: `${'a'.repeat(250)}@x.ch` }, { to: 'too_long' }],
  ])('rejects %j with %j', (query, expected) => {
    expect(keysOf(outboxQuery, query)).toEqual(expected);
  });
});

describe('translationAddBody', () => {
  const manyKeys = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`key${i}`, 'x']));
  const mostKeys = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`key${i}`, 'x']));

  it.each<[string, unknown, Outcome]>([
    ['a namespaced key passes', { 'menu.clients': 'Clients' }, 'ok'],
    ['keys with dashes and underscores pass', { 'clients.add-contact_history': 'Add' }, 'ok'],
    ['200 keys pass', mostKeys, 'ok'],
    ['no keys are invalid', {}, { _: 'invalid_value' }],
    ['201 keys are too many', manyKeys, { _: 'invalid_value' }],
    ['an empty segment is invalid', { 'menu..clients': 'x' }, { 'menu..clients': 'invalid_value' }],
    ['a trailing dot is invalid', { 'menu.': 'x' }, { 'menu.': 'invalid_value' }],
    ['a space is invalid', { 'menu clients': 'x' }, { 'menu clients': 'invalid_value' }],
    ['a slash is invalid', { '../secret': 'x' }, { '../secret': 'invalid_value' }],
    ['a text over 2000 characters is too long', { 'menu.clients': 'x'.repeat(2001) }, { 'menu.clients': 'too_long' }],
    ['a text that is no string is invalid', { 'menu.clients': 5 }, { 'menu.clients': 'invalid_value' }],
  ])('%s', (_name, body, expected) => {
    expect(keysOf(translationAddBody, body)).toEqual(expected);
  });

  it('refuses a key over 200 characters', () => {
    // zod wraps every problem of a record key in one invalid_key issue, so it reads invalid_value.
    const key = 'k'.repeat(201);
    expect(keysOf(translationAddBody, { [key]: 'x' })).toEqual({ [key]: 'invalid_value' });
  });
});
