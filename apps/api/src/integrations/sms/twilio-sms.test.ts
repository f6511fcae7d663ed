import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio as startListingTwilio } from '../../../test/fake-twilio.ts';
import { loadConfig } from '../../config.ts';
import { createSmsSender, smsWebhookKey } from './index.ts';
import { localSms } from './local-sms.ts';
import { SMS_STATUS_PATH, SmsError } from './sms.ts';
import { validTwilioSignature } from './twilio-signature.ts';
import { twilioSms } from './twilio-sms.ts';

const SID = `AC${'1'.repeat(32)}`;
const TOKEN = 'twilio-auth-token';

interface TwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
}

/**
 * A local server speaking Twilio's Messages API as documented: `POST /2010-04-01/Accounts/{sid}/Messages.json`
 * with HTTP Basic auth (account sid, auth token) and a form-encoded body (`To`, `From` or
 * `MessagingServiceSid`, `Body`); 201 with the message resource, errors as `{ code, message, more_info, status }`.
 */
async function startFakeTwilio() {
  const messages: TwilioMessage[] = [];
  const requests: { path: string; contentType: string }[] = [];
  /** The answer to the next request instead of the normal one. */
  const state = { next: null as null | { status: number; body: unknown } };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, code: number, message: string) =>
        json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      requests.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '' });
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        error(404, 20404, 'The requested resource was not found');
        return;
      }
      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      if (user !== SID || password !== TOKEN || match[1] !== SID) {
        error(401, 20003, 'Authenticate');
        return;
      }
      if (state.next) {
        json(state.next.status, state.next.body);
        state.next = null;
        return;
      }
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        error(400, 21603, "A 'From' phone number is required.");
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
        return;
      }
      if (!form.get('From') && !form.get('MessagingServiceSid')) {
        error(400, 21603, "A 'From' phone number is required.");
        return;
      }
      if (!body) {
        error(400, 21602, 'Message body is required.');
        return;
      }
      const message = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body,
        statusCallback: form.get('StatusCallback'),
      };
      messages.push(message);
      json(201, {
        account_sid: SID,
        sid: message.sid,
        to,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        body,
        status: message.messagingServiceSid ? 'accepted' : 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${SID}/Messages/${message.sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    messages,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

beforeAll(async () => {
  twilio = await startFakeTwilio();
});

afterAll(async () => {
  await twilio?.close();
});

beforeEach(() => {
  twilio.messages.length = 0;
  twilio.requests.length = 0;
  twilio.state.next = null;
});

const sender = (over: { authToken?: string; from?: string } = {}) =>
  twilioSms({ accountSid: SID, authToken: over.authToken ?? TOKEN, from: over.from ?? '+41445001234', baseUrl: `${twilio.baseUrl}/` });

async function refusal(promise: Promise<unknown>): Promise<SmsError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsError);
  return err as SmsError;
}

describe('twilioSms', () => {
  it('posts the message form-encoded with Basic auth and keeps the message sid', async () => {
    const text = 'Grüezi Frau Müller, Ihr Termin: Di 14.10. 10:00 & Beratung.';
    const sent = await sender().send('+41791234567', text);

    expect(sent.status).toBe('queued');
    expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.messages).toEqual([
      { sid: sent.providerId, to: '+41791234567', from: '+41445001234', messagingServiceSid: null, body: text, statusCallback: null },
    ]);
    expect(twilio.requests).toEqual([
      { path: `/2010-04-01/Accounts/${SID}/Messages.json`, contentType: 'application/x-www-form-urlencoded' },
    ]);
  });

  it('asks Twilio for status callbacks at the app’s webhook', async () => {
    const statusCallback = 'https://bo.example.ch/api/webhooks/twilio/sms-status';
    const withCallback = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+41445001234', baseUrl: twilio.baseUrl, statusCallback });
    await withCallback.send('+41791234567', 'Hallo');
    expect(twilio.messages[0]).toMatchObject({ to: '+41791234567', statusCallback });
    // With the outbox row's id, which the callback's signature covers.
    await withCallback.send('+41791234567', 'Hallo', { ref: '42' });
    expect(twilio.messages[1]).toMatchObject({ statusCallback: `${statusCallback}?msg=42` });
  });

  it('sends through a Messaging Service when the sender is its sid', async () => {
    const service = `MG${'a'.repeat(32)}`;
    const sent = await sender({ from: service }).send('+41791234567', 'Hallo');
    expect(sent.status).toBe('queued');
    expect(twilio.messages[0]).toMatchObject({ from: null, messagingServiceSid: service });
  });

  it('reports a number Twilio refuses as refused, with its code and message', async () => {
    const err = await refusal(sender().send('+4100', 'Hallo'));
    expect(err).toMatchObject({ reason: 'provider_refused', status: 400, code: '21211' });
    expect(err.message).toBe("Twilio answered 400 (21211): The 'To' number +4100 is not a valid phone number.");
    expect(twilio.messages).toEqual([]);
  });

  it('reports wrong credentials as a failure worth trying again once they are fixed', async () => {
    const err = await refusal(sender({ authToken: 'wrong' }).send('+41791234567', 'Hallo'));
    expect(err).toMatchObject({ reason: 'provider_unreachable', status: 401, code: '20003' });
    expect(err.message).toContain('Authenticate');
  });

  it.each([
    ['a rate limit', 429, { code: 20429, message: 'Too Many Requests', status: 429 }],
    ['a server error', 503, { code: 20500, message: 'Internal Server Error', status: 503 }],
    ['an answer that is not JSON', 502, '<html>Bad Gateway</html>'],
  ])('reports %s as unreachable', async (_name, status, body) => {
    twilio.state.next = { status, body };
    const err = await refusal(sender().send('+41791234567', 'Hallo'));
    expect(err).toMatchObject({ reason: 'provider_unreachable', status });
  });

  it('reports a server that does not answer as unreachable', async () => {
    const closed = twilioSms({ accountSid: SID, authToken: TOKEN, from: '+41445001234', baseUrl: 'http://127.0.0.1:1' });
    expect(await refusal(closed.send('+41791234567', 'Hallo'))).toMatchObject({ reason: 'provider_unreachable', status: undefined });
  });

  it('takes a message Twilio already answers as sent or delivered with that status', async () => {
    twilio.state.next = { status: 201, body: { sid: 'SM123', status: 'delivered' } };
    expect(await sender().send('+41791234567', 'Hallo')).toEqual({ providerId: 'SM123', status: 'delivered' });
  });
});

describe('createSmsSender', () => {
  it('is the local outbox by default and Twilio when configured', async () => {
    expect(createSmsSender(loadConfig({})).provider).toBe('local');
    const configured = createSmsSender(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        TWILIO_FROM: 'Alpenquell',
        TWILIO_BASE_URL: twilio.baseUrl,
        PUBLIC_URL: 'https://bo.example.ch/',
      }),
    );
    expect(configured.provider).toBe('twilio');
    await configured.send('+41791234567', 'Hallo');
    expect(twilio.messages[0]).toMatchObject({
      from: 'Alpenquell',
      to: '+41791234567',
      statusCallback: `https://bo.example.ch${SMS_STATUS_PATH}`,
    });
  });

  it('refuses to start with Twilio but without its credentials', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID })).toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_PROVIDER=twilio/,
    );
  });
});

describe('localSms', () => {
  it('takes every message as queued, each with an id of its own', async () => {
    const local = localSms();
    const [a, b] = await Promise.all([local.send('+41791234567', 'a'), local.send('+41791234567', 'b')]);
    expect(a?.status).toBe('queued');
    expect(a?.providerId).toMatch(/^local-/);
    expect(a?.providerId).not.toBe(b?.providerId);
  });

  it("refuses Twilio's magic test numbers as Twilio's test credentials do, and finds nothing it did not record", async () => {
    const local = localSms();
    await expect(local.send('+15005550004', 'a')).rejects.toMatchObject({
      name: 'SmsError',
      reason: 'provider_refused',
      status: 400,
      code: '21610',
    });
    await expect(local.send('+15005550001', 'a')).rejects.toMatchObject({ reason: 'provider_refused', code: '21211' });
    await expect(local.send('+15005550006', 'a')).resolves.toMatchObject({ status: 'queued' });
    await expect(local.find!('+15005550006', 'a', { ref: '1', since: new Date() })).resolves.toBeNull();
  });

  it('reports sent, then delivered as Twilio-style status callbacks signed with its secret', async () => {
    const posts: { url: string; form: URLSearchParams; headers: Record<string, string> }[] = [];
    const url = `https://bo.example.ch${SMS_STATUS_PATH}`;
    const local = localSms({
      statusCallback: {
        url,
        secret: 'local-secret-of-this-install',
        post: (to, body, headers) => {
          posts.push({ url: to, form: new URLSearchParams(body), headers });
          return Promise.resolve(200);
        },
      },
    });
    const { providerId } = await local.send('+41791234567', 'a', { ref: '7' });
    await local.recorded?.(providerId, { ref: '7' });
    expect(posts.map((p) => [p.url, p.form.get('MessageSid'), p.form.get('MessageStatus')])).toEqual([
      [`${url}?msg=7`, providerId, 'sent'],
      [`${url}?msg=7`, providerId, 'delivered'],
    ]);
    for (const p of posts) {
      expect(p.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(validTwilioSignature('local-secret-of-this-install', p.headers['x-twilio-signature'], p.url, [...p.form.entries()])).toBe(
        true,
      );
      expect(validTwilioSignature('local-secret-of-this-install', p.headers['x-twilio-signature'], url, [...p.form.entries()])).toBe(false);
    }
  });

  it('stops and says so when the webhook refuses a report', async () => {
    const local = localSms({
      statusCallback: { url: 'http://x/', secret: 'local-secret-of-this-install', post: () => Promise.resolve(403) },
    });
    await expect(local.recorded?.('local-1')).rejects.toThrow('the status webhook answered 403');
  });
});

describe('the status webhook’s key', () => {
  it('is the auth token with Twilio and a secret of its own locally (random unless set)', () => {
    expect(smsWebhookKey(loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: 'A' }))).toBe(
      TOKEN,
    );
    const a = smsWebhookKey(loadConfig({}));
    expect(a.length).toBeGreaterThanOrEqual(16);
    expect(smsWebhookKey(loadConfig({}))).not.toBe(a);
    expect(smsWebhookKey(loadConfig({ SMS_LOCAL_SECRET: 'a-local-secret-of-16+' }))).toBe('a-local-secret-of-16+');
    expect(() => loadConfig({ SMS_LOCAL_SECRET: 'short' })).toThrow(/SMS_LOCAL_SECRET/);
  });
});

describe('twilioSms.find: did Twilio take this message? (Messages API has no idempotency key)', () => {
  const sid = `AC${'2'.repeat(32)}`;
  const token = 'lookup-token';

  it('finds a message with the same number and text created since the row was written, and nothing else', async () => {
    const fake = await startListingTwilio({ accountSid: sid, authToken: token });
    try {
      const sender = twilioSms({ accountSid: sid, authToken: token, from: '+41445001234', baseUrl: fake.baseUrl });
      const since = new Date();
      const sent = await sender.send('+41791112233', 'Erinnerung: morgen 10:00');
      await sender.send('+41791112233', 'Erinnerung: übermorgen 09:00');
      expect(await sender.find!('+41791112233', 'Erinnerung: morgen 10:00', { ref: '1', since })).toEqual({
        providerId: sent.providerId,
        status: 'queued',
      });
      // Another text, another number, or a message older than the row (beyond the clock skew allowed): not it.
      expect(await sender.find!('+41791112233', 'Erinnerung: morgen 11:00', { ref: '1', since })).toBeNull();
      expect(await sender.find!('+41794445566', 'Erinnerung: morgen 10:00', { ref: '1', since })).toBeNull();
      expect(
        await sender.find!('+41791112233', 'Erinnerung: morgen 10:00', { ref: '1', since: new Date(Date.now() + 3600_000) }),
      ).toBeNull();
    } finally {
      await fake.close();
    }
  });

  it('throws when Twilio cannot be asked, so the outbox never sends blind', async () => {
    const fake = await startListingTwilio({ accountSid: sid, authToken: token });
    try {
      const wrongToken = twilioSms({ accountSid: sid, authToken: 'wrong', from: '+41445001234', baseUrl: fake.baseUrl });
      await expect(wrongToken.find!('+41791112233', 'x', { ref: '1', since: new Date() })).rejects.toMatchObject({
        name: 'SmsError',
        reason: 'provider_unreachable',
        status: 401,
      });
    } finally {
      await fake.close();
    }
    const gone = twilioSms({ accountSid: sid, authToken: token, from: '+41445001234', baseUrl: fake.baseUrl, timeoutMs: 500 });
    await expect(gone.find!('+41791112233', 'x', { ref: '1', since: new Date() })).rejects.toMatchObject({
      reason: 'provider_unreachable',
    });
  });
});
