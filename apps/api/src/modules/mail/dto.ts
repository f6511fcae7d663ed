import type { MailRow } from './repo.ts';

/** A mail of the outbox page. Secrets stay with the recipient: an admin reads that the mail went out, never its code or link. */
export function toOutboxMailDto(r: MailRow) {
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.maskedText ?? '',
    kind: r.kind,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  };
}

/** A mail with its full text, as its recipient reads it (the local outbox's command line and the tests). */
export function toRecipientMailDto(r: MailRow) {
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    kind: r.kind,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}
