import type { SmsStatus } from './events.ts';

/**
 * How far along its way a text message is (spec 4 SMS statuses). A provider's status callbacks may
 * arrive twice or out of order; a status only ever replaces one of a lower step, so a late `sent`
 * never undoes `delivered`. The last step holds the end states: nothing replaces them.
 */
const STEP: Record<SmsStatus, number> = {
  planned: 0,
  // Taken by a worker, on its way to the provider: the provider's first status replaces it.
  sending: 0,
  accepted: 1,
  scheduled: 2,
  queued: 3,
  sent: 4,
  delivered: 5,
  undelivered: 5,
  failed: 5,
  canceled: 5,
};

/** Whether a message in status `from` may move to `to`: only forward, never out of an end state. */
export function smsStatusAdvances(from: SmsStatus, to: SmsStatus): boolean {
  return STEP[to] > STEP[from];
}

/** The statuses a message may be in for `to` to replace it (for one conditional UPDATE). */
export function smsStatusesBefore(to: SmsStatus): SmsStatus[] {
  return (Object.keys(STEP) as SmsStatus[]).filter((from) => smsStatusAdvances(from, to));
}

/** The end states: delivered, undelivered, failed, canceled. */
export function isFinalSmsStatus(status: SmsStatus): boolean {
  return STEP[status] === 5;
}
