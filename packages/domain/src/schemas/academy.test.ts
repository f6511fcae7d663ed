import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { UPLOAD_RULES } from '../uploads.ts';
import { fieldValidationFrom } from '../validation.ts';
import {
  ACADEMY_FILE_KIND,
  ACADEMY_KINDS,
  academyCategoryBody,
  academyItemBody,
  academyPositionBody,
  academyQuery,
  moveTo,
} from './academy.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('moveTo', () => {
  it.each<[number[], number, number, number[]]>([
    [[1, 2, 3, 4], 4, 0, [4, 1, 2, 3]],
    [[1, 2, 3, 4], 1, 3, [2, 3, 4, 1]],
    [[1, 2, 3, 4], 2, 2, [1, 3, 2, 4]],
    [[1, 2, 3, 4], 3, 1, [1, 3, 2, 4]],
    [[1, 2, 3, 4], 2, 1, [1, 2, 3, 4]],
    [[1, 2, 3, 4], 1, 99, [2, 3, 4, 1]],
    [[1, 2, 3, 4], 4, -5, [4, 1, 2, 3]],
    [[1, 2, 3, 4], 9, 0, [1, 2, 3, 4]],
    [[7], 7, 3, [7]],
    [[], 7, 0, []],
  ])('moves in %j the id %i to %i: %j', (ids, id, position, expected) => {
    expect(moveTo(ids, id, position)).toEqual(expected);
  });

  it('leaves the given list as it was', () => {
    const ids = [1, 2, 3];
    moveTo(ids, 3, 0);
    expect(ids).toEqual([1, 2, 3]);
  });

  it('puts an id last when the position is not a number', () => {
    expect(moveTo([1, 2, 3], 1, Number.NaN)).toEqual([2, 3, 1]);
  });
});

describe('academy kinds', () => {
  it('are the four tabs of the spec, each holding one kind of file', () => {
    expect(ACADEMY_KINDS).toEqual(['slides', 'videos', 'audios', 'docs']);
    expect(ACADEMY_FILE_KIND).toEqual({ slides: 'image', videos: 'video', audios: 'audio', docs: 'document' });
    expect(UPLOAD_RULES.document.types).toContain('application/pdf');
  });
});

describe('academyQuery', () => {
  it.each<[Record<string, string>, Outcome]>([
    [{}, 'ok'],
    [{ category: '12' }, 'ok'],
    [{ category: 'abc' }, { category: 'invalid_value' }],
    [{ category: '0' }, { category: 'invalid_value' }],
    [{ category: '1.5' }, { category: 'invalid_value' }],
    [{ category: '99999999999' }, { category: 'invalid_value' }],
  ])('reads %j as %j', (query, expected) => {
    expect(keysOf(academyQuery, query)).toEqual(expected);
  });
});

describe('academyCategoryBody', () => {
  it.each<[unknown, Outcome]>([
    [{ name: 'Produktschulung' }, 'ok'],
    [{ name: '   ' }, { name: 'field_is_required' }],
    [{}, { name: 'field_is_required' }],
    [{ name: 'x'.repeat(121) }, { name: 'too_long' }],
    [{ name: 5 }, { name: 'invalid_value' }],
  ])('checks %j: %j', (body, expected) => {
    expect(keysOf(academyCategoryBody, body)).toEqual(expected);
  });

  it('trims the name', () => {
    expect(academyCategoryBody.parse({ name: '  Einführung ' })).toEqual({ name: 'Einführung' });
  });
});

describe('academyPositionBody', () => {
  it.each<[unknown, Outcome]>([
    [{ position: 0 }, 'ok'],
    [{ position: 40 }, 'ok'],
    [{ position: -1 }, { position: 'invalid_value' }],
    [{ position: 1.5 }, { position: 'invalid_value' }],
    [{ position: '2' }, { position: 'invalid_value' }],
    [{}, { position: 'field_is_required' }],
  ])('checks %j: %j', (body, expected) => {
    expect(keysOf(academyPositionBody, body)).toEqual(expected);
  });
});

describe('academyItemBody', () => {
  it('reads the text fields of a form body, where the category id is a string', () => {
    expect(academyItemBody.parse({ title: ' Begrüssung ', category_id: '4' })).toEqual({
      title: 'Begrüssung',
      description: '',
      category_id: 4,
    });
  });

  it.each<[unknown, Outcome]>([
    [{ title: 'A', description: 'B', category_id: 3 }, 'ok'],
    [{}, { title: 'field_is_required', category_id: 'field_is_required' }],
    [
      { title: '', category_id: '' },
      { title: 'field_is_required', category_id: 'field_is_required' },
    ],
    [{ title: 'A', category_id: 'x' }, { category_id: 'invalid_value' }],
    [{ title: 'A', category_id: '0' }, { category_id: 'invalid_value' }],
    [{ title: 'A', category_id: 2.5 }, { category_id: 'invalid_value' }],
    [{ title: 'A', category_id: 3000000000 }, { category_id: 'invalid_value' }],
    [{ title: 'x'.repeat(201), category_id: 1 }, { title: 'too_long' }],
    [{ title: 'A', description: 'x'.repeat(2001), category_id: 1 }, { description: 'too_long' }],
  ])('checks %j: %j', (body, expected) => {
    expect(keysOf(academyItemBody, body)).toEqual(expected);
  });
});
