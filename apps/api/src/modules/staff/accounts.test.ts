import { ROLE_CODES, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
const cookies = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const [i, role] of ROLE_CODES.entries()) {
    const user = await createUser(t.db, { role, name: 'Q', surname: 'Qq', email: `q${i}@q.qq` });
    cookies.set(role, await login(t.app, user.email));
    if (role === 'admin') {
      admin = user;
    }
  }
  adminCookie = cookies.get('admin')!;
});

afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, cookie = adminCookie) {
  return injectAs(t.app, cookie, { method, url, payload: payload as Record<string, unknown> | undefined });
}

interface AccountRow {
  id: number;
  user: { id: number; name: string; surname: string; email: string | null; role: { code: string }; is_active: boolean };
  access_to_clients: string;
  telephony_user_id: string | null;
  telephony_number: string | null;
  can_block: boolean;
}

async function accountOf(
  userId: number,
): Promise<{ id: number; access_to_clients: string; telephony_user_id: string | null; telephony_number: string | null }> {
  const res = await t.pool.query<{
    id: number;
    access_to_clients: string;
    telephony_user_id: string | null;
    telephony_number: string | null;
  }>('SELECT id, access_to_clients, telephony_user_id, telephony_number FROM accounts WHERE user_id = $1', [userId]);
  return res.rows[0]!;
}

async function staff(role: RoleCode, name: string, surname: string, opts: { isActive?: boolean } = {}) {
  const user = await createUser(t.db, { role, name, surname, isActive: opts.isActive });
  return { user, account: await accountOf(user.id) };
}

describe('GET /api/accounts', () => {
  let claudia: Awaited<ReturnType<typeof staff>>;
  let marco: Awaited<ReturnType<typeof staff>>;
  let sara: Awaited<ReturnType<typeof staff>>;

  beforeAll(async () => {
    claudia = await staff('call_agent', 'Claudia', 'Meier');
    marco = await staff('sales_agent', 'Marco', 'Bernasconi');
    sara = await staff('sales_agent', 'Sara', 'Arnold', { isActive: false });
    await createUser(t.db, { role: 'user', name: 'Carla', surname: 'Meier' });
  });

  it('lists the accounts of staff by name, 100 a page, with the user and the settings; clients have none', async () => {
    const res = await call('GET', '/api/accounts?search=a');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: AccountRow[]; total: number; limit: number; offset: number }>();
    expect(body).toMatchObject({ total: 3, limit: 100, offset: 0 });
    expect(body.data.map((a) => a.user.surname)).toEqual(['Arnold', 'Bernasconi', 'Meier']);
    expect(body.data[2]).toEqual({
      id: claudia.account.id,
      user: {
        id: claudia.user.id,
        name: 'Claudia',
        surname: 'Meier',
        email: claudia.user.email,
        role: { id: 4, code: 'call_agent', abbr: 'ca' },
        is_active: true,
        // Made by the factory with a password: the account page offers no invitation.
        signed_up: true,
      },
      access_to_clients: 'all',
      telephony_user_id: null,
      telephony_number: null,
      updated_at: expect.any(String) as unknown,
      can_block: true,
    });
    expect(body.data[0]?.user.is_active).toBe(false);
  });

  it('filters by role, activity and search, and pages', async () => {
    const sales = await call('GET', '/api/accounts?roles=sales_agent&search=a');
    expect(sales.json<{ data: AccountRow[] }>().data.map((a) => a.id)).toEqual([sara.account.id, marco.account.id]);
    const active = await call('GET', '/api/accounts?roles=sales_agent,call_agent&is_active=true&search=a');
    expect(active.json<{ data: AccountRow[] }>().data.map((a) => a.id)).toEqual([marco.account.id, claudia.account.id]);
    const page = await call('GET', '/api/accounts?limit=1&offset=1&search=a');
    expect(page.json()).toMatchObject({ total: 3, limit: 1, offset: 1, data: [{ id: marco.account.id }] });
    const byRole = await call('GET', '/api/accounts?orderBy=role&orderMethod=desc&search=a');
    expect(byRole.json<{ data: AccountRow[] }>().data.map((a) => a.user.role.code)).toEqual(['call_agent', 'sales_agent', 'sales_agent']);
  });

  it('marks the own account as one the admin cannot block', async () => {
    const res = await call('GET', `/api/accounts?roles=admin&search=q0`);
    expect(res.json()).toMatchObject({ data: [{ user: { id: admin.id }, can_block: false }], total: 1 });
  });

  it('shows a block and an unblock in is_active of the row', async () => {
    expect((await call('GET', `/api/block-account/${marco.user.id}`)).json()).toEqual({ data: { id: marco.user.id, is_active: false } });
    const blocked = await call('GET', '/api/accounts?search=bernasconi');
    expect(blocked.json()).toMatchObject({ data: [{ user: { id: marco.user.id, is_active: false } }] });
    await call('GET', `/api/unblock-account/${marco.user.id}`);
    const unblocked = await call('GET', '/api/accounts?search=bernasconi');
    expect(unblocked.json()).toMatchObject({ data: [{ user: { id: marco.user.id, is_active: true } }] });
  });

  it.each<[string, Record<string, string>]>([
    ['roles=user', { 'roles.0': 'invalid_value' }],
    ['orderBy=access_to_clients', { orderBy: 'invalid_value' }],
    ['limit=1000', { limit: 'too_long' }],
  ])('answers 400 with field_validation to %s', async (query, fields) => {
    const res = await call('GET', `/api/accounts?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });
});

describe('GET /api/users-with-accounts', () => {
  it('lists staff users with their account settings', async () => {
    const { user, account } = await staff('prom_agent', 'Pia', 'Promo');
    await call('PUT', `/api/account/${account.id}`, {
      access_to_clients: 'b2c',
      telephony_user_id: '77',
      telephony_number: '044 555 66 77',
    });
    const res = await call('GET', '/api/users-with-accounts?roles=prom_agent&search=promo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      data: [
        {
          id: user.id,
          name: 'Pia',
          surname: 'Promo',
          role: { code: 'prom_agent' },
          is_active: true,
          signed_up: true,
          account: { id: account.id, access_to_clients: 'b2c', telephony_user_id: '77', telephony_number: '044 555 66 77' },
        },
      ],
    });
  });

  it('answers 400 to the client role', async () => {
    expect((await call('GET', '/api/users-with-accounts?roles=user')).statusCode).toBe(400);
  });
});

describe('GET and PUT /api/account/{id}', () => {
  it('saves the access to clients and the telephony settings, which a reload shows', async () => {
    const { user, account } = await staff('call_agent', 'Tina', 'Telefon');
    const res = await call('PUT', `/api/account/${account.id}`, {
      access_to_clients: 'b2b',
      telephony_user_id: ' 123456 ',
      telephony_number: '+41 44 123 45 67',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        id: account.id,
        user: { id: user.id },
        access_to_clients: 'b2b',
        telephony_user_id: '123456',
        telephony_number: '+41 44 123 45 67',
      },
    });
    const reloaded = await call('GET', `/api/account/${account.id}`);
    expect(reloaded.statusCode).toBe(200);
    expect(reloaded.json()).toEqual(res.json());
    expect(await accountOf(user.id)).toMatchObject({
      access_to_clients: 'b2b',
      telephony_user_id: '123456',
      telephony_number: '+41 44 123 45 67',
    });
    expect((await auditRows(t, 'account.updated')).at(-1)).toMatchObject({
      actor_id: admin.id,
      target_user_id: user.id,
      details: {
        account_id: account.id,
        changes: {
          accessToClients: { from: 'all', to: 'b2b' },
          telephonyUserId: { from: null, to: '123456' },
          telephonyNumber: { from: null, to: '+41 44 123 45 67' },
        },
      },
    });

    // Empty texts (or nulls) clear the telephony settings.
    const cleared = await call('PUT', `/api/account/${account.id}`, {
      access_to_clients: 'none',
      telephony_user_id: '',
      telephony_number: null,
    });
    expect(cleared.json()).toMatchObject({ data: { access_to_clients: 'none', telephony_user_id: null, telephony_number: null } });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['an empty body', {}, { access_to_clients: 'field_is_required' }],
    ['an unknown access', { access_to_clients: 'some' }, { access_to_clients: 'invalid_value' }],
    ['a telephony id with spaces', { access_to_clients: 'all', telephony_user_id: 'a b' }, { telephony_user_id: 'invalid_value' }],
    ['a bad telephony number', { access_to_clients: 'all', telephony_number: 'ring ring' }, { telephony_number: 'invalid_phone' }],
  ])('answers 400 with field_validation to %s and changes nothing', async (_what, body, fields) => {
    const { user, account } = await staff('sales_agent', 'Ueli', 'Unverändert');
    const res = await call('PUT', `/api/account/${account.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
    expect(await accountOf(user.id)).toEqual(account);
  });

  it('answers 404 UNKNOWN_ACCOUNT_ID to an id that names no account', async () => {
    const put = await call('PUT', '/api/account/987654', { access_to_clients: 'all' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ error: 'UNKNOWN_ACCOUNT_ID' });
    const get = await call('GET', '/api/account/987654');
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ error: 'UNKNOWN_ACCOUNT_ID' });
    for (const id of ['abc', '99999999999']) {
      const res = await call('GET', `/api/account/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { id: 'invalid_value' } });
    }
  });
});

describe('POST /api/user-accessibility', () => {
  it('sets the access to clients of the user’s account', async () => {
    const { user, account } = await staff('sales_agent', 'Andrea', 'Access');
    const res = await call('POST', '/api/user-accessibility', { userId: user.id, access: 'b2c' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { id: account.id, user: { id: user.id }, access_to_clients: 'b2c' } });
    expect((await accountOf(user.id)).access_to_clients).toBe('b2c');
    expect((await auditRows(t, 'account.updated')).at(-1)).toMatchObject({
      target_user_id: user.id,
      details: { changes: { accessToClients: { from: 'all', to: 'b2c' } } },
    });
    // The telephony settings stay as they were.
    expect(await accountOf(user.id)).toMatchObject({ telephony_user_id: null, telephony_number: null });
  });

  it('opens the account of a staff user who has none yet', async () => {
    const user = await createUser(t.db, { role: 'call_agent' });
    await t.pool.query('DELETE FROM accounts WHERE user_id = $1', [user.id]);
    const res = await call('POST', '/api/user-accessibility', { userId: user.id, access: 'none' });
    expect(res.statusCode).toBe(200);
    expect((await accountOf(user.id)).access_to_clients).toBe('none');
  });

  it('answers 404 UNKNOWN_USER_ID to a user id that names nobody', async () => {
    const res = await call('POST', '/api/user-accessibility', { userId: 987654, access: 'all' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
  });

  it('answers 400 for a client, who has no account, and opens none', async () => {
    const client = await createUser(t.db, { role: 'user' });
    const res = await call('POST', '/api/user-accessibility', { userId: client.id, access: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { userId: 'invalid_value' } });
    expect((await t.pool.query('SELECT 1 FROM accounts WHERE user_id = $1', [client.id])).rowCount).toBe(0);
  });

  it.each<[unknown, Record<string, string>]>([
    [{}, { userId: 'field_is_required', access: 'field_is_required' }],
    [{ userId: 'five', access: 'all' }, { userId: 'invalid_value' }],
    [{ userId: 5, access: 'everything' }, { access: 'invalid_value' }],
    [{ userId: 99_999_999_999, access: 'all' }, { userId: 'invalid_value' }],
  ])('answers 400 with field_validation to %j', async (body, fields) => {
    const res = await call('POST', '/api/user-accessibility', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });
});

describe('who may manage accounts', () => {
  it('answers 403 Not allowed. to every role but admin and 401 without a session, and changes nothing', async () => {
    const { user, account } = await staff('sales_agent', 'Rita', 'Refused');
    const requests: [method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/accounts'],
      ['GET', '/api/users-with-accounts'],
      ['GET', `/api/account/${account.id}`],
      ['PUT', `/api/account/${account.id}`, { access_to_clients: 'none' }],
      ['POST', '/api/user-accessibility', { userId: user.id, access: 'none' }],
    ];
    for (const [method, url, body] of requests) {
      for (const role of ROLE_CODES.filter((r) => r !== 'admin')) {
        const res = await call(method, url, body, cookies.get(role));
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Not allowed.' });
      }
      expect((await t.app.inject({ method, url, payload: body as Record<string, unknown> | undefined })).statusCode).toBe(401);
    }
    expect(await accountOf(user.id)).toEqual(account);
  });
});
