import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs } from '@bo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';
import { startSmtpServer, type LocalSmtp } from '../../../test/smtp.ts';
import { smtpTransport } from '../../integrations/mail/smtp-transport.ts';
import { outboxTransport, type MailTransport, type OutgoingMail } from '../../integrations/mail/transport.ts';
import { REPO_ROOT } from '../../paths.ts';
import { deliverQueued, mailsToRecipient, queueMail } from './service.ts';

const FROM = 'Back Office <no-reply@back-office.local>';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { role: 'admin' });
  adminCookie = await login(t.app, admin.email);
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.pool.query('DELETE FROM mail_outbox');
});

interface OutboxRow {
  id: number;
  to: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  next_attempt_at: Date | null;
  dead_at: Date | null;
}

async function outboxRows(): Promise<OutboxRow[]> {
  const res = await t.pool.query<OutboxRow>(
    'SELECT id, "to", status, attempts, last_error, sent_at, next_attempt_at, dead_at FROM mail_outbox ORDER BY id',
  );
  return res.rows;
}

function queueCode(to: string, code = '123456', locale = 'en') {
  return queueMail(t.db, { kind: 'signup_code', to, locale, vars: { code } });
}

/** A provider that is down for the addresses given. */
function failingFor(...addresses: string[]): MailTransport & { delivered: OutgoingMail[] } {
  const delivered: OutgoingMail[] = [];
  return {
    name: 'smtp',
    delivered,
    deliver: (mail) => {
      if (addresses.includes(mail.to)) {
        return Promise.reject(new Error(`421 ${mail.to}: service not available`));
      }
      delivered.push(mail);
      return Promise.resolve();
    },
  };
}

describe('queueMail', () => {
  it('writes the message in the language asked for, German when it is unknown', async () => {
    await queueCode('EN.Client@Example.ch', '654321', 'en-GB');
    await queueCode('someone@example.ch', '111222', 'xx');
    const res = await t.pool.query<{ to: string; subject: string; text: string; status: string }>(
      'SELECT "to", subject, text, status FROM mail_outbox ORDER BY id',
    );
    expect(res.rows).toEqual([
      {
        to: 'en.client@example.ch',
        subject: 'Your confirmation code',
        text: 'Your confirmation code is 654321. It is valid for 15 minutes.',
        status: 'queued',
      },
      {
        to: 'someone@example.ch',
        subject: 'Ihr Bestätigungscode',
        text: 'Ihr Bestätigungscode lautet 111222. Er ist 15 Minuten gültig.',
        status: 'queued',
      },
    ]);
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, { kind: 'signup_code', to: 'ghost@example.ch', vars: { code: '000000' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await outboxRows()).toEqual([]);
  });
});

describe('deliverQueued', () => {
  let smtp: LocalSmtp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers queued mail through SMTP and marks it sent', async () => {
    await queueCode('first@example.ch', '111111');
    await queueCode('second@example.ch', '222222');
    const transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    try {
      expect(await deliverQueued(t.db, transport, FROM)).toEqual({ sent: 2, failed: 0 });
    } finally {
      transport.close?.();
    }
    const rows = await outboxRows();
    expect(rows.map((r) => [r.to, r.status, r.attempts, r.last_error])).toEqual([
      ['first@example.ch', 'sent', 1, null],
      ['second@example.ch', 'sent', 1, null],
    ]);
    expect(rows.every((r) => r.sent_at instanceof Date)).toBe(true);
    const got = smtp.received.filter((m) => m.to[0] === 'first@example.ch' || m.to[0] === 'second@example.ch');
    expect(got.map((m) => m.to[0])).toEqual(['first@example.ch', 'second@example.ch']);
    expect(got[0]?.raw).toContain('Your confirmation code is 111111.');
    expect(got[0]?.from).toBe('no-reply@back-office.local');
    // One Message-ID per outbox mail, the same on every try: a copy sent after a crash is recognisable.
    expect(got[0]?.raw).toContain(`Message-ID: <mail-${rows[0]!.id}@back-office.local>`);

    // Nothing is sent twice.
    expect(await deliverQueued(t.db, outboxTransport, FROM)).toEqual({ sent: 0, failed: 0 });
  });

  it('tries a failing message again after growing pauses, then parks it as failed in the dead-letter list', async () => {
    await queueCode('down@example.ch');
    const transport = failingFor('down@example.ch');
    let clock = Date.now();
    const now = () => new Date(clock);
    for (let attempt = 1; attempt < OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverQueued(t.db, transport, FROM, 20, { now })).toEqual({ sent: 0, failed: 1 });
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'queued', attempts: attempt, sent_at: null, dead_at: null });
      expect(row?.last_error).toContain('service not available');
      expect(row?.next_attempt_at?.getTime()).toBe(clock + outboxRetryDelayMs(attempt)!);
      // Not before its time.
      expect(await deliverQueued(t.db, transport, FROM, 20, { now })).toEqual({ sent: 0, failed: 0 });
      clock = row!.next_attempt_at!.getTime();
    }
    expect(await deliverQueued(t.db, transport, FROM, 20, { now })).toEqual({ sent: 0, failed: 1 });
    expect((await outboxRows())[0]).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect((await outboxRows())[0]?.dead_at).toBeInstanceOf(Date);

    // A failed message is not tried again, but stays readable in the outbox.
    clock += 24 * 3600_000;
    expect(await deliverQueued(t.db, outboxTransport, FROM, 20, { now })).toEqual({ sent: 0, failed: 0 });
    expect((await outboxRows())[0]).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    const listed = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/outbox?to=down@example.ch' });
    expect(listed.json()).toMatchObject({ data: [{ to: 'down@example.ch', status: 'failed' }], total: 1 });
  });

  it('a worker that died while sending: the mail is sent again only once its lease ran out, with the same Message-ID', async () => {
    await queueCode('lease@example.ch');
    const transport = failingFor('nobody@example.ch');
    const clock = Date.now();
    // The dying worker took the mail and handed it over, then was gone before it marked it sent.
    await t.pool.query(`UPDATE mail_outbox SET status = 'sending', lease_until = $1`, [new Date(clock + 1_000)]);
    expect(await deliverQueued(t.db, transport, FROM, 20, { now: () => new Date(clock + 500) })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverQueued(t.db, transport, FROM, 20, { now: () => new Date(clock + 1_500) })).toEqual({ sent: 1, failed: 0 });
    const [row] = await outboxRows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(transport.delivered.map((m) => [m.to, m.messageId])).toEqual([['lease@example.ch', `<mail-${row!.id}@back-office.local>`]]);
  });

  it('lets an admin send a mail that failed for good again, once; only admins, only from the app', async () => {
    await queueCode('dead@example.ch');
    await queueCode('fine@example.ch');
    const [dead, fine] = (await outboxRows()).map((r) => r.id);
    await t.pool.query(`UPDATE mail_outbox SET status = 'failed', attempts = 6, dead_at = now() WHERE id = $1`, [dead]);

    for (const role of ['sales_agent', 'call_agent', 'user'] as const) {
      const user = await createUser(t.db, { role });
      const res = await injectAs(t.app, await login(t.app, user.email), { method: 'POST', url: `/api/outbox/${dead}/retry` });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/outbox/${dead}/retry` })).statusCode).toBe(401);
    const crossSite = await injectAs(t.app, adminCookie, {
      method: 'POST',
      url: `/api/outbox/${dead}/retry`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const waiting = await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/outbox/${fine}/retry` });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json()).toMatchObject({ error: 'MAIL_NOT_DEAD_LETTER' });
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: '/api/outbox/999999999/retry' })).statusCode).toBe(404);
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: '/api/outbox/0/retry' })).statusCode).toBe(400);
    expect((await outboxRows())[0]).toMatchObject({ status: 'failed', attempts: 6 });

    const res = await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/outbox/${dead}/retry` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: dead, status: 'queued', to: 'dead@example.ch' });
    expect((await injectAs(t.app, adminCookie, { method: 'POST', url: `/api/outbox/${dead}/retry` })).statusCode).toBe(409);
    expect((await outboxRows())[0]).toMatchObject({ status: 'queued', attempts: 0, dead_at: null });
    expect(await deliverQueued(t.db, outboxTransport, FROM)).toEqual({ sent: 2, failed: 0 });
  });

  it('sends the other messages of a batch when one of them fails', async () => {
    await queueCode('ok-1@example.ch');
    await queueCode('down@example.ch');
    await queueCode('ok-2@example.ch');
    const transport = failingFor('down@example.ch');
    expect(await deliverQueued(t.db, transport, FROM)).toEqual({ sent: 2, failed: 1 });
    expect(transport.delivered.map((m) => m.to)).toEqual(['ok-1@example.ch', 'ok-2@example.ch']);
    expect((await outboxRows()).map((r) => [r.to, r.status])).toEqual([
      ['ok-1@example.ch', 'sent'],
      ['down@example.ch', 'queued'],
      ['ok-2@example.ch', 'sent'],
    ]);
  });

  it('delivers at most one batch per call', async () => {
    for (let i = 0; i < 5; i += 1) {
      await queueCode(`batch-${i}@example.ch`);
    }
    expect(await deliverQueued(t.db, outboxTransport, FROM, 3)).toEqual({ sent: 3, failed: 0 });
    expect((await outboxRows()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'queued', 'queued']);
  });
});

describe('GET /api/outbox', () => {
  it('lists the newest mail first with total, limit and offset, filtered by recipient', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await queueCode('reader@example.ch', `00000${i}`));
    }
    await queueCode('other@example.ch');

    const page = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/outbox?to=Reader@Example.ch&limit=2&offset=1' });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ data: { id: number; to: string; text: string; status: string; kind: string }[]; total: number }>();
    expect(body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(body.data.map((m) => m.id)).toEqual([ids[1], ids[0]]);
    expect(body.data.every((m) => m.to === 'reader@example.ch' && m.kind === 'signup_code' && m.status === 'queued')).toBe(true);

    const all = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/outbox' });
    expect(all.json()).toMatchObject({ total: 4, limit: 100, offset: 0 });
  });

  it('answers 400 to a limit out of range', async () => {
    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/outbox?limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { limit: expect.any(String) as unknown } });
  });
});

describe('secrets in the outbox', () => {
  const LINK = 'http://bo.test/reset-password?hash=Zq3-secret_Hash9';

  async function queueSecrets() {
    await queueCode('owner@example.ch', '654321', 'en');
    await queueMail(t.db, { kind: 'recovery', to: 'owner@example.ch', locale: 'de', vars: { name: 'Olga', link: LINK } });
    await queueMail(t.db, {
      kind: 'inner_invitation',
      to: 'owner@example.ch',
      locale: 'it',
      vars: { name: 'Olga', email: 'owner@example.ch', days: '7', link: 'http://bo.test/signup?hash=Inv1te-secret' },
    });
  }

  it('GET /api/outbox shows that a mail went out, to whom and when, but never its code or link secret', async () => {
    await queueSecrets();
    await deliverQueued(t.db, outboxTransport, FROM);
    const res = await injectAs(t.app, adminCookie, { method: 'GET', url: '/api/outbox?to=owner@example.ch' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      data: { to: string; kind: string; status: string; text: string; created_at: string; sent_at: string | null }[];
    }>();
    expect(body.data.map((m) => m.kind)).toEqual(['inner_invitation', 'recovery', 'signup_code']);
    for (const mail of body.data) {
      expect(mail.text).not.toContain('654321');
      expect(mail.text).not.toContain('Zq3-secret_Hash9');
      expect(mail.text).not.toContain('Inv1te-secret');
      expect(mail).toMatchObject({ to: 'owner@example.ch', status: 'sent' });
      expect(Date.parse(mail.sent_at ?? '')).toBeGreaterThanOrEqual(Date.parse(mail.created_at));
    }
    // What is left says what kind of mail it was, with the secret shown as dots.
    expect(body.data[2]?.text).toBe('Your confirmation code is ••••••. It is valid for 15 minutes.');
    expect(body.data[1]?.text).toContain('http://bo.test/reset-password?hash=••••••');
    expect(body.data[0]?.text).toContain('http://bo.test/signup?hash=••••••');
  });

  it('gives the recipient (the command line of the local outbox) the full text', async () => {
    await queueSecrets();
    const mails = await mailsToRecipient(t.db, 'Owner@Example.ch', 5);
    expect(mails.map((m) => m.kind)).toEqual(['inner_invitation', 'recovery', 'signup_code']);
    expect(mails[2]?.text).toBe('Your confirmation code is 654321. It is valid for 15 minutes.');
    expect(mails[1]?.text).toContain(LINK);
    expect(await mailsToRecipient(t.db, 'owner@example.ch', 1)).toHaveLength(1);
  });

  it('lets a developer read a mail of their own on the command line (npm run outbox:read), code and link included', async () => {
    await queueSecrets();
    const cli = path.join(REPO_ROOT, 'apps/api/src/cli/outbox-read.ts');
    const read = (...args: string[]) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
        timeout: 30_000,
      });
    const { stdout } = await read('--json', '--limit', '3', 'Owner@Example.ch');
    const mails = JSON.parse(stdout) as { kind: string; text: string }[];
    expect(mails.map((m) => m.kind)).toEqual(['inner_invitation', 'recovery', 'signup_code']);
    expect(mails[1]?.text).toContain(LINK);
    expect(mails[2]?.text).toContain('654321');
    const text = await read('owner@example.ch');
    expect(text.stdout).toContain('To: owner@example.ch');
    expect(text.stdout).toContain('http://bo.test/signup?hash=Inv1te-secret');
    await expect(read('not-an-address')).rejects.toMatchObject({ code: 2 });
  });
});
