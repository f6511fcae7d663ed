import { normalisePhone, type SmsOutboxQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { SmsError, type SmsSender } from '../../integrations/sms/index.ts';
import { claimDue, listSms, markAttemptFailed, markCanceled, markSent, type DueSms } from './repo.ts';
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
export async function deliverDueSms(db: Db, sender: SmsSender, opts: { limit?: number; now?: () => Date } = {}): Promise<DeliveryCounts> {
  const limit = opts.limit ?? 50;
  const now = opts.now ?? (() => new Date());
  const counts: DeliveryCounts = { sent: 0, retry: 0, failed: 0, canceled: 0, taken: 0 };
  while (counts.taken < limit) {
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
    const sent = await sender.send(to, row.text);
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
