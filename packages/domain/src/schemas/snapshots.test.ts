import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { SNAPSHOT_MAX_BYTES, TABLE_NAMES, isTableName, jsonBytes, snapshotBody } from './snapshots.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

describe('TABLE_NAMES', () => {
  it('holds the call-agent tables of spec section 2', () => {
    for (const name of ['b2c', 'b2b', 'buyers', 'email_reminders', 'listing']) {
      expect(isTableName(name)).toBe(true);
    }
  });

  it('names each table once', () => {
    expect(new Set(TABLE_NAMES).size).toBe(TABLE_NAMES.length);
  });

  it.each([['clients'], ['B2C'], [''], [null], [7]])('does not know %j', (name) => {
    expect(isTableName(name)).toBe(false);
  });
});

describe('jsonBytes', () => {
  it.each<[unknown, number]>([
    [{}, 2],
    [{ a: 'x' }, 9],
    [{ a: 'ü' }, 10],
    [{ a: '€' }, 11],
    [{ a: '😀' }, 12],
    [[1, 2], 5],
  ])('%j is %i bytes of UTF-8 JSON', (value, bytes) => {
    expect(jsonBytes(value)).toBe(bytes);
  });
});

describe('snapshotBody', () => {
  const ok = { tableName: 'outbox', snapshot: { version: 1 } };
  // A string of `n` characters is n + 2 bytes of JSON, and the object adds `{"k":}`.
  const sized = (bytes: number) => ({ k: 'x'.repeat(bytes - '{"k":""}'.length) });

  it('names the default configuration when none is given', () => {
    expect(snapshotBody.parse(ok)).toEqual({ ...ok, configName: 'default' });
  });

  it.each<[string, unknown, Outcome]>([
    ['a known table with an object', ok, 'ok'],
    ['a named configuration and a timestamp', { ...ok, configName: 'Meine Ansicht', timestamp: '2026-05-04T10:00:00.000Z' }, 'ok'],
    ['a timestamp with an offset', { ...ok, timestamp: '2026-05-04T12:00:00+02:00' }, 'ok'],
    ['a snapshot of exactly the limit', { ...ok, snapshot: sized(SNAPSHOT_MAX_BYTES) }, 'ok'],
    ['an unknown table', { ...ok, tableName: 'clients' }, { tableName: 'invalid_value' }],
    ['no table', { snapshot: {} }, { tableName: 'field_is_required' }],
    ['no snapshot', { tableName: 'outbox' }, { snapshot: 'field_is_required' }],
    ['a snapshot that is a list', { ...ok, snapshot: [1, 2] }, { snapshot: 'invalid_value' }],
    ['a snapshot that is text', { ...ok, snapshot: '{}' }, { snapshot: 'invalid_value' }],
    ['a snapshot one byte over the limit', { ...ok, snapshot: sized(SNAPSHOT_MAX_BYTES + 1) }, { snapshot: 'too_long' }],
    [
      'a multi-byte snapshot over the limit in bytes',
      { ...ok, snapshot: { k: 'ü'.repeat(SNAPSHOT_MAX_BYTES / 2) } },
      { snapshot: 'too_long' },
    ],
    ['an empty configuration name', { ...ok, configName: ' ' }, { configName: 'field_is_required' }],
    ['a long configuration name', { ...ok, configName: 'x'.repeat(101) }, { configName: 'too_long' }],
    ['a timestamp that is not one', { ...ok, timestamp: 'yesterday' }, { timestamp: 'invalid_value' }],
  ])('%s: %j', (_name, body, expected) => {
    expect(keysOf(snapshotBody, body)).toEqual(expected);
  });
});
