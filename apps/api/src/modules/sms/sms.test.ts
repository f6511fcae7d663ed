import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEvent as buildEventRow, buildSms as buildSmsRow } from '../../../test/factories.ts';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';
import { meeting, until, withTimeout } from '../../../test/wait.ts';
import { openDatabase } from '../../db/client.ts';
import { outboxTransport } from '../../integrations/mail/transport.ts';
import { localSms, SmsError, smsWebhookKey, type SentSms, type SmsSender } from '../../integrations/sms/index.ts';
import { startJobs } from '../../jobs/queue.ts';
import { OUTBOX_MAX_ATTEMPTS as MAX_ATTEMPTS, outboxRetryDelayMs } from '@bo/domain';
import { startFakeTwilio } from '../../../test/fake-twilio.ts';
import { twilioSms } from '../../integrations/sms/index.ts';
import { claimDue } from './repo.ts';
import { deliverDueSms } from './service.ts';

const HOUR = 3600_000;

let t: TestApp;
let adminCookie: string;
let client: TestUser;
let agent: TestUser;
let eventHour = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
  client = await createUser(t.db, { role: 'user', name: 'Anna', surname: 'Muster' });
  agent = await createUser(t.db, { role: 'sales_agent' });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.pool.query('DELETE FROM sms_outbox');
});

/** A presentation of the test agent; each one a few hours after the last, so they never overlap. */
async function buildEvent(opts: { startsAt?: Date; status?: string; type?: 'presentation' | 'service' } = {}): Promise<number> {
  eventHour += 3;
  const start = opts.startsAt ?? new Date(Date.now() + (48 + eventHour) * HOUR);
  return buildEventRow(t, {
    type: opts.type ?? 'presentation',
    clientId: client.id,
    agentId: agent.id,
    status: opts.status ?? 'planned',
    startsAt: start,
    endsAt: new Date(start.getTime() + 2 * HOUR),
  });
}

interface SmsFields {
  to?: string;
  text?: string;
  type?: 'appointment' | 'first_reminder' | 'second_reminder';
  status?: string;
  eventId?: number | null;
  sendAt?: Date | null;
  createdAt?: Date;
}

/** An outbox row as the events module writes it when a visit is booked. */
async function buildSms(fields: SmsFields = {}): Promise<number> {
  return buildSmsRow(t, {
    to: fields.to ?? '079 123 45 67',
    text: fields.text ?? 'Guten Tag Anna Muster, Ihr Termin ist bestätigt.',
    type: fields.type ?? 'appointment',
    status: fields.status ?? 'planned',
    userId: client.id,
    eventId: fields.eventId === undefined ? null : fields.eventId,
    sendAt: fields.sendAt === undefined ? new Date(Date.now() - 60_000) : fields.sendAt,
    createdAt: fields.createdAt ?? new Date(),
  });
}

interface SmsRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  sent_at: Date | null;
  send_at: Date | null;
}

async function smsRow(id: number): Promise<SmsRow> {
  const res = await t.pool.query<SmsRow>(
    'SELECT id, status, attempts, last_error, provider_id, sent_at, send_at FROM sms_outbox WHERE id = $1',
    [id],
  );
  return res.rows[0]!;
}

/**
 * A provider that records what it sends, and fails as told. `meet`: its first send waits there (for
 * another sender's first send, say). `firstSent` resolves when it has sent one message.
 */
function fakeSender(
  opts: { fail?: (to: string) => Error | null; meet?: () => Promise<void> } = {},
): SmsSender & { sent: { to: string; text: string }[]; firstSent: Promise<void> } {
  const sent: { to: string; text: string }[] = [];
  let n = 0;
  let announce: () => void = () => undefined;
  const firstSent = new Promise<void>((resolve) => {
    announce = resolve;
  });
  return {
    provider: 'fake',
    sent,
    firstSent,
    async send(to, text): Promise<SentSms> {
      if (n === 0 && opts.meet) {
        await opts.meet();
      }
      const failure = opts.fail?.(to);
      if (failure) {
        throw failure;
      }
      sent.push({ to, text });
      n += 1;
      announce();
      return { providerId: `SM${n}`, status: 'queued' };
    },
  };
}

describe('GET /api/sms-outbox', () => {
  it('lists the newest messages first, paged, each with its event', async () => {
    const eventId = await buildEvent({ type: 'service' });
    const base = Date.now() - 10 * 60_000;
    const ids: number[] = [];
    const statuses = ['delivered', 'failed', 'planned', 'canceled'];
    for (let i = 0; i < 4; i += 1) {
      ids.push(
        await buildSms({
          text: `Nachricht ${i}`,
          eventId,
          status: statuses[i],
          createdAt: new Date(base + i * 1000),
          sendAt: new Date(base + i * HOUR),
        }),
      );
    }

    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?limit=2&offset=1' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, unknown>[]; total: number; limit: number; offset: number }>();
    expect(body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(body.data.map((m) => m.text)).toEqual(['Nachricht 2', 'Nachricht 1']);
    expect(body.data[0]).toEqual({
      id: ids[2],
      to: '079 123 45 67',
      text: 'Nachricht 2',
      type: 'appointment',
      status: 'planned',
      event_id: eventId,
      event_type: 'service',
      user_id: client.id,
      send_at: new Date(base + 2 * HOUR).toISOString(),
      sent_at: null,
      attempts: 0,
      last_error: null,
      dead_at: null,
      created_at: new Date(base + 2000).toISOString(),
    });
  });

  it('filters by status, type and event', async () => {
    const first = await buildEvent();
    const second = await buildEvent();
    await buildSms({ eventId: first, type: 'appointment', status: 'delivered' });
    await buildSms({ eventId: first, type: 'first_reminder' });
    await buildSms({ eventId: first, type: 'second_reminder', status: 'canceled' });
    await buildSms({ eventId: second, type: 'first_reminder' });
    await buildSms({ eventId: null, type: 'appointment', status: 'failed' });

    const list = async (query: string) => {
      const res = await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/sms-outbox?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { type: string; status: string; event_id: number | null }[]; total: number }>();
    };
    expect((await list('status=planned')).data.map((m) => [m.event_id, m.type])).toEqual([
      [second, 'first_reminder'],
      [first, 'first_reminder'],
    ]);
    expect((await list('type=first_reminder')).total).toBe(2);
    expect((await list(`event_id=${first}`)).data.map((m) => m.type)).toEqual(['second_reminder', 'first_reminder', 'appointment']);
    expect((await list(`event_id=${first}&status=canceled&type=second_reminder`)).total).toBe(1);
    expect(await list('status=failed')).toMatchObject({ total: 1, data: [{ event_id: null }] });
  });

  it('answers 400 to an unknown status or type', async () => {
    for (const query of ['status=lost', 'type=birthday', 'event_id=abc', 'limit=0']) {
      const res = await injectAs(t.app, adminCookie, { method: 'GET', url: `/api/sms-outbox?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    }
  });

  it('is for admins: a sales agent or a call agent is refused, no session is 401', async () => {
    for (const role of ['sales_agent', 'call_agent'] as const) {
      const user = await createUser(t.db, { role });
      const res = await injectAs(t.app, await login(t.app, user.email), { method: 'GET', url: '/api/sms-outbox' });
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Not allowed.' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sms-outbox' })).statusCode).toBe(401);
  });
});

describe('deliverDueSms', () => {
  it('sends the due messages in E.164 and not the future, canceled or already sent ones', async () => {
    const eventId = await buildEvent();
    const due = await buildSms({ eventId, text: 'Termin bestätigt' });
    const dueEarlier = await buildSms({ eventId, type: 'first_reminder', to: '+41 79 765 43 21', sendAt: new Date(Date.now() - HOUR) });
    const future = await buildSms({ eventId, type: 'second_reminder', sendAt: new Date(Date.now() + HOUR) });
    const canceled = await buildSms({ eventId, status: 'canceled' });
    const delivered = await buildSms({ eventId, status: 'delivered' });
    const sender = fakeSender();

    expect(await deliverDueSms(t.db, sender)).toEqual({ sent: 2, retry: 0, failed: 0, canceled: 0, taken: 2 });
    // The oldest due message goes first.
    expect(sender.sent).toEqual([
      { to: '+41797654321', text: 'Guten Tag Anna Muster, Ihr Termin ist bestätigt.' },
      { to: '+41791234567', text: 'Termin bestätigt' },
    ]);
    expect(await smsRow(due)).toMatchObject({ status: 'queued', attempts: 1, provider_id: 'SM2', last_error: null });
    expect((await smsRow(due)).sent_at).toBeInstanceOf(Date);
    expect(await smsRow(dueEarlier)).toMatchObject({ status: 'queued', provider_id: 'SM1' });
    expect(await smsRow(future)).toMatchObject({ status: 'planned', attempts: 0, sent_at: null });
    expect(await smsRow(canceled)).toMatchObject({ status: 'canceled', attempts: 0 });
    expect(await smsRow(delivered)).toMatchObject({ status: 'delivered', attempts: 0 });

    // Run again: nothing is sent twice.
    expect(await deliverDueSms(t.db, sender)).toMatchObject({ taken: 0 });
    expect(sender.sent).toHaveLength(2);
  });

  it('marks a message delivered with the local sender, through its signed status callbacks, and the admin reads it so', async () => {
    const id = await buildSms();
    if (t.config.sms.provider !== 'local') {
      throw new Error('the test app runs the local sender');
    }
    const local = localSms({
      statusCallback: {
        url: t.config.sms.statusCallbackUrl,
        secret: smsWebhookKey(t.config),
        post: async (url, payload, headers) =>
          (await t.app.inject({ method: 'POST', url: ((u) => u.pathname + u.search)(new URL(url)), headers, payload })).statusCode,
      },
    });
    expect(await deliverDueSms(t.db, local, { onReportError: (err) => expect.fail(String(err)) })).toMatchObject({ sent: 1 });
    const row = await smsRow(id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(row.provider_id).toMatch(/^local-/);
    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?status=delivered' });
    expect(res.json()).toMatchObject({ total: 1, data: [{ id, status: 'delivered', sent_at: row.sent_at!.toISOString() }] });
  });

  it('counts each failure of the provider, tries again later and gives up after the last attempt', async () => {
    const id = await buildSms();
    const sender = fakeSender({ fail: () => new SmsError('provider_unreachable', 'Twilio answered 503 (20500): Internal Server Error') });
    let clock = Date.now();
    const now = () => new Date(clock);

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueSms(t.db, sender, { now })).toMatchObject({ retry: 1, taken: 1 });
      const row = await smsRow(id);
      expect(row).toMatchObject({
        status: 'planned',
        attempts: attempt,
        sent_at: null,
        last_error: 'Twilio answered 503 (20500): Internal Server Error',
      });
      // Planned again after the pause, each longer than the last; not before.
      expect(row.send_at?.getTime()).toBe(clock + outboxRetryDelayMs(attempt)!);
      expect(await deliverDueSms(t.db, sender, { now })).toMatchObject({ taken: 0 });
      clock = row.send_at!.getTime();
    }
    expect(await deliverDueSms(t.db, sender, { now })).toMatchObject({ failed: 1, taken: 1 });
    expect(await smsRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(sender.sent).toEqual([]);

    // A failed message is not tried again, but stays readable in the outbox with its error.
    clock += 24 * HOUR;
    expect(await deliverDueSms(t.db, fakeSender(), { now })).toMatchObject({ taken: 0 });
    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?status=failed' });
    expect(res.json()).toMatchObject({ data: [{ id, attempts: MAX_ATTEMPTS, last_error: expect.stringContaining('503') as unknown }] });
  });

  it('fails at once a message the provider refuses, or a number that is none, and sends the others', async () => {
    const refused = await buildSms({ to: '+41 79 000 00 01' });
    const notANumber = await buildSms({ to: 'unbekannt' });
    const ok = await buildSms({ to: '+41 79 000 00 02' });
    const sender = fakeSender({
      fail: (to) =>
        to === '+41790000001' ? new SmsError('provider_refused', 'Twilio answered 400 (21610): unsubscribed recipient') : null,
    });

    expect(await deliverDueSms(t.db, sender)).toEqual({ sent: 1, retry: 0, failed: 2, canceled: 0, taken: 3 });
    expect(await smsRow(refused)).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('21610') as unknown });
    expect(await smsRow(notANumber)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'not a phone number: unbekannt' });
    expect(await smsRow(ok)).toMatchObject({ status: 'queued' });
    expect(sender.sent.map((m) => m.to)).toEqual(['+41790000002']);
  });

  it('does not send a reminder of an event that has begun or no longer takes place', async () => {
    const begun = await buildEvent({ startsAt: new Date(Date.now() - 30 * 60_000) });
    const canceled = await buildEvent({ status: 'canceled' });
    const late = await buildSms({ eventId: begun, type: 'second_reminder' });
    const orphan = await buildSms({ eventId: canceled, type: 'first_reminder' });
    const sender = fakeSender();

    expect(await deliverDueSms(t.db, sender)).toMatchObject({ sent: 0, canceled: 2 });
    expect(sender.sent).toEqual([]);
    expect(await smsRow(late)).toMatchObject({
      status: 'canceled',
      last_error: expect.stringMatching(/^not sent: the event began at /) as unknown,
    });
    expect(await smsRow(orphan)).toMatchObject({ status: 'canceled', last_error: 'not sent: the event is canceled' });
  });

  it('takes at most `limit` messages per call', async () => {
    for (let i = 0; i < 5; i += 1) {
      await buildSms();
    }
    expect(await deliverDueSms(t.db, localSms(), { limit: 3 })).toMatchObject({ sent: 3, taken: 3 });
    expect(await deliverDueSms(t.db, localSms(), { limit: 3 })).toMatchObject({ sent: 2, taken: 2 });
  });

  it('never sends a message twice when two workers run at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      ids.push(await buildSms({ text: `Nachricht ${i}` }));
    }
    // A second process: its own connection pool on the same database.
    const other = openDatabase(t.databaseUrl, { max: 2 });
    try {
      // Each sends its first message only once the other holds one too: both are at work at once.
      const both = meeting(2);
      const a = fakeSender({ meet: both });
      const b = fakeSender({ meet: both });
      const [ca, cb] = await Promise.all([deliverDueSms(t.db, a), deliverDueSms(other.db, b)]);

      expect(ca.sent + cb.sent).toBe(20);
      // Both worked: each took a share while the other held its message.
      expect(ca.sent).toBeGreaterThan(0);
      expect(cb.sent).toBeGreaterThan(0);
      const texts = [...a.sent, ...b.sent].map((m) => m.text).sort();
      expect(new Set(texts).size).toBe(20);
      const rows = await t.pool.query<{ status: string; attempts: number }>('SELECT status, attempts FROM sms_outbox WHERE id = ANY($1)', [
        ids,
      ]);
      expect(rows.rows.every((r) => r.status === 'queued' && r.attempts === 1)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('lets a cancel that comes while the message is being sent leave it alone: it is on its way and ends sent', async () => {
    const eventId = await buildEvent();
    const id = await buildSms({ eventId });
    let release: () => void = () => undefined;
    const sending = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    const slow: SmsSender = {
      provider: 'slow',
      send: async () => {
        started();
        await sending;
        return { providerId: 'SM-slow', status: 'sent' };
      },
    };
    const delivery = deliverDueSms(t.db, slow);
    await inFlight;
    // The message is leased (committed), no row lock is held while the provider is asked: what the
    // events module runs when the visit is canceled does not wait, and does not touch it.
    expect(await smsRow(id)).toMatchObject({ status: 'sending', attempts: 0 });
    const cancel = await withTimeout(
      t.pool.query(`UPDATE sms_outbox SET status = 'canceled' WHERE event_id = $1 AND status = 'planned'`, [eventId]),
      5_000,
      'the cancel waited for the send',
    );
    expect(cancel.rowCount).toBe(0);
    release();
    await delivery;
    expect(await smsRow(id)).toMatchObject({ status: 'sent', provider_id: 'SM-slow' });
  });
});

describe('the SMS job', () => {
  it('sends a due message soon after notifySmsPlanned', async () => {
    const id = await buildSms();
    const sender = fakeSender();
    const errors: Error[] = [];
    const jobs = await startJobs({
      databaseUrl: t.databaseUrl,
      db: t.db,
      transport: outboxTransport,
      mailFrom: 'Back Office <no-reply@back-office.local>',
      sms: sender,
      onError: (err) => errors.push(err),
    });
    try {
      jobs.notifySmsPlanned();
      await withTimeout(sender.firstSent, 15_000, 'the job sent nothing');
      // The provider took it; the job then records it.
      await until(async () => (await smsRow(id)).status !== 'sending', 'the job records the message');
    } finally {
      await jobs.stop();
    }
    expect(await smsRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(sender.sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });
  it('wakes at the due time of a message planned for a few seconds later, not at the next minute', async () => {
    const due = new Date(Date.now() + 3_000);
    const id = await buildSms({ sendAt: due });
    const sender = fakeSender();
    const errors: Error[] = [];
    const jobs = await startJobs({
      databaseUrl: t.databaseUrl,
      db: t.db,
      transport: outboxTransport,
      mailFrom: 'Back Office <no-reply@back-office.local>',
      sms: sender,
      onError: (err) => errors.push(err),
    });
    try {
      // A run now finds nothing due yet and plans its next run for the message's time.
      jobs.notifySmsPlanned();
      await withTimeout(sender.firstSent, 15_000, 'the job sent nothing');
      const late = Date.now() - due.getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(5_000);
    } finally {
      await jobs.stop();
    }
    expect((await smsRow(id)).status).not.toBe('planned');
    expect(errors).toEqual([]);
  });
});

describe('exactly once: leases, retries alone, dead letters', () => {
  const SID = `AC${'7'.repeat(32)}`;
  const TOKEN = 'fake-twilio-token';

  it('retries a failed message alone, with growing pauses, while the rest of its batch goes out', async () => {
    const flaky = await buildSms({ to: '+41 79 000 00 09', text: 'flaky' });
    const others = [await buildSms({ text: 'a' }), await buildSms({ text: 'b' }), await buildSms({ text: 'c' })];
    const sender = fakeSender({
      fail: (to) => (to === '+41790000009' ? new SmsError('provider_unreachable', 'Twilio answered 503', { status: 503 }) : null),
    });
    const clock = Date.now();
    expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock) })).toEqual({
      sent: 3,
      retry: 1,
      failed: 0,
      canceled: 0,
      taken: 4,
    });
    for (const id of others) {
      expect(await smsRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    }
    expect(await smsRow(flaky)).toMatchObject({ status: 'planned', attempts: 1, last_error: 'Twilio answered 503' });
    expect((await smsRow(flaky)).send_at?.getTime()).toBe(clock + outboxRetryDelayMs(1)!);
    expect(outboxRetryDelayMs(2)!).toBeGreaterThan(outboxRetryDelayMs(1)!);
    expect(sender.sent.map((m) => m.text).sort()).toEqual(['a', 'b', 'c']);
  });

  it('lists dead letters for the admin and sends one again from the list, once', async () => {
    const dead = await buildSms({ to: '+41 79 000 00 01', text: 'tot' });
    const alive = await buildSms({ text: 'lebt', sendAt: new Date(Date.now() + HOUR) });
    const refusing = fakeSender({
      fail: () => new SmsError('provider_refused', 'Twilio answered 400 (21610): unsubscribed recipient', { status: 400 }),
    });
    expect(await deliverDueSms(t.db, refusing)).toMatchObject({ failed: 1 });
    const row = await smsRow(dead);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });

    const list = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?dead_letter=true' });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ data: { id: number; dead_at: string | null; last_error: string }[]; total: number }>();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({ id: dead, last_error: expect.stringContaining('21610') as unknown });
    expect(body.data[0]!.dead_at).not.toBeNull();
    expect((await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?dead_letter=false' })).json()).toMatchObject({
      total: 1,
      data: [{ id: alive, dead_at: null }],
    });

    // Only a dead letter can be sent again; a planned message, an unknown id or a bad one cannot.
    const notDead = await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/sms-outbox/${alive}/retry` });
    expect(notDead.statusCode).toBe(409);
    expect(notDead.json()).toMatchObject({ error: 'SMS_NOT_DEAD_LETTER' });
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: '/api/sms-outbox/999999999/retry' })).statusCode).toBe(404);
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: '/api/sms-outbox/abc/retry' })).statusCode).toBe(400);

    const retried = await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/sms-outbox/${dead}/retry` });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: dead, status: 'planned', attempts: 0, dead_at: null });
    // A second click finds it planned: nothing happens twice.
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/sms-outbox/${dead}/retry` })).statusCode).toBe(409);
    expect((await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/sms-outbox?dead_letter=true' })).json()).toMatchObject({
      total: 0,
    });

    const sender = fakeSender();
    expect(await deliverDueSms(t.db, sender)).toMatchObject({ sent: 1, taken: 1 });
    expect(sender.sent).toEqual([{ to: '+41790000001', text: 'tot' }]);
    expect(await smsRow(dead)).toMatchObject({ status: 'queued', attempts: 1, last_error: null });
  });

  it('lets only admins send a dead letter again, from the app itself', async () => {
    const dead = await buildSms({ status: 'failed' });
    await t.pool.query('UPDATE sms_outbox SET dead_at = now() WHERE id = $1', [dead]);
    for (const role of ['sales_agent', 'call_agent', 'user'] as const) {
      const user = await createUser(t.db, { role });
      const res = await injectAs(t.app, await login(t.app, user.email), { method: 'POST', url: `/api/sms-outbox/${dead}/retry` });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/sms-outbox/${dead}/retry` })).statusCode).toBe(401);
    const crossSite = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: `/api/sms-outbox/${dead}/retry`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await smsRow(dead)).toMatchObject({ status: 'failed' });
  });

  it('a worker killed after Twilio took the message: when its lease runs out the next worker finds it at Twilio and does not send it again', async () => {
    const id = await buildSms({ text: 'Erinnerung: morgen 10:00' });
    const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    const sender = twilioSms({
      accountSid: SID,
      authToken: TOKEN,
      from: '+41445001234',
      baseUrl: twilio.baseUrl,
      statusCallback: 'https://bo.example/api/webhooks/twilio/sms-status',
    });
    try {
      // The dying worker: takes the message, hands it to Twilio, and is gone before it records anything.
      const clock = Date.now();
      const claimed = await claimDue(t.db, new Date(clock), 1_000);
      expect(claimed).toMatchObject({ id, uncertainSince: null });
      await sender.send('+41791234567', 'Erinnerung: morgen 10:00', { ref: String(id) });
      expect(twilio.messages).toHaveLength(1);

      // While the lease holds, no other worker takes it.
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + 500), leaseMs: 1_000 })).toMatchObject({ taken: 0 });
      // After it: the next worker asks Twilio, finds the message and records it.
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + 1_500), leaseMs: 1_000 })).toMatchObject({
        sent: 1,
        taken: 1,
      });
      expect(twilio.messages).toHaveLength(1);
      expect(await smsRow(id)).toMatchObject({ status: 'queued', provider_id: twilio.messages[0]!.sid, attempts: 1 });
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + 120_000) })).toMatchObject({ taken: 0 });
    } finally {
      await twilio.close();
    }
  });

  it('a worker killed before Twilio took the message: after the lease the message is sent, once', async () => {
    const id = await buildSms({ text: 'Erinnerung: übermorgen' });
    const twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
    const sender = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+41445001234', baseUrl: twilio.baseUrl });
    try {
      const clock = Date.now();
      await claimDue(t.db, new Date(clock), 1_000);
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + 1_500), leaseMs: 1_000 })).toMatchObject({ sent: 1 });
      expect(twilio.messages.map((m) => m.ref)).toEqual([null]);
      expect(twilio.messages.map((m) => m.body)).toEqual(['Erinnerung: übermorgen']);
      expect(await smsRow(id)).toMatchObject({ status: 'queued', provider_id: twilio.messages[0]!.sid });
    } finally {
      await twilio.close();
    }
  });

  it('Twilio took the message but never answered: the next try finds it instead of sending it again', async () => {
    const id = await buildSms({ text: 'keine Antwort' });
    let first = true;
    const twilio = await startFakeTwilio({
      accountSid: SID,
      authToken: TOKEN,
      decide: () => {
        const outcome = first ? 'accept-no-answer' : 'accept';
        first = false;
        return outcome;
      },
    });
    const sender = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+41445001234', baseUrl: twilio.baseUrl, timeoutMs: 300 });
    try {
      const clock = Date.now();
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock) })).toMatchObject({ retry: 1 });
      // Uncertain: it stays with the outbox's worker side (sending) until its next look.
      expect(await smsRow(id)).toMatchObject({ status: 'sending', attempts: 1, last_error: 'Twilio did not answer' });
      expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + outboxRetryDelayMs(1)!) })).toMatchObject({ sent: 1 });
      expect(twilio.messages).toHaveLength(1);
      expect(await smsRow(id)).toMatchObject({ status: 'queued', provider_id: twilio.messages[0]!.sid });
    } finally {
      await twilio.close();
    }
  });

  it('a sender that cannot be asked: an interrupted message goes to the dead-letter list instead of out again', async () => {
    const id = await buildSms();
    const clock = Date.now();
    await claimDue(t.db, new Date(clock), 1_000);
    const sender = fakeSender();
    expect(await deliverDueSms(t.db, sender, { now: () => new Date(clock + 1_500), leaseMs: 1_000 })).toMatchObject({ failed: 1 });
    expect(sender.sent).toEqual([]);
    const row = await smsRow(id);
    expect(row).toMatchObject({ status: 'failed', last_error: expect.stringContaining('interrupted') as unknown });
  });
});
