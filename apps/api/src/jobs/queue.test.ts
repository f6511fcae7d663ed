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
  const errors: Error[] = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = () => created.drop();
    database = openDatabase(created.url);
    smtp = await startSmtpServer();
    transport = smtpTransport(`smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`);
    jobs = await startJobs({
      databaseUrl: created.url,
      db: database.db,
      transport,
      mailFrom: 'Back Office <no-reply@back-office.local>',
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
});
