import type { SmsStatus } from '@bo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSms } from '../../../test/factories.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/harness.ts';
import { localSms, SMS_STATUS_PATH, smsWebhookKey, twilioSignature } from '../../integrations/sms/index.ts';
import { until } from '../../../test/wait.ts';
import { deliverDueSms } from './service.ts';

const TOKEN = 'twilio-auth-token-of-the-account';
const PUBLIC_URL = 'https://bo.example.ch';
const WEBHOOK = `${PUBLIC_URL}${SMS_STATUS_PATH}`;
const FORM = 'application/x-www-form-urlencoded';

let t: TestApp;
let clientId: number;
let sid = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+41445001234',
      TWILIO_BASE_URL: 'http://127.0.0.1:1',
    },
  });
  clientId = (await createUser(t.db, { role: 'user' })).id;
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.pool.query('DELETE FROM sms_outbox');
});

/** A message the outbox handed to Twilio, known there by a sid of its own. */
async function sentSms(status: SmsStatus = 'queued'): Promise<{ id: number; sid: string }> {
  sid += 1;
  const providerId = `SM${String(sid).padStart(32, '0')}`;
  const id = await buildSms(t, {
    to: '+41791234567',
    text: 'Ihr Termin ist bestätigt.',
    type: 'appointment',
    status,
    userId: clientId,
    providerId,
    sentAt: new Date(),
    attempts: 1,
  });
  return { id, sid: providerId };
}

/** Twilio's status callback: form-encoded, signed over the full URL and the sorted fields. */
function callback(
  fields: Record<string, string>,
  opts: { key?: string; signedUrl?: string; signature?: string | null; contentType?: string; payload?: string; ref?: string } = {},
) {
  const params = Object.entries(fields);
  const query = opts.ref === undefined ? '' : `?msg=${opts.ref}`;
  const signature =
    opts.signature === undefined ? twilioSignature(opts.key ?? TOKEN, opts.signedUrl ?? WEBHOOK + query, params) : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: SMS_STATUS_PATH + query,
    headers: { 'content-type': opts.contentType ?? FORM, ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
    payload: opts.payload ?? new URLSearchParams(params).toString(),
  });
}

const status = (messageSid: string, messageStatus: string, extra: Record<string, string> = {}) => ({
  AccountSid: `AC${'1'.repeat(32)}`,
  ApiVersion: '2010-04-01',
  From: '+41445001234',
  To: '+41791234567',
  MessageSid: messageSid,
  SmsSid: messageSid,
  MessageStatus: messageStatus,
  SmsStatus: messageStatus,
  ...extra,
});

async function rowOf(id: number): Promise<{ status: string; last_error: string | null }> {
  const { rows } = await t.pool.query<{ status: string; last_error: string | null }>(
    'SELECT status, last_error FROM sms_outbox WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

describe('the SMS status webhook (Twilio status callback)', () => {
  it('moves a message to the status of a correctly signed callback', async () => {
    const sms = await sentSms('queued');
    const sent = await callback(status(sms.sid, 'sent'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ outcome: 'updated' });
    expect((await rowOf(sms.id)).status).toBe('sent');

    const delivered = await callback(status(sms.sid, 'delivered'));
    expect(delivered.json()).toEqual({ outcome: 'updated' });
    expect(await rowOf(sms.id)).toEqual({ status: 'delivered', last_error: null });
  });

  it.each([
    ['no signature', { signature: null }],
    ['an empty signature', { signature: '' }],
    ['a forged signature', { signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' }],
    ['a signature with another auth token', { key: 'someone-elses-token' }],
    ['a signature for another address', { signedUrl: `http://localhost:3000${SMS_STATUS_PATH}` }],
    ['a signature for another path', { signedUrl: `${PUBLIC_URL}/api/webhooks/twilio/other` }],
  ])('refuses a callback with %s and changes nothing', async (_name, opts) => {
    const sms = await sentSms('queued');
    const res = await callback(status(sms.sid, 'delivered'), opts);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Not allowed.' });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it('refuses a callback whose fields were changed after signing', async () => {
    const sms = await sentSms('queued');
    const fields = status(sms.sid, 'sent');
    const signature = twilioSignature(TOKEN, WEBHOOK, Object.entries(fields));
    const res = await callback({ ...fields, MessageStatus: 'delivered', SmsStatus: 'delivered' }, { signature });
    expect(res.statusCode).toBe(403);
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it('never moves a message backwards: a late sent after delivered changes nothing', async () => {
    const sms = await sentSms('queued');
    expect((await callback(status(sms.sid, 'delivered'))).json()).toEqual({ outcome: 'updated' });
    for (const late of ['sent', 'queued', 'accepted', 'scheduled', 'sending']) {
      const res = await callback(status(sms.sid, late));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ outcome: 'unchanged' });
    }
    expect((await rowOf(sms.id)).status).toBe('delivered');
  });

  it('takes a duplicate callback as a no-op', async () => {
    const sms = await sentSms('queued');
    expect((await callback(status(sms.sid, 'sent'))).json()).toEqual({ outcome: 'updated' });
    expect((await callback(status(sms.sid, 'sent'))).json()).toEqual({ outcome: 'unchanged' });
    expect((await rowOf(sms.id)).status).toBe('sent');
  });

  it('keeps an end state: undelivered with its error code stays, a later delivered changes nothing', async () => {
    const sms = await sentSms('sent');
    const res = await callback(status(sms.sid, 'undelivered', { ErrorCode: '30003' }));
    expect(res.json()).toEqual({ outcome: 'updated' });
    expect(await rowOf(sms.id)).toEqual({ status: 'undelivered', last_error: 'provider error 30003: undelivered' });
    expect((await callback(status(sms.sid, 'delivered'))).json()).toEqual({ outcome: 'unchanged' });
    expect((await callback(status(sms.sid, 'failed', { ErrorCode: '30008' }))).json()).toEqual({ outcome: 'unchanged' });
    expect(await rowOf(sms.id)).toEqual({ status: 'undelivered', last_error: 'provider error 30003: undelivered' });
  });

  it('takes scheduled and canceled of a scheduled message', async () => {
    const sms = await sentSms('accepted');
    expect((await callback(status(sms.sid, 'scheduled'))).json()).toEqual({ outcome: 'updated' });
    expect((await callback(status(sms.sid, 'canceled'))).json()).toEqual({ outcome: 'updated' });
    expect((await callback(status(sms.sid, 'queued'))).json()).toEqual({ outcome: 'unchanged' });
    expect((await rowOf(sms.id)).status).toBe('canceled');
  });

  it('ends at the furthest status whatever order concurrent callbacks arrive in', async () => {
    const messages = await Promise.all([1, 2, 3, 4, 5].map(() => sentSms('queued')));
    const statuses = ['queued', 'sent', 'delivered', 'sent', 'queued', 'delivered', 'sending'];
    const answers = await Promise.all(
      messages.flatMap((m, i) => statuses.map((_, j) => callback(status(m.sid, statuses[(i + j) % statuses.length]!)))),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    for (const m of messages) {
      expect((await rowOf(m.id)).status).toBe('delivered');
    }
    // Each message moved at most to sent and to delivered: the rest were no-ops.
    const updated = answers.filter((a) => a.json<{ outcome: string }>().outcome === 'updated').length;
    expect(updated).toBeGreaterThanOrEqual(messages.length);
    expect(updated).toBeLessThanOrEqual(messages.length * 2);
  });

  it('finds a message whose send is still being committed by the outbox id in its address, once it is committed', async () => {
    const sms = await sentSms('planned');
    await t.pool.query('UPDATE sms_outbox SET provider_id = NULL WHERE id = $1', [sms.id]);
    const sending = await t.pool.connect();
    try {
      await sending.query('BEGIN');
      await sending.query('SELECT id FROM sms_outbox WHERE id = $1 FOR UPDATE', [sms.id]);
      await sending.query("UPDATE sms_outbox SET status = 'queued', provider_id = $2 WHERE id = $1", [sms.id, sms.sid]);
      const answer = callback(status(sms.sid, 'sent'), { ref: String(sms.id) });
      await until(async () => {
        const { rows } = await t.pool.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'update \"sms_outbox\"%'",
        );
        return rows[0]!.n > 0;
      }, 'the callback waiting for the sending transaction');
      await sending.query('COMMIT');
      const res = await answer;
      expect(res.json()).toEqual({ outcome: 'updated' });
    } finally {
      sending.release();
    }
    expect((await rowOf(sms.id)).status).toBe('sent');
  });

  it('records a message the provider took whose send was never committed, so it is not sent again', async () => {
    const sms = await sentSms('planned');
    await t.pool.query('UPDATE sms_outbox SET provider_id = NULL WHERE id = $1', [sms.id]);
    expect((await callback(status(sms.sid, 'sent'), { ref: String(sms.id) })).json()).toEqual({ outcome: 'updated' });
    const { rows } = await t.pool.query<{ status: string; provider_id: string }>(
      'SELECT status, provider_id FROM sms_outbox WHERE id = $1',
      [sms.id],
    );
    expect(rows[0]).toEqual({ status: 'sent', provider_id: sms.sid });
  });

  it('does not move another message named in the address when the provider ids differ', async () => {
    const sms = await sentSms('queued');
    const res = await callback(status(`SM${'e'.repeat(32)}`, 'delivered'), { ref: String(sms.id) });
    expect(res.json()).toEqual({ outcome: 'unknown' });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it('acknowledges a callback for a message it does not know and changes nothing', async () => {
    const sms = await sentSms('queued');
    const res = await callback(status(`SM${'f'.repeat(32)}`, 'delivered'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'unknown' });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it.each([
    ['without MessageSid', { MessageStatus: 'delivered' }, { MessageSid: 'field_is_required' }],
    ['without MessageStatus', { MessageSid: 'SM1' }, { MessageStatus: 'field_is_required' }],
    ['with a status Twilio does not have', { MessageSid: 'SM1', MessageStatus: 'exploded' }, { MessageStatus: 'invalid_value' }],
    ['with a sid that is no sid', { MessageSid: "SM1' OR 1=1", MessageStatus: 'delivered' }, { MessageSid: 'invalid_value' }],
    [
      'with an error code that is no number',
      { MessageSid: 'SM1', MessageStatus: 'failed', ErrorCode: 'x' },
      { ErrorCode: 'invalid_value' },
    ],
  ])('answers a signed callback %s with a validation error', async (_name, fields, fieldValidation) => {
    const sms = await sentSms('queued');
    const res = await callback(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fieldValidation });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it('answers a signed callback whose address names no outbox id with a validation error', async () => {
    const sms = await sentSms('queued');
    const res = await callback(status(sms.sid, 'sent'), { ref: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { msg: 'invalid_value' } });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });

  it('answers a body that is not a form with a validation error', async () => {
    const sms = await sentSms('queued');
    const res = await callback(
      {},
      { contentType: 'application/json', payload: JSON.stringify({ MessageSid: sms.sid, MessageStatus: 'delivered' }) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect((await rowOf(sms.id)).status).toBe('queued');
  });
});

describe('the local SMS sender', () => {
  let local: TestApp;

  beforeAll(async () => {
    local = await createTestApp();
  });

  afterAll(async () => {
    await local?.close();
  });

  /** The local sender as main.ts builds it, posting its reports into the app. */
  function sender(secret = smsWebhookKey(local.config)) {
    if (local.config.sms.provider !== 'local') {
      throw new Error('the test app runs the local sender');
    }
    return localSms({
      statusCallback: {
        url: local.config.sms.statusCallbackUrl,
        secret,
        post: async (url, payload, headers) =>
          (await local.app.inject({ method: 'POST', url: ((u) => u.pathname + u.search)(new URL(url)), headers, payload })).statusCode,
      },
    });
  }

  async function plannedSms(): Promise<number> {
    const userId = (await createUser(local.db, { role: 'user' })).id;
    return buildSms(local, {
      to: '079 123 45 67',
      text: 'Ihr Termin ist bestätigt.',
      type: 'appointment',
      status: 'planned',
      userId,
      sendAt: new Date(Date.now() - 1000),
    });
  }

  it('reports queued, then sent and delivered through the signed status webhook', async () => {
    const id = await plannedSms();
    const seen: string[] = [];
    const base = sender();
    const counts = await deliverDueSms(local.db, {
      ...base,
      recorded: async (providerId) => {
        const { rows } = await local.pool.query<{ status: string }>('SELECT status FROM sms_outbox WHERE id = $1', [id]);
        seen.push(rows[0]!.status);
        await base.recorded!(providerId);
      },
    });
    expect(counts).toMatchObject({ sent: 1, taken: 1 });
    expect(seen).toEqual(['queued']);
    const { rows } = await local.pool.query<{ status: string; provider_id: string }>(
      'SELECT status, provider_id FROM sms_outbox WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'delivered', provider_id: expect.stringMatching(/^local-/) as unknown });
  });

  it('leaves the message queued, and says so, when its reports are refused', async () => {
    const id = await plannedSms();
    const errors: unknown[] = [];
    const counts = await deliverDueSms(local.db, sender('not-the-local-secret'), { onReportError: (err) => errors.push(err) });
    expect(counts).toMatchObject({ sent: 1 });
    expect(String(errors[0])).toContain('answered 403');
    const { rows } = await local.pool.query<{ status: string }>('SELECT status FROM sms_outbox WHERE id = $1', [id]);
    expect(rows[0]!.status).toBe('queued');
  });
});
