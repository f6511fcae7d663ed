import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../app/error-message.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- these helpers never read a form's transformed output type
type AnyForm<T extends FieldValues> = UseFormReturn<T, unknown, any>;

/** A text field bound to react-hook-form whose error is a validation key, shown translated. */
export function FormText<T extends FieldValues>({ form, name, ...props }: { form: AnyForm<T>; name: Path<T> } & TextFieldProps) {
  const { t } = useTranslation();
  const raw: unknown = form.formState.errors[name]?.message;
  const error = typeof raw === 'string' ? raw : undefined;
  return (
    <TextField
      {...form.register(name)}
      {...props}
      id={props.id ?? String(name)}
      error={Boolean(error)}
      helperText={error ? t(`validation.${error}`) : props.helperText}
      fullWidth
    />
  );
}

/** Merges the server's `field_validation` into the form's per-field errors (spec 5). */
export function applyServerErrors<T extends FieldValues>(form: AnyForm<T>, err: unknown): boolean {
  const fields = Object.entries(fieldErrors(err));
  for (const [field, key] of fields) {
    form.setError(field as Path<T>, { type: 'server', message: key });
  }
  return fields.length > 0;
}

/**
 * A choice bound to react-hook-form; its error is a validation key, shown translated. `nullable`
 * adds a "not specified" entry that stores null.
 */
export function FormSelect<T extends FieldValues>({
  form,
  name,
  label,
  options,
  nullable = false,
  required = false,
}: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
  nullable?: boolean;
  /** Marks the choice as required, as a required text field is marked. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id={String(name)}
          label={label}
          required={required}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(nullable && e.target.value === '' ? null : e.target.value)}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? t(`validation.${fieldState.error.message}`) : undefined}
        >
          {nullable && (
            <MenuItem value="">
              <em>{t('common.none')}</em>
            </MenuItem>
          )}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
