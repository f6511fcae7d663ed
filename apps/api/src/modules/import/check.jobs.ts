import type { PgBoss } from 'pg-boss';
import { WOKEN_QUEUE, wokenPolling, type WokenPolling } from '../../core/jobs.ts';
import { checkBatch, type CheckDeps } from './check.service.ts';
import { batchesBeingChecked } from './repo.ts';

/** One job per batch to check (singleton key `import-check-<id>`). */
export const IMPORT_CHECK_QUEUE = 'import.check';

/**
 * A running check's worker tells pg-boss every 15 s that it lives; a job without a sign of life for 30 s
 * (its process killed) is failed by the next supervision (jobs/queue.ts) and retried. Without it a
 * killed check stayed active until its 30-minute expiry, and the check sent at start waited behind it
 * (the queue holds one active check per batch).
 */
const CHECK_HEARTBEAT_SECONDS = 30;

export interface ImportCheckJobDeps extends CheckDeps {
  limits: { maxBytes: number; maxRows: number };
}

/**
 * The check of a batch's rows as a pg-boss job, so any API process may run it; at start the batches a
 * stopped server left in 'checking' are checked again (their rows are written in one transaction, so
 * nothing of a broken check remains). A killed worker's job is retried after its heartbeat stops, and
 * finds the batch checked by then: the check runs once more, not twice (bench/faults.ts).
 */
export async function registerImportCheckJobs(
  boss: PgBoss,
  deps: ImportCheckJobDeps,
  onError: (err: Error) => void,
  polling: WokenPolling = wokenPolling(),
): Promise<{ notify(batchId: number): void }> {
  await boss.createQueue(IMPORT_CHECK_QUEUE, {
    ...WOKEN_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    retryDelay: 10,
    expireInSeconds: 30 * 60,
    heartbeatSeconds: CHECK_HEARTBEAT_SECONDS,
  });
  // A queue made before the heartbeat (or the wake-up) keeps its options: they are set on it too.
  await boss.updateQueue(IMPORT_CHECK_QUEUE, { ...WOKEN_QUEUE, heartbeatSeconds: CHECK_HEARTBEAT_SECONDS });
  const send = (batchId: number) => boss.send(IMPORT_CHECK_QUEUE, { batchId }, { singletonKey: `import-check-${batchId}` });
  // The check starts as soon as the batch is mapped: the user waits for the review.
  await boss.work<{ batchId: number }>(IMPORT_CHECK_QUEUE, polling, async ([job]) => {
    if (job) {
      await checkBatch(deps, job.data.batchId, deps.limits);
    }
  });
  for (const id of await batchesBeingChecked(deps.db)) {
    await send(id);
  }
  return {
    notify: (batchId) => {
      send(batchId).catch(onError);
    },
  };
}
