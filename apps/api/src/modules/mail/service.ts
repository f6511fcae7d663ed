import { toLanguage } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { MailTransport } from '../../integrations/mail/transport.ts';
import { toOutboxMailDto, toRecipientMailDto } from './dto.ts';
import { claimQueued, insertMail, listMail, markFailed, markSent } from './repo.ts';
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

/** Delivers what is queued, a batch at a time; a failure is retried later, never lost. */
export async function deliverQueued(db: Db, transport: MailTransport, from: string, batch = 20): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  await db.transaction(async (tx) => {
    for (const row of await claimQueued(tx, batch)) {
      try {
        await transport.deliver({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
        await markSent(tx, row.id);
        sent += 1;
      } catch (err) {
        await markFailed(tx, row.id, err instanceof Error ? err.message : String(err));
        failed += 1;
      }
    }
  });
  return { sent, failed };
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
