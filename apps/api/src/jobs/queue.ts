import { PgBoss } from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { MailTransport } from '../integrations/mail/transport.ts';
import { cleanupExpiredSessions } from '../modules/auth/service.ts';
import { deliverQueued } from '../modules/mail/service.ts';

export interface Jobs {
  notifyMailQueued(): void;
  stop(): Promise<void>;
}

const MAIL_DELIVER = 'mail.deliver';
const SESSIONS_CLEANUP = 'sessions.cleanup';

/** Background work through pg-boss, in the same PostgreSQL, so any API process can run it. */
export async function startJobs(opts: {
  databaseUrl: string;
  db: Db;
  transport: MailTransport;
  mailFrom: string;
  onError: (err: Error) => void;
}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString: opts.databaseUrl, max: 3 });
  boss.on('error', opts.onError);
  await boss.start();
  await boss.createQueue(MAIL_DELIVER);
  await boss.createQueue(SESSIONS_CLEANUP);
  await boss.work(MAIL_DELIVER, async () => {
    // Deliver until the queue is empty; a failing provider leaves messages queued for the next run.
    for (;;) {
      const { sent, failed } = await deliverQueued(opts.db, opts.transport, opts.mailFrom);
      if (sent === 0 || failed > 0) {
        return;
      }
    }
  });
  await boss.work(SESSIONS_CLEANUP, async () => {
    await cleanupExpiredSessions(opts.db);
  });
  // The sweep picks up anything queued while no worker was running (a crash, a failed provider).
  await boss.schedule(MAIL_DELIVER, '* * * * *');
  await boss.schedule(SESSIONS_CLEANUP, '17 * * * *');
  return {
    notifyMailQueued: () => {
      boss.send(MAIL_DELIVER, {}, { singletonKey: 'deliver', singletonSeconds: 1 }).catch(opts.onError);
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
