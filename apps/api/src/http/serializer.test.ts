import { clientListDto } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledWriter, responseSerializerCompiler, simplified } from './serializer.ts';

const summary = {
  id: 17,
  name: 'Zoë',
  surname: 'Müller-Lüdenscheidt',
  email: null,
  phone: '044 123 45 67',
  mobile_phone: null,
  zipcode: '8001',
  city: 'Zürich',
  address: 'Bahnhofstrasse "Ecke" 1\nHinterhaus \\ links',
  type: 'B2C',
  company: null,
  age: 0,
  status: null,
  lead_source: 'event',
  lead_location: { id: 3, code: 'ZH-01', display_name: 'Messe Zürich' },
  linked_agent: null,
  number_of_calls: 12,
  last_contact_at: '2026-11-27T08:15:00.000Z',
  next_recall_at: null,
  email_reminder_stage: null,
  is_active: true,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-11-27T08:15:00.000Z',
};
const row = {
  id: 17,
  updated_at: '2026-11-27T08:15:00.000Z',
  recommendations: 2,
  duplicates: 0,
  cohabitants: 1,
  blockNeighbors: 4,
  contact_history: { type: 'call', comment: 'Rückruf 😀 \u2028 morgen', created_at: '2026-11-27T08:15:00.000Z' },
  user: summary,
  can_edit: true,
  can_delete: false,
  can_merge: false,
  can_call: true,
  can_book: true,
  can_assign_agent: false,
  can_see_events: true,
};
const page = {
  data: [row, { ...row, id: 18, contact_history: null, user: { ...summary, id: 18, lead_location: null } }],
  total: 2,
  total_capped: false,
  limit: 100,
  offset: 0,
  can_export: true,
};

describe('compiled answers', () => {
  it('write a page of clients exactly as zod and JSON.stringify do', () => {
    const write = compiledWriter(clientListDto)!;
    expect(write).not.toBeNull();
    expect(write(page)).toBe(JSON.stringify(clientListDto.parse(page)));
  });

  it('never write a field the schema does not name', () => {
    const write = compiledWriter(clientListDto)!;
    const leaky = { ...page, secret: 'x', data: [{ ...row, password_hash: 'hash', user: { ...summary, reset_token: 'token' } }] };
    const out = write(leaky);
    expect(out).not.toMatch(/secret|password_hash|hash|reset_token|token/);
    expect(out).toBe(JSON.stringify(clientListDto.parse(leaky)));
  });

  it.each([
    ['a nullable string (zod writes a list of types)', z.string().nullable(), { type: ['string', 'null'] }],
    [
      'a nullable object',
      z.object({ a: z.number() }).nullable(),
      { type: 'object', properties: { a: { type: 'number' } }, nullable: true },
    ],
    ['a nullable list', z.array(z.string()).nullable(), { type: 'array', items: { type: 'string' }, nullable: true }],
    [
      'a union of two objects (left as it is)',
      z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
      { anyOf: [{ properties: { a: { type: 'number' } } }, { properties: { b: { type: 'string' } } }] },
    ],
  ])('turn %s into what the compiler reads', (_name, schema, expected) => {
    const json = simplified(z.toJSONSchema(schema, { io: 'output', target: 'draft-07' })) as Record<string, unknown>;
    expect(json).toMatchObject(expected);
    expect(json.anyOf !== undefined).toBe('anyOf' in expected);
  });

  it.each([
    ['records', z.object({ counts: z.record(z.string(), z.number()) }), { counts: { a: 1, 'b c': 2 } }],
    [
      'unions of objects',
      z.object({ x: z.union([z.object({ k: z.literal('a'), n: z.number() }), z.object({ k: z.literal('b'), s: z.string() })]) }),
      { x: { k: 'b', s: 'ß' } },
    ],
    ['optional fields left out', z.object({ a: z.string().optional(), b: z.number() }), { b: 1 }],
    ['arrays of nullable numbers', z.array(z.number().nullable()), [1, null, 2.5, -0]],
    ['anything', z.object({ extra: z.unknown() }), { extra: { nested: [1, 'x', null] } }],
    ['enums and literals', z.object({ e: z.enum(['a', 'b']), l: z.literal(7) }), { e: 'b', l: 7 }],
  ])('write %s as zod does', (_name, schema, data) => {
    const write = compiledWriter(schema);
    expect(write).not.toBeNull();
    expect(write!(data)).toBe(JSON.stringify(schema.parse(data)));
  });

  it('leave a schema without a JSON Schema form to zod', () => {
    const schema = z.object({ at: z.date() });
    expect(compiledWriter(schema)).toBeNull();
    const write = responseSerializerCompiler({ check: false })({ schema, method: 'GET', url: '/x' });
    expect(write({ at: new Date('2026-11-27T00:00:00Z') })).toBe('{"at":"2026-11-27T00:00:00.000Z"}');
  });

  it('refuse, when checking, an answer that breaks the schema (as zod alone did)', () => {
    const schema = z.object({ name: z.string() });
    const checked = responseSerializerCompiler({ check: true })({ schema, method: 'GET', url: '/x' });
    expect(() => checked({ name: null })).toThrow();
    expect(checked({ name: 'Anna' })).toBe('{"name":"Anna"}');
    // Without the check the compiled writer does not validate: production relies on the tests' check.
    const unchecked = responseSerializerCompiler({ check: false })({ schema, method: 'GET', url: '/x' });
    expect(unchecked({ name: 'Anna' })).toBe('{"name":"Anna"}');
  });
});
