import { isOneOf, REFUSALS, type Refusal } from '@bo/domain';
import type { TFunction } from 'i18next';
import { HttpError } from './http-error.ts';

/** Identifiers like "Not allowed." hold dots and spaces, which i18next reads as nesting. */
export function errorKey(code: string): string {
  return `errors.${code.replace(/[^A-Za-z0-9]+/g, '_')}`;
}

/**
 * What the snackbar says about a failure (spec 8 "Handling"): the server's error identifier,
 * translated when we know it; otherwise its message; otherwise the JSON of the error.
 * A 500 or a string message gives the generic error text; a 503 says the service is unavailable for
 * now. A refusal adds the rule it met (`data.reason`) in the user's language.
 */
export function errorMessage(err: unknown, t: TFunction): string {
  if (err instanceof HttpError) {
    // A 503 says what is wrong (a service or the database down for a moment): its text; other
    // server failures say nothing the user can act on.
    if (err.status >= 500 && !(err.status === 503 && err.body.error === 'SERVICE_UNAVAILABLE')) {
      return t('errors.generic');
    }
    const code = err.body.error;
    if (typeof code === 'string') {
      const text = t(errorKey(code), { defaultValue: code });
      const reason = refusalOf(err);
      return reason ? `${text} ${t(`refusals.${reason}`)}` : text;
    }
    if (typeof err.body.message === 'string') {
      return t('errors.generic');
    }
    return JSON.stringify(err.body);
  }
  if (err instanceof Error && err.message) {
    return err.message;
  }
  return JSON.stringify(err);
}

/** Per-field errors that a form shows next to its fields rather than in the snackbar. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof HttpError && err.body.field_validation ? err.body.field_validation : {};
}

function refusalOf(err: HttpError): Refusal | null {
  const data = err.body.data as { reason?: unknown } | undefined;
  return typeof data?.reason === 'string' && isOneOf(REFUSALS, data.reason) ? data.reason : null;
}
