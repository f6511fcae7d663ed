import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../app/error-message.ts';
import { snackbar } from '../app/snackbar.tsx';

/**
 * The per-field errors of a form kept in component state (forms without react-hook-form). A failed
 * save puts the server's `field_validation` beside the fields; a failure without one goes to the
 * snackbar (spec 5).
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    setErrors,
    /** The translated message of a field, or undefined. */
    text: (field: string): string | undefined => (errors[field] ? t(`validation.${errors[field]}`) : undefined),
    /** For a mutation's onError. */
    failed: (err: unknown): void => {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (Object.keys(fields).length === 0) {
        snackbar.show(errorMessage(err, t));
      }
    },
  };
}
