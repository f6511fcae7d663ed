import type { PgBoss } from 'pg-boss';
import { checkBatch, type CheckDeps } from './check.service.ts';
import { batchesBeingChecked } from './repo.ts';

/** One job per batch to check (singleton key `import-check-<id>`). */
export const IMPORT_CHECK_QUEUE = 'import.check';

export interface ImportCheckJobDeps extends CheckDeps {
  limits: { maxBytes: number; maxRows: number };
}

/**
 * The check of a batch's rows as a pg-boss job, so any API process may run it; at start the batches a
 * stopped server left in 'checking' are checked again (their rows are written in one transaction, so
 * nothing of a broken check remains).
 */
export async function registerImportCheckJobs(
  boss: PgBoss,
  deps: ImportCheckJobDeps,
  onError: (err: Error) => void,
): Promise<{ notify(batchId: number): void }> {
  await boss.createQueue(IMPORT_CHECK_QUEUE, { policy: 'stately', retryLimit: 2, retryDelay: 10, expireInSeconds: 30 * 60 });
  const send = (batchId: number) => boss.send(IMPORT_CHECK_QUEUE, { batchId }, { singletonKey: `import-check-${batchId}` });
  await boss.work<{ batchId: number }>(IMPORT_CHECK_QUEUE, async ([job]) => {
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
