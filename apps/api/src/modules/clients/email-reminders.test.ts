import type { EmailReminderRowDto, RoleCode } from '@bo/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildClient, buildStaff, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, mailsTo, outboxFor, type TestApp } from '../../../test/harness.ts';
import { sweepEmailReminders } from './index.ts';

let t: TestApp;
let admin: Staff;
let agent: Staff;
let b2bAgent: Staff;
const cookies = new Map<RoleCode, string>();
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildStaff(t, 'admin');
  agent = await buildStaff(t, 'call_agent');
  b2bAgent = await buildStaff(t, 'call_agent');
  await t.pool.query(`UPDATE accounts SET access_to_clients = 'b2b' WHERE user_id = $1`, [b2bAgent.id]);
  // The B2B agent signs in again so the session carries nothing stale (the access is read per request).
  for (const role of ['sales_agent', 'prom_agent', 'partner', 'independent_agent', 'ocr_manager', 'user'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
});

afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A lead the call agents could not reach, with an e-mail address. */
async function lead(fields: Parameters<typeof buildClient>[1] = {}): Promise<{ id: number; email: string }> {
  n += 1;
  const email = `lead${n}@example.ch`;
  const id = await buildClient(t, { name: 'Anna', surname: `Muster ${n}`, email, status: 'not_answered', callsCount: 3, ...fields });
  return { id, email };
}

const deps = () => ({ db: t.db, publicUrl: t.config.publicUrl });
const list = (cookie: string, query = '') => injectAs(t.app, cookie, { method: 'GET', url: `/api/email-reminders-list${query}` });
const update = (cookie: string, payload: unknown) =>
  injectAs(t.app, cookie, { method: 'POST', url: '/api/update-email-reminders', payload: payload as object });

async function stageOf(id: number): Promise<{ stage: string | null; at: Date | null }> {
  const res = await t.pool.query<{ stage: string | null; at: Date | null }>(
    'SELECT email_reminder_stage AS stage, email_reminder_stage_at AS at FROM users WHERE id = $1',
    [id],
  );
  return res.rows[0]!;
}

async function mailCount(userId: number): Promise<number> {
  const res = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE user_id = $1 AND kind = 'email_reminder'`,
    [userId],
  );
  return res.rows[0]!.n;
}

/** Puts the lead's stage date `days` days back, as if the time had passed. */
async function ageStage(id: number, days: number): Promise<void> {
  await t.pool.query('UPDATE users SET email_reminder_stage_at = email_reminder_stage_at - make_interval(days => $2) WHERE id = $1', [
    id,
    days,
  ]);
}

describe('the reminder sweep', () => {
  beforeEach(async () => {
    await t.pool.query(`DELETE FROM app_settings WHERE key LIKE 'email_reminder_%'`);
  });

  it('moves a lead through first, second, third and expired by the cadence, one mail per stage in the lead’s language', async () => {
    const { id, email } = await lead({ locale: 'it' });
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('first');
    const [first] = await mailsTo(t, email);
    expect(first).toMatchObject({ kind: 'email_reminder', subject: 'Non siamo riusciti a raggiungerla', status: 'queued' });
    expect(first!.text).toMatch(new RegExp(`${t.config.publicUrl}/unsubscribe/[\\w-]{30,}`));

    // Not yet due: nothing moves, nothing more is written.
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('first');
    expect(await mailCount(id)).toBe(1);

    await ageStage(id, 3);
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('second');
    await ageStage(id, 7);
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('third');
    await ageStage(id, 14);
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('expired');
    const subjects = (await mailsTo(t, email)).map((m) => m.subject).reverse();
    expect(subjects).toEqual(['Non siamo riusciti a raggiungerla', 'Promemoria: vorremmo raggiungerla', 'Ultimo promemoria']);
  });

  it('queues exactly one mail when the same sweep runs twice, and when two run at once', async () => {
    const { id } = await lead();
    const [a, b] = await Promise.all([sweepEmailReminders(deps()), sweepEmailReminders(deps())]);
    expect(a.mailed + b.mailed).toBeGreaterThanOrEqual(1);
    await sweepEmailReminders(deps());
    expect(await mailCount(id)).toBe(1);
    // Even with the stage put back by hand, the (client, stage) mail is not written again.
    await t.pool.query(`UPDATE users SET email_reminder_stage = NULL, email_reminder_stage_at = NULL WHERE id = $1`, [id]);
    await sweepEmailReminders(deps());
    expect((await stageOf(id)).stage).toBe('first');
    expect(await mailCount(id)).toBe(1);
    const keyed = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM email_reminder_mails WHERE user_id = $1', [id]);
    expect(keyed.rows[0]!.n).toBe(1);
  });

  it('leaves alone leads who were reached, have too few calls, no e-mail, or another role', async () => {
    const reached = await lead({ status: 'sale_agents' });
    const fewCalls = await lead({ callsCount: 2 });
    const noEmail = await lead({ email: null });
    await sweepEmailReminders(deps());
    for (const { id } of [reached, fewCalls, noEmail]) {
      expect((await stageOf(id)).stage).toBeNull();
      expect(await mailCount(id)).toBe(0);
    }
    // The admin's cadence: a first reminder after two calls.
    await t.pool.query(`INSERT INTO app_settings (key, value) VALUES ('email_reminder_first_after_calls', '2')`);
    await sweepEmailReminders(deps());
    expect((await stageOf(fewCalls.id)).stage).toBe('first');
  });

  it('stops for good after the unsubscribe link is used (its page posts from the app)', async () => {
    const { id, email } = await lead({ locale: 'de' });
    await sweepEmailReminders(deps());
    const text = (await mailsTo(t, email))[0]!.text;
    const token = /\/unsubscribe\/([\w-]+)/.exec(text)![1]!;
    // What the outbox shows an admin has no token.
    const shown = (await outboxFor(t.app, admin.cookie, email))[0]!;
    expect(shown.text).not.toContain(token);
    expect(shown.text).toContain('/unsubscribe/••••••');

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/email-reminders/unsubscribe',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { token },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await stageOf(id)).stage).toBe('first');

    const wrong = await t.app.inject({ method: 'POST', url: '/api/email-reminders/unsubscribe', payload: { token: 'x'.repeat(32) } });
    expect(wrong.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/email-reminders/unsubscribe', payload: { token: 'short' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { token: 'invalid_value' } });

    const res = await t.app.inject({ method: 'POST', url: '/api/email-reminders/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    expect((await stageOf(id)).stage).toBe('stopped');

    // No sweep and no move by hand sends them a reminder again.
    await ageStage(id, 30);
    await sweepEmailReminders(deps());
    const moved = await update(admin.cookie, { ids: [id], stage: 'second' });
    expect(moved.json()).toEqual({ updated: 1, mails_queued: 0 });
    await sweepEmailReminders(deps());
    expect(await mailCount(id)).toBe(1);
    const row = (await list(admin.cookie, '?stage=second&limit=500')).json<{ data: EmailReminderRowDto[] }>().data.find((r) => r.id === id);
    expect(row).toMatchObject({ unsubscribed: true, mailed_stages: ['first'] });
  });
});

describe('GET /api/email-reminders-list', () => {
  let b2c: number;
  let b2b: number;
  beforeAll(async () => {
    b2c = (await lead({ type: 'B2C', emailReminderStage: 'third', emailReminderStageAt: new Date(Date.now() - DAY) })).id;
    b2b = (await lead({ type: 'B2B', emailReminderStage: 'third', emailReminderStageAt: new Date() })).id;
  });

  it('pages the leads of a stage, newest stage change first, with the fields of the table', async () => {
    const res = await list(admin.cookie, '?stage=third&limit=1');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: EmailReminderRowDto[]; total: number; limit: number; offset: number }>();
    expect(body).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(body.data.map((r) => r.id)).toEqual([b2b]);
    expect(body.data[0]).toMatchObject({ stage: 'third', status: 'not_answered', calls_count: 3, unsubscribed: false, mailed_stages: [] });
    const next = (await list(admin.cookie, '?stage=third&limit=1&offset=1')).json<{ data: EmailReminderRowDto[] }>();
    expect(next.data.map((r) => r.id)).toEqual([b2c]);
  });

  it('shows a call agent the clients of their scope only', async () => {
    const all = (await list(agent.cookie, '?stage=third')).json<{ data: EmailReminderRowDto[] }>().data.map((r) => r.id);
    expect(all.sort()).toEqual([b2c, b2b].sort());
    const onlyB2b = (await list(b2bAgent.cookie, '?stage=third')).json<{ data: EmailReminderRowDto[]; total: number }>();
    expect(onlyB2b.data.map((r) => r.id)).toEqual([b2b]);
    expect(onlyB2b.total).toBe(1);
  });

  it.each(['sales_agent', 'prom_agent', 'partner', 'independent_agent', 'ocr_manager', 'user'] as const)('refuses a %s', async (role) => {
    const res = await list(cookies.get(role)!);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a request without a session and a malformed query', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/email-reminders-list' })).statusCode).toBe(401);
    const bad = await list(admin.cookie, '?stage=fourth&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { stage: 'invalid_value', limit: 'too_short' },
    });
  });
});

describe('POST /api/update-email-reminders', () => {
  it('moves the selected leads to a stage and writes that stage’s mail once', async () => {
    const a = await lead({ locale: 'en' });
    const b = await lead({ locale: 'ru', status: 'potential' });
    const res = await update(agent.cookie, { ids: [a.id, b.id, a.id], stage: 'second' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, mails_queued: 2 });
    expect((await stageOf(a.id)).stage).toBe('second');
    expect((await mailsTo(t, a.email))[0]!.subject).toBe('Reminder: we would like to reach you');
    expect((await mailsTo(t, b.email))[0]!.subject).toBe('Напоминание: мы хотели бы с вами связаться');
    // Again: the stage is set again, the mail is not written twice.
    expect((await update(agent.cookie, { ids: [a.id], stage: 'second' })).json()).toEqual({ updated: 1, mails_queued: 0 });
    expect(await mailCount(a.id)).toBe(1);
  });

  it('stops and expires without a mail', async () => {
    const a = await lead();
    expect((await update(admin.cookie, { ids: [a.id], stage: 'stopped' })).json()).toEqual({ updated: 1, mails_queued: 0 });
    expect((await stageOf(a.id)).stage).toBe('stopped');
    await sweepEmailReminders(deps());
    expect((await stageOf(a.id)).stage).toBe('stopped');
    expect((await update(admin.cookie, { ids: [a.id], stage: 'expired' })).json()).toEqual({ updated: 1, mails_queued: 0 });
    expect(await mailCount(a.id)).toBe(0);
  });

  it('answers an empty selection with nothing changed', async () => {
    const res = await update(agent.cookie, { ids: [], stage: 'first' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 0, mails_queued: 0 });
  });

  it('refuses the whole selection when one client is outside the agent’s scope', async () => {
    const inside = await lead({ type: 'B2B' });
    const outside = await lead({ type: 'B2C' });
    const res = await update(b2bAgent.cookie, { ids: [inside.id, outside.id], stage: 'first' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'UNKNOWN_USER_ID' });
    expect((await stageOf(inside.id)).stage).toBeNull();
    expect(await mailCount(inside.id)).toBe(0);
    const staffId = await update(admin.cookie, { ids: [agent.id], stage: 'first' });
    expect(staffId.statusCode).toBe(404);
  });

  it.each(['sales_agent', 'prom_agent', 'partner', 'independent_agent', 'ocr_manager', 'user'] as const)(
    'refuses a %s and changes nothing',
    async (role) => {
      const a = await lead();
      const res = await update(cookies.get(role)!, { ids: [a.id], stage: 'first' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
      expect((await stageOf(a.id)).stage).toBeNull();
    },
  );

  it.each<[string, unknown, Record<string, string>]>([
    ['an unknown stage', { ids: [1], stage: 'fourth' }, { stage: 'invalid_value' }],
    ['no stage', { ids: [1] }, { stage: 'field_is_required' }],
    ['ids that are no numbers', { ids: ['a'], stage: 'first' }, { 'ids.0': 'invalid_value' }],
    ['a negative id', { ids: [-4], stage: 'first' }, { 'ids.0': 'invalid_value' }],
    ['ids that are no list', { ids: 5, stage: 'first' }, { ids: 'invalid_value' }],
    ['both wrong', { ids: 'x', stage: 3 }, { ids: 'invalid_value', stage: 'invalid_value' }],
  ])('refuses %s with per-field errors', async (_name, payload, fields) => {
    const res = await update(admin.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: fields });
  });

  it('refuses a change from another site', async () => {
    const a = await lead();
    const res = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/update-email-reminders',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { ids: [a.id], stage: 'first' },
    });
    expect(res.statusCode).toBe(403);
    expect((await stageOf(a.id)).stage).toBeNull();
  });
});
