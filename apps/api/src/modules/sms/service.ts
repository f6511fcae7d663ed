import { normalisePhone, type SmsOutboxQuery, type SmsStatus } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { SmsError, type SmsSender } from '../../integrations/sms/index.ts';
import { advanceStatus, claimDue, hasProviderId, listSms, markAttemptFailed, markCanceled, markSent, type DueSms } from './repo.ts';
import { toSmsDto } from './dto.ts';

/**
 * Waits before the next try after the 1st, 2nd, 3rd and 4th failure; the 5th failure is final. A short
 * outage of the provider delays a reminder by minutes, a long one fails it within the hour.
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 30 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'canceled';

export interface DeliveryCounts {
  sent: number;
  retry: number;
  failed: number;
  canceled: number;
  /** Messages taken in this call, whatever their outcome. */
  taken: number;
}

/**
 * Sends the planned messages due now, up to `limit`, each in its own transaction: the row stays locked
 * (FOR UPDATE SKIP LOCKED) while the provider is asked, so no other worker sends it too, and a crash costs
 * at most the one message in flight. A message is sent at least once and, short of that crash, only once.
 */
export async function deliverDueSms(
  db: Db,
  sender: SmsSender,
  opts: { limit?: number; now?: () => Date; onReportError?: (err: unknown) => void } = {},
): Promise<DeliveryCounts> {
  const limit = opts.limit ?? 50;
  const now = opts.now ?? (() => new Date());
  const counts: DeliveryCounts = { sent: 0, retry: 0, failed: 0, canceled: 0, taken: 0 };
  while (counts.taken < limit) {
    const recorded: { providerId: string | null; ref?: string } = { providerId: null };
    const outcome = await db.transaction(async (tx) => {
      const at = now();
      const row = await claimDue(tx, at);
      if (!row) {
        return null;
      }
      const step = await deliverOne(row, sender, at);
      switch (step.kind) {
        case 'sent':
          await markSent(tx, row.id, { providerId: step.providerId, status: step.status, at });
          recorded.providerId = step.providerId;
          recorded.ref = String(row.id);
          return 'sent';
        case 'canceled':
          await markCanceled(tx, row.id, step.reason);
          return 'canceled';
        case 'failed': {
          const delay = step.final ? undefined : RETRY_DELAYS_MS[row.attempts];
          await markAttemptFailed(tx, row.id, step.error, delay === undefined ? null : new Date(at.getTime() + delay));
          return delay === undefined ? 'failed' : 'retry';
        }
      }
    });
    if (outcome === null) {
      break;
    }
    if (recorded.providerId !== null && sender.recorded) {
      // The local sender reports its delivery now that the row carries the provider id; a report
      // that fails leaves the message as the send left it, it is not sent again.
      await sender.recorded(recorded.providerId, { ref: recorded.ref }).catch((err: unknown) => opts.onReportError?.(err));
    }
    counts[outcome] += 1;
    counts.taken += 1;
  }
  return counts;
}

type Step =
  | { kind: 'sent'; providerId: string; status: 'sent' | 'delivered' | 'queued' }
  | { kind: 'canceled'; reason: string }
  | { kind: 'failed'; error: string; final: boolean };

async function deliverOne(row: DueSms, sender: SmsSender, at: Date): Promise<Step> {
  // A reminder is only worth sending while its event is still ahead as planned; the events module
  // cancels them itself, this catches the messages a stopped worker left behind.
  if (row.eventStatus !== null && row.eventStatus !== 'planned') {
    return { kind: 'canceled', reason: `not sent: the event is ${row.eventStatus}` };
  }
  if (row.eventStartsAt && row.eventStartsAt <= at) {
    return { kind: 'canceled', reason: `not sent: the event began at ${row.eventStartsAt.toISOString()}` };
  }
  const to = normalisePhone(row.to);
  if (!to) {
    return { kind: 'failed', error: `not a phone number: ${row.to}`, final: true };
  }
  try {
    const sent = await sender.send(to, row.text, { ref: String(row.id) });
    return { kind: 'sent', providerId: sent.providerId, status: sent.status };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A refusal of this very message comes back the same every time; anything else may pass.
    return { kind: 'failed', error: message, final: err instanceof SmsError && err.reason === 'provider_refused' };
  }
}

export async function smsOutboxPage(db: Db, query: SmsOutboxQuery) {
  const { rows, total } = await listSms(db, query);
  return { data: rows.map(toSmsDto), total, limit: query.limit, offset: query.offset };
}

/** Twilio's message statuses (its status callback's `MessageStatus`) as the outbox's. */
const PROVIDER_STATUS: Record<string, SmsStatus> = {
  accepted: 'accepted',
  scheduled: 'scheduled',
  queued: 'queued',
  // On its way to the carrier: still queued as far as the outbox tells.
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  // WhatsApp's read receipt: delivered first.
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'canceled',
};

export type StatusCallbackOutcome = 'updated' | 'unchanged' | 'unknown';

/**
 * Applies a provider's status callback (already authenticated by its signature): the message with this
 * provider id moves to the status when the order rule allows it, else nothing changes (a duplicate, a
 * late or out-of-order callback, or an id the outbox does not know).
 */
export async function applyStatusCallback(
  db: Db,
  form: URLSearchParams,
  /** The outbox id the status callback's address named (`?msg=`), when it did. */
  ref: string | null,
): Promise<StatusCallbackOutcome> {
  const sid = (form.get('MessageSid') ?? form.get('SmsSid') ?? '').trim();
  const reported = (form.get('MessageStatus') ?? form.get('SmsStatus') ?? '').trim().toLowerCase();
  const errorCode = (form.get('ErrorCode') ?? '').trim();
  const fieldValidation: Record<string, 'field_is_required' | 'invalid_value'> = {};
  if (!sid) {
    fieldValidation.MessageSid = 'field_is_required';
  } else if (sid.length > 64 || !/^[A-Za-z0-9_-]+$/.test(sid)) {
    fieldValidation.MessageSid = 'invalid_value';
  }
  if (!reported) {
    fieldValidation.MessageStatus = 'field_is_required';
  } else if (!Object.hasOwn(PROVIDER_STATUS, reported)) {
    fieldValidation.MessageStatus = 'invalid_value';
  }
  if (ref !== null && !/^[1-9]\d{0,9}$/.test(ref)) {
    fieldValidation.msg = 'invalid_value';
  }
  if (errorCode && !/^\d{1,10}$/.test(errorCode)) {
    fieldValidation.ErrorCode = 'invalid_value';
  }
  if (Object.keys(fieldValidation).length > 0) {
    throw new AppError('VALIDATION_ERROR', { message: 'Invalid status callback', fieldValidation });
  }
  const status = PROVIDER_STATUS[reported]!;
  const lastError = errorCode && (status === 'undelivered' || status === 'failed') ? `provider error ${errorCode}: ${reported}` : null;
  const changed = await advanceStatus(db, sid, status, lastError, ref === null ? null : Number(ref));
  if (changed) {
    return 'updated';
  }
  return (await hasProviderId(db, sid)) ? 'unchanged' : 'unknown';
}
