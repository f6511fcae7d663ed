import { statusOf, type ErrorCode, type ValidationKey } from '@bo/domain';

/** The one error type services throw; the HTTP layer maps it with the spec's identifiers. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldValidation: Record<string, ValidationKey> | undefined;
  /** Sent as `data` beside the error: the calendar's `data.error` (spec 8). */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    opts: { message?: string; fieldValidation?: Record<string, ValidationKey>; data?: Record<string, unknown> } = {},
  ) {
    super(opts.message ?? code);
    this.code = code;
    this.fieldValidation = opts.fieldValidation;
    this.data = opts.data;
  }

  get status(): number {
    return statusOf(this.code);
  }
}
