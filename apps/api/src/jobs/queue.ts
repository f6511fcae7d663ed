import { PgBoss } from 'pg-boss';
import type { Db } from '../db/client.ts';
import type { MailTransport } from '../integrations/mail/transport.ts';
import { wokenPolling } from '../core/jobs.ts';
import { localSms, type SmsSender } from '../integrations/sms/index.ts';
import type { Telephony } from '../integrations/telephony/index.ts';
import { cleanupExpiredSessions, cleanupThrottleRecords } from '../modules/auth/index.ts';
import { sweepEmailReminders } from '../modules/clients/index.ts';
import {
  registerImportCheckJobs,
  registerOcrJobs,
  type ImportCheckJobDeps,
  type OcrJobDeps,
  type OcrJobs,
} from '../modules/import/index.ts';
import { deliverQueued, nextMailDue } from '../modules/mail/index.ts';
import { registerTelephonyJobs } from '../modules/telephony/index.ts';
import { registerLicenceJobs } from '../modules/licences/index.ts';
import { deliverDueSms, nextSmsDueAt } from '../modules/sms/index.ts';
import { registerStatsJobs } from '../modules/stats/index.ts';

export interface Jobs {
  notifyMailQueued(): void;
  /** Call after committing SMS due now (a booking's confirmation); the minute sweep sends the rest. */
  notifySmsPlanned(): void;
  /** Call after starting an OCR operation (or asking it to stop): a worker reads its pages. */
  notifyOcr(operationId: number): void;
  /** Call after mapping an import batch: a worker checks its rows (absent: the app checks in its own process). */
  notifyImportCheck?(batchId: number): void;
  /** Call after storing a payment provider's webhook event: a worker applies it to its licence. */
  notifyLicenceEvents?(): void;
  stop(): Promise<void>;
}

const MAIL_DELIVER = 'mail.deliver';
const SESSIONS_CLEANUP = 'sessions.cleanup';
/** Moves the leads who were not reached to their next e-mail reminder stage and writes its mail. */
const EMAIL_REMINDERS = 'email-reminders.sweep';
const SMS_DELIVER = 'sms.deliver';
const SMS_BATCH = 50;
/** Messages due within this time get a run of the job at their time; later ones are left to the minute sweep. */
const WAKE_WITHIN_MS = 60_000;

/**
 * The pg-boss of an API process (not started). Supervision every 15 s (60 s by default): a job whose
 * worker died (no heartbeat) is retried soon. LISTEN/NOTIFY (one more connection): a job sent to a woken
 * queue (core/jobs.ts) starts at once in whichever process listens, instead of at a worker's next poll.
 */
export function newBoss(databaseUrl: string): PgBoss {
  return new PgBoss({
    connectionString: databaseUrl,
    max: 3,
    superviseIntervalSeconds: 15,
    monitorIntervalSeconds: 15,
    useListenNotify: true,
  });
}

/** Background work through pg-boss, in the same PostgreSQL, so any API process can run it. */
export async function startJobs(opts: {
  databaseUrl: string;
  db: Db;
  transport: MailTransport;
  mailFrom: string;
  /** The configured SMS sender; the local outbox by default. */
  sms?: SmsSender;
  /** What reading scanned lead forms needs (storage, folder source, OCR engine); without it no OCR runs here. */
  ocr?: OcrJobDeps;
  /** What the check of import rows needs (the stored files, the limits); without it no import check runs here. */
  importCheck?: ImportCheckJobDeps;
  /** The app's address for the reminders' unsubscribe links; without it no reminder sweep runs here. */
  reminders?: { publicUrl: string };
  /** The telephony provider: where it lists its calls, the call log is checked against that list. */
  telephony?: Pick<Telephony, 'listCalls'>;
  /** Where the licences' webhook events are stored; without it they are applied by the app's own process. */
  licences?: { db: Db };
  /**
   * How often (seconds) the workers of the queues a user waits on (the import check, the OCR) look for
   * jobs on their own; a new job wakes them at once (core/jobs.ts). The tests set it far above their
   * waits, to show that the wake-up alone starts a job.
   */
  pollSeconds?: number;
  onError: (err: Error) => void;
}): Promise<Jobs> {
  const boss = newBoss(opts.databaseUrl);
  boss.on('error', opts.onError);
  await boss.start();
  await boss.createQueue(MAIL_DELIVER);
  await boss.createQueue(SESSIONS_CLEANUP);
  await boss.createQueue(SMS_DELIVER);
  await boss.work(MAIL_DELIVER, { pollingIntervalSeconds: 1 }, async () => {
    // Deliver until nothing is due; a failed mail waits for its next try without holding the others.
    for (;;) {
      const { sent } = await deliverQueued(opts.db, opts.transport, opts.mailFrom);
      if (sent === 0) {
        break;
      }
    }
    // A retry due before the next minute's sweep gets a run of its own at its time.
    const next = await nextMailDue(opts.db);
    if (next && next.getTime() - Date.now() < WAKE_WITHIN_MS) {
      await boss.send(MAIL_DELIVER, {}, { startAfter: next, singletonKey: 'wake', singletonSeconds: 1 });
    }
  });
  const sms = opts.sms ?? localSms();
  await boss.work(SMS_DELIVER, { pollingIntervalSeconds: 1 }, async () => {
    // Send until nothing is due; a failed message is planned again later, so it does not hold the loop.
    for (;;) {
      const { taken } = await deliverDueSms(opts.db, sms, {
        limit: SMS_BATCH,
        onReportError: (err) => opts.onError(err instanceof Error ? err : new Error(String(err))),
      });
      if (taken < SMS_BATCH) {
        break;
      }
    }
    // The minute sweep alone would send up to a minute late: a message due before the next sweep (a
    // reminder, a retry after its backoff, a lease running out) gets a run of its own at its time.
    const next = await nextSmsDueAt(opts.db);
    if (next && next.getTime() - Date.now() < WAKE_WITHIN_MS) {
      await boss.send(SMS_DELIVER, {}, { startAfter: next, singletonKey: 'wake', singletonSeconds: 1 });
    }
  });
  if (opts.reminders) {
    const reminders = { db: opts.db, publicUrl: opts.reminders.publicUrl };
    await boss.createQueue(EMAIL_REMINDERS);
    await boss.work(EMAIL_REMINDERS, async () => {
      // Each (client, stage) mail is keyed in its table: a second run, or two at once, writes none twice.
      const { mailed } = await sweepEmailReminders(reminders);
      if (mailed > 0) {
        await boss.send(MAIL_DELIVER, {}, { singletonKey: 'deliver', singletonSeconds: 1 });
      }
    });
    // The stages wait days: a sweep every 15 minutes is on time.
    await boss.schedule(EMAIL_REMINDERS, '*/15 * * * *');
  }
  await boss.work(SESSIONS_CLEANUP, async () => {
    await cleanupExpiredSessions(opts.db);
    await cleanupThrottleRecords(opts.db);
  });
  const polling = wokenPolling(opts.pollSeconds);
  const ocr: OcrJobs | null = opts.ocr ? await registerOcrJobs(boss, opts.ocr, opts.onError, polling) : null;
  const importCheck = opts.importCheck ? await registerImportCheckJobs(boss, opts.importCheck, opts.onError, polling) : null;
  const licences = opts.licences ? await registerLicenceJobs(boss, opts.licences, opts.onError) : null;
  if (opts.telephony) {
    await registerTelephonyJobs(boss, { db: opts.db, telephony: opts.telephony }, opts.onError);
  }
  // The pre-aggregated statistics, kept at most a minute old (docs/statistics.md).
  await registerStatsJobs(boss, { db: opts.db }, opts.onError);
  // The sweep picks up anything queued while no worker was running (a crash, a failed provider).
  await boss.schedule(MAIL_DELIVER, '* * * * *');
  await boss.schedule(SESSIONS_CLEANUP, '17 * * * *');
  // Reminders come due by the clock, not by a write: the sweep is what sends them.
  await boss.schedule(SMS_DELIVER, '* * * * *');
  return {
    notifyMailQueued: () => {
      boss.send(MAIL_DELIVER, {}, { singletonKey: 'deliver', singletonSeconds: 1 }).catch(opts.onError);
    },
    notifySmsPlanned: () => {
      boss.send(SMS_DELIVER, {}, { singletonKey: 'deliver', singletonSeconds: 1 }).catch(opts.onError);
    },
    notifyOcr: (operationId) => ocr?.notify(operationId),
    ...(importCheck ? { notifyImportCheck: (batchId: number) => importCheck.notify(batchId) } : {}),
    ...(licences ? { notifyLicenceEvents: () => licences.notify() } : {}),
    stop: () => {
      // A running OCR job ends its page and stops before the next; a restarted server resumes there.
      ocr?.stopping();
      return boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
