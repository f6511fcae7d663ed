import type { PgBoss } from 'pg-boss';
import { WOKEN_QUEUE, wokenPolling, type WokenPolling } from '../../core/jobs.ts';
import { unfinishedOperationIds } from './ocr.repo.ts';
import { giveUpOperation, processOperation, type OcrDeps } from './ocr.service.ts';
import { ocrRowWriter } from './ocr.writer.ts';

/** What the OCR worker reads with: the database, the files' storage, the folder source and the engine. */
export type OcrJobDeps = Omit<OcrDeps, 'onStarted'>;

/** One job per running operation (singleton key `ocr-<id>`): reads its pages until done, stopped or out of time. */
export const OCR_QUEUE = 'import.ocr';
/** Sends a job for every operation not done: at start (what a stopped server left) and every five minutes. */
export const OCR_RESUME_QUEUE = 'import.ocr.resume';
/** A job hands over to a fresh one after this long, so no job outlives its expiry however many pages there are. */
const JOB_BUDGET_MS = 5 * 60_000;
const RETRY_LIMIT = 5;

export interface OcrJobs {
  /** An operation was started or asked to stop. */
  notify(operationId: number): void;
  /** The server is stopping: the running job stops before its next page (the page being read is finished). */
  stopping(): void;
}

export async function registerOcrJobs(
  boss: PgBoss,
  deps: OcrJobDeps,
  onError: (err: Error) => void,
  polling: WokenPolling = wokenPolling(),
): Promise<OcrJobs> {
  let stopping = false;
  // `stately`: per operation at most one job running and one waiting, however often it is notified.
  await boss.createQueue(OCR_QUEUE, {
    ...WOKEN_QUEUE,
    policy: 'stately',
    retryLimit: RETRY_LIMIT,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
  // A queue made before the wake-up keeps its options: it is set on it too.
  await boss.updateQueue(OCR_QUEUE, WOKEN_QUEUE);
  await boss.createQueue(OCR_RESUME_QUEUE);
  const send = (operationId: number) => boss.send(OCR_QUEUE, { operationId }, { singletonKey: `ocr-${operationId}` });

  // The OCR manager watches the progress: an operation starts as soon as it is asked for.
  await boss.work<{ operationId: number }>(OCR_QUEUE, polling, async ([job]) => {
    if (!job) {
      return;
    }
    let result: Awaited<ReturnType<typeof processOperation>>;
    try {
      result = await processOperation(deps, ocrRowWriter, job.data.operationId, {
        shouldStop: () => stopping || job.signal.aborted,
        budgetMs: JOB_BUDGET_MS,
      });
    } catch (err) {
      // The provider or engine failed: tried again later (pg-boss), and after the last try the operation ends
      // with the reason instead of coming back at every sweep.
      if (job.retryCount >= RETRY_LIMIT) {
        await giveUpOperation(deps, job.data.operationId, err);
        onError(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      throw err;
    }
    if (result === 'continue') {
      await send(job.data.operationId);
    }
  });
  await boss.work(OCR_RESUME_QUEUE, async () => {
    for (const id of await unfinishedOperationIds(deps.db)) {
      await send(id);
    }
  });
  await boss.schedule(OCR_RESUME_QUEUE, '*/5 * * * *');
  await boss.send(OCR_RESUME_QUEUE, {});
  return {
    notify: (operationId) => {
      send(operationId).catch(onError);
    },
    stopping: () => {
      stopping = true;
    },
  };
}
