import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  createTestApp,
  createUser,
  injectAs,
  login,
  sessionCookieOf,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let target: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin', name: 'Andrea', surname: 'Brunner' });
  target = await createUser(t.db, { role: 'call_agent', name: 'Claudia', surname: 'Meier' });
});

afterAll(async () => {
  await t?.close();
});

function get(cookie: string, url: string) {
  return injectAs(t.app, cookie, { method: 'GET', url });
}

describe('login-by', () => {
  it('lets an admin act as another user, audited, and come back with login-back', async () => {
    const adminCookie = await login(t.app, admin.email);
    const res = await get(adminCookie, `/auth/login-by/${target.id}`);
    expect(res.statusCode).toBe(200);
    const impersonator = { id: admin.id, name: 'Andrea Brunner' };
    expect(res.json()).toMatchObject({ data: { id: target.id, role: { code: 'call_agent' }, impersonated_by: impersonator } });
    const asTarget = sessionCookieOf(res)!;
    expect(asTarget).toBeDefined();

    const current = await get(asTarget, '/auth/current');
    expect(current.json()).toMatchObject({ data: { id: target.id, role: { code: 'call_agent' }, impersonated_by: impersonator } });
    // Acting as a call agent means having only a call agent's permissions.
    expect((await get(asTarget, '/api/outbox')).statusCode).toBe(403);
    // The admin's own session was replaced by the impersonating one.
    expect((await get(adminCookie, '/auth/current')).statusCode).toBe(401);

    expect(await auditRows(t, 'auth.login_by')).toEqual([
      { actor_id: admin.id, action: 'auth.login_by', target_user_id: target.id, ip: '127.0.0.1', details: null },
    ]);

    const back = await get(asTarget, '/auth/login-back');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ data: { id: admin.id, role: { code: 'admin' }, impersonated_by: null } });
    const adminAgain = sessionCookieOf(back)!;
    expect((await get(adminAgain, '/auth/current')).json()).toMatchObject({ data: { id: admin.id, impersonated_by: null } });
    expect((await get(adminAgain, '/api/outbox')).statusCode).toBe(200);
    expect((await get(asTarget, '/auth/current')).statusCode).toBe(401);
    expect((await auditRows(t, 'auth.login_back')).at(-1)).toMatchObject({ actor_id: admin.id, target_user_id: target.id });
  });

  it('answers 409 NOT_IMPERSONATING to login-back without a login-by', async () => {
    const cookie = await login(t.app, target.email);
    const res = await get(cookie, '/auth/login-back');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'NOT_IMPERSONATING' });
    expect((await get(cookie, '/auth/current')).json()).toMatchObject({ data: { id: target.id } });
  });

  it('answers 403 Not allowed. to a user who is not an admin', async () => {
    const agentCookie = await login(t.app, target.email);
    const other = await createUser(t.db, { role: 'user' });
    const res = await get(agentCookie, `/auth/login-by/${other.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not allowed.' });
    expect((await get(agentCookie, '/auth/current')).json()).toMatchObject({ data: { id: target.id, impersonated_by: null } });
  });

  it('answers 404 UNKNOWN_USER_ID to an id that names nobody', async () => {
    const adminCookie = await login(t.app, admin.email);
    const res = await get(adminCookie, '/auth/login-by/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
    // A failed login-by leaves the admin signed in as themselves.
    expect((await get(adminCookie, '/auth/current')).json()).toMatchObject({ data: { id: admin.id } });
  });

  it('answers 400 to an id that is not a number', async () => {
    const adminCookie = await login(t.app, admin.email);
    const res = await get(adminCookie, '/auth/login-by/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: 'invalid_value' } });
  });

  // The route-wide malformed-input test leaves out login-by, as a valid call would switch its admin's session.
  it('answers 400, never a server error, to a NUL, 10,000 characters or odd Unicode as the id, signed in or not', async () => {
    const adminCookie = await login(t.app, admin.email);
    const odd = ['Anna%00Muster', '%00', 'x'.repeat(10_000), '%ED%A0%80Anna%E2%80%AE%E2%80%8Be%CC%81%F0%9F%91%A9%ED%BF%BF'];
    for (const id of odd) {
      const signedIn = await get(adminCookie, `/auth/login-by/${id}`);
      expect(signedIn.statusCode, id.slice(0, 40)).toBeLessThan(500);
      expect(signedIn.statusCode, id.slice(0, 40)).toBeGreaterThanOrEqual(400);
      const anonymous = await t.app.inject({ method: 'GET', url: `/auth/login-by/${id}` });
      expect(anonymous.statusCode, id.slice(0, 40)).toBeLessThan(500);
    }
    // Refused as bad input, the admin is still signed in as themselves.
    expect((await get(adminCookie, '/auth/current')).json()).toMatchObject({ data: { id: admin.id } });
  });

  it('answers 403 to a login-by into another admin or a blocked account', async () => {
    const adminCookie = await login(t.app, admin.email);
    const otherAdmin = await createUser(t.db, { role: 'admin' });
    const blocked = await createUser(t.db, { role: 'sales_agent', isActive: false });
    for (const id of [otherAdmin.id, blocked.id]) {
      const res = await get(adminCookie, `/auth/login-by/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
      expect(sessionCookieOf(res)).toBeUndefined();
    }
    expect((await get(adminCookie, '/auth/current')).json()).toMatchObject({ data: { id: admin.id } });
  });

  it('ends the impersonation when the acting admin is blocked', async () => {
    const actingAdmin = await createUser(t.db, { role: 'admin' });
    const asTarget = sessionCookieOf(await get(await login(t.app, actingAdmin.email), `/auth/login-by/${target.id}`))!;
    expect((await get(asTarget, '/auth/current')).json()).toMatchObject({ data: { id: target.id } });

    const blocked = await get(await login(t.app, admin.email), `/api/block-account/${actingAdmin.id}`);
    expect(blocked.statusCode).toBe(200);
    const res = await get(asTarget, '/auth/current');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });

  it('ends the impersonation when the password of the acting admin is reset', async () => {
    const actingAdmin = await createUser(t.db, { role: 'admin' });
    const asTarget = sessionCookieOf(await get(await login(t.app, actingAdmin.email), `/auth/login-by/${target.id}`))!;
    await t.app.inject({ method: 'POST', url: '/auth/recovery-email', payload: { email: actingAdmin.email } });
    const mail = await t.pool.query<{ text: string }>('SELECT text FROM mail_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1', [
      actingAdmin.email,
    ]);
    const hash = /hash=([\w-]+)/.exec(mail.rows[0]!.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { hash, password: 'Reset-Passw0rd' } });
    expect(reset.statusCode).toBe(200);
    expect((await get(asTarget, '/auth/current')).statusCode).toBe(401);
  });
});
