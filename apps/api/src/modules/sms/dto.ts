import { SMS_STATUSES, type SmsDto } from '@bo/domain';
import type { ListedSms } from './repo.ts';

/** What leaves the server of an outbox row (not the provider's id). */
export function toSmsDto(row: ListedSms): SmsDto {
  return {
    id: row.id,
    to: row.to,
    text: row.text,
    type: row.type,
    status: oneOf(SMS_STATUSES, row.status, 'failed'),
    event_id: row.eventId,
    event_type: row.eventType,
    user_id: row.userId,
    send_at: row.sendAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
    dead_at: row.deadAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The status column is plain text: a value outside the list (written by hand) shows as failed rather than breaking the page. */
function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}
