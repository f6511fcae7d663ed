import type { ClientRecordDto, ContactHistoryDto, RoleCode, UserInfoDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
const staff = new Map<RoleCode, TestUser>();
const cookies = new Map<RoleCode, string>();

function as(role: RoleCode, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return injectAs(t.app, cookies.get(role)!, { method, url, payload: payload as Record<string, unknown> | undefined });
}

let counter = 0;
async function create(role: RoleCode, body: Record<string, unknown> = {}): Promise<ClientRecordDto> {
  counter += 1;
  const res = await as(role, 'POST', '/api/user', { name: 'Lea', surname: `Kundin ${counter}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: ClientRecordDto }>().data;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent', 'sales_agent', 'prom_agent', 'partner', 'independent_agent', 'user', 'ocr_manager'] as const) {
    const u = await createUser(t.db, { role });
    staff.set(role, u);
    cookies.set(role, await login(t.app, u.email));
  }
});

afterAll(async () => {
  await t.close();
});

describe('create client (POST /api/user)', () => {
  it('creates a client with its first status in the history; the creator keeps it in their scope', async () => {
    const made = await create('sales_agent', { mobile_phone: '079 300 40 50', zipcode: '8004', city: 'Zürich', email: 'Lea.K@Example.ch' });
    expect(made).toMatchObject({ status: 'potential', email: 'lea.k@example.ch', mobile_phone: '079 300 40 50', type: 'B2C' });
    expect(made.linked_agent?.id).toBe(staff.get('sales_agent')!.id);
    expect(made.created_by?.id).toBe(staff.get('sales_agent')!.id);
    expect(made.status_history).toHaveLength(1);
    expect((await as('sales_agent', 'GET', `/api/user/${made.id}`)).statusCode).toBe(200);

    const byPartner = await create('partner');
    expect(byPartner.referred_by?.id).toBe(staff.get('partner')!.id);
    expect((await as('partner', 'GET', `/api/user/${byPartner.id}`)).statusCode).toBe(200);
    const byPromoter = await create('prom_agent');
    expect((await as('prom_agent', 'GET', `/api/user/${byPromoter.id}`)).statusCode).toBe(200);
    // …and nobody else's scope grows: the partner does not see the promoter's lead.
    expect((await as('partner', 'GET', `/api/user/${byPromoter.id}`)).statusCode).toBe(404);
  });

  it('refuses a taken e-mail or phone (spec 8), naming the field', async () => {
    await create('admin', { email: 'taken@example.ch', phone: '044 555 66 77' });
    const email = await as('admin', 'POST', '/api/user', { name: 'A', surname: 'B', email: 'TAKEN@example.ch' });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ error: 'duplicated email', field_validation: { email: 'already_taken' } });
    const phone = await as('admin', 'POST', '/api/user', { name: 'A', surname: 'B', mobile_phone: '+41 44 555 66 77' });
    expect(phone.statusCode).toBe(409);
    expect(phone.json()).toEqual({ error: 'duplicated phone', field_validation: { mobile_phone: 'already_taken' } });
    // A staff user's address is taken too.
    const staffMail = await as('admin', 'POST', '/api/user', { name: 'A', surname: 'B', email: staff.get('call_agent')!.email });
    expect(staffMail.statusCode).toBe(409);
  });

  it('validates every field and writes nothing on an error', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0] as { n: number };
    for (const [body, field, key] of [
      [{ surname: 'X' }, 'name', 'field_is_required'],
      [{ name: 'X', surname: '' }, 'surname', 'field_is_required'],
      [{ name: 'X', surname: 'Y', email: 'no-mail' }, 'email', 'invalid_email'],
      [{ name: 'X', surname: 'Y', phone: 'abc' }, 'phone', 'invalid_phone'],
      [{ name: 'X', surname: 'Y', zipcode: '80011' }, 'zipcode', 'invalid_value'],
      [{ name: 'X', surname: 'Y', age: 200 }, 'age', 'invalid_value'],
      [{ name: 'X', surname: 'Y', status: 'rich' }, 'status', 'invalid_value'],
      [{ name: 'X', surname: 'Y', type: 'B2G' }, 'type', 'invalid_value'],
      [{ name: 'X', surname: 'Y', working_status: 'astronaut' }, 'working_status', 'invalid_value'],
    ] as const) {
      const res = await as('admin', 'POST', '/api/user', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ field_validation: Record<string, string> }>().field_validation[field], JSON.stringify(body)).toBe(key);
    }
    const after = (await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0] as { n: number };
    expect(after.n).toBe(before.n);
  });

  it('is refused to clients and OCR managers; the e-mail check says whether an address is free', async () => {
    expect((await as('user', 'POST', '/api/user', { name: 'A', surname: 'B' })).statusCode).toBe(403);
    expect((await as('ocr_manager', 'POST', '/api/user', { name: 'A', surname: 'B' })).statusCode).toBe(403);
    const free = await as('call_agent', 'GET', '/api/user-check-email/frei@example.ch');
    expect(free.json()).toEqual({ data: { available: true } });
    const taken = await as('call_agent', 'GET', '/api/user-check-email/TAKEN@example.ch');
    expect(taken.json()).toEqual({ data: { available: false } });
    expect((await as('call_agent', 'GET', '/api/user-check-email/not-an-address')).statusCode).toBe(400);
  });
});

describe('read, change and delete (GET, PUT, DELETE /api/user/{id})', () => {
  it('changes only the fields sent; a new status goes to the status history', async () => {
    const made = await create('admin', { city: 'Bern', age: 50 });
    const res = await as('call_agent', 'PUT', `/api/user/${made.id}`, { city: 'Thun', status: 'call_agents' });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<{ data: ClientRecordDto }>().data;
    expect(changed).toMatchObject({ city: 'Thun', age: 50, status: 'call_agents', name: 'Lea' });
    expect(changed.status_history.map((s) => [s.previous_status, s.status])).toEqual([
      ['potential', 'call_agents'],
      [null, 'potential'],
    ]);
    expect(changed.status_history[0]!.changed_by?.id).toBe(staff.get('call_agent')!.id);
    // The same status again writes no history.
    const again = await as('call_agent', 'PUT', `/api/user/${made.id}`, { status: 'call_agents' });
    expect(again.json<{ data: ClientRecordDto }>().data.status_history).toHaveLength(2);
    const bad = await as('call_agent', 'PUT', `/api/user/${made.id}`, { email: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 outside the scope, for reads and writes alike', async () => {
    const made = await create('admin');
    for (const role of ['sales_agent', 'partner', 'prom_agent'] as const) {
      expect((await as(role, 'GET', `/api/user/${made.id}`)).statusCode, role).toBe(404);
    }
    expect((await as('sales_agent', 'PUT', `/api/user/${made.id}`, { city: 'X' })).statusCode).toBe(404);
    expect((await as('sales_agent', 'POST', `/api/clients/add-contact-history/${made.id}`, { type: 'call' })).statusCode).toBe(404);
    expect((await as('user', 'GET', `/api/user/${made.id}`)).statusCode).toBe(403);
    // A staff user is no client here.
    expect((await as('admin', 'GET', `/api/user/${staff.get('call_agent')!.id}`)).statusCode).toBe(404);
  });

  it('only admins delete', async () => {
    const made = await create('admin');
    expect((await as('call_agent', 'DELETE', `/api/user/${made.id}`)).statusCode).toBe(403);
    expect((await as('admin', 'DELETE', `/api/user/${made.id}`)).statusCode).toBe(200);
    expect((await as('admin', 'GET', `/api/user/${made.id}`)).statusCode).toBe(404);
  });
});

describe('contact history', () => {
  it('logs a call with its outcome: calls counted, the status changed and found in the history', async () => {
    const made = await create('admin');
    const res = await as('call_agent', 'POST', `/api/clients/add-contact-history/${made.id}`, {
      type: 'call',
      comment: 'Termin gewünscht',
      time_to_call: 'evening',
      status: 'sale_agents',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<{ data: ContactHistoryDto }>().data;
    expect(entry).toMatchObject({ type: 'call', flow: 'lead_flow', comment: 'Termin gewünscht', status: 'sale_agents' });
    expect(entry.agent?.id).toBe(staff.get('call_agent')!.id);
    const rec = (await as('call_agent', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(rec).toMatchObject({ status: 'sale_agents', number_of_calls: 1, time_to_call: 'evening' });
    expect(rec.last_contact_at).not.toBeNull();
    expect(rec.status_history[0]).toMatchObject({ previous_status: 'potential', status: 'sale_agents' });
    expect(rec.contact_history.map((c) => c.id)).toEqual([entry.id]);
  });

  it('keeps the open recall on the client; a later call closes it once it is due', async () => {
    const made = await create('admin');
    const missing = await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'recall' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field_validation: { recall_at: 'field_is_required' } });
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const recall = await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'recall', recall_at: soon });
    expect(recall.statusCode).toBe(201);
    let rec = (await as('call_agent', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(rec.next_recall_at).toBe(soon);
    // Still ahead: a call does not close it.
    await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'call' });
    rec = (await as('call_agent', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(rec.next_recall_at).toBe(soon);
    // Due now: the next call closes it.
    const entryId = recall.json<{ data: ContactHistoryDto }>().data.id;
    await as('call_agent', 'PUT', `/api/contact-history/${entryId}`, { recall_at: new Date(Date.now() - 60_000).toISOString() });
    await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'inbound_call' });
    rec = (await as('call_agent', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(rec.next_recall_at).toBeNull();
    expect(rec.number_of_calls).toBe(3);
    expect(rec.contact_history.find((c) => c.id === entryId)?.recall_done).toBe(true);
  });

  it('edits an entry (spec 7 edit-contact-history) and refuses malformed input', async () => {
    const made = await create('admin');
    const entry = (await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'sms', comment: 'alt' })).json<{
      data: ContactHistoryDto;
    }>().data;
    const res = await as('call_agent', 'POST', `/api/clients/edit-contact-history/${entry.id}`, { comment: 'neu', tableName: 'b2c' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ContactHistoryDto }>().data.comment).toBe('neu');
    expect((await as('call_agent', 'POST', `/api/contact-history/${made.id}`, { type: 'fax' })).statusCode).toBe(400);
    expect((await as('call_agent', 'PUT', `/api/contact-history/${entry.id}`, { recall_at: 'morgen' })).statusCode).toBe(400);
    expect((await as('call_agent', 'PUT', '/api/contact-history/999999', { comment: 'x' })).statusCode).toBe(404);
    expect((await as('sales_agent', 'PUT', `/api/contact-history/${entry.id}`, { comment: 'x' })).statusCode).toBe(404);
  });
});

describe('second person and notes', () => {
  it('adds, changes and removes the second person', async () => {
    const made = await create('admin');
    const add = await as('call_agent', 'POST', `/api/sub-user/${made.id}`, { name: 'Marco', age: 52 });
    expect(add.statusCode, add.body).toBe(200);
    await as('call_agent', 'POST', `/api/sub-user/${made.id}`, { name: 'Marco', surname: 'Rossi', age: 53 });
    const rec = (await as('call_agent', 'GET', `/api/user/${made.id}`)).json<{ data: ClientRecordDto }>().data;
    expect(rec.sub_user).toMatchObject({ name: 'Marco', surname: 'Rossi', age: 53 });
    expect((await as('call_agent', 'DELETE', `/api/sub-user/${made.id}`)).statusCode).toBe(200);
    expect((await as('call_agent', 'DELETE', `/api/sub-user/${made.id}`)).statusCode).toBe(404);
    expect((await as('call_agent', 'POST', `/api/sub-user/${made.id}`, { name: '' })).statusCode).toBe(400);
  });

  it('adds, changes and deletes notes by both sets of paths', async () => {
    const made = await create('admin');
    const first = await as('call_agent', 'POST', `/api/user-info/${made.id}`, { text: 'Hat zwei Hunde' });
    expect(first.statusCode).toBe(200);
    await as('call_agent', 'POST', `/api/clients/create-user-info/${made.id}`, { text: 'Ruft lieber abends an' });
    let notes = (await as('call_agent', 'GET', `/api/user-info/${made.id}`)).json<{ data: UserInfoDto[] }>().data;
    expect(notes.map((n) => n.text).sort()).toEqual(['Hat zwei Hunde', 'Ruft lieber abends an']);
    const dogs = notes.find((n) => n.text === 'Hat zwei Hunde')!;
    await as('call_agent', 'PUT', `/api/clients/update-user-info/${dogs.id}`, { text: 'Hat drei Hunde' });
    const other = notes.find((n) => n.id !== dogs.id)!;
    const del = await as('call_agent', 'DELETE', `/api/user-info/${made.id}`, { info_id: other.id });
    expect(del.statusCode).toBe(200);
    notes = del.json<{ data: UserInfoDto[] }>().data;
    expect(notes.map((n) => n.text)).toEqual(['Hat drei Hunde']);
    // The note must belong to the client named in the path.
    const wrong = await as('call_agent', 'DELETE', `/api/user-info/${made.id + 1000}`, { info_id: dogs.id });
    expect(wrong.statusCode).toBe(404);
    expect((await as('call_agent', 'POST', `/api/clients/delete-user-info/${dogs.id}`)).statusCode).toBe(200);
    expect((await as('call_agent', 'POST', `/api/user-info/${made.id}`, { text: ' ' })).statusCode).toBe(400);
  });
});
