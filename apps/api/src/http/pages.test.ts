import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../test/harness.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Back office</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
let callAgentCookie: string;
let adminCookie: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app");');
  t = await createTestApp({ webDist });
  const agent = await createUser(t.db, { role: 'call_agent' });
  const admin = await createUser(t.db, { role: 'admin' });
  callAgentCookie = await login(t.app, agent.email);
  adminCookie = await login(t.app, admin.email);
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

function page(url: string, cookie?: string) {
  return cookie ? injectAs(t.app, cookie, { method: 'GET', url }) : t.app.inject({ method: 'GET', url });
}

describe('pages of the single-page app', () => {
  it('sends / to sign-in without a session, and to the own dashboard with one', async () => {
    const anonymous = await page('/');
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe('/login');
    const agent = await page('/', callAgentCookie);
    expect(agent.statusCode).toBe(302);
    expect(agent.headers.location).toBe('/ca-dashboard');
  });

  it('sends a dashboard address to sign-in with the address to come back to', async () => {
    const res = await page('/ca-dashboard');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?next=%2Fca-dashboard');
    const deep = await page('/ca-dashboard/clients?number=0791234567');
    expect(deep.headers.location).toBe(`/login?next=${encodeURIComponent('/ca-dashboard/clients?number=0791234567')}`);
  });

  it("sends a call agent who opens another role's screen to their own dashboard", async () => {
    const res = await page('/admin-dashboard/products', callAgentCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ca-dashboard');
  });

  it('sends a call agent who opens an admin-only screen under their own prefix home', async () => {
    const res = await page('/ca-dashboard/products', callAgentCookie);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/ca-dashboard');
  });

  it('serves the app for a screen of the signed-in role', async () => {
    for (const [url, cookie] of [
      ['/ca-dashboard/clients', callAgentCookie],
      ['/ca-dashboard', callAgentCookie],
      ['/admin-dashboard/products/12/show', adminCookie],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('serves the public pages without a session', async () => {
    for (const url of ['/login', '/signup', '/recovery', '/reset-password?hash=abc', '/unsubscribe/abcdefghijklmnopqrstuvwxyz012345']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
    }
  });

  it('answers an unknown page with the app and status 404, so it shows its own "not found"', async () => {
    const res = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toBe(INDEX_HTML);
  });

  it('serves the built assets', async () => {
    const res = await page('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe('console.log("app");');
  });

  it('answers 404 JSON, not the app, for an unknown API address', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/auth/nope'],
      ['GET', '/locales'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: `${method} ${url}` });
    }
  });

  it('answers 404 JSON to other methods on page addresses', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ca-dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});

describe('without a built web app', () => {
  it('answers 404 JSON for pages too', async () => {
    const bare = await createTestApp({ webDist: path.join(os.tmpdir(), 'bo-no-such-dist'), databaseUrl: t.databaseUrl });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'NOT_FOUND', message: 'GET /' });
    } finally {
      await bare.close();
    }
  });
});
