import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, injectAs, login, mailsTo, type TestApp, type TestUser } from '../../test/harness.ts';
import type { Actor } from '../core/actor.ts';
import { sha256 } from '../modules/auth/index.ts';
import { SESSION_CACHE_MS, SessionCache } from './session-cache.ts';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
});

afterAll(async () => {
  await t?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const current = (cookie: string) => injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });

/** Signs in and makes one request, so that the process now holds the session. */
async function signedInAndSeen(user: TestUser): Promise<string> {
  const cookie = await login(t.app, user.email);
  expect((await current(cookie)).statusCode).toBe(200);
  return cookie;
}

/** Ends the session in the database only, as another process signing it out would. */
async function endedElsewhere(cookie: string): Promise<void> {
  await t.pool.query('DELETE FROM sessions WHERE id = $1', [sha256(cookie.slice('sid='.length))]);
}

describe('sessions a process has looked up', () => {
  it('are trusted for a few seconds: a session ended by another process still works here until then', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    const cookie = await signedInAndSeen(user);
    await endedElsewhere(cookie);

    expect((await current(cookie)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_MS + 1 });
    expect((await current(cookie)).statusCode).toBe(401);
  });

  it('are not trusted beyond their expiry', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    const cookie = await login(t.app, user.email);
    await t.pool.query("UPDATE sessions SET expires_at = now() + interval '1 second' WHERE id = $1", [sha256(cookie.slice(4))]);
    expect((await current(cookie)).statusCode).toBe(200);
    await endedElsewhere(cookie);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_001 });
    expect((await current(cookie)).statusCode).toBe(401);
  });

  it('end at once on sign-out', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    const cookie = await signedInAndSeen(user);
    const other = await signedInAndSeen(user);

    expect((await injectAs(t.app, cookie, { method: 'GET', url: '/auth/logout' })).statusCode).toBe(200);
    expect((await current(cookie)).statusCode).toBe(401);
    // The same user's other session (another browser) goes on.
    expect((await current(other)).statusCode).toBe(200);
  });

  it('end at once, every one of them, when an admin blocks the account', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const first = await signedInAndSeen(user);
    const second = await signedInAndSeen(user);

    const block = await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/block-account/${user.id}` });
    expect(block.statusCode).toBe(200);
    expect((await current(first)).statusCode).toBe(401);
    expect((await current(second)).statusCode).toBe(401);
  });

  it('end at once when a new password is set through the recovery link', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    const cookie = await signedInAndSeen(user);

    await t.app.inject({ method: 'POST', url: '/auth/recovery-email', payload: { email: user.email } });
    const [mail] = await mailsTo(t, user.email);
    const hash = /\/reset-password\?hash=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(hash).toBeDefined();
    const reset = await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { hash, password: 'Brand-New-Passw0rd' } });
    expect(reset.statusCode).toBe(200);

    expect((await current(cookie)).statusCode).toBe(401);
  });

  it('end at once when an admin switches to another user and when they switch back', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const adminSession = await signedInAndSeen(other);
    const target = await createUser(t.db, { role: 'call_agent' });

    const by = await injectAs(t.app, adminSession, { method: 'GET', url: `/auth/login-by/${target.id}` });
    expect(by.statusCode).toBe(200);
    expect((await current(adminSession)).statusCode).toBe(401);

    const asTarget = `sid=${by.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await current(asTarget)).statusCode).toBe(200);
    const back = await injectAs(t.app, asTarget, { method: 'GET', url: '/auth/login-back' });
    expect(back.statusCode).toBe(200);
    expect((await current(asTarget)).statusCode).toBe(401);
  });

  it('end at once for the admin who acts as someone else when the admin is blocked', async () => {
    const other = await createUser(t.db, { role: 'admin' });
    const target = await createUser(t.db, { role: 'call_agent' });
    const otherCookie = await login(t.app, other.email);
    const by = await injectAs(t.app, otherCookie, { method: 'GET', url: `/auth/login-by/${target.id}` });
    const asTarget = `sid=${by.cookies.find((c) => c.name === 'sid')!.value}`;
    expect((await current(asTarget)).statusCode).toBe(200);

    expect((await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/block-account/${other.id}` })).statusCode).toBe(200);
    expect((await current(asTarget)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const actor: Actor = { userId: 7, role: 'call_agent', sessionId: 's1', impersonatorId: null };
  const live = { actor, expiresAt: new Date(Date.now() + 3_600_000) };

  it('does not keep a lookup that was under way while the user was signed out', async () => {
    const cache = new SessionCache();
    let answer: (value: typeof live) => void = () => undefined;
    const pending = cache.resolve('s1', () => new Promise((resolve) => (answer = resolve)));
    cache.forgetUser(7);
    answer(live);
    expect(await pending).toEqual(actor);

    const lookup = vi.fn(() => Promise.resolve(null));
    expect(await cache.resolve('s1', lookup)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('asks the database once within its time, and never keeps an unknown token', async () => {
    const cache = new SessionCache();
    const lookup = vi.fn(() => Promise.resolve(live));
    await cache.resolve('s1', lookup);
    await cache.resolve('s1', lookup);
    expect(lookup).toHaveBeenCalledTimes(1);

    const unknown = vi.fn(() => Promise.resolve(null));
    await cache.resolve('nope', unknown);
    await cache.resolve('nope', unknown);
    expect(unknown).toHaveBeenCalledTimes(2);
  });

  it('drops the oldest sessions beyond its size', async () => {
    const cache = new SessionCache(SESSION_CACHE_MS, 2);
    const lookup = vi.fn((id: string) => Promise.resolve({ ...live, actor: { ...actor, sessionId: id } }));
    for (const id of ['a', 'b', 'c']) {
      await cache.resolve(id, () => lookup(id));
    }
    await cache.resolve('a', () => lookup('a'));
    expect(lookup).toHaveBeenCalledTimes(4);
  });
});
