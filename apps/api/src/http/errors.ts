import { statusOf, type ErrorCode, type ValidationKey } from '@bo/domain';

/** The one error type services throw; the HTTP layer maps it with the spec's identifiers. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldValidation: Record<string, ValidationKey> | undefined;

  constructor(code: ErrorCode, opts: { message?: string; fieldValidation?: Record<string, ValidationKey> } = {}) {
    super(opts.message ?? code);
    this.code = code;
    this.fieldValidation = opts.fieldValidation;
  }

  get status(): number {
    return statusOf(this.code);
  }
}
