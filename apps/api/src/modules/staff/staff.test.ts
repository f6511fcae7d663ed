import { ROLE_CODES, STAFF_ROLE_CODES, can, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRows,
  createTestApp,
  createUser,
  injectAs,
  login,
  mailsTo,
  sessionCookieOf,
  type TestApp,
  type TestUser,
} from '../../../test/harness.ts';
import { sha256 } from '../auth/index.ts';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
/** A signed-in session of every role but admin, for the refusals. */
const others = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
  for (const role of ROLE_CODES.filter((r) => r !== 'admin')) {
    const user = await createUser(t.db, { role });
    others.set(role, await login(t.app, user.email));
  }
});

afterAll(async () => {
  await t?.close();
});

let counter = 0;
function newAgent(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return { name: 'Lara', surname: `Agent ${counter}`, email: `lara.agent${counter}@example.ch`, role: 'sales_agent', ...overrides };
}

function createStaff(payload: unknown, cookie = adminCookie) {
  return injectAs(t.app, cookie, { method: 'POST', url: '/api/staff', payload: payload as Record<string, unknown> });
}

function get(url: string, cookie = adminCookie) {
  return injectAs(t.app, cookie, { method: 'GET', url });
}

async function userCount(): Promise<number> {
  const res = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return res.rows[0]!.n;
}

async function storedUser(email: string) {
  const res = await t.pool.query<{
    id: number;
    role_id: number;
    name: string;
    surname: string;
    phone: string | null;
    phone_e164: string | null;
    locale: string;
    password_hash: string | null;
    created_by_id: number | null;
    account_id: number | null;
    access_to_clients: string | null;
  }>(
    `SELECT u.id, u.role_id, u.name, u.surname, u.phone, u.phone_e164, u.locale, u.password_hash, u.created_by_id,
            a.id AS account_id, a.access_to_clients
     FROM users u LEFT JOIN accounts a ON a.user_id = u.id WHERE u.email = $1`,
    [email],
  );
  return res.rows;
}

async function invitations(userId: number) {
  const res = await t.pool.query<{ token_hash: string; used_at: Date | null; expires_at: Date }>(
    "SELECT token_hash, used_at, expires_at FROM auth_tokens WHERE kind = 'invitation' AND user_id = $1 ORDER BY id",
    [userId],
  );
  return res.rows;
}

/** The link secret of the newest mail to the address, read from the admin's outbox. */
async function mailedHash(email: string): Promise<string> {
  const [mail] = await mailsTo(t, email);
  const hash = /\/signup\?hash=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!hash) {
    throw new Error(`no signup link in ${mail?.text}`);
  }
  return hash;
}

describe('POST /api/staff', () => {
  it('creates a sales agent without a password, with an account that reaches all clients', async () => {
    const body = newAgent({ email: 'Marco.Rossi@Example.CH', name: ' Marco ', surname: 'Rossi', phone: '079 123 45 67', locale: 'it' });
    const res = await createStaff(body);
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: Record<string, unknown> }>();
    expect(data).toMatchObject({
      name: 'Marco',
      surname: 'Rossi',
      email: 'marco.rossi@example.ch',
      phone: '079 123 45 67',
      role: { id: 3, code: 'sales_agent', abbr: 'sa' },
      locale: 'it',
      is_active: true,
      signed_up: false,
      account_id: expect.any(Number) as unknown,
      // The invitation went out with the creation: for a sales agent, the staff access mail.
      invitation: { user_id: data.id, kind: 'inner_invitation', to: 'marco.rossi@example.ch' },
    });
    expect(Object.keys(data).sort()).toEqual(
      [
        'invitation',
        'account_id',
        'created_at',
        'email',
        'id',
        'is_active',
        'locale',
        'name',
        'phone',
        'role',
        'signed_up',
        'surname',
        'updated_at',
      ].sort(),
    );

    const [row] = await storedUser('marco.rossi@example.ch');
    expect(row).toMatchObject({
      id: data.id,
      role_id: 3,
      phone_e164: '+41791234567',
      locale: 'it',
      password_hash: null,
      created_by_id: admin.id,
      account_id: data.account_id,
      access_to_clients: 'all',
    });
    expect((await auditRows(t, 'staff.created')).at(-1)).toMatchObject({
      actor_id: admin.id,
      target_user_id: data.id,
      details: { role: 'sales_agent' },
    });
    // The mail itself, in the agent's language, with a link; the answer carries no link.
    const mails = await mailsTo(t, 'marco.rossi@example.ch');
    expect(mails.map((m) => m.kind)).toEqual(['inner_invitation']);
    expect(mails[0]?.text).toContain('/signup?hash=');
    expect(res.body).not.toContain('hash=');
    expect(await invitations(data.id as number)).toHaveLength(1);
  });

  it.each<[string, string]>([
    ['partner', 'invitation'],
    ['independent_agent', 'invitation'],
    ['call_agent', 'inner_invitation'],
    ['admin', 'inner_invitation'],
  ])('invites a new %s with the %s mail at once', async (role, kind) => {
    const body = newAgent({ role });
    const res = await createStaff(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { invitation: { kind, to: body.email } } });
    expect((await mailsTo(t, body.email)).map((m) => m.kind)).toEqual([kind]);
  });

  it.each(STAFF_ROLE_CODES)('creates a %s with its account', async (role) => {
    const body = newAgent({ role });
    const res = await createStaff(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { role: { code: role }, locale: 'de', phone: null } });
    const rows = await storedUser(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.account_id).toEqual(expect.any(Number));
  });

  it('answers 409 duplicated email, whatever the case, and writes nothing', async () => {
    const body = newAgent();
    expect((await createStaff(body)).statusCode).toBe(201);
    const before = await userCount();
    const again = await createStaff({ ...body, email: body.email.toUpperCase(), role: 'call_agent' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'duplicated email', field_validation: { email: 'already_taken' } });
    expect(await userCount()).toBe(before);
  });

  it('answers 409 duplicated email for the address of a client', async () => {
    const client = await createUser(t.db, { role: 'user' });
    const res = await createStaff(newAgent({ email: client.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'duplicated email' });
  });

  it.each<[string, unknown, Record<string, string>]>([
    [
      'an empty body',
      {},
      { name: 'field_is_required', surname: 'field_is_required', email: 'field_is_required', role: 'field_is_required' },
    ],
    ['a bad e-mail', newAgent({ email: 'lara@' }), { email: 'invalid_email' }],
    ['the client role', newAgent({ role: 'user' }), { role: 'invalid_value' }],
    ['an unknown role', newAgent({ role: 'boss' }), { role: 'invalid_value' }],
    ['an unknown language', newAgent({ locale: 'fr' }), { locale: 'invalid_value' }],
    ['a bad phone', newAgent({ phone: 'call me' }), { phone: 'invalid_phone' }],
    ['blank names', newAgent({ name: '  ', surname: '' }), { name: 'field_is_required', surname: 'field_is_required' }],
  ])('answers 400 with field_validation to %s and writes nothing', async (_what, body, fields) => {
    const before = await userCount();
    const res = await createStaff(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    expect(await userCount()).toBe(before);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: '/api/staff',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 403 Not allowed. to every other role and 401 without a session, and writes nothing', async () => {
    const before = await userCount();
    for (const [role, cookie] of others) {
      const res = await createStaff(newAgent(), cookie);
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/staff', payload: newAgent() });
    expect(anonymous.statusCode).toBe(401);
    expect(await userCount()).toBe(before);
  });
});

describe('the signup mails', () => {
  async function created(overrides: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
    const body = newAgent(overrides);
    const res = await createStaff(body);
    expect(res.statusCode).toBe(201);
    const id = res.json<{ data: { id: number } }>().data.id;
    // The creation sent the first invitation (tested above); these tests send it again, from a clean slate.
    expect(await mailsTo(t, body.email)).toHaveLength(1);
    await t.pool.query('DELETE FROM mail_outbox WHERE "to" = $1', [body.email]);
    await t.pool.query("DELETE FROM auth_tokens WHERE kind = 'invitation' AND user_id = $1", [id]);
    return { id, email: body.email };
  }

  it('invites a new agent end to end: create, send the signup mail, read the outbox, choose a password, sign in', async () => {
    const agent = await created({ role: 'independent_agent', name: 'Isa', surname: 'Neu', locale: 'en' });
    const sent = await get(`/api/send-signup-mail/${agent.id}`);
    expect(sent.statusCode).toBe(200);
    const { data } = sent.json<{ data: { expires_at: string } }>();
    expect(data).toMatchObject({ user_id: agent.id, kind: 'invitation', to: agent.email });
    const days = (Date.parse(data.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const [mail] = await mailsTo(t, agent.email);
    expect(mail).toMatchObject({ kind: 'invitation', status: 'queued', subject: 'Welcome – choose your password' });
    expect(mail?.text).toContain('Hello Isa Neu');
    expect(mail?.text).toContain('valid for 7 days');
    expect(mail?.text).toContain(`http://bo.test/signup?hash=`);
    const hash = await mailedHash(agent.email);
    // Only the hash of the secret is stored.
    const [token] = await invitations(agent.id);
    expect(token?.token_hash).toBe(sha256(hash));
    expect(JSON.stringify(await invitations(agent.id))).not.toContain(hash);

    const signup = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash, password: 'Agent-Passw0rd' } });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toMatchObject({ data: { id: agent.id, email: agent.email, role: { code: 'independent_agent' } } });
    expect(sessionCookieOf(signup)).toBeDefined();
    const cookie = await login(t.app, agent.email, 'Agent-Passw0rd');
    expect((await get('/auth/current', cookie)).json()).toMatchObject({ data: { id: agent.id } });

    // The list now shows the agent as signed up, and a second invitation is refused.
    const users = await get(`/api/users?roles=independent_agent&search=${encodeURIComponent(agent.email)}`);
    expect(users.json()).toMatchObject({ data: [{ id: agent.id, signed_up: true }], total: 1 });
    const again = await get(`/api/send-signup-mail/${agent.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'ALREADY_SIGNED_UP' });
    expect(await mailsTo(t, agent.email)).toHaveLength(1);
  });

  it('sends the inner signup mail in the language of the employee, German by default', async () => {
    const agent = await created({ role: 'call_agent', name: 'Claudia', surname: 'Meier' });
    const res = await get(`/api/send-inner-signup-mail/${agent.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { kind: 'inner_invitation', to: agent.email } });
    const [mail] = await mailsTo(t, agent.email);
    expect(mail).toMatchObject({ kind: 'inner_invitation', subject: 'Ihr Zugang zum Back Office' });
    expect(mail?.text).toContain('Guten Tag Claudia Meier');
    expect(mail?.text).toContain('Mitarbeiterzugang');
    expect(mail?.text).toContain('gültig 7 Tage');
    expect(mail?.text).not.toContain('ß');
    expect((await auditRows(t, 'staff.invited')).at(-1)).toMatchObject({
      actor_id: admin.id,
      target_user_id: agent.id,
      details: { mail: 'inner_invitation' },
    });

    const hash = await mailedHash(agent.email);
    expect((await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash, password: 'Agent-Passw0rd' } })).statusCode).toBe(
      200,
    );
    await login(t.app, agent.email, 'Agent-Passw0rd');
  });

  it.each<[string, string, string]>([
    ['it', 'Benvenuto – scelga la sua password', 'Buongiorno'],
    ['ru', 'Добро пожаловать – выберите пароль', 'Здравствуйте'],
  ])('writes the signup mail in %s', async (locale, subject, greeting) => {
    const agent = await created({ role: 'partner', locale });
    expect((await get(`/api/send-signup-mail/${agent.id}`)).statusCode).toBe(200);
    const [mail] = await mailsTo(t, agent.email);
    expect(mail?.subject).toBe(subject);
    expect(mail?.text).toContain(greeting);
  });

  it('retires the older link when the mail is sent again: only the newest one works', async () => {
    const agent = await created();
    await get(`/api/send-inner-signup-mail/${agent.id}`);
    const first = await mailedHash(agent.email);
    await get(`/api/send-signup-mail/${agent.id}`);
    const second = await mailedHash(agent.email);
    expect(second).not.toBe(first);
    expect((await invitations(agent.id)).map((i) => i.used_at !== null)).toEqual([true, false]);

    const old = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: first, password: 'Agent-Passw0rd' } });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: 'unknown user hash' });
    const fresh = await t.app.inject({ method: 'POST', url: '/auth/signup', payload: { hash: second, password: 'Agent-Passw0rd' } });
    expect(fresh.statusCode).toBe(200);
  });

  it.each(['/api/send-signup-mail', '/api/send-inner-signup-mail'])(
    '%s answers 409 ALREADY_SIGNED_UP to a user with a password and mails nothing',
    async (path) => {
      const agent = await createUser(t.db, { role: 'sales_agent' });
      const res = await get(`${path}/${agent.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'ALREADY_SIGNED_UP',
        message: expect.stringContaining('Forgot your password?') as unknown,
      });
      expect(await mailsTo(t, agent.email)).toEqual([]);
      expect(await invitations(agent.id)).toEqual([]);
    },
  );

  it.each(['/api/send-signup-mail', '/api/send-inner-signup-mail'])(
    '%s answers 404 UNKNOWN_USER_ID to an id that names nobody',
    async (path) => {
      const res = await get(`${path}/987654`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
    },
  );

  it.each(['/api/send-signup-mail', '/api/send-inner-signup-mail'])('%s answers 400 to an id that is no user id at all', async (path) => {
    for (const id of ['abc', '0', '99999999999']) {
      const res = await get(`${path}/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: 'invalid_value' } });
    }
  });

  it('refuses to invite a blocked user until they are unblocked', async () => {
    const agent = await created();
    expect((await get(`/api/block-account/${agent.id}`)).statusCode).toBe(200);
    const res = await get(`/api/send-signup-mail/${agent.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'ACCOUNT_BLOCKED' });
    expect(await mailsTo(t, agent.email)).toEqual([]);
    expect((await get(`/api/unblock-account/${agent.id}`)).statusCode).toBe(200);
    expect((await get(`/api/send-signup-mail/${agent.id}`)).statusCode).toBe(200);
  });

  it('answers 403 Not allowed. to every other role and 401 without a session, and mails nothing', async () => {
    const agent = await created();
    for (const path of ['/api/send-signup-mail', '/api/send-inner-signup-mail']) {
      for (const [role, cookie] of others) {
        expect(can(role, 'staff.create')).toBe(false);
        const res = await get(`${path}/${agent.id}`, cookie);
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Not allowed.' });
      }
      expect((await t.app.inject({ method: 'GET', url: `${path}/${agent.id}` })).statusCode).toBe(401);
    }
    expect(await mailsTo(t, agent.email)).toEqual([]);
    expect(await invitations(agent.id)).toEqual([]);
  });
});
