import type { ClientFlags, ClientListDto, ClientRecordDto, RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';

/** What the screens decide their actions by: the flags the server answers with each client, per viewer. */
let t: TestApp;
const cookies = new Map<RoleCode, string>();
let clientId = 0;
let otherId = 0;

function as(role: RoleCode, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return injectAs(t.app, cookies.get(role)!, { method, url, payload });
}

const flagsOf = (dto: ClientFlags): ClientFlags => ({
  can_edit: dto.can_edit,
  can_delete: dto.can_delete,
  can_merge: dto.can_merge,
  can_call: dto.can_call,
  can_book: dto.can_book,
  can_assign_agent: dto.can_assign_agent,
  can_see_events: dto.can_see_events,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent'] as const) {
    cookies.set(role, await login(t.app, (await createUser(t.db, { role })).email));
  }
  const made = await as('admin', 'POST', '/api/user', { name: 'Flora', surname: 'Flaggen', mobile_phone: '079 611 22 33' });
  expect(made.statusCode, made.body).toBe(201);
  clientId = made.json<{ data: ClientRecordDto }>().data.id;
  const other = await as('admin', 'POST', '/api/user', { name: 'Fritz', surname: 'Flaggen', mobile_phone: '079 611 22 44' });
  otherId = other.json<{ data: ClientRecordDto }>().data.id;
});

afterAll(async () => {
  await t.close();
});

describe('can_* flags: what the viewer may do with a client, answered with it', () => {
  it.each<[RoleCode, ClientFlags]>([
    [
      'admin',
      { can_edit: true, can_delete: true, can_merge: true, can_call: true, can_book: true, can_assign_agent: true, can_see_events: true },
    ],
    [
      'call_agent',
      { can_edit: true, can_delete: false, can_merge: false, can_call: true, can_book: true, can_assign_agent: true, can_see_events: true },
    ],
  ])('a %s reads them on the record, the list row and the record it saved', async (role, expected) => {
    const record = await as(role, 'GET', `/api/user/${clientId}`);
    expect(record.statusCode, record.body).toBe(200);
    expect(flagsOf(record.json<{ data: ClientRecordDto }>().data)).toEqual(expected);

    const list = await as(role, 'GET', `/api/clients?tableName=listing&statuses=&presets=&search=Flaggen&limit=10`);
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json<ClientListDto>();
    // Exporting is an action on the list as a whole: the list says it once.
    expect(answer.can_export).toBe(role === 'admin');
    const rows = answer.data;
    expect(rows.map((r) => r.id).sort()).toEqual([clientId, otherId].sort());
    for (const row of rows) {
      expect(flagsOf(row)).toEqual(expected);
    }

    const saved = await injectAs(t.app, cookies.get(role)!, { method: 'PUT', url: `/api/user/${clientId}`, payload: { city: 'Bern' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(flagsOf(saved.json<{ data: ClientRecordDto }>().data)).toEqual(expected);
  });

  it('the call agent may not delete what the flags say they may not', async () => {
    const res = await injectAs(t.app, cookies.get('call_agent')!, { method: 'DELETE', url: `/api/clients/${otherId}` });
    expect(res.statusCode).toBe(403);
  });
});
