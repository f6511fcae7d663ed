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
  type TestApp,
} from '../../../test/harness.ts';
import { sha256 } from './tokens.ts';

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

function requestRecovery(email: string) {
  return t.app.inject({ method: 'POST', url: '/auth/recovery-email', payload: { email } });
}

function resetPassword(hash: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/auth/reset-password', payload: { hash, password } });
}

/** The hash of the newest recovery link mailed to the address. */
async function mailedHash(email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  expect(mail).toMatchObject({ kind: 'recovery', to: email });
  const hash = /\/reset-password\?hash=([\w-]+)/.exec(mail!.text)?.[1];
  if (!hash) {
    throw new Error(`no recovery link in ${mail!.text}`);
  }
  return hash;
}

async function outboxCount(): Promise<number> {
  const res = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
  return res.rows[0]!.n;
}

describe('password recovery', () => {
  it('mails a link whose hash sets a new password and ends the sessions of the user', async () => {
    const user = await createUser(t.db, { role: 'call_agent', name: 'Rita' });
    const oldSession = await login(t.app, user.email);

    const res = await requestRecovery(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await mailsTo(t, user.email);
    expect(mail?.text).toContain('Guten Tag Rita');
    expect(mail?.text).toContain(`${t.config.publicUrl}/reset-password?hash=`);
    const hash = await mailedHash(user.email);
    // An admin sees that the link went out, never the link itself.
    const [listed] = await outboxFor(t.app, adminCookie, user.email);
    expect(listed).toMatchObject({ kind: 'recovery', to: user.email });
    expect(listed?.text).toContain(`${t.config.publicUrl}/reset-password?hash=••••••`);
    expect(listed?.text).not.toContain(hash);

    const reset = await resetPassword(hash, 'Brand-New-Passw0rd');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });

    await login(t.app, user.email, 'Brand-New-Passw0rd');
    const old = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: '198.51.100.30',
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ error: 'wrong password' });

    const stale = await injectAs(t.app, oldSession, { method: 'GET', url: '/auth/current' });
    expect(stale.statusCode).toBe(401);
    expect((await auditRows(t, 'auth.password_reset')).at(-1)).toMatchObject({ actor_id: user.id });
  });

  it('answers 400 wrong recovery hash when the same hash is used again', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    await requestRecovery(user.email);
    const hash = await mailedHash(user.email);
    expect((await resetPassword(hash, 'First-New-Passw0rd')).statusCode).toBe(200);

    const again = await resetPassword(hash, 'Second-New-Passw0rd');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'wrong recovery hash' });
    await login(t.app, user.email, 'First-New-Passw0rd');
  });

  it('answers 400 wrong recovery hash to an expired hash and keeps the password', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    await requestRecovery(user.email);
    const hash = await mailedHash(user.email);
    await t.pool.query("UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = $1", [sha256(hash)]);

    const res = await resetPassword(hash, 'Too-Late-Passw0rd');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'wrong recovery hash' });
    await login(t.app, user.email, PASSWORD);
  });

  it('answers 400 wrong recovery hash to a hash that was never mailed', async () => {
    const res = await resetPassword('made-up-hash', 'Whatever-Passw0rd');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'wrong recovery hash' });
  });

  it('keeps only the newest link working', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    await requestRecovery(user.email);
    const first = await mailedHash(user.email);
    await requestRecovery(user.email);
    const second = await mailedHash(user.email);
    expect(second).not.toBe(first);
    expect((await resetPassword(first, 'Old-Link-Passw0rd')).json()).toEqual({ error: 'wrong recovery hash' });
    expect((await resetPassword(second, 'New-Link-Passw0rd')).statusCode).toBe(200);
  });

  it('answers 200 to an unknown e-mail and queues nothing', async () => {
    const before = await outboxCount();
    const res = await requestRecovery('nobody.here@example.ch');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await outboxCount()).toBe(before);
  });

  it('answers 200 to a blocked account and queues nothing', async () => {
    const blocked = await createUser(t.db, { role: 'call_agent', isActive: false });
    const before = await outboxCount();
    const res = await requestRecovery(blocked.email);
    expect(res.statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
  });

  it('answers 400 to a new password that is too short', async () => {
    const res = await resetPassword('some-hash', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { password: 'too_short' } });
  });
});
