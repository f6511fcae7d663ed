import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildStaff, type Staff } from '../../../test/factories.ts';
import { callResource, callWebhook, eventsOf, fakeAircall, startFakeAircallApi, type FakeCall } from '../../../test/fake-aircall.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { listen } from '../../../test/sockets.ts';
import { aircallTelephony, localTelephony } from '../../integrations/telephony/index.ts';
import { RECONCILE_CRON, reconcileCalls, registerTelephonyJobs } from './reconcile.service.ts';

/**
 * The call log checked against Aircall's list of calls (`GET /v1/calls`, a local fake of the API): a
 * finished call whose webhooks were lost is written once, with its history entry; a call the webhooks
 * already ended is left as it is; running the check again changes nothing.
 */

const TOKEN = 'aircall-webhook-token-of-the-account';
let t: TestApp;
let api: Awaited<ReturnType<typeof startFakeAircallApi>>;
let agent: Staff;
let aircallUserId: number;
let nextCallId = 810_000;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await createTestApp({ env: { AIRCALL_WEBHOOK_TOKEN: TOKEN } });
  api = await startFakeAircallApi();
  agent = await buildStaff(t, 'call_agent');
  aircallUserId = 9_700;
  await t.pool.query('UPDATE accounts SET telephony_user_id = $1 WHERE user_id = $2', [String(aircallUserId), agent.id]);
});

afterAll(async () => {
  await api?.close();
  await t?.close();
});

const telephony = () =>
  aircallTelephony({ apiId: 'api-id', apiToken: 'api-token', baseUrl: api.baseUrl, rateLimit: { sleep: async () => {} } });
const window = () => ({ from: new Date((now - 3600) * 1000), to: new Date((now + 60) * 1000) });

function call(rawDigits: string, fields: Partial<FakeCall> = {}): FakeCall {
  nextCallId += 1;
  const startedAt = now - 1200 + (nextCallId % 600);
  return {
    id: nextCallId,
    direction: 'inbound',
    rawDigits,
    userId: aircallUserId,
    startedAt,
    answeredAt: startedAt + 5,
    endedAt: startedAt + 185,
    duration: 185,
    ...fields,
  };
}

async function logOf(callId: number) {
  const res = await injectAs(t.app, agent.cookie, { method: 'GET', url: '/api/account/aircall-logs?limit=100' });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ data: { callId: string; clientId: number | null; duration: number | null; outcome: string; endedAt: string | null }[] }>()
    .data.filter((c) => c.callId === String(callId));
}

async function historyOf(clientId: number) {
  return (await t.pool.query<{ type: string }>('SELECT type FROM contact_history WHERE user_id = $1', [clientId])).rows;
}

describe('the call log checked against the provider’s list of calls', () => {
  it('writes a finished call whose webhooks never came, once, with its history entry; a second check changes nothing', async () => {
    const client = await buildClient(t, { surname: 'Verloren', phone: '+41 44 812 33 21', linkedAgentId: agent.id });
    const lost = call('044 812 33 21');
    api.calls.push(callResource(lost));
    const first = await reconcileCalls({ db: t.db, telephony: telephony() }, window());
    expect(first).toMatchObject({ applied: 1 });
    expect(await logOf(lost.id)).toEqual([expect.objectContaining({ clientId: client, duration: 185, outcome: 'answered' })]);
    expect(await historyOf(client)).toEqual([{ type: 'inbound_call' }]);
    const second = await reconcileCalls({ db: t.db, telephony: telephony() }, window());
    expect(second.applied).toBe(0);
    expect(second.unchanged).toBe(second.listed - second.running);
    expect(await logOf(lost.id)).toHaveLength(1);
    expect(await historyOf(client)).toEqual([{ type: 'inbound_call' }]);
  });

  it('finishes a call the webhooks left at its hang-up with the final figures, and leaves a call already ended as it is', async () => {
    const port = await listen(t);
    const hook = fakeAircall(`http://127.0.0.1:${port}/api/webhooks/aircall`);
    const client = await buildClient(t, { surname: 'Halbwegs', phone: '+41 44 812 44 55', linkedAgentId: agent.id });
    const halfway = call('+41448124455');
    for (const event of eventsOf(halfway).filter((e) => e !== 'call.ended')) {
      expect((await hook.deliver(callWebhook(halfway, event, TOKEN))).status).toBe(200);
    }
    // call.hungup said 182 s; the list says what call.ended would have: 185 s.
    expect(await logOf(halfway.id)).toEqual([expect.objectContaining({ duration: 182 })]);
    const complete = call('+41448124455', { duration: 240, endedAt: now - 100 });
    for (const event of eventsOf(complete)) {
      await hook.deliver(callWebhook(complete, event, TOKEN));
    }
    api.calls.push(callResource(halfway), callResource({ ...complete, duration: 999 }));
    await reconcileCalls({ db: t.db, telephony: telephony() }, window());
    expect(await logOf(halfway.id)).toEqual([expect.objectContaining({ duration: 185, outcome: 'answered' })]);
    // call.ended won already: the list does not change what it wrote.
    expect(await logOf(complete.id)).toEqual([expect.objectContaining({ duration: 240 })]);
    expect(await historyOf(client)).toEqual([{ type: 'inbound_call' }, { type: 'inbound_call' }]);
  });

  it('leaves running calls to their webhooks, reads every page, waits out the rate limit, and asks only for the window', async () => {
    const running = call('+41 79 000 11 22');
    api.calls.push(callResource(running, { running: true }));
    const many = Array.from({ length: 60 }, () => call('+41 79 000 11 23', { answeredAt: null, duration: 0 }));
    api.calls.push(...many.map((c) => callResource(c)));
    const old = call('+41 79 000 11 24', { startedAt: now - 3 * 86_400 });
    api.calls.push(callResource(old));
    api.state.rateLimited = 1;
    api.listRequests.length = 0;
    const result = await reconcileCalls({ db: t.db, telephony: telephony() }, window());
    expect(result.running).toBe(1);
    expect(result.listed).toBeGreaterThan(50);
    expect(api.listRequests.filter((q) => q.includes('page=2'))).toHaveLength(1);
    expect(api.listRequests[0]).toContain(`from=${now - 3600}`);
    expect(await logOf(running.id)).toEqual([]);
    expect(await logOf(old.id)).toEqual([]);
    // Unanswered inbound calls from an unknown number: missed, kept without a client.
    const missed = await logOf(many[0]!.id);
    expect(missed).toEqual([expect.objectContaining({ clientId: null, outcome: 'missed' })]);
  });

  it('runs every ten minutes where the provider lists its calls, and not with the local telephony', async () => {
    const boss = new PgBoss({ connectionString: t.databaseUrl, max: 2 });
    await boss.start();
    try {
      await registerTelephonyJobs(boss, { db: t.db, telephony: localTelephony() }, () => undefined);
      const none = await t.pool.query(`SELECT cron FROM pgboss.schedule WHERE name = 'telephony.reconcile'`);
      expect(none.rows).toEqual([]);
      await registerTelephonyJobs(boss, { db: t.db, telephony: telephony() }, () => undefined);
      const scheduled = await t.pool.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = 'telephony.reconcile'`);
      expect(scheduled.rows).toEqual([{ cron: RECONCILE_CRON }]);
    } finally {
      await boss.stop({ graceful: false });
    }
  });
});
