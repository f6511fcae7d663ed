import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../test/harness.ts';
import { buildClient, buildEvent } from '../../test/factories.ts';
import { closeSockets, connected, listen, nextEvent, openSocket, serverOf, untilRelayed } from '../../test/sockets.ts';

/**
 * Live updates follow the session and the scope (issue 11): whatever ends a session ends its
 * sockets, whatever changes what a user may see moves their sockets to the rooms of the new scope,
 * and a client hears nothing of the internal CRM row. "Not received" is shown by order on one
 * connection: a probe sent to the socket after the change must arrive, and nothing else before it.
 */

afterEach(closeSockets);

/** What one connection heard, in order. */
interface Heard {
  socket: Socket;
  events: { event: string; payload: unknown }[];
}

/** A socket.io client as the browser opens it (polling first, the session cookie on every request). */
async function connect(port: number, cookie: string): Promise<Heard> {
  const socket = openSocket(port, { cookie, origin: `http://127.0.0.1:${port}` });
  const heard: Heard = { socket, events: [] };
  socket.onAny((event: string, payload: unknown) => heard.events.push({ event, payload }));
  await connected(socket);
  return heard;
}

let probes = 0;

/**
 * Sends a probe to the user's own room and waits for it on this connection: whatever was sent to the
 * connection before has arrived by then. Answers the events heard before the probe (the probe left out).
 */
async function heardUntilProbe(t: TestApp, heard: Heard, userId: number): Promise<string[]> {
  probes += 1;
  const n = probes;
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`probe ${n} did not arrive within 5000 ms`)), 5000);
    const onProbe = (payload: { n: number }) => {
      if (payload.n === n) {
        clearTimeout(timer);
        heard.socket.off('probe', onProbe);
        resolve();
      }
    };
    heard.socket.on('probe', onProbe);
  });
  serverOf(t).to(`user:${userId}`).emit('probe', { n });
  await arrived;
  const upTo = heard.events.findIndex((e) => e.event === 'probe' && (e.payload as { n: number }).n === n);
  return heard.events
    .slice(0, upTo)
    .filter((e) => e.event !== 'probe')
    .map((e) => `${e.event}:${(e.payload as { client?: { id: number }; deleted_id?: number | null }).client?.id ?? ''}`);
}

/** A client row as the clients module stores it. */
async function addClient(t: TestApp, c: { surname: string; type?: 'B2C' | 'B2B'; linkedAgent?: number | null }): Promise<number> {
  return buildClient(t, {
    name: 'Live',
    surname: c.surname,
    city: 'Zürich',
    linkedAgentId: c.linkedAgent ?? null,
    type: c.type ?? 'B2C',
    status: 'potential',
    callsCount: 3,
  });
}

describe('live updates follow the session and the scope', () => {
  let t: TestApp;
  let port: number;
  let admin: TestUser;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp({ realtime: true });
    port = await listen(t);
    admin = await createUser(t.db, { role: 'admin' });
    adminCookie = await login(t.app, admin.email);
  });

  afterAll(async () => {
    closeSockets();
    await t?.close();
  });

  /** A change to the client that announces client_updated to every room whose scope holds it. */
  async function touchClient(clientId: number, agentId: number | null = null): Promise<void> {
    const res = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: `/api/clients/update-linked-agents/${clientId}`,
      payload: { agent_id: agentId },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('signing out ends the live connection of that session; the same user in another browser keeps theirs', async () => {
    const agent = await createUser(t.db, { role: 'call_agent' });
    const first = await login(t.app, agent.email);
    const second = await login(t.app, agent.email);
    const leaving = await connect(port, first);
    const staying = await connect(port, second);
    const disconnected = nextEvent<string>(leaving.socket, 'disconnect');

    const res = await injectAs(t.app, first, { method: 'GET', url: '/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');

    const client = await addClient(t, { surname: 'After logout' });
    await touchClient(client);
    expect(await heardUntilProbe(t, staying, agent.id)).toEqual([`client_updated:${client}`]);
    expect(staying.socket.connected).toBe(true);
  });

  it('switching to another user (login-by) and back ends the connections of the session that was left', async () => {
    const other = await createAdminSession();
    const target = await createUser(t.db, { role: 'call_agent' });
    const asAdmin = await connect(port, other.cookie);
    const adminGone = nextEvent<string>(asAdmin.socket, 'disconnect');
    const by = await injectAs(t.app, other.cookie, { method: 'GET', url: `/auth/login-by/${target.id}` });
    expect(by.statusCode, by.body).toBe(200);
    expect(await adminGone).toBe('io server disconnect');

    const actingCookie = `sid=${by.cookies.find((c) => c.name === 'sid')!.value}`;
    const acting = await connect(port, actingCookie);
    const actingGone = nextEvent<string>(acting.socket, 'disconnect');
    const back = await injectAs(t.app, actingCookie, { method: 'GET', url: '/auth/login-back' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await actingGone).toBe('io server disconnect');
  });

  async function createAdminSession(): Promise<{ user: TestUser; cookie: string }> {
    const user = await createUser(t.db, { role: 'admin' });
    return { user, cookie: await login(t.app, user.email) };
  }

  it('a password change ends the live connections of the other sessions and keeps the one that changed it', async () => {
    const partner = await createUser(t.db, { role: 'partner' });
    const here = await login(t.app, partner.email);
    const elsewhere = await login(t.app, partner.email);
    const kept = await connect(port, here);
    const ended = await connect(port, elsewhere);
    const disconnected = nextEvent<string>(ended.socket, 'disconnect');

    const res = await injectAs(t.app, here, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { current_password: partner.password, new_password: 'Another-Passw0rd' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await heardUntilProbe(t, kept, partner.id)).toEqual([]);
    expect(kept.socket.connected).toBe(true);
  });

  it('a mistyped current password ends no connection', async () => {
    const partner = await createUser(t.db, { role: 'partner' });
    const here = await login(t.app, partner.email);
    const other = await connect(port, await login(t.app, partner.email));
    const res = await injectAs(t.app, here, {
      method: 'PUT',
      url: '/auth/edit-current',
      payload: { current_password: 'not-it', new_password: 'Another-Passw0rd' },
    });
    expect(res.statusCode).toBe(401);
    expect(await heardUntilProbe(t, other, partner.id)).toEqual([]);
    expect(other.socket.connected).toBe(true);
  });

  it('blocking an admin also ends the connection in which they act as another user', async () => {
    const blockedAdmin = await createAdminSession();
    const target = await createUser(t.db, { role: 'sales_agent' });
    const by = await injectAs(t.app, blockedAdmin.cookie, { method: 'GET', url: `/auth/login-by/${target.id}` });
    expect(by.statusCode, by.body).toBe(200);
    const acting = await connect(port, `sid=${by.cookies.find((c) => c.name === 'sid')!.value}`);
    // The target's own browser is not the blocked admin's: it stays.
    const targetsOwn = await connect(port, await login(t.app, target.email));
    const disconnected = nextEvent<string>(acting.socket, 'disconnect');

    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/block-account/${blockedAdmin.user.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await heardUntilProbe(t, targetsOwn, target.id)).toEqual([]);
    expect(targetsOwn.socket.connected).toBe(true);
  });

  it('a live connection ends when its session expires', async () => {
    const agent = await createUser(t.db, { role: 'call_agent' });
    const cookie = await login(t.app, agent.email);
    await t.pool.query(`UPDATE sessions SET expires_at = now() + interval '1 second' WHERE user_id = $1`, [agent.id]);
    const heard = await connect(port, cookie);
    expect(await nextEvent<string>(heard.socket, 'disconnect', 5000)).toBe('io server disconnect');
  });

  it('a staff user whose access to clients is set to none hears of no client from then on', async () => {
    const agent = await createUser(t.db, { role: 'call_agent' });
    const heard = await connect(port, await login(t.app, agent.email));
    const client = await addClient(t, { surname: 'Access none' });
    await touchClient(client);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${client}`]);

    const res = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: '/api/user-accessibility',
      payload: { userId: agent.id, access: 'none' },
    });
    expect(res.statusCode, res.body).toBe(200);
    heard.events.length = 0;
    await touchClient(client);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([]);
  });

  it('access changed from b2c to b2b on the account page: the connection hears of B2B clients and no longer of B2C ones', async () => {
    const agent = await createUser(t.db, { role: 'independent_agent' });
    const account = await t.pool.query<{ id: number }>('SELECT id FROM accounts WHERE user_id = $1', [agent.id]);
    const accountId = account.rows[0]!.id;
    const put = (access: string) =>
      injectAs(t.app, adminCookie, {
        method: 'PUT',
        url: `/api/account/${accountId}`,
        payload: { access_to_clients: access, telephony_user_id: '', telephony_number: '' },
      });
    expect((await put('b2c')).statusCode).toBe(200);
    const heard = await connect(port, await login(t.app, agent.email));
    const b2c = await addClient(t, { surname: 'Private', type: 'B2C' });
    const b2b = await addClient(t, { surname: 'Company', type: 'B2B' });
    await touchClient(b2c);
    await touchClient(b2b);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${b2c}`]);

    const res = await put('b2b');
    expect(res.statusCode, res.body).toBe(200);
    heard.events.length = 0;
    await touchClient(b2c);
    await touchClient(b2b);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${b2b}`]);
  });

  it('a refused access change (a client has no account) moves no connection', async () => {
    const agent = await createUser(t.db, { role: 'call_agent' });
    const client = await createUser(t.db, { role: 'user' });
    const heard = await connect(port, await login(t.app, agent.email));
    const res = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: '/api/user-accessibility',
      payload: { userId: client.id, access: 'none' },
    });
    expect(res.statusCode).toBe(400);
    const bad = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: '/api/user-accessibility',
      payload: { userId: agent.id, access: 'some' },
    });
    expect(bad.statusCode).toBe(400);
    const other = await addClient(t, { surname: 'Still heard' });
    await touchClient(other);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${other}`]);
  });

  it('a sales agent unlinked from a client no longer hears of it', async () => {
    const agent = await createUser(t.db, { role: 'sales_agent' });
    const successor = await createUser(t.db, { role: 'sales_agent' });
    const client = await addClient(t, { surname: 'Linked', linkedAgent: agent.id });
    const heard = await connect(port, await login(t.app, agent.email));
    await touchClient(client, agent.id);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${client}`]);

    heard.events.length = 0;
    await touchClient(client, successor.id);
    await touchClient(client, null);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([]);
  });

  it('deleting a client ends its live connection with the sessions the deletion took', async () => {
    const client = await createUser(t.db, { role: 'user' });
    const heard = await connect(port, await login(t.app, client.email));
    const disconnected = nextEvent<string>(heard.socket, 'disconnect');
    const res = await injectAs(t.app, adminCookie, { method: 'DELETE', url: `/api/clients/${client.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('merging duplicates ends the live connection of the client merged away; the kept one stays', async () => {
    const kept = await createUser(t.db, { role: 'user', name: 'Doppel', surname: 'Gänger' });
    const merged = await createUser(t.db, { role: 'user', name: 'Doppel', surname: 'Gänger' });
    await t.pool.query(`UPDATE users SET mobile_phone = '079 123 45 67', mobile_phone_e164 = '+41791234567' WHERE id = ANY($1)`, [
      [kept.id, merged.id],
    ]);
    const keptHeard = await connect(port, await login(t.app, kept.email));
    const mergedHeard = await connect(port, await login(t.app, merged.email));
    const disconnected = nextEvent<string>(mergedHeard.socket, 'disconnect');
    const res = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: '/api/clients/duplicates',
      payload: { keep_id: kept.id, merge_id: merged.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await heardUntilProbe(t, keptHeard, kept.id)).toEqual([]);
    expect(keptHeard.socket.connected).toBe(true);
  });

  it('a refused deletion (a client outside the scope) ends no connection', async () => {
    const client = await createUser(t.db, { role: 'user' });
    const heard = await connect(port, await login(t.app, client.email));
    const outsider = await createUser(t.db, { role: 'sales_agent' });
    const res = await injectAs(t.app, await login(t.app, outsider.email), { method: 'DELETE', url: `/api/clients/${client.id}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await heardUntilProbe(t, heard, client.id)).toEqual([]);
    expect(heard.socket.connected).toBe(true);
  });

  it('a sales agent hears of the clients of their presentations, which their scope holds though not linked to them', async () => {
    const agent = await createUser(t.db, { role: 'sales_agent' });
    const other = await createUser(t.db, { role: 'sales_agent' });
    const client = await addClient(t, { surname: 'Presented' });
    const elsewhere = await addClient(t, { surname: 'Not theirs' });
    const now = new Date();
    const hour = new Date(now.getTime() + 3600_000);
    await buildEvent(t, { type: 'presentation', clientId: client, agentId: agent.id, startsAt: now, endsAt: hour });
    await buildEvent(t, { type: 'presentation', clientId: elsewhere, agentId: other.id, startsAt: now, endsAt: hour });
    const heard = await connect(port, await login(t.app, agent.email));
    await touchClient(client);
    await touchClient(elsewhere);
    expect(await heardUntilProbe(t, heard, agent.id)).toEqual([`client_updated:${client}`]);
  });

  it('a signed-in client hears nothing of the internal CRM row of itself', async () => {
    const client = await createUser(t.db, { role: 'user' });
    await t.pool.query(`UPDATE users SET status = 'potential', calls_count = 3 WHERE id = $1`, [client.id]);
    const heard = await connect(port, await login(t.app, client.email));
    const agent = await createUser(t.db, { role: 'sales_agent' });
    await touchClient(client.id, agent.id);
    await touchClient(client.id, null);
    expect(await heardUntilProbe(t, heard, client.id)).toEqual([]);
  });
});

describe('two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let portB: number;
  let adminCookie: string;

  beforeAll(async () => {
    a = await createTestApp({ realtime: true, adapter: true });
    b = await createTestApp({ realtime: true, adapter: true, databaseUrl: a.databaseUrl });
    await listen(a);
    portB = await listen(b);
    const admin = await createUser(a.db, { role: 'admin' });
    adminCookie = await login(a.app, admin.email);
  });

  afterAll(async () => {
    closeSockets();
    await b?.close();
    await a?.close();
  });

  /** The adapters' LISTEN connections come up in the background: probe from A until B passes one on. */
  async function untilLinked(heard: Heard, userId: number): Promise<void> {
    await untilRelayed(heard.socket, 'linked', () => serverOf(a).to(`user:${userId}`).emit('linked', {}));
  }

  it('signing out through one process ends the connection the session holds on the other', async () => {
    const agent = await createUser(a.db, { role: 'call_agent' });
    const cookie = await login(a.app, agent.email);
    const heard = await connect(portB, cookie);
    await untilLinked(heard, agent.id);
    const disconnected = nextEvent<string>(heard.socket, 'disconnect', 10_000);
    const res = await injectAs(a.app, cookie, { method: 'GET', url: '/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('an access change made through one process moves the connection held by the other', async () => {
    const agent = await createUser(a.db, { role: 'call_agent' });
    const set = (access: string) =>
      injectAs(a.app, adminCookie, { method: 'POST', url: '/api/user-accessibility', payload: { userId: agent.id, access } });
    expect((await set('b2c')).statusCode).toBe(200);
    const heard = await connect(portB, await login(a.app, agent.email));
    await untilLinked(heard, agent.id);

    expect((await set('b2b')).statusCode).toBe(200);
    const id = await buildClient(a, { name: 'Live', surname: 'Company', type: 'B2B', status: 'potential' });
    const updated = nextEvent<{ client: { id: number } }>(heard.socket, 'client_updated', 10_000);
    const res = await injectAs(a.app, adminCookie, {
      method: 'POST',
      url: `/api/clients/update-linked-agents/${id}`,
      payload: { agent_id: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await updated).client.id).toBe(id);
  });
});
