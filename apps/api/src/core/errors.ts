import { statusOf, type ErrorCode, type Refusal, type ValidationKey } from '@bo/domain';

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

/**
 * `Not allowed.` for a rule the record stands against: the English message for API readers, the
 * reason (`data.reason`) for the browser to translate.
 */
export function refused(
  reason: Refusal,
  message: string,
  opts: { fieldValidation?: Record<string, ValidationKey>; data?: Record<string, unknown> } = {},
): AppError {
  return new AppError('Not allowed.', { message, fieldValidation: opts.fieldValidation, data: { ...opts.data, reason } });
}
