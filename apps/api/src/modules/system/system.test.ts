import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES, NAMESPACES } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createTestApp, createUser, injectAs, login, testConfig, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { LOCALES_DIR } from '../../paths.ts';

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

describe('translations of every namespace, with the web app served', () => {
  it('knows every namespace the web app ships, in every language', async () => {
    for (const lng of LANGUAGES) {
      const files = (await fs.readdir(path.join(LOCALES_DIR, lng))).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
      expect([...NAMESPACES].sort(), lng).toEqual(files.sort());
    }
  });

  it('adds keys to any namespace and serves them merged, although the built web app holds the same file', async () => {
    const webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-web-dist-'));
    const shipped = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-locales-'));
    try {
      await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
      await fs.mkdir(path.join(webDist, 'assets'));
      await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1);');
      // The build copies the shipped files into the web app; the API's merged answer must win over them.
      for (const ns of ['common', 'calendar']) {
        await fs.mkdir(path.join(shipped, 'de'), { recursive: true });
        await fs.writeFile(path.join(shipped, 'de', `${ns}.json`), JSON.stringify({ title: 'Titel' }));
        await fs.mkdir(path.join(webDist, 'locales', 'de'), { recursive: true });
        await fs.writeFile(path.join(webDist, 'locales', 'de', `${ns}.json`), JSON.stringify({ title: 'Titel' }));
      }
      const web = await createTestApp({ databaseUrl: t.databaseUrl, localesDir: shipped, webDist });
      try {
        // Still a static file: the script of the web app.
        expect((await web.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1);');
        for (const ns of NAMESPACES) {
          const res = await injectAs(web.app, adminCookie, {
            method: 'POST',
            url: `/locales/add/de/${ns}`,
            payload: { 'added.in': `Neu ${ns}` },
          });
          expect(res.statusCode, ns).toBe(200);
        }
        for (const ns of ['common', 'calendar']) {
          const served = await web.app.inject({ method: 'GET', url: `/locales/de/${ns}.json` });
          expect(served.statusCode).toBe(200);
          expect(served.headers['cache-control']).toBe('no-cache');
          expect(served.json()).toMatchObject({ title: 'Titel', added: { in: `Neu ${ns}` } });
        }
      } finally {
        await web.app.close();
      }
    } finally {
      await fs.rm(webDist, { recursive: true, force: true });
      await fs.rm(shipped, { recursive: true, force: true });
    }
  });
});
