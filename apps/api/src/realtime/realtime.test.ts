import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../test/harness.ts';
import { closeSockets, connectSocket, listen, nextEvent, serverOf, untilRelayed } from '../../test/sockets.ts';

afterEach(closeSockets);

/** A socket.io client as the browser opens it: polling first, the session cookie (if any) on every request. */
function connect(port: number, cookie?: string): Promise<Socket> {
  return connectSocket(port, cookie ? { cookie } : {});
}

describe('socket server', () => {
  let t: TestApp;
  let port: number;
  let admin: TestUser;
  let agent: TestUser;
  let client: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ realtime: true });
    port = await listen(t);
    admin = await createUser(t.db, { role: 'admin' });
    agent = await createUser(t.db, { role: 'call_agent' });
    client = await createUser(t.db, { role: 'user' });
  });

  afterAll(async () => {
    closeSockets();
    await t?.close();
  });

  it('acknowledges a staff user who announces themselves with connected_agent', async () => {
    const socket = await connect(port, await login(t.app, agent.email));
    const answer: unknown = await socket.timeout(5000).emitWithAck('connected_agent', {});
    expect(answer).toEqual({ ok: true, userId: agent.id, role: 'call_agent' });
    // Announced agents are reachable through the agents room.
    const received = nextEvent<{ n: number }>(socket, 'agents_ping');
    serverOf(t).to('agents').emit('agents_ping', { n: 1 });
    expect(await received).toEqual({ n: 1 });
  });

  it('answers Not allowed. to a client who announces themselves as an agent', async () => {
    const socket = await connect(port, await login(t.app, client.email));
    const answer: unknown = await socket.timeout(5000).emitWithAck('connected_agent', {});
    expect(answer).toEqual({ error: 'Not allowed.' });
    expect(serverOf(t).sockets.adapter.rooms.get('agents')?.has(socket.id!) ?? false).toBe(false);
  });

  it('refuses a connection without a session cookie, or with a cookie that names no session', async () => {
    await expect(connect(port)).rejects.toThrow('unauthorized');
    await expect(connect(port, 'sid=not-a-session')).rejects.toThrow('unauthorized');
  });

  it('refuses the cookie of a session that was ended by logout', async () => {
    const cookie = await login(t.app, agent.email);
    await injectAs(t.app, cookie, { method: 'GET', url: '/auth/logout' });
    await expect(connect(port, cookie)).rejects.toThrow('unauthorized');
  });

  it('delivers an event to the room of one user only', async () => {
    const mine = await connect(port, await login(t.app, agent.email));
    const theirs = await connect(port, await login(t.app, client.email));
    let theirsGot = false;
    theirs.on('note', () => {
      theirsGot = true;
    });
    const received = nextEvent<{ text: string }>(mine, 'note');
    serverOf(t).to(`user:${agent.id}`).emit('note', { text: 'for the agent' });
    expect(await received).toEqual({ text: 'for the agent' });
    // A round trip on the other socket: anything sent to it before has arrived by now.
    await theirs.timeout(5000).emitWithAck('connected_agent', {});
    expect(theirsGot).toBe(false);
  });

  it('disconnects the live sockets of a user whose account is blocked', async () => {
    const blocked = await createUser(t.db, { role: 'sales_agent' });
    const socket = await connect(port, await login(t.app, blocked.email));
    const disconnected = nextEvent<string>(socket, 'disconnect');
    const res = await injectAs(t.app, await login(t.app, admin.email), { method: 'GET', url: `/api/block-account/${blocked.id}` });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('two API processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  let portB: number;

  beforeAll(async () => {
    a = await createTestApp({ realtime: true, adapter: true });
    b = await createTestApp({ realtime: true, adapter: true, databaseUrl: a.databaseUrl });
    await listen(a);
    portB = await listen(b);
  });

  afterAll(async () => {
    closeSockets();
    await b?.close();
    await a?.close();
  });

  it('delivers an event emitted by one process to a client connected to the other', async () => {
    const user = await createUser(a.db, { role: 'call_agent' });
    // Signed in through A, connected to B: the session lives in the shared database.
    const socket = await connect(portB, await login(a.app, user.email));
    const got: unknown[] = [];
    socket.on('x', (payload: unknown) => got.push(payload));

    // The adapters' LISTEN connections come up in the background; emit until B has passed it on.
    await untilRelayed(socket, 'x', (n) => serverOf(a).to(`user:${user.id}`).emit('x', { from: 'A', n }));
    expect(got[0]).toMatchObject({ from: 'A' });
  });

  it('disconnects a blocked user connected to the other process', async () => {
    const admin = await createUser(a.db, { role: 'admin' });
    const user = await createUser(a.db, { role: 'sales_agent' });
    const socket = await connect(portB, await login(b.app, user.email));
    const disconnected = nextEvent<string>(socket, 'disconnect', 10_000);
    const res = await injectAs(a.app, await login(a.app, admin.email), { method: 'GET', url: `/api/block-account/${user.id}` });
    expect(res.statusCode).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
  });
});
