/**
 * How the outboxes (SMS and mail) try a message again. Each failed try waits longer than the last:
 * 2 s, 10 s, 50 s, 4 min 10 s, 20 min 50 s (2 s × 5^(n−1)); the 6th failure is final and the message
 * goes to the dead-letter list, where an admin may send it again. A short hiccup of the provider costs
 * seconds; an outage is given about 26 minutes before a person has to look.
 */
export const OUTBOX_MAX_ATTEMPTS = 6;
export const OUTBOX_RETRY_BASE_MS = 2_000;
export const OUTBOX_RETRY_FACTOR = 5;

/**
 * How long a worker holds a message it is sending. Longer than the provider's answer may take (the
 * adapters give up after 15 s): a lease only runs out when its worker died or stalled.
 */
export const OUTBOX_LEASE_MS = 60_000;

/**
 * The wait after the `attempts`-th failed try (1-based), or null when that try was the last and the
 * message is dead.
 */
export function outboxRetryDelayMs(attempts: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1 || attempts >= OUTBOX_MAX_ATTEMPTS) {
    return null;
  }
  return OUTBOX_RETRY_BASE_MS * OUTBOX_RETRY_FACTOR ** (attempts - 1);
}
