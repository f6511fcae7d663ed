import { OUTBOX_LEASE_MS, outboxRetryDelayMs, toLanguage } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { MailTransport } from '../../integrations/mail/transport.ts';
import { toOutboxMailDto, toRecipientMailDto } from './dto.ts';
import { claimNext, insertMail, listMail, mailExists, markFailed, markSent, nextMailDueAt, retryDeadMail } from './repo.ts';
import { AppError } from '../../core/errors.ts';
import { renderMail, type MailKind } from './templates.ts';

export interface MailMessage {
  kind: MailKind;
  to: string;
  locale?: string | null;
  vars: Record<string, string>;
  userId?: number | null;
}

/** Writes the message to the outbox in the caller's transaction; a job delivers it after commit. */
export async function queueMail(tx: Tx, message: MailMessage): Promise<number> {
  const { subject, text, maskedText } = renderMail(message.kind, toLanguage(message.locale) ?? 'de', message.vars);
  return insertMail(tx, { to: message.to.toLowerCase(), subject, text, maskedText, kind: message.kind, userId: message.userId ?? null });
}

/**
 * Delivers the mails due now, up to `batch`, one at a time and each on its own: a mail is leased
 * (status `sending`, committed), handed to the transport, then marked sent. A failed try plans that mail
 * again after its backoff (OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs in packages/domain) while the others
 * go on; the last failure puts it in the dead-letter list (`failed`, `dead_at`). SMTP cannot be asked
 * whether it took a mail: one whose worker died is sent again when its lease runs out, with the same
 * Message-ID, so the receiving side can tell the copy (at most one more per dead worker). `failed` counts
 * the failed tries of this call.
 */
export async function deliverQueued(
  db: Db,
  transport: MailTransport,
  from: string,
  batch = 20,
  opts: { now?: () => Date; leaseMs?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? OUTBOX_LEASE_MS;
  let sent = 0;
  let failed = 0;
  for (let taken = 0; taken < batch; taken += 1) {
    const row = await claimNext(db, now(), leaseMs);
    if (!row) {
      break;
    }
    try {
      await transport.deliver({
        from,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: messageIdOf(row.id, from),
      });
      await markSent(db, row.id, now());
      sent += 1;
    } catch (err) {
      const at = now();
      const delay = outboxRetryDelayMs(row.attempts + 1);
      await markFailed(db, row.id, {
        error: err instanceof Error ? err.message : String(err),
        retryAt: delay === null ? null : new Date(at.getTime() + delay),
        at,
      });
      failed += 1;
    }
  }
  return { sent, failed };
}

/** One Message-ID per outbox row, the same on every try: `<mail-{id}@{the sender's domain}>`. */
export function messageIdOf(id: number, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'back-office.local';
  return `<mail-${id}@${domain}>`;
}

/** When the next mail comes due; the job wakes then rather than at the next minute's sweep. */
export async function nextMailDue(db: Db): Promise<Date | null> {
  return nextMailDueAt(db);
}

/** An admin sends a mail that failed for good again; it goes out with the next run of the job. */
export async function retryMail(db: Db, id: number) {
  const row = await retryDeadMail(db, id);
  if (!row) {
    if (!(await mailExists(db, id))) {
      throw new AppError('NOT_FOUND', { message: 'No such mail' });
    }
    throw new AppError('MAIL_NOT_DEAD_LETTER', { message: 'The mail has not failed for good' });
  }
  return toOutboxMailDto(row);
}

export async function outboxPage(db: Db, opts: { limit: number; offset: number; to?: string | undefined }) {
  const { rows, total } = await listMail(db, opts);
  return {
    data: rows.map(toOutboxMailDto),
    total,
    limit: opts.limit,
    offset: opts.offset,
  };
}

/**
 * The newest mails to one address with their full text, as their recipient reads them. Not behind any
 * route: the local outbox's command line (`npm run outbox:read`) and the tests read mail this way.
 */
export async function mailsToRecipient(db: Db, to: string, limit: number) {
  const { rows } = await listMail(db, { to, limit, offset: 0 });
  return rows.map(toRecipientMailDto);
}
