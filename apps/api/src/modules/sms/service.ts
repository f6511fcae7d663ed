import { normalisePhone, OUTBOX_LEASE_MS, outboxRetryDelayMs, type SmsDto, type SmsOutboxQuery, type SmsStatus } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { SmsError, type SmsSender } from '../../integrations/sms/index.ts';
import {
  advanceStatus,
  claimDue,
  hasProviderId,
  listSms,
  markAttemptFailed,
  markCanceled,
  markSent,
  nextDueAt,
  retryDeadLetter,
  smsExists,
  type DueSms,
} from './repo.ts';
import { toSmsDto } from './dto.ts';

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'canceled';

export interface DeliveryCounts {
  sent: number;
  retry: number;
  failed: number;
  canceled: number;
  /** Messages taken in this call, whatever their outcome. */
  taken: number;
}

export interface DeliveryOptions {
  limit?: number;
  now?: () => Date;
  onReportError?: (err: unknown) => void;
  /** How long a taken message is held (OUTBOX_LEASE_MS); tests and the bench shorten it. */
  leaseMs?: number;
}

/**
 * Sends the messages due now, up to `limit`, one at a time and each on its own: a failure plans that
 * message again after its backoff (OUTBOX_MAX_ATTEMPTS, outboxRetryDelayMs in packages/domain) and the
 * others go on. A message is first leased (status `sending`, committed), then handed to the provider, then
 * marked with the provider's id. A worker that dies in between leaves the lease to run out; the next
 * worker asks the provider (`SmsSender.find`) and sends again only when the provider has no such message.
 */
export async function deliverDueSms(db: Db, sender: SmsSender, opts: DeliveryOptions = {}): Promise<DeliveryCounts> {
  const limit = opts.limit ?? 50;
  const now = opts.now ?? (() => new Date());
  const leaseMs = opts.leaseMs ?? OUTBOX_LEASE_MS;
  const counts: DeliveryCounts = { sent: 0, retry: 0, failed: 0, canceled: 0, taken: 0 };
  while (counts.taken < limit) {
    const row = await claimDue(db, now(), leaseMs);
    if (!row) {
      break;
    }
    counts.taken += 1;
    const step = await deliverOne(row, sender, now());
    const at = now();
    switch (step.kind) {
      case 'sent':
        await markSent(db, row.id, { providerId: step.providerId, status: step.status, at });
        if (step.fresh && sender.recorded) {
          // The local sender reports its delivery now that the row carries the provider id; a report
          // that fails leaves the message as the send left it, it is not sent again.
          await sender.recorded(step.providerId, { ref: String(row.id) }).catch((err: unknown) => opts.onReportError?.(err));
        }
        counts.sent += 1;
        break;
      case 'canceled':
        await markCanceled(db, row.id, step.reason);
        counts.canceled += 1;
        break;
      case 'failed': {
        const delay = step.final ? null : outboxRetryDelayMs(row.attempts + 1);
        await markAttemptFailed(db, row.id, {
          error: step.error,
          retryAt: delay === null ? null : new Date(at.getTime() + delay),
          uncertain: step.uncertain,
          at,
        });
        counts[delay === null ? 'failed' : 'retry'] += 1;
        break;
      }
    }
  }
  return counts;
}

type Step =
  | { kind: 'sent'; providerId: string; status: 'sent' | 'delivered' | 'queued'; fresh: boolean }
  | { kind: 'canceled'; reason: string }
  | { kind: 'failed'; error: string; final: boolean; uncertain: boolean };

async function deliverOne(row: DueSms, sender: SmsSender, at: Date): Promise<Step> {
  // A reminder is only worth sending while its event is still ahead as planned; the events module
  // cancels them itself, this catches the messages that came due in between.
  if (row.eventStatus !== null && row.eventStatus !== 'planned') {
    return { kind: 'canceled', reason: `not sent: the event is ${row.eventStatus}` };
  }
  if (row.eventStartsAt && row.eventStartsAt <= at) {
    return { kind: 'canceled', reason: `not sent: the event began at ${row.eventStartsAt.toISOString()}` };
  }
  const to = normalisePhone(row.to);
  if (!to) {
    return { kind: 'failed', error: `not a phone number: ${row.to}`, final: true, uncertain: false };
  }
  const ref = String(row.id);
  if (row.uncertainSince) {
    // An earlier try may have reached the provider: ask it first, never send blind.
    if (!sender.find) {
      return {
        kind: 'failed',
        error: 'the sending was interrupted and the provider cannot be asked whether it took the message',
        final: true,
        uncertain: false,
      };
    }
    try {
      const found = await sender.find(to, row.text, { ref, since: row.uncertainSince });
      if (found) {
        return { kind: 'sent', providerId: found.providerId, status: found.status, fresh: false };
      }
    } catch (err) {
      return { kind: 'failed', error: `could not ask the provider: ${messageOf(err)}`, final: false, uncertain: true };
    }
  }
  try {
    const sent = await sender.send(to, row.text, { ref });
    return { kind: 'sent', providerId: sent.providerId, status: sent.status, fresh: true };
  } catch (err) {
    // A refusal of this very message comes back the same every time; anything else may pass.
    const refused = err instanceof SmsError && err.reason === 'provider_refused';
    // The provider answered (an HTTP status): it did not take the message. No answer at all: it may have,
    // and the next try asks it first (when it can be asked).
    const answered = err instanceof SmsError && err.status !== undefined;
    return { kind: 'failed', error: messageOf(err), final: refused, uncertain: !answered && sender.find !== undefined };
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** When the next message comes due (planned, or a lease running out); null when none waits. */
export async function nextSmsDueAt(db: Db): Promise<Date | null> {
  return nextDueAt(db);
}

/** An admin sends a message of the dead-letter list again; it goes out with the next run of the job. */
export async function retrySms(db: Db, id: number, now: Date): Promise<SmsDto> {
  const retried = await retryDeadLetter(db, id, now);
  if (!retried) {
    if (!(await smsExists(db, id))) {
      throw new AppError('NOT_FOUND', { message: 'No such message' });
    }
    throw new AppError('SMS_NOT_DEAD_LETTER', { message: 'The message is not in the dead-letter list' });
  }
  const { rows } = await listSms(db, { id, offset: 0, limit: 1 });
  return toSmsDto(rows[0]!);
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
