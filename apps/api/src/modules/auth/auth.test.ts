import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  createTestApp,
  createUser,
  injectAs,
  login,
  PASSWORD,
  sessionCookieOf,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { sha256 } from './tokens.ts';

const MAX_FAILURES = 3;
const MAX_FAILURES_PER_ADDRESS = 6;

let t: TestApp;
let agent: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_MAX_FAILURES_PER_ADDRESS: String(MAX_FAILURES_PER_ADDRESS) },
  });
  agent = await createUser(t.db, { role: 'call_agent', name: 'Claudia', surname: 'Meier' });
});

afterAll(async () => {
  await t?.close();
});

function postLogin(payload: unknown, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object, remoteAddress });
}

async function sessionCount(userId: number): Promise<number> {
  const res = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]);
  return res.rows[0]!.n;
}

describe('sign-in', () => {
  it('sets an httpOnly sid cookie and answers the user with their role', async () => {
    const res = await postLogin({ email: agent.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, unknown> }>();
    expect(body.data).toMatchObject({
      id: agent.id,
      email: agent.email,
      name: 'Claudia',
      surname: 'Meier',
      role: { id: 4, code: 'call_agent', abbr: 'ca' },
      is_active: true,
      impersonated_by: null,
    });
    expect(body.data).not.toHaveProperty('password_hash');
    expect(body.data).not.toHaveProperty('passwordHash');

    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    // The table keeps only the hash of the cookie's token.
    const stored = await t.pool.query('SELECT user_id FROM sessions WHERE id = $1', [sha256(sid!.value)]);
    expect(stored.rows).toEqual([{ user_id: agent.id }]);
    const audited = await auditRows(t, 'auth.login');
    expect(audited.at(-1)).toMatchObject({ actor_id: agent.id, ip: '127.0.0.1' });
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await postLogin({ email: agent.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { id: number } }>().data.id).toBe(agent.id);
  });

  it('answers 401 wrong password for a wrong password, sets no cookie and records the failure', async () => {
    const res = await postLogin({ email: agent.email, password: 'not-the-password' }, '198.51.100.1');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'wrong password' });
    expect(sessionCookieOf(res)).toBeUndefined();
    const failures = await t.pool.query('SELECT email FROM login_failures WHERE ip = $1', ['198.51.100.1']);
    expect(failures.rows).toEqual([{ email: agent.email }]);
    const audited = await auditRows(t, 'auth.login_failed');
    expect(audited.at(-1)).toMatchObject({ actor_id: agent.id, ip: '198.51.100.1' });
  });

  it('answers the same 401 wrong password for an unknown e-mail', async () => {
    const res = await postLogin({ email: 'nobody@test.local', password: PASSWORD }, '198.51.100.2');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'wrong password' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('answers 401 wrong password for an invited user who has no password yet', async () => {
    const invited = await createUser(t.db, { role: 'sales_agent', password: null });
    const res = await postLogin({ email: invited.email, password: PASSWORD }, '198.51.100.3');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'wrong password' });
  });

  it('answers 429 IP blocked after too many failed sign-ins, even to the right password', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const res = await postLogin({ email: agent.email, password: `wrong-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const before = await sessionCount(agent.id);
    const blocked = await postLogin({ email: agent.email, password: PASSWORD }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'IP blocked' });
    expect(sessionCookieOf(blocked)).toBeUndefined();
    expect(await sessionCount(agent.id)).toBe(before);
    const audited = await auditRows(t, 'auth.ip_blocked');
    expect(audited).toEqual([{ actor_id: null, action: 'auth.ip_blocked', target_user_id: null, ip, details: null }]);

    // Another address is not affected.
    const elsewhere = await postLogin({ email: agent.email, password: PASSWORD }, '203.0.113.8');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts failures per account and address: a colleague behind the same address still signs in', async () => {
    const office = '203.0.113.20';
    const colleague = await createUser(t.db, { role: 'sales_agent' });
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await postLogin({ email: agent.email, password: `wrong-${i}` }, office)).statusCode).toBe(401);
    }
    expect((await postLogin({ email: agent.email, password: PASSWORD }, office)).statusCode).toBe(429);
    const res = await postLogin({ email: colleague.email, password: PASSWORD }, office);
    expect(res.statusCode).toBe(200);
  });

  it('answers 429 IP blocked to an address that fails on many accounts, even for an account it never tried', async () => {
    const sprayer = '203.0.113.21';
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i += 1) {
      expect((await postLogin({ email: `guess-${i}@test.local`, password: 'Spring2024!' }, sprayer)).statusCode).toBe(401);
    }
    const blocked = await postLogin({ email: agent.email, password: PASSWORD }, sprayer);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'IP blocked' });
  });

  it('forgets failures older than the window', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await postLogin({ email: agent.email, password: `wrong-${i}` }, ip)).statusCode).toBe(401);
    }
    await t.pool.query("UPDATE login_failures SET created_at = now() - interval '1 day' WHERE ip = $1", [ip]);
    const res = await postLogin({ email: agent.email, password: PASSWORD }, ip);
    expect(res.statusCode).toBe(200);
  });
});

describe('malformed sign-in requests', () => {
  it('answers 400 VALIDATION_ERROR naming each bad field', async () => {
    const res = await postLogin({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { email: 'invalid_email', password: 'field_is_required' },
    });
  });

  it('answers 400 field_is_required for missing fields', async () => {
    const res = await postLogin({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { email: 'field_is_required', password: 'field_is_required' },
    });
  });

  it('answers 400, never 500, to invalid JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.ch", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('answers 400 to a JSON body that is not an object', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('answers 400 to a plain-text body and 415 to a media type it does not read', async () => {
    const text = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    const xml = await t.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });
});

describe('session', () => {
  it('answers 401 unauthorized on /auth/current without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers the signed-in user on /auth/current', async () => {
    const cookie = await login(t.app, agent.email);
    const res = await injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: agent.id, role: { code: 'call_agent' }, impersonated_by: null } });
  });

  it('ends the session on logout: the cookie is cleared and no longer works', async () => {
    const cookie = await login(t.app, agent.email);
    const token = cookie.slice('sid='.length);
    const res = await injectAs(t.app, cookie, { method: 'GET', url: '/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    const stored = await t.pool.query('SELECT 1 FROM sessions WHERE id = $1', [sha256(token)]);
    expect(stored.rowCount).toBe(0);

    const after = await injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'unauthorized' });
  });

  it('refuses an expired session', async () => {
    const cookie = await login(t.app, agent.email);
    await t.pool.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [sha256(cookie.slice(4))]);
    const res = await injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });
    expect(res.statusCode).toBe(401);
  });
});

describe('edit-current', () => {
  it('saves the profile fields, and a new GET /auth/current shows them', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const cookie = await login(t.app, user.email);
    const res = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: {
        name: 'Maria',
        surname: 'Muster',
        city: 'Bern',
        zipcode: '3011',
        address: 'Bundesplatz 3',
        phone: '044 123 45 67',
        gender: 'female',
        locale: 'en',
        theme_colour: 'royalBlue',
      },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: user.id,
      name: 'Maria',
      surname: 'Muster',
      city: 'Bern',
      zipcode: '3011',
      address: 'Bundesplatz 3',
      phone: '044 123 45 67',
      gender: 'female',
      locale: 'en',
      theme_colour: 'royalBlue',
      email: user.email,
    };
    expect(res.json()).toMatchObject({ data: expected });

    const again = await injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });
    expect(again.json()).toMatchObject({ data: expected });
    const row = await t.pool.query('SELECT phone_e164, city FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ phone_e164: '+41441234567', city: 'Bern' });
  });

  it('clears a text field sent empty', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const cookie = await login(t.app, user.email);
    await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { city: 'Basel' } });
    const res = await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { city: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { city: null } });
  });

  it('answers 400 with field_validation to a bad zipcode and changes nothing', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const cookie = await login(t.app, user.email);
    const res = await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { name: 'Changed', zipcode: '12' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { zipcode: 'invalid_value' } });
    const row = await t.pool.query('SELECT name FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ name: user.name });
  });

  it('changes the password only with the right current password', async () => {
    const user = await createUser(t.db, { role: 'partner' });
    const cookie = await login(t.app, user.email);

    const missing = await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { new_password: 'New-Passw0rd' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { current_password: 'field_is_required' } });

    const wrong = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { current_password: 'not-it', new_password: 'New-Passw0rd' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'wrong password', field_validation: { current_password: 'invalid_value' } });
    // A mistyped current password does not end the session, and the old password still works.
    expect((await injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' })).statusCode).toBe(200);
    await login(t.app, user.email, PASSWORD);

    const right = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { current_password: PASSWORD, new_password: 'New-Passw0rd' },
    });
    expect(right.statusCode).toBe(200);
    await login(t.app, user.email, 'New-Passw0rd');
    const old = await postLogin({ email: user.email, password: PASSWORD }, '198.51.100.20');
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'wrong password' });
    const audited = await auditRows(t, 'auth.password_changed');
    expect(audited.map((r) => r.actor_id)).toContain(user.id);
  });

  it('answers 409 duplicated email for an address another user has, and keeps the own one', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const cookie = await login(t.app, user.email);
    const res = await injectAs(t.app, cookie, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { name: 'Renamed', email: agent.email.toUpperCase(), current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'duplicated email', field_validation: { email: 'already_taken' } });
    const row = await t.pool.query('SELECT email, name FROM users WHERE id = $1', [user.id]);
    expect(row.rows[0]).toEqual({ email: user.email, name: user.name });
  });

  it('lets a user keep their own e-mail address', async () => {
    const user = await createUser(t.db, { role: 'sales_agent' });
    const cookie = await login(t.app, user.email);
    const res = await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const upper = await injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload: { email: user.email.toUpperCase() } });
    expect(upper.statusCode).toBe(200);
  });

  it('changes the e-mail address only with the right current password, and changes nothing else without it', async () => {
    const user = await createUser(t.db, { role: 'user' });
    const cookie = await login(t.app, user.email);
    const edit = (payload: Record<string, unknown>) => injectAs(t.app, cookie, { method: 'PUT', url: '/auth/edit-current', payload });
    const stored = async () => (await t.pool.query('SELECT email, name FROM users WHERE id = $1', [user.id])).rows[0] as unknown;

    const missing = await edit({ name: 'Taken', email: 'taker@example.ch' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { current_password: 'field_is_required' } });
    expect(await stored()).toEqual({ email: user.email, name: user.name });

    const wrong = await edit({ name: 'Taken', email: 'taker@example.ch', current_password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'wrong password', field_validation: { current_password: 'invalid_value' } });
    expect(await stored()).toEqual({ email: user.email, name: user.name });

    const right = await edit({ email: 'Owner.New@Example.ch', current_password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ data: { email: 'owner.new@example.ch' } });
    await login(t.app, 'owner.new@example.ch');
  });

  it('ends the other sessions of the user when the password changes, and keeps this one', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    const here = await login(t.app, user.email);
    const elsewhere = await login(t.app, user.email);
    const other = await login(t.app, agent.email);
    const current = (cookie: string) => injectAs(t.app, cookie, { method: 'GET', url: '/auth/current' });
    // Seen once, so this process holds the sessions in its cache too.
    expect((await current(elsewhere)).statusCode).toBe(200);

    const res = await injectAs(t.app, here, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { current_password: PASSWORD, new_password: 'Other-Passw0rd' },
    });
    expect(res.statusCode).toBe(200);
    expect((await current(elsewhere)).statusCode).toBe(401);
    expect((await current(here)).statusCode).toBe(200);
    expect((await current(other)).statusCode).toBe(200);
    expect(await sessionCount(user.id)).toBe(1);

    // A profile change without a new password ends nothing.
    const again = await login(t.app, user.email, 'Other-Passw0rd');
    expect((await injectAs(t.app, here, { method: 'PUT', url: '/auth/edit-current', payload: { name: 'Renamed' } })).statusCode).toBe(200);
    expect((await current(again)).statusCode).toBe(200);
  });
});
