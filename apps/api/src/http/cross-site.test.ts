import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart, png } from '../../test/fixtures.ts';
import { createTestApp, createUser, login, type TestApp, type TestUser } from '../../test/harness.ts';
import { closeSockets, connectSocket, listen } from '../../test/sockets.ts';

// PUBLIC_URL of the test config is http://bo.test; `app.inject` sends `Host: localhost:80`.
const OWN = 'http://bo.test';
const SAME_SITE = 'http://bo.test:8080';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
let target: TestUser;

beforeAll(async () => {
  t = await createTestApp({ realtime: true });
  admin = await createUser(t.db, { role: 'admin' });
  target = await createUser(t.db, { role: 'call_agent' });
  adminCookie = await login(t.app, admin.email);
});

afterAll(async () => {
  await t?.close();
});

/** A request exactly as described: no header is added (unlike `injectAs`). */
function send(
  opts: Omit<InjectOptions, 'headers'> & { cookie?: string; headers?: Partial<Record<string, string>> },
): Promise<LightMyRequestResponse> {
  const { cookie, headers, ...rest } = opts;
  return t.app.inject({ ...rest, headers: { ...(headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
}

function expectRefused(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, what).toBe(403);
  expect(res.json(), what).toMatchObject({ error: 'Not allowed.', data: { reason: 'cross_site' } });
}

async function isActive(user: TestUser): Promise<boolean> {
  const res = await t.pool.query<{ is_active: boolean }>('SELECT is_active FROM users WHERE id = $1', [user.id]);
  return res.rows[0]!.is_active;
}

/**
 * Headers a request may carry, with whether a write (POST, PUT, PATCH, DELETE) and a GET declared
 * state-changing pass with them, both with a session cookie.
 */
const COMBINATIONS: { name: string; headers: Record<string, string>; write: boolean; get: boolean }[] = [
  { name: 'Sec-Fetch-Site same-origin', headers: { 'sec-fetch-site': 'same-origin' }, write: true, get: true },
  {
    name: 'Sec-Fetch-Site same-origin beside a foreign Origin',
    headers: { 'sec-fetch-site': 'same-origin', origin: SAME_SITE },
    write: true,
    get: true,
  },
  {
    name: 'Sec-Fetch-Site same-site (another port)',
    headers: { 'sec-fetch-site': 'same-site', origin: SAME_SITE },
    write: false,
    get: false,
  },
  {
    name: 'Sec-Fetch-Site cross-site',
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    write: false,
    get: false,
  },
  {
    name: 'Sec-Fetch-Site cross-site beside the own Origin',
    headers: { 'sec-fetch-site': 'cross-site', origin: OWN },
    write: false,
    get: false,
  },
  { name: 'Sec-Fetch-Site none (typed address)', headers: { 'sec-fetch-site': 'none' }, write: false, get: false },
  { name: 'an unknown Sec-Fetch-Site', headers: { 'sec-fetch-site': 'same-origin, cross-site' }, write: false, get: false },
  { name: 'the own Origin (PUBLIC_URL)', headers: { origin: OWN }, write: true, get: true },
  { name: 'an Origin of the Host the request went to', headers: { origin: 'http://localhost' }, write: true, get: true },
  { name: 'an Origin on another port', headers: { origin: SAME_SITE }, write: false, get: false },
  { name: 'an Origin of another site', headers: { origin: 'https://evil.example' }, write: false, get: false },
  { name: 'Origin null', headers: { origin: 'null' }, write: false, get: false },
  { name: 'a malformed Origin', headers: { origin: 'bo.test' }, write: false, get: false },
  { name: 'neither header, own Referer', headers: { referer: `${OWN}/admin-dashboard/accounts` }, write: true, get: true },
  // Every supported browser sends Origin on a write: a write without it comes from a script.
  { name: 'neither header, foreign Referer', headers: { referer: `${SAME_SITE}/attack.html` }, write: true, get: false },
  { name: 'neither header nor Referer', headers: {}, write: true, get: false },
];

/** State-changing requests of every method that are harmless when they pass, with the status they then get. */
const MUTATING: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown; passStatus: number }[] = [
  { method: 'POST', url: '/api/clients/duplicate-check', payload: { name: 'Nobody', surname: 'Known' }, passStatus: 200 },
  { method: 'PUT', url: '/auth/edit-current', payload: {}, passStatus: 200 },
  { method: 'DELETE', url: '/api/location/999999', passStatus: 404 },
  // No route answers PATCH: it passes to a 404, or is refused like any other write.
  { method: 'PATCH', url: '/api/location/1', payload: {}, passStatus: 404 },
];

describe('the session guard refuses state-changing requests of other origins', () => {
  for (const route of MUTATING) {
    for (const combo of COMBINATIONS) {
      const passes = combo.write;
      it(`${route.method} ${route.url} with ${combo.name}: ${passes ? 'passes' : 'refused'}`, async () => {
        const res = await send({
          method: route.method,
          url: route.url,
          payload: route.payload as InjectOptions['payload'],
          cookie: adminCookie,
          headers: combo.headers,
        });
        if (passes) {
          expect(res.statusCode, res.body).toBe(route.passStatus);
        } else {
          expectRefused(res, res.body);
        }
      });
    }
  }

  for (const combo of COMBINATIONS) {
    const passes = combo.get;
    // login-back answers 409 NOT_IMPERSONATING to an admin who acts as nobody: harmless when it passes.
    it(`a GET declared state-changing (/auth/login-back) with ${combo.name}: ${passes ? 'passes' : 'refused'}`, async () => {
      const res = await send({ method: 'GET', url: '/auth/login-back', cookie: adminCookie, headers: combo.headers });
      if (passes) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({ error: 'NOT_IMPERSONATING' });
      } else {
        expectRefused(res, res.body);
      }
    });
  }

  it('lets a GET that changes nothing through from anywhere: the other page cannot read the answer', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: SAME_SITE },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const res = await send({ method: 'GET', url: '/auth/current', cookie: adminCookie, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('blocks nobody when the block comes from another site, by navigation, image or an old browser', async () => {
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://evil.example/' },
      {},
    ];
    for (const headers of attempts) {
      for (const url of [`/api/block-account/${target.id}`, `/api/unblock-account/${target.id}`]) {
        expectRefused(await send({ method: 'GET', url, cookie: adminCookie, headers }), `${url} ${JSON.stringify(headers)}`);
      }
      expect(await isActive(target)).toBe(true);
    }
    const own = await send({
      method: 'GET',
      url: `/api/block-account/${target.id}`,
      cookie: adminCookie,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(200);
    expect(await isActive(target)).toBe(false);
    const back = await send({
      method: 'GET',
      url: `/api/unblock-account/${target.id}`,
      cookie: adminCookie,
      headers: { referer: `${OWN}/x` },
    });
    expect(back.statusCode).toBe(200);
    expect(await isActive(target)).toBe(true);
  });

  it('lets sign-out through from a typed address or bookmark, but not from another site', async () => {
    for (const headers of [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: SAME_SITE }, {}]) {
      const cookie = await login(t.app, target.email);
      expectRefused(await send({ method: 'GET', url: '/auth/logout', cookie, headers }), JSON.stringify(headers));
      expect((await send({ method: 'GET', url: '/auth/current', cookie })).statusCode).toBe(200);
    }
    const cookie = await login(t.app, target.email);
    expect((await send({ method: 'GET', url: '/auth/logout', cookie, headers: { 'sec-fetch-site': 'none' } })).statusCode).toBe(200);
    expect((await send({ method: 'GET', url: '/auth/current', cookie })).statusCode).toBe(401);
  });

  it('does not let another site act as someone else through login-by, even as a typed address', async () => {
    const before = await t.pool.query('SELECT count(*)::int AS n FROM sessions');
    for (const headers of [{ 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'none' }, {}]) {
      const res = await send({ method: 'GET', url: `/auth/login-by/${target.id}`, cookie: adminCookie, headers });
      expectRefused(res, JSON.stringify(headers));
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM sessions')).rows).toEqual(before.rows);
    expect((await send({ method: 'GET', url: '/auth/current', cookie: adminCookie })).json()).toMatchObject({ data: { id: admin.id } });
  });

  it('refuses a logo upload from a page on another port before reading the file', async () => {
    const before = await send({ method: 'GET', url: '/api/global-settings', cookie: adminCookie });
    const upload = multipart(png(), 'logo.png', 'file', 'image/png');
    for (const headers of [{ 'sec-fetch-site': 'same-site', origin: SAME_SITE }, { origin: SAME_SITE }]) {
      const res = await send({
        method: 'POST',
        url: '/api/upload-logo',
        payload: upload.payload,
        cookie: adminCookie,
        headers: { ...upload.headers, ...headers },
      });
      expectRefused(res, JSON.stringify(headers));
    }
    const after = await send({ method: 'GET', url: '/api/global-settings', cookie: adminCookie });
    expect(after.json()).toEqual(before.json());
    expect((await t.pool.query('SELECT count(*)::int AS n FROM files')).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a sign-in posted by another site (it would sign the browser in as someone else)', async () => {
    const res = await send({
      method: 'POST',
      url: '/auth/login',
      payload: { email: target.email, password: target.password },
      headers: { origin: 'https://evil.example' },
    });
    expectRefused(res, res.body);
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('keeps sign-in from a script and a provider webhook working: no cookie, no browser headers', async () => {
    const res = await send({ method: 'POST', url: '/auth/login', payload: { email: target.email, password: target.password } });
    expect(res.statusCode).toBe(200);
    const wrong = await send({ method: 'POST', url: '/auth/login', payload: { email: target.email, password: 'not-it' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('has pages send their Referer to the app and to no other site (browsers without Sec-Fetch-Site need it)', async () => {
    const res = await send({ method: 'GET', url: '/api/health' });
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('answers an unknown path of another site like any write: refused', async () => {
    expectRefused(
      await send({
        method: 'POST',
        url: '/api/no-such-thing',
        payload: {},
        cookie: adminCookie,
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
      'POST',
    );
    expect(
      (
        await send({
          method: 'POST',
          url: '/api/no-such-thing',
          payload: {},
          cookie: adminCookie,
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the socket handshake', () => {
  let port: number;

  beforeAll(async () => {
    port = await listen(t);
  });

  afterEach(closeSockets);

  function connect(headers: Record<string, string>, transports: ('polling' | 'websocket')[] = ['polling', 'websocket']): Promise<Socket> {
    return connectSocket(port, { cookie: adminCookie, ...headers }, transports);
  }

  it.each([
    ['a page on another port (Origin)', { origin: `http://127.0.0.1:${8080}` }],
    ['another site (Origin)', { origin: 'https://evil.example' }],
    ['a page on another port (Sec-Fetch-Site same-site)', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8080' }],
    ['another site (Sec-Fetch-Site cross-site)', { 'sec-fetch-site': 'cross-site' }],
    ['Origin null', { origin: 'null' }],
  ])('refuses %s with Not allowed.', async (_name, headers) => {
    await expect(connect(headers)).rejects.toThrow('Not allowed.');
  });

  it('refuses a WebSocket opened straight from a page on another port', async () => {
    await expect(connect({ origin: 'http://127.0.0.1:8080' }, ['websocket'])).rejects.toThrow('Not allowed.');
  });

  it.each([
    ['the app page (Sec-Fetch-Site same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the own Origin (PUBLIC_URL)', { origin: OWN }],
    ['an Origin of the Host it went to', { origin: 'http://127.0.0.1:PORT' }],
    ['a client without browser headers', {}],
  ])('lets %s connect', async (_name, headers) => {
    const fixed = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', String(port))]));
    const socket = await connect(fixed);
    expect(socket.connected).toBe(true);
  });
});
