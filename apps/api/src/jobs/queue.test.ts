import { zurichClock } from '@bo/domain';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness.ts';
import { startSmtpServer, type LocalSmtp } from '../../test/smtp.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { smtpTransport } from '../integrations/mail/smtp-transport.ts';
import type { MailTransport } from '../integrations/mail/transport.ts';
import { queueMail } from '../modules/mail/index.ts';
import { until } from '../../test/wait.ts';
import { startJobs, type Jobs } from './queue.ts';

describe('background jobs', () => {
  let drop: () => Promise<void>;
  let database: Database;
  let smtp: LocalSmtp;
  let transport: MailTransport;
  let jobs: Jobs;
  let databaseUrl: string;
  const errors: Error[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = () => created.drop();
    databaseUrl = created.url;
    database = openDatabase(created.url);
    smtp = await startSmtpServer();
    transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    jobs = await startJobs({
      databaseUrl: created.url,
      db: database.db,
      transport,
      mailFrom: 'Back Office <no-reply@back-office.local>',
      reminders: { publicUrl: 'https://bo.example.ch' },
      onError: (err) => errors.push(err),
    });
  });

  afterAll(async () => {
    await jobs?.stop();
    transport?.close?.();
    await smtp?.close();
    await database?.close();
    await drop?.();
  });

  it('delivers queued mail through the transport soon after notifyMailQueued', async () => {
    await queueMail(database.db, { kind: 'signup_code', to: 'queued@example.ch', locale: 'en', vars: { code: '424242' } });
    jobs.notifyMailQueued();

    await smtp.receivedCount(1, 15_000);
    // The transport took it; the job then marks it sent.
    await until(
      async () =>
        (await database.pool.query('SELECT 1 FROM mail_outbox WHERE "to" = $1 AND status = $2', ['queued@example.ch', 'sent'])).rowCount ===
        1,
      'the job marks the mail sent',
    );
    expect(smtp.received.map((m) => m.to)).toEqual([['queued@example.ch']]);
    expect(smtp.received[0]?.raw).toContain('Your confirmation code is 424242.');
    const row = await database.pool.query('SELECT status, attempts FROM mail_outbox WHERE "to" = $1', ['queued@example.ch']);
    expect(row.rows).toEqual([{ status: 'sent', attempts: 1 }]);
    expect(errors).toEqual([]);
  });

  it('schedules the e-mail reminder sweep every 15 minutes; a run moves a lead not reached and delivers its reminder', async () => {
    const scheduled = await database.pool.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = 'email-reminders.sweep'`);
    expect(scheduled.rows).toEqual([{ cron: '*/15 * * * *' }]);
    const lead = await database.pool.query<{ id: number }>(
      `INSERT INTO users (role_id, name, surname, email, locale, status, calls_count)
       VALUES (2, 'Nora', 'Sweep', 'nora.sweep@example.ch', 'en', 'not_answered', 3) RETURNING id`,
    );
    const id = lead.rows[0]!.id;
    // What the schedule does every 15 minutes, now.
    const boss = new PgBoss({ connectionString: databaseUrl, max: 1 });
    await boss.start();
    try {
      await boss.send('email-reminders.sweep', {});
    } finally {
      await boss.stop({ graceful: false });
    }
    await until(
      async () => (await database.pool.query(`SELECT 1 FROM users WHERE id = $1 AND email_reminder_stage = 'first'`, [id])).rowCount === 1,
      'the sweep moves the lead to the first reminder',
      15_000,
    );
    await until(
      () => Promise.resolve(smtp.received.some((m) => m.to.includes('nora.sweep@example.ch'))),
      'the reminder mail is delivered',
      15_000,
    );
    const mail = smtp.received.find((m) => m.to.includes('nora.sweep@example.ch'))!;
    expect(mail.raw).toContain('We could not reach you');
    // The body may be quoted-printable: its soft line breaks are undone before the link is read.
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/https:\/\/bo\.example\.ch\/unsubscribe\/[\w-]{30,}/);
    expect(errors).toEqual([]);
  });

  it('keeps the statistics of this Zurich year pre-aggregated, a run on start and every minute', async () => {
    const scheduled = await database.pool.query<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = 'stats.refresh'`);
    expect(scheduled.rows).toEqual([{ cron: '* * * * *' }]);
    const year = zurichClock(new Date()).year;
    await until(
      async () => (await database.pool.query('SELECT year FROM stats_refresh WHERE year = $1', [year])).rowCount === 1,
      'the first run computed the year',
      30_000,
    );
    const { rows } = await database.pool.query<{ age: number }>(
      'SELECT extract(epoch FROM now() - computed_at) AS age FROM stats_refresh WHERE year = $1',
      [year],
    );
    expect(Number(rows[0]!.age)).toBeLessThan(60);
  });
});
