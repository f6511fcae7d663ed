import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { ListedCall, Telephony } from '../../integrations/telephony/index.ts';
import { applyAircallWebhookIn } from './service.ts';

/** How far back each check of the call log against the provider's list looks, and how often it runs. */
export const RECONCILE_WINDOW_MS = 6 * 3600_000;
export const RECONCILE_CRON = '*/10 * * * *';
const RECONCILE_QUEUE = 'telephony.reconcile';

export interface ReconcileResult {
  /** Calls the provider listed in the window. */
  listed: number;
  /** Finished calls whose end was written now (their call.ended webhook had not arrived). */
  applied: number;
  /** Finished calls the log already held as ended. */
  unchanged: number;
  /** Calls still running (their end comes by webhook or by the next check). */
  running: number;
}

/** An ended call of the list: Aircall's `status: 'done'` with its end time. */
function ended(call: ListedCall): number | null {
  return call.status === 'done' && typeof call.ended_at === 'number' ? call.ended_at : null;
}

/**
 * The call log checked against the provider's own list of calls: a finished call whose `call.ended`
 * webhook never came (the app was down longer than Aircall's retries, a webhook was lost) is applied as
 * that webhook, each in its own transaction, through the same merge as every webhook: a call already
 * ended is left as it is, so running the check twice changes nothing. No live events: these calls are
 * over; the agent's call log shows them when it is next read.
 */
export async function reconcileCalls(
  deps: { db: Db; telephony: Pick<Telephony, 'listCalls'> },
  window: { from: Date; to: Date },
): Promise<ReconcileResult> {
  const result: ReconcileResult = { listed: 0, applied: 0, unchanged: 0, running: 0 };
  if (!deps.telephony.listCalls) {
    return result;
  }
  const calls = await deps.telephony.listCalls(window.from, window.to);
  result.listed = calls.length;
  for (const call of calls) {
    const endedAt = ended(call);
    if (endedAt === null) {
      result.running += 1;
      continue;
    }
    const outcome = await deps.db.transaction((tx) =>
      applyAircallWebhookIn(tx, { resource: 'call', event: 'call.ended', timestamp: endedAt, data: call }),
    );
    if (outcome === 'applied') {
      result.applied += 1;
    } else {
      result.unchanged += 1;
    }
  }
  return result;
}

/**
 * The check as a pg-boss job every ten minutes over the last six hours (any API process may run it, one
 * at a time); only where the telephony provider lists its calls.
 */
export async function registerTelephonyJobs(
  boss: PgBoss,
  deps: { db: Db; telephony: Pick<Telephony, 'listCalls'> },
  onError: (err: Error) => void,
): Promise<void> {
  if (!deps.telephony.listCalls) {
    return;
  }
  await boss.createQueue(RECONCILE_QUEUE, { policy: 'singleton' });
  await boss.work(RECONCILE_QUEUE, async () => {
    const to = new Date();
    await reconcileCalls(deps, { from: new Date(to.getTime() - RECONCILE_WINDOW_MS), to }).catch((err: unknown) => {
      onError(err instanceof Error ? err : new Error(String(err)));
    });
  });
  await boss.schedule(RECONCILE_QUEUE, RECONCILE_CRON);
}
