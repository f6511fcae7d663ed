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
