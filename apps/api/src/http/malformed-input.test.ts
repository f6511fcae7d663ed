import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../test/harness.ts';
import { seedDemo } from '../db/seed/demo.ts';

/*
 * Bad input gets a clear 4xx, never a server error: every route, called as an admin (who passes every
 * guard) with malformed path parameters, bodies and query strings.
 */

/** Routes that end or change the caller's own session: called, they would sign the admin out mid-test. */
const SESSION_ROUTES = /^\/auth\/(logout|login-by|logout-by)/;

const BAD_IDS = ['abc', '-1', '1.5', '99999999999999999999', '%00'];
const BAD_BODIES: unknown[] = [
  [],
  'x',
  { id: 'x', name: 12, surname: [], email: {}, phone: true, date: 'not a date', amount: 'x', price: -0.5, status: 7 },
  { limit: -1, offset: 'x', ids: 'x', user_id: 'x', agentId: {}, order_products: 'x', lines: [{}], toggle: 'x' },
];
const BAD_QUERY = 'limit=abc&offset=-5&orderBy=%3Bdrop&orderMethod=sideways&status=%00&period=x&from=x&to=2026-13-45&search=%25';

/**
 * Odd text for every string field: a NUL byte (PostgreSQL refuses it in text), 10,000 characters,
 * and Unicode that breaks naive code (lone surrogates, a right-to-left override, zero-width and
 * combining characters, an emoji sequence).
 */
const ODD_UNICODE = '\ud800\u202eretsuM\u200b\u200de\u0301\u0308 \u{1F469}\u200d\u{1F469}\u200d\u{1F467}\udfff';
/** Each made from a value the field would accept (`anna.muster@example.ch`), so that only the oddity is wrong. */
const BAD_TEXTS: ((valid: string) => string)[] = [
  (valid) => `${valid.slice(0, 1)}\u0000${valid.slice(1)}`,
  () => '\u0000',
  () => 'x'.repeat(10_000),
  (valid) => `${ODD_UNICODE}${valid}`,
];
/** The same in a URL: `encodeURIComponent` refuses lone surrogates, so those come as raw UTF-8 of a surrogate. */
const BAD_URL_TEXTS = ['Anna%00Muster', '%00', 'x'.repeat(10_000), '%ED%A0%80Anna%E2%80%AE%E2%80%8Be%CC%81%F0%9F%91%A9%ED%BF%BF'];

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // Anonymous sign-ins with odd passwords must not block the test's own address halfway through.
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES: '100000' } });
  // Demo records, so that the odd text reaches the handlers (record 3 of each table is there).
  await seedDemo(t.db, { clients: 20 });
  const user = await createUser(t.db, { role: 'admin' });
  admin = await login(t.app, user.email);
});

afterAll(async () => {
  await t?.close();
});

function fill(pattern: string, id: string): string {
  return pattern.replace(/:[^/]+/g, id).replace(/\*/g, 'x');
}

describe('malformed input', () => {
  it('never answers a server error: path parameters, bodies and query strings of every route', async () => {
    const routes = t.routes().filter((r) => !SESSION_ROUTES.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const check = async (method: string, url: string, payload?: unknown) => {
      const res = await injectAs(t.app, admin, {
        method: method,
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      // 503 is the answer of an outside service that is not there, not of bad input.
      if (res.statusCode >= 500 && res.statusCode !== 503) {
        failures.push(
          `${method} ${url} ${payload === undefined ? '' : JSON.stringify(payload)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
    };
    for (const route of routes) {
      const hasParams = /:[^/]+/.test(route.url);
      const withBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      if (hasParams) {
        for (const id of BAD_IDS) {
          await check(route.method, fill(route.url, id), withBody ? {} : undefined);
        }
      }
      const url = fill(route.url, '1');
      await check(route.method, `${url}?${BAD_QUERY}`, withBody ? {} : undefined);
      if (withBody) {
        for (const body of BAD_BODIES) {
          await check(route.method, url, body);
        }
      }
    }
    expect(failures).toEqual([]);
    // The admin stayed signed in throughout, and the bad input was refused as such.
    expect(statuses.get(401) ?? 0).toBe(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(500);
  }, 120_000);

  it('never answers a server error to NUL bytes, 10,000 characters or odd Unicode in any text field, signed in or not', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    const routes = t.routes().filter((r) => !SESSION_ROUTES.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const anonymous = routes.filter((r) => r.access && 'public' in r.access && r.access.public);
    expect(anonymous.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/signup', '/auth/send-code', '/auth/recovery-email']),
    );
    const failures: string[] = [];
    let refused = 0;
    let fields = 0;
    const check = async (who: string | undefined, method: string, url: string, payload?: unknown) => {
      const opts = {
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
      };
      const res: LightMyRequestResponse = who ? await injectAs(t.app, who, opts) : await t.app.inject(opts);
      if (res.statusCode === 400) {
        refused += 1;
      }
      if (res.statusCode >= 500 && res.statusCode !== 503) {
        failures.push(
          `${who ? 'admin' : 'anonymous'} ${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 200) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
      // A wrong password is a 401 too; `unauthorized` is the answer of a session that has ended.
      if (who && res.statusCode === 401 && res.json<{ error: string }>().error === 'unauthorized') {
        failures.push(`the admin was signed out by ${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 200) ?? ''}`);
      }
    };
    for (const [who, list] of [
      [admin, routes],
      [undefined, anonymous],
    ] as const) {
      for (const route of list) {
        const operation = doc.paths[route.url.replace(/:([^/]+)/g, '{$1}')]?.[route.method.toLowerCase()];
        const parameters = operation?.parameters ?? [];
        const pathParams = parameters.filter((p) => p.in === 'path');
        const url = (value: (name: string) => string) => route.url.replace(/:([^/]+)/g, (_m, name: string) => value(name));
        const plainUrl = url((name) => sampleParam(name, pathParams.find((p) => p.name === name)?.schema));
        const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
        const body = bodySchema ? sample(bodySchema) : undefined;
        // Path parameters: each one odd in turn.
        for (const param of pathParams) {
          for (const text of BAD_URL_TEXTS) {
            await check(
              who,
              route.method,
              url((name) => (name === param.name ? text : sampleParam(name, pathParams.find((p) => p.name === name)?.schema))),
              body,
            );
          }
        }
        // Query parameters: each one odd in turn.
        for (const param of parameters.filter((p) => p.in === 'query')) {
          fields += 1;
          for (const text of BAD_URL_TEXTS) {
            await check(who, route.method, `${plainUrl}?${param.name}=${text}`, body);
          }
        }
        // Body fields: a plausible body with each text field odd in turn, keys included.
        if (bodySchema) {
          for (const path of textPaths(bodySchema)) {
            fields += 1;
            const found = valueAt(body, path);
            const valid = typeof found === 'string' ? found : 'Anna';
            for (const bad of BAD_TEXTS) {
              await check(who, route.method, plainUrl, replaceAt(body, path, bad(valid)));
            }
          }
          await check(who, route.method, plainUrl, { 'key\u0000': 'x' });
        }
      }
    }
    expect(failures).toEqual([]);
    expect(fields).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(1000);
  }, 300_000);
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  minLength?: number;
  default?: unknown;
}
interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

function sampleParam(name: string, schema: JsonSchema | undefined): string {
  const value = schema ? sample(schema, name) : 3;
  return encodeURIComponent(typeof value === 'string' ? value : String(value));
}

/** A value the schema would likely accept, so that the odd field is the one the route looks at. */
function sample(schema: JsonSchema, name = ''): unknown {
  if (schema.const !== undefined) {
    return schema.const;
  }
  if (schema.default !== undefined) {
    return schema.default;
  }
  if (schema.enum) {
    return schema.enum[0];
  }
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice) {
    return sample(choice.find((s) => s.type !== 'null') ?? choice[0]!, name);
  }
  if (schema.allOf?.[0]) {
    return sample(schema.allOf[0], name);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
    case 'array':
      return schema.items ? [sample(schema.items, name)] : [];
    case 'integer':
    case 'number':
      // Record 3 exists in the demo data and is neither the admin nor their session.
      return Math.max(3, schema.minimum ?? 0);
    case 'boolean':
      return true;
    case 'string':
      return sampleText(schema, name);
    case 'null':
    case undefined:
    default:
      return 'x';
  }
}

function sampleText(schema: JsonSchema, name: string): string {
  const pattern = schema.pattern ?? '';
  if (schema.format === 'email' || pattern.includes('@') || /email/.test(name)) {
    return 'anna.muster@example.ch';
  }
  if (schema.format === 'date-time') {
    return '2026-05-04T10:00:00.000Z';
  }
  if (schema.format === 'date' || pattern.includes('\\d{4}')) {
    return '2026-05-04';
  }
  if (schema.format === 'uri' || schema.format === 'url' || /link|website|url/.test(name)) {
    return 'https://example.ch';
  }
  if (/zipcode|postcode/.test(name)) {
    return '8001';
  }
  if (name === 'lng' || name === 'locale') {
    return 'de';
  }
  if (name.endsWith('_month')) {
    return '2026-05';
  }
  if (pattern.includes('\\d') || pattern.includes('[0-9]') || /phone/.test(name)) {
    return '0791234567';
  }
  return 'Anna'.padEnd(schema.minLength ?? 1, 'a');
}

type Path = (string | number)[];

/** Where the schema holds text, keys of free-form records included (as the key `*`). */
function textPaths(schema: JsonSchema, at: Path = []): Path[] {
  const choice = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choice) {
    const first = choice.find((s) => s.type !== 'null');
    return first ? textPaths(first, at) : [];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'string' && !schema.enum && schema.const === undefined) {
    return [at];
  }
  if (type === 'array' && schema.items) {
    return textPaths(schema.items, [...at, 0]);
  }
  if (type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => textPaths(value, [...at, key]));
  }
  return [];
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], value);
}

function replaceAt(value: unknown, path: Path, text: string): unknown {
  if (path.length === 0) {
    return text;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    return value.map((item: unknown, i) => (i === head ? replaceAt(item, rest, text) : item));
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head!]: replaceAt(record[head!], rest, text) };
}
