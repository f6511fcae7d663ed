import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatMoney } from '../formats.ts';
import { fieldValidationFrom } from '../validation.ts';
import {
  categoryBody,
  francsToRappen,
  MAX_PRICE_RAPPEN,
  productBody,
  productForm,
  productOrderMethod,
  productsQuery,
  rappenToFrancs,
} from './products.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('francsToRappen', () => {
  it.each<[string, number]>([
    ['1290.5', 129050],
    ['1290.50', 129050],
    ["1'290.50", 129050],
    ['1’290.50', 129050],
    ['1 290.50', 129050],
    ['1\u202f290.50', 129050],
    ['2490', 249000],
    ["2'490.00", 249000],
    ["1'000'000", 100000000],
    ['12,50', 1250],
    ['12,5', 1250],
    ['12.-', 1200],
    ['12.–', 1200],
    ['0', 0],
    ['0.05', 5],
    ['0.1', 10],
    ['00012.30', 1230],
    ['  99.95  ', 9995],
    ['CHF 49.90', 4990],
    ['chf49.90', 4990],
    // Floating point would give 1.1 * 100 = 110.00000000000001 and 0.29 * 100 = 28.999999999999996.
    ['1.10', 110],
    ['0.29', 29],
    ['4.35', 435],
    ['1005.03', 100503],
    ['9999999999999.99', 999999999999999],
  ])('reads %j as %i Rappen', (text, rappen) => {
    expect(francsToRappen(text)).toBe(rappen);
  });

  it.each([
    '',
    '   ',
    'CHF',
    '-5',
    '-5.00',
    '12.345',
    '1,290',
    '1,290.50',
    "12'34.00",
    "'290",
    '1e3',
    '0x10',
    '.50',
    '12.',
    '12..5',
    '12.5.0',
    'zwölf',
    '12 Fr.',
    'NaN',
    'Infinity',
    '99999999999999',
  ])('refuses %j', (text) => {
    expect(francsToRappen(text)).toBeUndefined();
  });

  it.each([0, 5, 99, 100, 129050, 249000, 100000000, MAX_PRICE_RAPPEN])('reads back what formatMoney prints for %i Rappen', (rappen) => {
    expect(francsToRappen(formatMoney(rappen))).toBe(rappen);
  });
});

describe('rappenToFrancs', () => {
  it.each<[number, string]>([
    [0, '0.00'],
    [5, '0.05'],
    [129050, '1290.50'],
    [249000, '2490.00'],
    [-150, '-1.50'],
    [1.5, ''],
    [Number.NaN, ''],
  ])('writes %d Rappen as %j', (rappen, text) => {
    expect(rappenToFrancs(rappen)).toBe(text);
  });

  it('round-trips with francsToRappen', () => {
    for (const rappen of [0, 1, 10, 99, 101, 4990, 129050, 999999]) {
      expect(francsToRappen(rappenToFrancs(rappen))).toBe(rappen);
    }
  });
});

describe('productsQuery', () => {
  it('defaults to 100 rows, the newest change first', () => {
    const query = productsQuery.parse({});
    expect(query).toEqual({ limit: 100, offset: 0, orderBy: 'updated_at' });
    expect(productOrderMethod(query)).toBe('desc');
  });

  it('sorts other columns ascending unless told otherwise', () => {
    expect(productOrderMethod(productsQuery.parse({ orderBy: 'code' }))).toBe('asc');
    expect(productOrderMethod(productsQuery.parse({ orderBy: 'default_price', orderMethod: 'desc' }))).toBe('desc');
  });

  it('reads the filters from the address', () => {
    expect(productsQuery.parse({ type: 'gift', status: 'active', category: '7', search: ' Aqua ' })).toMatchObject({
      type: 'gift',
      status: 'active',
      category: 7,
      search: 'Aqua',
    });
    expect(productsQuery.parse({ category: 'none' })).toMatchObject({ category: 'none' });
  });

  it.each<[Record<string, string>, Outcome]>([
    [{ type: 'toy' }, { type: 'invalid_value' }],
    [{ status: 'deleted' }, { status: 'invalid_value' }],
    [{ category: 'abc' }, { category: 'invalid_value' }],
    [{ category: '0' }, { category: 'invalid_value' }],
    [{ category: '99999999999' }, { category: 'invalid_value' }],
    [{ orderBy: 'created_at' }, { orderBy: 'invalid_value' }],
    [{ orderBy: 'code; drop table products' }, { orderBy: 'invalid_value' }],
    [{ orderMethod: 'up' }, { orderMethod: 'invalid_value' }],
    [{ limit: '0' }, { limit: 'too_short' }],
    [{ limit: '501' }, { limit: 'too_long' }],
    [{ offset: '-1' }, { offset: 'too_short' }],
    [{ search: 'x'.repeat(101) }, { search: 'too_long' }],
  ])('refuses %j with %j', (query, expected) => {
    expect(keysOf(productsQuery, query)).toEqual(expected);
  });
});

const valid = { code: 'AQ-500', name: 'AquaPur 500 Wasserfilter', type: 'main', default_price: 249000 };

describe('productBody', () => {
  it('fills the optional fields: a draft without category or media', () => {
    expect(productBody.parse(valid)).toEqual({
      ...valid,
      status: 'draft',
      category_id: null,
      image_file_id: null,
      video_file_id: null,
    });
  });

  it('trims the code and the name', () => {
    expect(productBody.parse({ ...valid, code: ' AQ-500 ', name: ' Aqua ' })).toMatchObject({ code: 'AQ-500', name: 'Aqua' });
  });

  it.each<[Record<string, unknown>, Outcome]>([
    [{ code: '' }, { code: 'field_is_required' }],
    [{ code: '   ' }, { code: 'field_is_required' }],
    [{ code: undefined }, { code: 'field_is_required' }],
    [{ code: 'AQ 500' }, { code: 'invalid_value' }],
    [{ code: '-AQ' }, { code: 'invalid_value' }],
    [{ code: 'A'.repeat(41) }, { code: 'too_long' }],
    [{ name: '' }, { name: 'field_is_required' }],
    [{ name: 'x'.repeat(201) }, { name: 'too_long' }],
    [{ type: undefined }, { type: 'field_is_required' }],
    [{ type: 'toy' }, { type: 'invalid_value' }],
    [{ status: 'deleted' }, { status: 'invalid_value' }],
    [{ default_price: undefined }, { default_price: 'field_is_required' }],
    [{ default_price: 12.5 }, { default_price: 'invalid_value' }],
    [{ default_price: '1290.50' }, { default_price: 'invalid_value' }],
    [{ default_price: -1 }, { default_price: 'invalid_value' }],
    [{ default_price: MAX_PRICE_RAPPEN + 1 }, { default_price: 'invalid_value' }],
    [{ category_id: 0 }, { category_id: 'invalid_value' }],
    [{ category_id: 'Filter' }, { category_id: 'invalid_value' }],
    [{ category_id: 2_147_483_648 }, { category_id: 'invalid_value' }],
    [{ image_file_id: 'abc' }, { image_file_id: 'invalid_value' }],
    [{ video_file_id: 42 }, { video_file_id: 'invalid_value' }],
  ])('refuses %j with %j', (change, expected) => {
    expect(keysOf(productBody, { ...valid, ...change })).toEqual(expected);
  });

  it('takes every type and status of the spec', () => {
    for (const type of ['main', 'other', 'gift', 'hula']) {
      for (const status of ['active', 'archived', 'draft']) {
        expect(keysOf(productBody, { ...valid, type, status })).toBe('ok');
      }
    }
  });
});

describe('productForm', () => {
  it('turns the price typed in francs into Rappen', () => {
    expect(productForm.parse({ ...valid, default_price: "2'490.00" }).default_price).toBe(249000);
    expect(productForm.parse({ ...valid, default_price: '1290.5' }).default_price).toBe(129050);
  });

  it.each<[string, string]>([
    ['', 'field_is_required'],
    ['12.345', 'invalid_value'],
    ['-1', 'invalid_value'],
    ['abc', 'invalid_value'],
    ['10000000.01', 'invalid_value'],
  ])('refuses the price %j with %s', (price, key) => {
    expect(keysOf(productForm, { ...valid, default_price: price })).toEqual({ default_price: key });
  });
});

describe('categoryBody', () => {
  it.each<[unknown, Outcome]>([
    [{ name: 'Wasserfilter' }, 'ok'],
    [{ name: '' }, { name: 'field_is_required' }],
    [{}, { name: 'field_is_required' }],
    [{ name: 'x'.repeat(101) }, { name: 'too_long' }],
  ])('%j → %j', (body, expected) => {
    expect(keysOf(categoryBody, body)).toEqual(expected);
  });
});
