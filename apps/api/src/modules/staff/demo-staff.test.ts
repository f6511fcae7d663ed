import { createStaffBody, type AccountDto, type AgentDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../auth/index.ts';
import { DEMO_STAFF, seedDemoStaff } from '../../db/seed/staff.ts';

const PASSWORD = 'Demo1234!';
let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
  await seedDemoStaff(t.db, await hashPassword(PASSWORD), admin.id);
});

afterAll(async () => {
  await t?.close();
});

async function list<T>(url: string): Promise<{ data: T[]; total: number }> {
  const res = await injectAs(t.app, adminCookie, { method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: T[]; total: number }>();
}

describe('demo staff', () => {
  it.each(DEMO_STAFF.map((s) => [`${s.name} ${s.surname}`, s] as const))('%s passes the rules of the create-agent form', (_name, s) => {
    const email = `${s.name}.${s.surname}@demo.test`.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    expect(
      createStaffBody.safeParse({ name: s.name, surname: s.surname, email, phone: s.phone, role: s.role, locale: s.locale }).success,
    ).toBe(true);
  });

  it('gives every staff role a few people, some of them blocked', async () => {
    const roles = new Set(DEMO_STAFF.map((s) => s.role));
    expect(roles.size).toBe(7);
    const accounts = await list<AccountDto>('/api/accounts?search=demo.test');
    expect(accounts.total).toBe(DEMO_STAFF.length);
    expect(accounts.data.filter((a) => !a.user.is_active).map((a) => a.user.surname)).toEqual(['Baumann', 'Dubois', 'Widmer']);
    expect(accounts.data.find((a) => a.user.surname === 'Bianchi')).toMatchObject({
      access_to_clients: 'b2b',
      telephony_user_id: '810235',
      telephony_number: '+41 91 922 15 60',
    });
  });

  it('fills the agent lists, blocked agents marked inactive', async () => {
    const sales = await list<AgentDto>('/api/sales-agents');
    expect(sales.data).toEqual([
      { id: expect.any(Number) as unknown, name: 'Nadia Gerber', is_active: true },
      { id: expect.any(Number) as unknown, name: 'Sandra Huber', is_active: true },
      { id: expect.any(Number) as unknown, name: 'Luca Rossi', is_active: true },
      { id: expect.any(Number) as unknown, name: 'Thomas Widmer', is_active: false },
    ]);
    expect((await list<AgentDto>('/api/call-agents?is_active=true')).data.map((a) => a.name)).toEqual(['Elena Bianchi', 'Fabienne Rochat']);
  });

  it('lets the signed-up demo staff sign in, and not the blocked or the merely invited', async () => {
    await login(t.app, 'luca.rossi@demo.test', PASSWORD);
    await login(t.app, 'beat.zurcher@demo.test', PASSWORD);
    for (const [email, status] of [
      ['thomas.widmer@demo.test', 403],
      ['nadia.gerber@demo.test', 401],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: PASSWORD },
        remoteAddress: '198.51.100.77',
      });
      expect(res.statusCode, email).toBe(status);
    }
    const invited = await list<{ surname: string; signed_up: boolean }>('/api/users?search=demo.test&is_active=true');
    expect(
      invited.data
        .filter((u) => !u.signed_up)
        .map((u) => u.surname)
        .sort(),
    ).toEqual(['Conti', 'Gerber', 'Perrin']);
  });
});
