import type { JobPollingOptions } from 'pg-boss';

/**
 * A queue someone waits on (a check of an import, the OCR of a scan): creating a job sends a NOTIFY,
 * and every process listening (jobs/queue.ts, `useListenNotify`) wakes its worker at once instead of at
 * its next poll.
 */
export const WOKEN_QUEUE = { notify: true } as const;

/** The default poll of a woken queue's worker, in seconds: pg-boss's own default. */
const POLL_SECONDS = 2;

/**
 * How a woken queue's worker polls on its own: as often whether the notifications arrive or not (a job
 * made available again by a retry's delay or a dead worker's supervision is not announced, so the poll
 * is what finds it; pg-boss would otherwise slow it to 30 s while notifications arrive).
 */
export function wokenPolling(
  seconds: number = POLL_SECONDS,
): Pick<JobPollingOptions, 'pollingIntervalSeconds' | 'notifyPollingIntervalSeconds'> {
  return { pollingIntervalSeconds: seconds, notifyPollingIntervalSeconds: seconds };
}

export type WokenPolling = ReturnType<typeof wokenPolling>;
