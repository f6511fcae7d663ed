import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  createTestApp,
  createUser,
  injectAs,
  login,
  mailsTo,
  outboxFor,
  PASSWORD,
  sessionCookieOf,
  type TestApp,
} from '../../../test/harness.ts';
import { newSecret, sha256 } from './tokens.ts';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
});

afterAll(async () => {
  await t?.close();
});

async function sendCode(email: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/auth/send-code', payload: { email }, headers });
}

/** The six-digit code of the newest signup mail to the address, read from the admin's outbox. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  expect(mail).toMatchObject({ kind: 'signup_code', to: email, status: 'queued' });
  const code = /\b(\d{6})\b/.exec(mail!.text)?.[1];
  if (!code) {
    throw new Error(`no code in ${mail!.text}`);
  }
  return code;
}

async function userRows(email: string) {
  const res = await t.pool.query<{ role_id: number; name: string; surname: string; locale: string }>(
    'SELECT role_id, name, surname, locale FROM users WHERE email = $1',
    [email],
  );
  return res.rows;
}

describe('signup with a mailed code', () => {
  it('mails a six-digit code and creates a signed-in client account with it', async () => {
    const email = 'new.client@example.ch';
    const sent = await sendCode(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true });
    const code = await mailedCode(email);
    // An admin sees that the code went out, never the code itself.
    const [listed] = await outboxFor(t.app, adminCookie, email);
    expect(listed).toMatchObject({ kind: 'signup_code', to: email });
    expect(listed?.text).not.toContain(code);

    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email, code, name: 'Nina', surname: 'Neu', password: 'Client-Passw0rd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { email, name: 'Nina', surname: 'Neu', role: { code: 'user' }, impersonated_by: null } });
    const cookie = sessionCookieOf(res);
    expect(cookie).toBeDefined();
    const current = await injectAs(t.app, cookie!, { method: 'GET', url: '/auth/current' });
    expect(current.json()).toMatchObject({ data: { email, role: { code: 'user' } } });

    expect(await userRows(email)).toEqual([{ role_id: 2, name: 'Nina', surname: 'Neu', locale: 'de' }]);
    await login(t.app, email, 'Client-Passw0rd');
    expect((await auditRows(t, 'auth.signup')).at(-1)).toMatchObject({ details: { via: 'code' } });
  });

  it('writes the code mail in the language of the request', async () => {
    const email = 'english.client@example.ch';
    await sendCode(email, { 'accept-language': 'en-GB,en;q=0.8' });
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('Your confirmation code');
  });

  it('answers 400 wrong code to a wrong code and creates no user; the right code still works', async () => {
    const email = 'careful.client@example.ch';
    await sendCode(email);
    const code = await mailedCode(email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const body = { email, name: 'Carl', surname: 'Careful', password: 'Client-Passw0rd' };

    const wrong = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'wrong code', field_validation: { code: 'invalid_value' } });
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(await userRows(email)).toEqual([]);

    const right = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, code } });
    expect(right.statusCode).toBe(200);
    expect(await userRows(email)).toHaveLength(1);
  });

  it('accepts a code only once', async () => {
    const email = 'twice.client@example.ch';
    await sendCode(email);
    const code = await mailedCode(email);
    const body = { email, code, name: 'Tom', surname: 'Twice', password: 'Client-Passw0rd' };
    expect((await t.app.inject({ method: 'POST', url: '/auth/signup', payload: body })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: body });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'wrong code' });
    expect(await userRows(email)).toHaveLength(1);
  });

  it('accepts only the newest code when several were mailed', async () => {
    const email = 'impatient.client@example.ch';
    await sendCode(email);
    const first = await mailedCode(email);
    await sendCode(email);
    const second = await mailedCode(email);
    const body = { email, name: 'Ida', surname: 'Impatient', password: 'Client-Passw0rd' };
    if (first !== second) {
      const old = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, code: first } });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ error: 'wrong code' });
    }
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { ...body, code: second } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a code mailed to another address', async () => {
    await sendCode('owner.of.code@example.ch');
    const code = await mailedCode('owner.of.code@example.ch');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { email: 'thief@example.ch', code, name: 'T', surname: 'Hief', password: 'Client-Passw0rd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'wrong code' });
    expect(await userRows('thief@example.ch')).toEqual([]);
  });

  it('answers send-code for an existing account exactly as for a new address, and mails the owner a note instead of a code', async () => {
    const existing = await createUser(t.db, { role: 'user' });
    const known = await sendCode(existing.email.toUpperCase());
    const unknown = await sendCode('not.yet.a.client@example.ch');
    expect([known.statusCode, known.body, known.headers['content-type']]).toEqual([
      unknown.statusCode,
      unknown.body,
      unknown.headers['content-type'],
    ]);
    expect(known.statusCode).toBe(200);
    const [note] = await mailsTo(t, existing.email);
    expect(note).toMatchObject({ kind: 'account_exists', subject: 'Sie haben bereits ein Konto' });
    expect(note?.text).toContain(`${t.config.publicUrl}/login`);
    expect(note?.text).toContain(`${t.config.publicUrl}/recovery`);
    expect(note?.text).not.toMatch(/\b\d{6}\b/);
    // No code exists for the address: signing up with any code is refused and the account stays as it was.
    const tokens = await t.pool.query('SELECT 1 FROM auth_tokens WHERE email = $1', [existing.email]);
    expect(tokens.rowCount).toBe(0);
  });

  it('names every missing signup field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { password: 'Client-Passw0rd' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { email: 'field_is_required', code: 'field_is_required', name: 'field_is_required', surname: 'field_is_required' },
    });
  });
});

describe('signup by invitation', () => {
  async function invite(opts: { expiresAt?: Date } = {}) {
    const staff = await createUser(t.db, { role: 'sales_agent', password: null });
    const secret = newSecret();
    await t.pool.query("INSERT INTO auth_tokens (kind, token_hash, user_id, expires_at) VALUES ('invitation', $1, $2, $3)", [
      sha256(secret),
      staff.id,
      opts.expiresAt ?? new Date(Date.now() + 3600_000),
    ]);
    return { staff, secret };
  }

  it('sets the password of the invited staff member and signs them in, once', async () => {
    const { staff, secret } = await invite();
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: secret, password: 'Staff-Passw0rd' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: staff.id, email: staff.email, role: { code: 'sales_agent' } } });
    const cookie = sessionCookieOf(res);
    expect((await injectAs(t.app, cookie!, { method: 'GET', url: '/auth/current' })).json()).toMatchObject({ data: { id: staff.id } });
    await login(t.app, staff.email, 'Staff-Passw0rd');
    expect((await auditRows(t, 'auth.signup')).at(-1)).toMatchObject({ actor_id: staff.id, details: { via: 'invitation' } });

    const again = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: secret, password: 'Other-Passw0rd' } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'unknown user hash' });
    // The second attempt changed nothing.
    await login(t.app, staff.email, 'Staff-Passw0rd');
  });

  it('never overwrites a password chosen since the invitation was mailed', async () => {
    const { staff, secret } = await invite();
    const other = await createUser(t.db, { role: 'user' });
    await t.pool.query('UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE id = $2', [
      other.id,
      staff.id,
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: secret, password: 'Taken-Over-1' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'ALREADY_SIGNED_UP' });
    expect(sessionCookieOf(res)).toBeUndefined();
    await login(t.app, staff.email, PASSWORD);
  });

  it('answers 404 unknown user hash to an unknown hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: newSecret(), password: PASSWORD } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'unknown user hash' });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('answers 404 unknown user hash to an expired invitation', async () => {
    const { staff, secret } = await invite({ expiresAt: new Date(Date.now() - 1000) });
    const res = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: secret, password: 'Staff-Passw0rd' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'unknown user hash' });
    const row = await t.pool.query('SELECT password_hash FROM users WHERE id = $1', [staff.id]);
    expect(row.rows[0]).toEqual({ password_hash: null });
  });
});

describe('guessing signup codes', () => {
  let small: TestApp;

  beforeAll(async () => {
    small = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
  });

  afterAll(async () => {
    await small?.close();
  });

  it('counts wrong codes as failed sign-ins and answers 429 IP blocked, even to the right code', async () => {
    const email = 'guessed@example.ch';
    expect((await small.app.inject({ method: 'POST', url: '/auth/send-code', payload: { email } })).statusCode).toBe(200);
    const [mail] = await mailsTo(small, email);
    const code = /\b(\d{6})\b/.exec(mail!.text)?.[1] ?? '';
    const wrong = code === '000000' ? '000001' : '000000';
    const attempt = (c: string) =>
      small.app.inject({
        method: 'POST',
        url: '/auth/signup',
        remoteAddress: '10.9.9.9',
        payload: { email, code: c, name: 'Gina', surname: 'Guess', password: 'Client-Passw0rd' },
      });
    for (let i = 0; i < 3; i += 1) {
      const res = await attempt(wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'wrong code' });
    }
    const blocked = await attempt(code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'IP blocked' });
    const users = await small.pool.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(users.rowCount).toBe(0);
  });
});
