import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildEvent as buildEventRow, buildSms as buildSmsRow } from '../../../test/factories.ts';
import { createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';
import { meeting, until, withTimeout } from '../../../test/wait.ts';
import { openDatabase } from '../../db/client.ts';
import { outboxTransport } from '../../integrations/mail/transport.ts';
import { localSms, SmsError, smsWebhookKey, type SentSms, type SmsSender } from '../../integrations/sms/index.ts';
import { startJobs } from '../../jobs/queue.ts';
import { deliverDueSms, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './service.ts';

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
    for (let i = 0; i < 4; i += 1) {
      ids.push(
        await buildSms({ text: `Nachricht ${i}`, eventId, createdAt: new Date(base + i * 1000), sendAt: new Date(base + i * HOUR) }),
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
      // Planned again after the pause; not before.
      expect(row.send_at?.getTime()).toBe(clock + RETRY_DELAYS_MS[attempt - 1]!);
      expect(await deliverDueSms(t.db, sender, { now })).toMatchObject({ taken: 0 });
      clock = row.send_at!.getTime();
    }
    expect(await deliverDueSms(t.db, sender, { now })).toMatchObject({ failed: 1, taken: 1 });
    expect(await smsRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });

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

  it('lets a cancel that comes while the message is being sent find it sent', async () => {
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
    // What the events module runs when the visit is canceled: it waits for the row, then finds it sent.
    const cancel = t.pool.query(`UPDATE sms_outbox SET status = 'canceled' WHERE event_id = $1 AND status = 'planned'`, [eventId]);
    await until(cancelWaits, 'the cancel waits for the row').catch(() => undefined);
    expect(await cancelWaits()).toBe(true);
    release();
    await delivery;
    expect((await cancel).rowCount).toBe(0);
    expect(await smsRow(id)).toMatchObject({ status: 'sent', provider_id: 'SM-slow' });
  });
});

/** Whether an UPDATE of the outbox is waiting for a row lock. */
async function cancelWaits(): Promise<boolean> {
  const res = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE sms_outbox SET status = ''canceled''%'`,
  );
  return res.rows[0]!.n > 0;
}

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
      // The job's transaction holds the row until it commits what it sent: a share lock waits for that.
      await t.pool.query('SELECT 1 FROM sms_outbox WHERE id = $1 FOR SHARE', [id]);
    } finally {
      await jobs.stop();
    }
    expect(await smsRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(sender.sent).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
