import type { ErrorBody } from '@bo/domain';

/** A refused call: the status and the body the server sent (spec 8: "rejected with the body and a status"). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody> & Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : (body.error ?? `HTTP ${status}`));
  }
}

/**
 * The server's answer: its JSON when the status is OK, else an HttpError with the error body (a body
 * that is no JSON becomes the message). One reading for `api` and for uploads.
 */
export function answerOf(status: number, text: string): unknown {
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    // A string body stays a string: it becomes the message.
  }
  if (status >= 200 && status < 300) {
    return parsed;
  }
  throw new HttpError(status, typeof parsed === 'object' && parsed !== null ? (parsed as HttpError['body']) : { message: String(parsed) });
}
