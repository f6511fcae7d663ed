import type { FastifyServerOptions } from 'fastify';

/*
 * What failures leave in the log: never personal data. Every error the API logs (the request error
 * handler, the logger's `err` serializer, the job runner) goes through `loggableError`.
 */

const EMAIL_LIKE = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g;

function isPgError(err: unknown): err is { code: string; constraint?: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string' && 'severity' in err;
}

export function pgCause(err: unknown): { code: string; constraint?: string } | undefined {
  if (isPgError(err)) {
    return err;
  }
  const cause = (err as { cause?: unknown } | null)?.cause;
  return isPgError(cause) ? cause : undefined;
}

/** An error as the log holds it (the shape Fastify's `err` serializer must give). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** The stack's frames only: its first lines repeat the message, which may hold values. */
function framesOf(err: { stack?: unknown }): string {
  return typeof err.stack === 'string'
    ? err.stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';
}

/**
 * What a failed request leaves in the log. A database error names the statement and PostgreSQL's
 * code, never the statement's parameters nor PostgreSQL's message and detail, which quote values
 * (searched names, e-mail addresses): the log holds no personal data.
 */
export function loggableError(err: unknown): LoggedError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: '', stack: '' };
  }
  const e = err as { name?: unknown; message?: unknown; stack?: unknown; query?: unknown; params?: unknown };
  const pg = pgCause(err) as
    { code: string; severity?: unknown; constraint?: unknown; table?: unknown; column?: unknown; routine?: unknown } | undefined;
  const isQueryError = typeof e.query === 'string' && Array.isArray(e.params);
  if (!pg && !isQueryError) {
    return {
      type: typeof e.name === 'string' ? e.name : 'Error',
      // Other failures (a mail server's refusal, say) may quote an address.
      message: typeof e.message === 'string' ? e.message.replace(EMAIL_LIKE, '<e-mail>') : '',
      stack: framesOf(e),
    };
  }
  const out: LoggedError = { type: isQueryError ? 'DrizzleQueryError' : 'DatabaseError', message: 'Failed query', stack: framesOf(e) };
  if (isQueryError) {
    out.query = e.query;
    out.params = (e.params as unknown[]).length;
  }
  if (pg) {
    for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const) {
      if (pg[key] !== undefined) {
        out[key] = pg[key];
      }
    }
  }
  return out;
}

/** One line for plain-text logs (the job runner): the kind, PostgreSQL's code and the statement or message. */
export function errorSummary(err: unknown): string {
  const e = loggableError(err);
  const code = typeof e.code === 'string' ? ` ${e.code}` : '';
  const what = typeof e.query === 'string' ? e.query : typeof e.message === 'string' ? e.message : '';
  return `${e.type}${code}: ${what}`;
}

/** The logger's options with an `err` serializer that keeps personal data out of every `{ err }` logged. */
export function withLoggableErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) {
    return false;
  }
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: loggableError } };
}
