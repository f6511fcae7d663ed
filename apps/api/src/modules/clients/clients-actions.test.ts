import {
  type ClientRowDto,
  type ClientUpdatedEvent,
  type DuplicateDto,
  type ListingUpdatedEvent,
  type NestedTabsDto,
  type RoleCode,
} from '@bo/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff } from '../../../test/factories.ts';
import { auditRows, createTestApp, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';
import { closeSockets, connectSocket, listen, untilMarker } from '../../../test/sockets.ts';
import { belongingsOf, foreignKeysToUsers, MERGE_PLAN } from './merge.repo.ts';

let t: TestApp;
const staff = new Map<RoleCode, TestUser>();
const cookies = new Map<RoleCode, string>();
let port: number;

async function addClient(c: {
  surname: string;
  name?: string;
  mobile?: string;
  email?: string;
  zipcode?: string;
  address?: string | null;
  linkedAgent?: number | null;
  type?: 'B2C' | 'B2B';
}): Promise<number> {
  return buildClient(t, {
    name: c.name ?? 'Hans',
    surname: c.surname,
    mobilePhone: c.mobile ?? null,
    email: c.email ?? null,
    zipcode: c.zipcode ?? '8001',
    city: 'Zürich',
    address: c.address === undefined ? null : c.address,
    linkedAgentId: c.linkedAgent ?? null,
    type: c.type ?? 'B2C',
    status: 'potential',
  });
}

function as(role: RoleCode, opts: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown }) {
  return injectAs(t.app, cookies.get(role)!, { ...opts, payload: opts.payload as Record<string, unknown> | undefined });
}

function connect(cookie: string): Promise<Socket> {
  return connectSocket(port, { cookie });
}

beforeAll(async () => {
  t = await createTestApp({ realtime: true });
  port = await listen(t);
  for (const role of ['admin', 'call_agent', 'sales_agent', 'partner', 'user'] as const) {
    const { cookie, ...u } = await buildStaff(t, role);
    staff.set(role, u);
    cookies.set(role, cookie);
  }
});

afterAll(async () => {
  closeSockets();
  await t.close();
});

describe('duplicates', () => {
  let mueller: number;
  let muller: number;
  let neighbour: number;
  let stranger: number;
  beforeAll(async () => {
    mueller = await addClient({ surname: 'Mueller', mobile: '079 555 12 34', address: 'Seestrasse 12', zipcode: '8002' });
    muller = await addClient({ surname: 'Müller', mobile: '+41 79 555 12 34', email: 'h.mueller@example.ch', zipcode: '8002' });
    neighbour = await addClient({ surname: 'Keller', name: 'Eva', address: 'seestrasse, 12', zipcode: '8002' });
    stranger = await addClient({ surname: 'Rossi', name: 'Lucia', address: 'Seestrasse 12', zipcode: '3000' });
  });

  it('finds the same person by phone in another writing and a name spelt otherwise, not a neighbour at the same address', async () => {
    const res = await as('admin', { method: 'GET', url: `/api/clients/duplicates/${mueller}` });
    expect(res.statusCode).toBe(200);
    const found = res.json<{ data: DuplicateDto[] }>().data;
    expect(found.map((d) => d.id)).toEqual([muller]);
    expect(found[0]!.reasons).toEqual(expect.arrayContaining(['same_phone', 'same_given_name', 'same_surname', 'same_postcode']));
    expect(found[0]!.score).toBeGreaterThan(0.99);
    // Eva Keller at the same address is another person; Lucia Rossi lives elsewhere.
    expect(found.map((d) => d.id)).not.toContain(neighbour);
    expect(found.map((d) => d.id)).not.toContain(stranger);
  });

  it('checks a client not yet saved (create client)', async () => {
    const res = await as('call_agent', {
      method: 'POST',
      url: '/api/clients/duplicate-check',
      payload: { name: 'Hans', surname: 'Müler', mobile_phone: '0041795551234', email: 'H.Mueller@Example.ch' },
    });
    expect(res.statusCode).toBe(200);
    const found = res.json<{ data: DuplicateDto[] }>().data;
    expect(found.map((d) => d.id).sort()).toEqual([mueller, muller].sort());
    // The one with the e-mail too is the better match.
    expect(found[0]!.id).toBe(muller);
    expect(found[0]!.reasons).toEqual(expect.arrayContaining(['same_email', 'same_phone']));
  });

  it('answers 404 for a client outside the scope, and shows no duplicates outside it', async () => {
    const res = await as('sales_agent', { method: 'GET', url: `/api/clients/duplicates/${mueller}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
    await t.pool.query('UPDATE users SET linked_agent_id = $1 WHERE id = $2', [staff.get('sales_agent')!.id, mueller]);
    const mine = await as('sales_agent', { method: 'GET', url: `/api/clients/duplicates/${mueller}` });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ data: DuplicateDto[] }>().data).toEqual([]);
    await t.pool.query('UPDATE users SET linked_agent_id = NULL WHERE id = $1', [mueller]);
  });
});

describe('cohabitants and block neighbours', () => {
  it('links and unlinks both ways; the nested tabs show them from either side', async () => {
    const a = await addClient({ surname: 'Haus A' });
    const b = await addClient({ surname: 'Haus B' });
    const link = await as('call_agent', { method: 'POST', url: '/api/clients/link-cohabitant', payload: { user_id: b, other_id: a } });
    expect(link.statusCode).toBe(200);
    for (const [self, other] of [
      [a, b],
      [b, a],
    ]) {
      const tabs = (await as('call_agent', { method: 'GET', url: `/api/clients/nested-tabs-data/${self}` })).json<{ data: NestedTabsDto }>()
        .data;
      expect(tabs.cohabitants.map((c) => c.id)).toEqual([other]);
      expect(tabs.block_neighbors).toEqual([]);
    }
    // Linking again changes nothing; the pair is stored once.
    await as('call_agent', { method: 'POST', url: '/api/clients/link-cohabitant', payload: { user_id: a, other_id: b } });
    expect((await t.pool.query('SELECT * FROM client_links WHERE user_a_id = $1', [Math.min(a, b)])).rowCount).toBe(1);

    await as('call_agent', { method: 'POST', url: '/api/clients/block-neighbors', payload: { user_id: a, other_id: b } });
    const neighbours = await as('call_agent', { method: 'GET', url: `/api/clients/block-neighbors/${b}` });
    expect(neighbours.json<{ data: { id: number }[] }>().data.map((c) => c.id)).toEqual([a]);

    const unlink = await as('call_agent', { method: 'POST', url: '/api/clients/unlink-cohabitant', payload: { user_id: a, other_id: b } });
    expect(unlink.statusCode).toBe(200);
    const after = await as('call_agent', { method: 'GET', url: `/api/clients/cohabitants/${a}` });
    expect(after.json<{ data: unknown[] }>().data).toEqual([]);
    const again = await as('call_agent', { method: 'POST', url: '/api/clients/unlink-cohabitant', payload: { user_id: a, other_id: b } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'NO_ENTITIES_WERE_UPDATED' });
  });

  it('refuses a client linked to itself, unknown clients and malformed bodies', async () => {
    const a = await addClient({ surname: 'Allein' });
    const self = await as('admin', { method: 'POST', url: '/api/clients/link-cohabitant', payload: { user_id: a, other_id: a } });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ field_validation: { other_id: 'invalid_value' } });
    const unknown = await as('admin', { method: 'POST', url: '/api/clients/block-neighbors', payload: { user_id: a, other_id: 999999 } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await as('admin', { method: 'POST', url: '/api/clients/block-neighbors', payload: { user_id: 'a' } });
    expect(malformed.statusCode).toBe(400);
    const partner = await as('partner', { method: 'POST', url: '/api/clients/link-cohabitant', payload: { user_id: a, other_id: a + 1 } });
    expect(partner.statusCode).toBe(403);
  });
});

describe('linked agent', () => {
  it('links clients to a sales agent, who then sees them; only sales agents can be linked', async () => {
    const a = await addClient({ surname: 'Agentenkunde' });
    const sa = staff.get('sales_agent')!.id;
    const res = await as('admin', { method: 'POST', url: `/api/clients/update-linked-agents/${a}`, payload: { agent_id: sa } });
    expect(res.statusCode).toBe(200);
    const seen = await as('sales_agent', { method: 'GET', url: '/api/clients?statuses=&presets=&search=Agentenkunde' });
    expect(seen.json<{ data: ClientRowDto[] }>().data.map((r) => r.id)).toEqual([a]);
    const wrong = await as('admin', {
      method: 'POST',
      url: '/api/clients/update-linked-agents',
      payload: { agent_id: staff.get('call_agent')!.id, user_ids: [a] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field_validation: { agent_id: 'invalid_value' } });
    const none = await as('admin', { method: 'POST', url: '/api/clients/update-linked-agents', payload: { agent_id: sa } });
    expect(none.statusCode).toBe(400);
    // A sales agent cannot take over a client outside their scope.
    const b = await addClient({ surname: 'Fremd' });
    const grab = await as('sales_agent', {
      method: 'POST',
      url: '/api/clients/update-linked-agents',
      payload: { agent_id: sa, user_ids: [a, b] },
    });
    expect(grab.statusCode).toBe(404);
    expect((await t.pool.query('SELECT linked_agent_id FROM users WHERE id = $1', [b])).rows[0]).toEqual({ linked_agent_id: null });
  });
});

describe('merge duplicates', () => {
  it('moves everything of the merged client to the kept one in one transaction and loses nothing', async () => {
    const keep = await addClient({ surname: 'Behalten', mobile: '079 111 22 33' });
    // A duplicate by its phone, written otherwise: the kept client keeps the number once.
    const merge = await addClient({ surname: 'Zusammen', mobile: '0791112233', email: 'zusammen@example.ch', address: 'Dorfstrasse 1' });
    const other = await addClient({ surname: 'Nachbar' });
    const agent = staff.get('call_agent')!.id;
    await t.pool.query(
      `INSERT INTO contact_history (user_id, type, agent_id) VALUES ($1, 'call', $3), ($2, 'sms', $3), ($2, 'recall', $3)`,
      [keep, merge, agent],
    );
    await t.pool.query(`INSERT INTO status_history (user_id, status) VALUES ($1, 'potential'), ($1, 'older')`, [merge]);
    await t.pool.query(`INSERT INTO recommendations (user_id, name) VALUES ($1, 'Eva')`, [merge]);
    await t.pool.query(`INSERT INTO recommendations (user_id, name, lead_id) VALUES ($1, 'Lead', $2)`, [other, merge]);
    await t.pool.query(`INSERT INTO user_info (user_id, text) VALUES ($1, 'Notiz')`, [merge]);
    await t.pool.query(`INSERT INTO sub_users (user_id, name) VALUES ($1, 'Partnerin'), ($2, 'Zweite')`, [keep, merge]);
    await t.pool.query(`INSERT INTO call_attempts (user_id, number, provider, status) VALUES ($1, '+41791112233', 'local', 'recorded')`, [
      merge,
    ]);
    await t.pool.query(`INSERT INTO client_links (kind, user_a_id, user_b_id) VALUES ('cohabitant', $1, $2), ('block_neighbor', $1, $3)`, [
      Math.min(keep, merge),
      Math.max(keep, merge),
      other > merge ? other : merge,
    ]);
    await t.pool.query(`UPDATE users SET calls_count = 1 WHERE id = $1; `, [keep]);
    await t.pool.query(`UPDATE users SET calls_count = 2 WHERE id = $1; `, [merge]);

    const before = { keep: await belongingsOf(t.db, keep), merge: await belongingsOf(t.db, merge) };
    const res = await as('admin', { method: 'POST', url: '/api/clients/duplicates', payload: { keep_id: keep, merge_id: merge } });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<{ data: ClientRowDto }>().data;
    expect(row.user).toMatchObject({
      id: keep,
      email: 'zusammen@example.ch',
      address: 'Dorfstrasse 1',
      mobile_phone: '079 111 22 33',
      number_of_calls: 3,
    });

    const after = { keep: await belongingsOf(t.db, keep), merge: await belongingsOf(t.db, merge) };
    expect((await t.pool.query('SELECT 1 FROM users WHERE id = $1', [merge])).rowCount).toBe(0);
    for (const key of ['contact_history.user_id', 'status_history.user_id', 'recommendations.user_id', 'call_attempts.user_id']) {
      expect(after.keep[key], key).toBe(before.keep[key]! + before.merge[key]!);
      expect(after.merge[key], key).toBe(0);
    }
    expect(after.keep['recommendations.lead_id']).toBe(1);
    // The link between the two disappears; the merged one's neighbour is now the kept one's.
    const links = await t.pool.query<{ kind: string; user_a_id: number; user_b_id: number }>(
      'SELECT kind, user_a_id, user_b_id FROM client_links WHERE user_a_id = $1 OR user_b_id = $1',
      [keep],
    );
    expect(links.rows.map((l) => l.kind)).toEqual(['block_neighbor']);
    // Both had a sub-user: the merged one's is kept as a note, beside the moved note.
    const notes = await t.pool.query<{ text: string }>('SELECT text FROM user_info WHERE user_id = $1 ORDER BY id', [keep]);
    expect(notes.rows.map((n) => n.text)).toEqual(['Notiz', expect.stringContaining('Zweite')]);
    const audit = await auditRows(t, 'client.merged');
    expect(audit.at(-1)).toMatchObject({ target_user_id: keep });
    expect(JSON.stringify(audit.at(-1)?.details)).toContain('Zusammen');
  });

  it('handles every column of the database that refers to a user', async () => {
    const columns = (await foreignKeysToUsers(t.db)).map((fk) => `${fk.table}.${fk.column}`);
    const missing = columns.filter((c) => !(c in MERGE_PLAN));
    expect(missing, 'add these to MERGE_PLAN in merge.repo.ts').toEqual([]);
    // And the plan names nothing that is not there.
    expect(Object.keys(MERGE_PLAN).filter((k) => !columns.includes(k))).toEqual([]);
  });

  it('refuses the same client twice, staff users, unknown ids and roles other than admin', async () => {
    const a = await addClient({ surname: 'Einer' });
    const same = await as('admin', { method: 'POST', url: '/api/clients/duplicates', payload: { keep_id: a, merge_id: a } });
    expect(same.statusCode).toBe(400);
    const staffUser = await as('admin', {
      method: 'POST',
      url: '/api/clients/duplicates',
      payload: { keep_id: a, merge_id: staff.get('call_agent')!.id },
    });
    expect(staffUser.statusCode).toBe(404);
    const unknown = await as('admin', { method: 'POST', url: '/api/clients/duplicates', payload: { keep_id: a, merge_id: 999999 } });
    expect(unknown.statusCode).toBe(404);
    const agent = await as('call_agent', { method: 'POST', url: '/api/clients/duplicates', payload: { keep_id: a, merge_id: a + 1 } });
    expect(agent.statusCode).toBe(403);
    expect((await t.pool.query('SELECT 1 FROM users WHERE id = $1', [a])).rowCount).toBe(1);
  });
});

describe('delete, call and export', () => {
  it('only admins delete; the deleted client is kept in the audit log', async () => {
    const a = await addClient({ surname: 'Weg' });
    expect((await as('call_agent', { method: 'DELETE', url: `/api/clients/${a}` })).statusCode).toBe(403);
    const res = await as('admin', { method: 'DELETE', url: `/api/clients/${a}` });
    expect(res.statusCode).toBe(200);
    expect((await as('admin', { method: 'DELETE', url: `/api/clients/${a}` })).statusCode).toBe(404);
    expect(JSON.stringify((await auditRows(t, 'client.deleted')).at(-1)?.details)).toContain('Weg');
  });

  it('starts a call through the telephony adapter and records it; an agent without telephony is told so', async () => {
    const a = await addClient({ surname: 'Anruf', mobile: '079 222 33 44' });
    const refused = await as('call_agent', { method: 'GET', url: `/api/clients/initiate-call/${a}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'TELEPHONY_NOT_CONFIGURED' });
    await t.pool.query(`UPDATE accounts SET telephony_user_id = '42', telephony_number = '+41445550000' WHERE user_id = $1`, [
      staff.get('call_agent')!.id,
    ]);
    const res = await as('call_agent', { method: 'GET', url: `/api/clients/initiate-call/${a}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { number: '+41792223344', provider: 'local', status: 'recorded' } });
    const rows = await t.pool.query('SELECT agent_id, number FROM call_attempts WHERE user_id = $1', [a]);
    expect(rows.rows).toEqual([{ agent_id: staff.get('call_agent')!.id, number: '+41792223344' }]);
    const noPhone = await addClient({ surname: 'Ohne Telefon' });
    expect((await as('call_agent', { method: 'GET', url: `/api/clients/initiate-call/${noPhone}` })).statusCode).toBe(400);
    expect((await as('partner', { method: 'GET', url: `/api/clients/initiate-call/${a}` })).statusCode).toBe(403);
  });

  it('exports chosen clients; the local default gives a CSV file the admin can download', async () => {
    const a = await addClient({ surname: 'Export', name: 'Zoë', email: 'zoe@example.ch' });
    const res = await as('admin', { method: 'POST', url: '/api/clients/export-to-monday', payload: { ids: [a] } });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { exported: number; provider: string; file_id: string } }>();
    expect(data).toMatchObject({ exported: 1, provider: 'local' });
    const file = await as('admin', { method: 'GET', url: `/api/files/${data.file_id}` });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Zoë;Export;zoe@example.ch');
    expect((await as('call_agent', { method: 'POST', url: '/api/clients/export-to-monday', payload: { ids: [a] } })).statusCode).toBe(403);
    expect((await as('admin', { method: 'POST', url: '/api/clients/export-to-monday', payload: { ids: [] } })).statusCode).toBe(400);
    expect((await as('admin', { method: 'POST', url: '/api/clients/export-to-monday', payload: { ids: [999999] } })).statusCode).toBe(404);
  });
});

describe('live events (spec 4)', () => {
  it('a second client receives client_updated for a client in its scope and listing_updated when one is deleted', async () => {
    const a = await addClient({ surname: 'Live', type: 'B2B' });
    const b = await addClient({ surname: 'Live 2', type: 'B2B' });
    const watcher = await connect(await login(t.app, staff.get('call_agent')!.email));
    // A sales agent sees neither client: they must not hear of them.
    const outsider = await connect(await login(t.app, staff.get('sales_agent')!.email));
    const heardByOutsider: unknown[] = [];
    outsider.on('client_updated', (e: unknown) => heardByOutsider.push(e));
    outsider.on('listing_updated', (e: unknown) => heardByOutsider.push(e));
    // Both connections are live: a marker through each user's own room has arrived.
    await untilMarker(t, watcher, staff.get('call_agent')!.id);
    await untilMarker(t, outsider, staff.get('sales_agent')!.id);

    const updated = new Promise<ClientUpdatedEvent>((resolve) => watcher.once('client_updated', resolve));
    await as('admin', { method: 'POST', url: '/api/clients/link-cohabitant', payload: { user_id: a, other_id: b } });
    const event = await updated;
    expect(event.updatedBy).toBe(staff.get('admin')!.id);
    expect([a, b]).toContain(event.client.id);
    expect(event.client.cohabitants).toBe(1);

    // A recommendation confirmed by staff becomes a lead, which joins the listing.
    const rec = await as('admin', {
      method: 'POST',
      url: '/api/recommendations',
      payload: { user_id: b, name: 'Neu', surname: 'Lead', phone: '079 777 66 55' },
    });
    expect(rec.statusCode, rec.body).toBe(201);
    const inserted = new Promise<ListingUpdatedEvent>((resolve) => watcher.once('listing_updated', resolve));
    const confirmed = await injectAs(t.app, cookies.get('admin')!, {
      method: 'PUT',
      url: `/api/recommendations/${rec.json<{ data: { id: number } }>().data.id}`,
      payload: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const newLead = await inserted;
    expect(newLead.deleted_id).toBeNull();
    expect(newLead.inserted?.user).toMatchObject({ name: 'Neu', surname: 'Lead', status: 'user_rec' });

    const listing = new Promise<ListingUpdatedEvent>((resolve) => watcher.once('listing_updated', resolve));
    await as('admin', { method: 'DELETE', url: `/api/clients/${a}` });
    expect(await listing).toEqual({ deleted_id: a, inserted: null });
    // Anything sent to the outsider would have arrived before a marker sent to them now.
    await untilMarker(t, outsider, staff.get('sales_agent')!.id);
    expect(heardByOutsider).toEqual([]);
  });
});
