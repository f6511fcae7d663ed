import type { TFunction } from 'i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';

/**
 * What the snackbar says when an import call fails (spec 8: the error field of the answer): the
 * refused fields' validation texts (an unreadable or oversized file, an unknown location …), else the
 * error itself. `t` reads the import namespace, `tc` the common one.
 */
export function failureText(err: unknown, t: TFunction<readonly ['import', 'common']>, tc: TFunction): string {
  const keys = Object.values(fieldErrors(err));
  const error =
    keys.length > 0
      ? keys.map((k) => t([`import:rowErrors.${k}`, `common:validation.${k}`], { defaultValue: k })).join(', ')
      : errorMessage(err, tc);
  return t('import:messages.failed', { error });
}
