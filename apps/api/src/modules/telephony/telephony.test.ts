import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff, type Staff } from '../../../test/factories.ts';
import { callWebhook, eventsOf, fakeAircall, startFakeAircallApi, userWebhook, type FakeCall } from '../../../test/fake-aircall.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { closeSockets, connected, listen, openSocket, serverOf } from '../../../test/sockets.ts';

/**
 * Aircall's webhooks through HTTP (a local fake posting them as Aircall does: token in the body,
 * repeated deliveries, any order), the calls table they build, the contact history they write once, and
 * the live events that reach the right agent's sockets only.
 */

const TOKEN = 'aircall-webhook-token-of-the-account';
const URL_PATH = '/api/webhooks/aircall';

let t: TestApp;
let port: number;
let aircall: ReturnType<typeof fakeAircall>;
let admin: Staff;
let agentA: Staff;
let agentB: Staff;
let nextCallId = 700_000;
let nextUserId = 9000;

/** The agent's Aircall user id, stored in their account's telephony settings. */
async function aircallUser(agent: Staff): Promise<number> {
  nextUserId += 1;
  await t.pool.query('UPDATE accounts SET telephony_user_id = $1 WHERE user_id = $2', [String(nextUserId), agent.id]);
  return nextUserId;
}
const userIds = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp({ realtime: true, env: { AIRCALL_WEBHOOK_TOKEN: TOKEN } });
  port = await listen(t);
  aircall = fakeAircall(`http://127.0.0.1:${port}${URL_PATH}`);
  admin = await buildStaff(t, 'admin');
  agentA = await buildStaff(t, 'sales_agent');
  agentB = await buildStaff(t, 'sales_agent');
  userIds.set(agentA.id, await aircallUser(agentA));
  userIds.set(agentB.id, await aircallUser(agentB));
});

afterEach(closeSockets);

afterAll(async () => {
  closeSockets();
  await t?.close();
});

/** What one connection heard, in order. */
interface Heard {
  socket: Socket;
  events: { event: string; payload: unknown }[];
}

async function connect(agent: Staff): Promise<Heard> {
  const socket = openSocket(port, { cookie: agent.cookie, origin: `http://127.0.0.1:${port}` });
  const heard: Heard = { socket, events: [] };
  socket.onAny((event: string, payload: unknown) => heard.events.push({ event, payload }));
  await connected(socket);
  return heard;
}

let probes = 0;
/** Everything the connection heard before a probe sent to the user's room after it (the probe left out). */
async function heardUntilProbe(heard: Heard, userId: number): Promise<{ event: string; payload: unknown }[]> {
  probes += 1;
  const n = probes;
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`probe ${n} did not arrive`)), 5000);
    heard.socket.on('probe', (p: { n: number }) => {
      if (p.n === n) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  serverOf(t).to(`user:${userId}`).emit('probe', { n });
  await arrived;
  const upTo = heard.events.findIndex((e) => e.event === 'probe' && (e.payload as { n: number }).n === n);
  const out = heard.events.slice(0, upTo).filter((e) => e.event !== 'probe');
  heard.events.splice(0, upTo + 1);
  return out;
}

function call(agent: Staff, fields: Partial<FakeCall> = {}): FakeCall {
  nextCallId += 1;
  const startedAt = 1_780_000_000 + nextCallId;
  return {
    id: nextCallId,
    direction: 'inbound',
    rawDigits: '+41 79 555 12 34',
    userId: userIds.get(agent.id)!,
    startedAt,
    answeredAt: startedAt + 8,
    endedAt: startedAt + 128,
    duration: 128,
    ...fields,
  };
}

async function deliver(c: FakeCall, event: Parameters<typeof callWebhook>[1], opts: { lostAnswers?: number } = {}) {
  const d = await aircall.deliver(callWebhook(c, event, TOKEN), opts);
  expect(d.status, `${event} of ${c.id}`).toBe(200);
}

async function callRows(providerCallId: number) {
  const res = await t.pool.query(
    `SELECT provider_call_id, direction, number, agent_id, client_id, started_at, answered_at, ended_at, duration, outcome, history_entry_id
     FROM telephony_calls WHERE provider_call_id = $1`,
    [String(providerCallId)],
  );
  return res.rows as {
    direction: string;
    number: string;
    agent_id: number;
    client_id: number | null;
    started_at: Date;
    answered_at: Date | null;
    ended_at: Date;
    duration: number;
    outcome: string;
    history_entry_id: number | null;
  }[];
}

async function historyOf(clientId: number) {
  const res = await t.pool.query('SELECT type, agent_id, comment, created_at FROM contact_history WHERE user_id = $1 ORDER BY id', [
    clientId,
  ]);
  return res.rows as { type: string; agent_id: number; comment: string; created_at: Date }[];
}

describe('Aircall webhook authentication', () => {
  it('refuses a wrong or missing token with 403 and writes nothing; an unknown event is answered 200 and ignored', async () => {
    const c = call(agentA);
    for (const token of ['wrong-token', '', undefined, TOKEN.slice(0, -1)]) {
      const body = { ...callWebhook(c, 'call.created', TOKEN), token };
      const res = await t.app.inject({ method: 'POST', url: URL_PATH, payload: body });
      expect(res.statusCode, String(token)).toBe(403);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: 'token=' + TOKEN,
      headers: { 'content-type': 'text/plain' },
    });
    expect([403, 415]).toContain(notJson.statusCode);
    expect(await callRows(c.id)).toEqual([]);

    const unknown = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: { resource: 'call', event: 'call.tagged', timestamp: 1, token: TOKEN, data: { id: c.id } },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ outcome: 'ignored' });
    expect(await callRows(c.id)).toEqual([]);
  });

  it('refuses every webhook while no token is configured', async () => {
    const other = await createTestApp({ databaseUrl: t.databaseUrl });
    try {
      const res = await other.app.inject({ method: 'POST', url: URL_PATH, payload: callWebhook(call(agentA), 'call.created', '') });
      expect(res.statusCode).toBe(403);
      const withToken = await other.app.inject({
        method: 'POST',
        url: URL_PATH,
        payload: callWebhook(call(agentA), 'call.created', TOKEN),
      });
      expect(withToken.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('an inbound call', () => {
  it('rings on the agent with the clients of their scope, answers, ends, and lands once in the contact history', async () => {
    const mine = await buildClient(t, {
      name: 'Anna',
      surname: 'Anruf',
      mobilePhone: '079 555 12 34',
      linkedAgentId: agentA.id,
      status: 'potential',
    });
    // The same number on a client of the other agent: outside A's scope, never shown to A.
    await buildClient(t, { name: 'Fremd', surname: 'Kunde', phone: '+41795551234', linkedAgentId: agentB.id });
    const a = await connect(agentA);
    const b = await connect(agentB);
    const c = call(agentA);

    await deliver(c, 'call.created');
    await deliver(c, 'call.ringing_on_agent');
    const rang = await heardUntilProbe(a, agentA.id);
    expect(rang).toEqual([
      {
        event: 'call',
        payload: {
          callId: String(c.id),
          number: '+41795551234',
          clientCount: 1,
          clients: [{ id: mine, name: 'Anna', surname: 'Anruf', status: 'potential', lastContactAt: null }],
        },
      },
    ]);

    await deliver(c, 'call.answered');
    expect(await heardUntilProbe(a, agentA.id)).toEqual([{ event: 'call.answered', payload: { callId: String(c.id) } }]);
    await deliver(c, 'call.hungup');
    await deliver(c, 'call.ended');
    const ended = await heardUntilProbe(a, agentA.id);
    // The call's end, then the client's changed row: its first call takes the lead off the listing.
    expect(ended.map((e) => e.event)).toEqual(['call.ended', 'listing_updated', 'client_updated']);
    expect(ended[0]).toEqual({ event: 'call.ended', payload: { callId: String(c.id), duration: 125, clientId: mine } });
    expect(ended[1]!.payload).toEqual({ deleted_id: mine, inserted: null });
    expect(ended[2]!.payload).toMatchObject({ client: { id: mine, contact_history: { type: 'inbound_call' } } });
    // The other agent heard nothing of it.
    expect(await heardUntilProbe(b, agentB.id)).toEqual([]);

    const [row] = await callRows(c.id);
    expect(row).toMatchObject({
      direction: 'inbound',
      number: '+41795551234',
      agent_id: agentA.id,
      client_id: mine,
      duration: 128,
      outcome: 'answered',
    });
    expect(row!.ended_at.getTime()).toBe(c.endedAt * 1000);
    const history = await historyOf(mine);
    expect(history).toEqual([
      { type: 'inbound_call', agent_id: agentA.id, comment: 'Eingehender Anruf, Dauer 2:08', created_at: new Date(c.startedAt * 1000) },
    ]);
    const counters = await t.pool.query('SELECT calls_count, last_contact_at FROM users WHERE id = $1', [mine]);
    expect(counters.rows[0]).toEqual({ calls_count: 1, last_contact_at: new Date(c.startedAt * 1000) });

    const log = await injectAs(t.app, agentA.cookie, { method: 'GET', url: '/api/account/aircall-logs?limit=5' });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json<{ data: unknown[] }>().data[0]).toEqual({
      id: expect.any(Number) as number,
      callId: String(c.id),
      direction: 'inbound',
      number: '+41795551234',
      clientId: mine,
      clientName: 'Anna Anruf',
      startedAt: new Date(c.startedAt * 1000).toISOString(),
      answeredAt: new Date(c.answeredAt! * 1000).toISOString(),
      endedAt: new Date(c.endedAt * 1000).toISOString(),
      duration: 128,
      outcome: 'answered',
    });
  });

  it('keeps duplicates and any order to one row with call.ended’s data, one history entry, each live event once', async () => {
    const client = await buildClient(t, { surname: 'Reihenfolge', phone: '044 321 54 76', linkedAgentId: agentA.id });
    const a = await connect(agentA);
    const c = call(agentA, {
      rawDigits: '0041 44 321 54 76',
      duration: 61,
      endedAt: 1_780_100_061,
      startedAt: 1_780_100_000,
      answeredAt: 1_780_100_005,
    });

    // call.ended first (and again, its answer lost), then the late ones.
    await deliver(c, 'call.ended', { lostAnswers: 1 });
    await deliver(c, 'call.hungup');
    await deliver(c, 'call.answered');
    await deliver(c, 'call.ringing_on_agent');
    await deliver(c, 'call.created', { lostAnswers: 2 });
    await deliver(c, 'call.ended');

    const rows = await callRows(c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: client, duration: 61, outcome: 'answered', number: '+41443215476' });
    expect(rows[0]!.answered_at!.getTime()).toBe(c.answeredAt! * 1000);
    expect(await historyOf(client)).toHaveLength(1);
    // Ended before it rang here: no dialog opens for it, no answered event; call.ended once.
    expect((await heardUntilProbe(a, agentA.id)).map((e) => e.event)).toEqual(['call.ended', 'listing_updated', 'client_updated']);
  });

  it('a delivery that fails writes nothing, and Aircall’s retry applies it once', async () => {
    const client = await buildClient(t, { surname: 'Wiederholt', mobilePhone: '079 135 79 11', linkedAgentId: agentA.id });
    const c = call(agentA, { rawDigits: '+41 79 135 79 11' });
    // The database refuses the call's first write (a sequence is not rolled back, so only the first try fails).
    await t.pool.query(`CREATE SEQUENCE fail_once_seq`);
    await t.pool.query(`
      CREATE FUNCTION fail_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.provider_call_id = '${c.id}' AND nextval('fail_once_seq') = 1 THEN
          RAISE EXCEPTION 'injected failure';
        END IF;
        RETURN NEW;
      END $$`);
    await t.pool.query(`CREATE TRIGGER fail_once BEFORE UPDATE ON telephony_calls FOR EACH ROW EXECUTE FUNCTION fail_once()`);
    try {
      const delivery = await aircall.deliver(callWebhook(c, 'call.ended', TOKEN));
      expect(delivery).toEqual({ event: 'call.ended', status: 200, attempts: 2 });
    } finally {
      await t.pool.query(`DROP TRIGGER fail_once ON telephony_calls; DROP FUNCTION fail_once(); DROP SEQUENCE fail_once_seq`);
    }
    expect(await callRows(c.id)).toEqual([expect.objectContaining({ client_id: client, duration: 128, outcome: 'answered' })]);
    expect(await historyOf(client)).toHaveLength(1);
  });

  it('a late call.hungup never overwrites call.ended; call.ended before call.answered keeps the answer', async () => {
    const c = call(agentA, { rawDigits: '+41 79 000 00 01' });
    await deliver(c, 'call.created');
    await deliver(c, 'call.ringing_on_agent');
    await deliver(c, 'call.ended');
    await deliver(c, 'call.hungup');
    await deliver(c, 'call.answered');
    const [row] = await callRows(c.id);
    expect(row).toMatchObject({ duration: 128, outcome: 'answered', client_id: null });
    expect(row!.ended_at.getTime()).toBe(c.endedAt * 1000);
    expect(row!.answered_at!.getTime()).toBe(c.answeredAt! * 1000);
  });

  it('a missed call and an unanswered outbound call say so', async () => {
    const missed = call(agentA, { rawDigits: '+41 79 000 00 02', answeredAt: null, duration: 20 });
    for (const e of eventsOf(missed)) {
      await deliver(missed, e);
    }
    expect((await callRows(missed.id))[0]).toMatchObject({ outcome: 'missed', answered_at: null });
    const voicemail = call(agentA, { rawDigits: '+41 79 000 00 03', answeredAt: null, voicemail: 'https://aircall.example/vm.mp3' });
    for (const e of eventsOf(voicemail)) {
      await deliver(voicemail, e);
    }
    expect((await callRows(voicemail.id))[0]).toMatchObject({ outcome: 'voicemail' });
    const out = call(agentA, { direction: 'outbound', rawDigits: '+41 79 000 00 04', answeredAt: null });
    for (const e of eventsOf(out)) {
      await deliver(out, e);
    }
    expect((await callRows(out.id))[0]).toMatchObject({ outcome: 'not_reached', direction: 'outbound' });
  });

  it('a team’s call rings on several agents: each is told once, with the clients of their own scope, and hears how it ends', async () => {
    const ours = await buildClient(t, { surname: 'Team', mobilePhone: '079 246 80 13', linkedAgentId: agentA.id });
    const a = await connect(agentA);
    const b = await connect(agentB);
    const c = call(agentA, { rawDigits: '+41 79 246 80 13' });
    const onB = { user: { id: userIds.get(agentB.id) } };
    await aircall.deliver(callWebhook(c, 'call.created', TOKEN, { user: null }));
    await aircall.deliver(callWebhook(c, 'call.ringing_on_agent', TOKEN));
    await aircall.deliver(callWebhook(c, 'call.ringing_on_agent', TOKEN, onB), { lostAnswers: 1 });
    await aircall.deliver(callWebhook(c, 'call.answered', TOKEN, onB));
    await aircall.deliver(callWebhook(c, 'call.hungup', TOKEN, onB));
    await aircall.deliver(callWebhook(c, 'call.ended', TOKEN, onB));
    const heardA = (await heardUntilProbe(a, agentA.id)).filter((e) => e.event.startsWith('call'));
    const heardB = (await heardUntilProbe(b, agentB.id)).filter((e) => e.event.startsWith('call'));
    expect(heardA.map((e) => e.event)).toEqual(['call', 'call.answered', 'call.ended']);
    expect(heardA[0]!.payload).toMatchObject({ clientCount: 1, clients: [{ id: ours }] });
    expect(heardB.map((e) => e.event)).toEqual(['call', 'call.answered', 'call.ended']);
    expect(heardB[0]!.payload).toEqual({ callId: String(c.id), number: '+41792468013', clientCount: 0, clients: [] });
    // B answered: the call is B's.
    expect((await callRows(c.id))[0]).toMatchObject({ agent_id: agentB.id, outcome: 'answered' });
    expect(await historyOf(ours)).toEqual([expect.objectContaining({ type: 'inbound_call', agent_id: agentB.id })]);
  });

  it('an agent never hears another agent’s call, nor of a client outside their scope', async () => {
    const onlyB = await buildClient(t, { surname: 'Nur B', mobilePhone: '078 111 22 33', linkedAgentId: agentB.id });
    const a = await connect(agentA);
    const b = await connect(agentB);
    const toA = call(agentA, { rawDigits: '+41 78 111 22 33' });
    await deliver(toA, 'call.ringing_on_agent');
    expect(await heardUntilProbe(a, agentA.id)).toEqual([
      { event: 'call', payload: { callId: String(toA.id), number: '+41781112233', clientCount: 0, clients: [] } },
    ]);
    expect(await heardUntilProbe(b, agentB.id)).toEqual([]);
    const toB = call(agentB, { rawDigits: '+41 78 111 22 33' });
    await deliver(toB, 'call.ringing_on_agent');
    expect((await heardUntilProbe(b, agentB.id))[0]).toMatchObject({
      event: 'call',
      payload: { clientCount: 1, clients: [{ id: onlyB }] },
    });
    expect(await heardUntilProbe(a, agentA.id)).toEqual([]);
    // A's call stays unmatched: B's client is not A's.
    await deliver(toA, 'call.ended');
    expect((await callRows(toA.id))[0]).toMatchObject({ client_id: null, history_entry_id: null });
    expect(await historyOf(onlyB)).toEqual([]);
  });
});

describe('unmatched calls', () => {
  it('are kept in the agent’s log and attached by them to a client of their scope, which writes the history once', async () => {
    const c = call(agentA, { rawDigits: '+41 76 999 88 77' });
    for (const e of eventsOf(c)) {
      await deliver(c, e);
    }
    const log = await injectAs(t.app, agentA.cookie, { method: 'GET', url: '/api/account/aircall-logs' });
    const entry = log
      .json<{ data: { id: number; callId: string; clientId: number | null }[] }>()
      .data.find((r) => r.callId === String(c.id))!;
    expect(entry.clientId).toBeNull();

    const theirs = await buildClient(t, { surname: 'Von B', linkedAgentId: agentB.id });
    const outside = await injectAs(t.app, agentA.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: theirs },
    });
    expect(outside.statusCode).toBe(404);
    const byOther = await injectAs(t.app, agentB.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: theirs },
    });
    expect(byOther.statusCode).toBe(404);
    const bad = await injectAs(t.app, agentA.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const crossSite = await injectAs(t.app, agentA.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: theirs },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);

    const mine = await buildClient(t, { surname: 'Nachträglich', linkedAgentId: agentA.id });
    const attached = await injectAs(t.app, agentA.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: mine },
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json<{ data: unknown }>().data).toMatchObject({ clientId: mine, clientName: 'Test Nachträglich', outcome: 'answered' });
    expect(await historyOf(mine)).toHaveLength(1);
    const again = await injectAs(t.app, agentA.cookie, {
      method: 'POST',
      url: `/api/account/aircall-logs/${entry.id}/attach`,
      payload: { clientId: mine },
    });
    expect(again.statusCode).toBe(403);
    await deliver(c, 'call.ended');
    expect(await historyOf(mine)).toHaveLength(1);
  });
});

describe('availability', () => {
  it('user.opened and user.closed reach the agent, the newest event wins, and the status is read on connect', async () => {
    const a = await connect(agentA);
    const b = await connect(agentB);
    const uid = userIds.get(agentA.id)!;
    expect((await aircall.deliver(userWebhook(uid, true, 1_780_000_100, TOKEN))).status).toBe(200);
    expect((await aircall.deliver(userWebhook(uid, false, 1_780_000_200, TOKEN))).status).toBe(200);
    // An older event arriving late, and a repeat, change nothing.
    expect((await aircall.deliver(userWebhook(uid, true, 1_780_000_150, TOKEN))).status).toBe(200);
    expect((await aircall.deliver(userWebhook(uid, false, 1_780_000_200, TOKEN))).status).toBe(200);
    expect(await heardUntilProbe(a, agentA.id)).toEqual([
      { event: 'aircall_status_update', payload: { available: true } },
      { event: 'aircall_status_update', payload: { available: false } },
    ]);
    expect(await heardUntilProbe(b, agentB.id)).toEqual([]);
    const status = await injectAs(t.app, agentA.cookie, { method: 'GET', url: '/api/account/aircall-status' });
    expect(status.json()).toEqual({ data: { available: false, updatedAt: new Date(1_780_000_200_000).toISOString() } });
    const never = await injectAs(t.app, agentB.cookie, { method: 'GET', url: '/api/account/aircall-status' });
    expect(never.json()).toEqual({ data: { available: null, updatedAt: null } });
  });
});

describe('who may read and simulate', () => {
  it('refuses the call log to roles without telephony and another account’s log to all but admins', async () => {
    for (const role of ['prom_agent', 'partner', 'ocr_manager', 'user'] as const) {
      const someone = await buildStaff(t, role);
      expect((await injectAs(t.app, someone.cookie, { method: 'GET', url: '/api/account/aircall-logs' })).statusCode, role).toBe(403);
      expect((await injectAs(t.app, someone.cookie, { method: 'GET', url: '/api/account/aircall-status' })).statusCode, role).toBe(403);
    }
    for (let i = 0; i < 3; i += 1) {
      await deliver(call(agentA, { rawDigits: `+41 79 000 10 0${i}` }), 'call.ended');
    }
    const ca = await buildStaff(t, 'call_agent');
    const own = await injectAs(t.app, ca.cookie, { method: 'GET', url: '/api/account/aircall-logs' });
    expect(own.json()).toEqual({ data: [], total: 0, limit: 50, offset: 0 });
    expect((await injectAs(t.app, ca.cookie, { method: 'GET', url: `/api/account/aircall-logs?accountId=${agentA.id}` })).statusCode).toBe(
      403,
    );
    const byAdmin = await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/account/aircall-logs?accountId=${agentA.id}&limit=2` });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ limit: 2, offset: 0 });
    expect(byAdmin.json<{ total: number }>().total).toBeGreaterThan(2);
    expect((await injectAs(t.app, ca.cookie, { method: 'GET', url: '/api/account/aircall-logs?limit=0' })).statusCode).toBe(400);
  });

  it('lets only the admin simulate, from the app’s own pages, through the webhook’s path', async () => {
    const body = { agentId: agentA.id, direction: 'inbound', number: '079 555 12 34', step: 'ring' };
    expect((await injectAs(t.app, agentA.cookie, { method: 'POST', url: '/api/telephony/simulate', payload: body })).statusCode).toBe(403);
    const crossSite = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/telephony/simulate',
      payload: body,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const invalid = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/telephony/simulate',
      payload: { ...body, step: 'explode' },
    });
    expect(invalid.statusCode).toBe(400);
    const noTelephony = await buildStaff(t, 'call_agent');
    const unconfigured = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/telephony/simulate',
      payload: { ...body, agentId: noTelephony.id },
    });
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json()).toMatchObject({ error: 'TELEPHONY_NOT_CONFIGURED', field_validation: { agentId: 'invalid_value' } });

    const a = await connect(agentA);
    const ring = await injectAs(t.app, admin.cookie, { method: 'POST', url: '/api/telephony/simulate', payload: body });
    expect(ring.statusCode, ring.body).toBe(200);
    const { callId } = ring.json<{ callId: string }>();
    const heard = await heardUntilProbe(a, agentA.id);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ event: 'call', payload: { callId, number: '+41795551234' } });
    for (const step of ['answer', 'hangup', 'end']) {
      const res = await injectAs(t.app, admin.cookie, {
        method: 'POST',
        url: '/api/telephony/simulate',
        payload: { ...body, step, callId, duration: 42 },
      });
      expect(res.json()).toEqual({ callId });
    }
    expect((await heardUntilProbe(a, agentA.id)).map((e) => e.event).filter((e) => e.startsWith('call'))).toEqual([
      'call.answered',
      'call.ended',
    ]);
    expect((await callRows(Number(callId)))[0]).toMatchObject({ duration: 42, outcome: 'answered', agent_id: agentA.id });
  });

  it('the local click-to-call places an outbound call in the agent’s log, on the client called', async () => {
    const client = await buildClient(t, { surname: 'Rückruf', mobilePhone: '079 444 55 66', linkedAgentId: agentA.id });
    const res = await injectAs(t.app, agentA.cookie, { method: 'GET', url: `/api/clients/initiate-call/${client}` });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.pool.query(
      'SELECT t.direction, t.client_id, t.number, t.outcome, t.answered_at IS NOT NULL AS answered, a.provider_call_id = t.provider_call_id AS same FROM telephony_calls t JOIN call_attempts a ON a.user_id = t.client_id WHERE t.client_id = $1',
      [client],
    );
    expect(row.rows).toEqual([
      { direction: 'outbound', client_id: client, number: '+41794445566', outcome: 'in_progress', answered: true, same: true },
    ]);
  });
});

describe('replay', () => {
  it('shuffled webhooks with 5 % duplicates, several at once, leave one row per call with call.ended’s data', async () => {
    const clients = new Map<number, number>();
    const calls: FakeCall[] = [];
    for (let i = 0; i < 40; i += 1) {
      const digits = `+41 79 7${String(i).padStart(2, '0')} 00 00`;
      const c = call(i % 2 ? agentA : agentB, {
        rawDigits: digits,
        direction: i % 3 ? 'inbound' : 'outbound',
        duration: 30 + i,
        endedAt: 1_790_000_000 + i * 100 + 30 + i,
        startedAt: 1_790_000_000 + i * 100,
        answeredAt: i % 5 ? 1_790_000_000 + i * 100 + 4 : null,
      });
      calls.push(c);
      if (i % 4) {
        clients.set(
          c.id,
          await buildClient(t, { surname: `Replay ${i}`, mobilePhone: digits, linkedAgentId: i % 2 ? agentA.id : agentB.id }),
        );
      }
    }
    const bodies = calls.flatMap((c) => eventsOf(c).map((e) => callWebhook(c, e, TOKEN)));
    const withDuplicates = [...bodies, ...bodies.filter((_, i) => i % 20 === 0)];
    // A fixed shuffle (Fisher–Yates on a small LCG), so a failure replays the same order.
    let seed = 42;
    for (let i = withDuplicates.length - 1; i > 0; i -= 1) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const j = seed % (i + 1);
      [withDuplicates[i], withDuplicates[j]] = [withDuplicates[j]!, withDuplicates[i]!];
    }
    const queue = [...withDuplicates];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let body = queue.shift(); body; body = queue.shift()) {
          expect((await aircall.deliver(body)).status).toBe(200);
        }
      }),
    );
    for (const c of calls) {
      const rows = await callRows(c.id);
      expect(rows, String(c.id)).toHaveLength(1);
      const row = rows[0]!;
      expect(row.duration).toBe(c.duration);
      expect(row.ended_at.getTime()).toBe(c.endedAt * 1000);
      expect(row.answered_at?.getTime() ?? null).toBe(c.answeredAt === null ? null : c.answeredAt * 1000);
      expect(row.client_id).toBe(clients.get(c.id) ?? null);
      const client = clients.get(c.id);
      if (client !== undefined) {
        expect(await historyOf(client)).toEqual([
          expect.objectContaining({ type: c.direction === 'inbound' ? 'inbound_call' : 'call', created_at: new Date(c.startedAt * 1000) }),
        ]);
      }
    }
  });
});

describe('click-to-call through Aircall', () => {
  let api: Awaited<ReturnType<typeof startFakeAircallApi>>;
  let withAircall: TestApp;

  beforeAll(async () => {
    api = await startFakeAircallApi();
    withAircall = await createTestApp({
      databaseUrl: t.databaseUrl,
      env: {
        AIRCALL_WEBHOOK_TOKEN: TOKEN,
        TELEPHONY_PROVIDER: 'aircall',
        AIRCALL_API_ID: 'api-id',
        AIRCALL_API_TOKEN: 'api-token',
        AIRCALL_BASE_URL: api.baseUrl,
      },
    });
    await t.pool.query(`UPDATE accounts SET telephony_number = '111' WHERE user_id = $1`, [agentA.id]);
  });

  afterAll(async () => {
    await withAircall?.close();
    await api?.close();
  });

  it('files the outbound call Aircall reports under the client it was placed from, not another with the number', async () => {
    const placed = await buildClient(t, { surname: 'Angerufen', mobilePhone: '079 321 00 11', linkedAgentId: agentA.id });
    // Contacted more recently: the number alone would pick this one.
    await buildClient(t, { surname: 'Zweitkontakt', phone: '+41793210011', linkedAgentId: agentA.id, lastContactAt: new Date() });
    const res = await injectAs(withAircall.app, agentA.cookie, { method: 'GET', url: `/api/clients/initiate-call/${placed}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { provider: 'aircall', status: 'dialing', number: '+41793210011' } });
    expect(api.dialed.at(-1)).toEqual({ userId: String(userIds.get(agentA.id)), to: '+41793210011' });

    const c = call(agentA, { direction: 'outbound', rawDigits: '+41 79 321 00 11', startedAt: Math.floor(Date.now() / 1000) });
    for (const e of eventsOf(c)) {
      await deliver(c, e);
    }
    expect((await callRows(c.id))[0]).toMatchObject({ client_id: placed, direction: 'outbound', outcome: 'answered' });
    expect(await historyOf(placed)).toEqual([expect.objectContaining({ type: 'call', agent_id: agentA.id })]);
  });

  it('waits out Aircall’s rate limit, and after three refusals answers 503 (the browser says initiate_call_error)', async () => {
    const client = await buildClient(t, { surname: 'Besetzt', mobilePhone: '079 321 00 22', linkedAgentId: agentA.id });
    api.state.rateLimited = 2;
    const waited = await injectAs(withAircall.app, agentA.cookie, { method: 'GET', url: `/api/clients/initiate-call/${client}` });
    expect(waited.statusCode, waited.body).toBe(200);
    api.state.rateLimited = 3;
    const before = api.dialed.length;
    const refused = await injectAs(withAircall.app, agentA.cookie, { method: 'GET', url: `/api/clients/initiate-call/${client}` });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    expect(api.dialed.length).toBe(before);
    expect(api.state.rateLimited).toBe(0);
  });
});
