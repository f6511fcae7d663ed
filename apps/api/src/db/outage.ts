/**
 * Whether a failure means the database cannot be reached (it restarts, it is stopped, the network to it
 * is down), as opposed to a statement that failed: such a request is answered 503, and the next one
 * tries again on a fresh connection (the pool drops a broken one), so the API recovers by itself as
 * soon as the database is back (docs/operations.md "A database restart").
 */

/** PostgreSQL's codes of a server going away or not yet taking connections. */
const PG_CODES = new Set([
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, in recovery)
  '57P01',
  '57P02',
  '57P03',
]);
/** Class 08: connection exceptions. */
const PG_CLASS = '08';

/** The socket's failures on the way to the server. */
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What node-postgres says when a connection ends or cannot be made in time (its errors carry no code). */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function unavailableAlone(err: object): boolean {
  const { code, message, severity } = err as { code?: unknown; message?: unknown; severity?: unknown };
  if (typeof code === 'string') {
    if (severity !== undefined) {
      return PG_CODES.has(code) || code.startsWith(PG_CLASS);
    }
    if (SYSTEM_CODES.has(code)) {
      return true;
    }
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((m) => message.startsWith(m));
}

/** The error or one of its causes (the query builder wraps the driver's error) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (unavailableAlone(current)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
