import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createTestApp, createUser, injectAs, login, testConfig, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';

const SHIPPED_DE = { title: 'Titel', menu: { clients: 'Kunden', search: 'Suche' } };

let t: TestApp;
let localesDir: string;
let adminCookie: string;
let agentCookie: string;

beforeAll(async () => {
  localesDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-locales-'));
  await fs.mkdir(path.join(localesDir, 'de'));
  await fs.writeFile(path.join(localesDir, 'de', 'common.json'), JSON.stringify(SHIPPED_DE));
  t = await createTestApp({ localesDir });
  const admin = await createUser(t.db, { role: 'admin' });
  const agent = await createUser(t.db, { role: 'call_agent' });
  adminCookie = await login(t.app, admin.email);
  agentCookie = await login(t.app, agent.email);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(localesDir, { recursive: true, force: true });
});

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /api/health', () => {
  it('answers 200 ok with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true, version: 'test' });
  });

  it('answers 503 unavailable when the database cannot be reached', async () => {
    const database = openDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`, { onError: () => undefined });
    const { app } = await buildApp({ config: testConfig(), database, localesDir, version: 'test' });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: false, version: 'test' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 once the pool is closed', async () => {
    const own = await createTestApp({ databaseUrl: t.databaseUrl, localesDir });
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await own.pool.end();
      const res = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable', database: false });
    } finally {
      await own.app.close();
    }
  });
});

describe('translations', () => {
  function getNamespace(lng: string, file = 'common.json') {
    return t.app.inject({ method: 'GET', url: `/locales/${lng}/${file}` });
  }

  function add(cookie: string, lng: string, ns: string, payload: unknown) {
    return injectAs(t.app, cookie, { method: 'POST', url: `/locales/add/${lng}/${ns}`, payload: payload as object });
  }

  it('serves the shipped file of a language to anybody', async () => {
    const res = await getNamespace('de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(SHIPPED_DE);
  });

  it('answers 404 NOT_FOUND for a known language without a file, or an unknown namespace', async () => {
    for (const res of [await getNamespace('en'), await getNamespace('de', 'other.json')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('answers 400 for an unknown language or a file name that is no namespace file', async () => {
    for (const res of [await getNamespace('xx'), await getNamespace('de', 'common.txt'), await getNamespace('de', '..%2Fsecret.json')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
  });

  it('merges keys an admin adds into the served file, audited', async () => {
    const res = await add(adminCookie, 'de', 'common', { 'new.key': 'Neu', 'menu.outbox': 'Postausgang' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 2 });
    const served = await getNamespace('de');
    expect(served.json()).toEqual({ ...SHIPPED_DE, new: { key: 'Neu' }, menu: { ...SHIPPED_DE.menu, outbox: 'Postausgang' } });
    expect((await auditRows(t, 'translations.added')).at(-1)).toMatchObject({ details: { lng: 'de', ns: 'common', added: 2 } });

    // A key already added keeps its first value.
    const again = await add(adminCookie, 'de', 'common', { 'new.key': 'Anders' });
    expect(again.json()).toEqual({ added: 0 });
    expect((await getNamespace('de')).json()).toMatchObject({ new: { key: 'Neu' } });
  });

  it('keeps the shipped keys when an added key names or runs through one of them', async () => {
    const res = await add(adminCookie, 'de', 'common', { title: 'Überschrieben', 'menu.clients': 'Andere', 'title.sub': 'Unter' });
    expect(res.statusCode).toBe(200);
    const served = (await getNamespace('de')).json<Record<string, unknown>>();
    expect(served.title).toBe('Titel');
    expect(served.menu).toMatchObject({ clients: 'Kunden', search: 'Suche' });
  });

  it('does not let an added key reach the prototype of objects', async () => {
    try {
      const res = await add(adminCookie, 'de', 'common', { '__proto__.polluted': 'yes', 'constructor.prototype.polluted': 'yes' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ added: 0 });
      const served = await getNamespace('de');
      expect(served.statusCode).toBe(200);
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(served.json<Record<string, unknown>>().title).toBe('Titel');
    } finally {
      // Should the test fail, the rest of this worker must not inherit the pollution.
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('keeps a polluting key stored by an older version out of the served file and the prototype', async () => {
    try {
      await t.pool.query("INSERT INTO translation_additions (lng, ns, key, value) VALUES ('de', 'common', '__proto__.legacy', 'yes')");
      const served = await getNamespace('de');
      expect(served.statusCode).toBe(200);
      expect(Object.prototype).not.toHaveProperty('legacy');
      expect(JSON.stringify(served.json())).not.toContain('legacy');
    } finally {
      delete (Object.prototype as Record<string, unknown>).legacy;
    }
  });

  it('answers 403 Not allowed. to a user who is not an admin and stores nothing', async () => {
    const res = await add(agentCookie, 'de', 'common', { 'agent.key': 'Nein' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not allowed.' });
    const stored = await t.pool.query("SELECT 1 FROM translation_additions WHERE key = 'agent.key'");
    expect(stored.rowCount).toBe(0);
  });

  it('answers 400 to a malformed key, an empty object, an unknown language or namespace', async () => {
    const cases: [string, string, unknown][] = [
      ['de', 'common', { 'a..b': 'x' }],
      ['de', 'common', { '.a': 'x' }],
      ['de', 'common', { 'a b': 'x' }],
      ['de', 'common', {}],
      ['de', 'common', { key: 42 }],
      ['xx', 'common', { 'a.b': 'x' }],
      ['de', 'nope', { 'a.b': 'x' }],
    ];
    for (const [lng, ns, body] of cases) {
      const res = await add(adminCookie, lng, ns, body);
      expect(res.statusCode, JSON.stringify([lng, ns, body])).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
    const stored = await t.pool.query("SELECT key FROM translation_additions WHERE key IN ('a..b', '.a', 'a b', 'a.b', 'key')");
    expect(stored.rows).toEqual([]);
  });
});
