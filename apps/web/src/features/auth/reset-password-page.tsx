import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { useResetPassword } from './api.ts';
import { newPasswordFields } from './passwords.ts';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const reset = useResetPassword();
  const form = useForm<z.input<typeof newPasswordFields>, unknown, z.output<typeof newPasswordFields>>({
    resolver: zodResolver(newPasswordFields),
    defaultValues: { password: '', confirm: '' },
  });
  const submit = form.handleSubmit((v) =>
    reset.mutate(
      { hash, password: v.password },
      {
        onError: (err) => {
          if (!applyServerErrors(form, err)) {
            snackbar.show(errorMessage(err, t));
          }
        },
      },
    ),
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('auth.resetTitle')}
      </Typography>
      {reset.isSuccess ? (
        <Alert severity="success" data-testid="reset-done">
          {t('auth.resetDone')}
        </Alert>
      ) : (
        <>
          <FormText form={form} name="password" type="password" label={t('fields.newPassword')} autoComplete="new-password" />
          <FormText form={form} name="confirm" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" />
          <Button type="submit" variant="contained" disabled={reset.isPending || !hash} data-testid="reset-submit">
            {t('auth.resetSubmit')}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/login">
        {t('auth.backToSignIn')}
      </Link>
    </Box>
  );
}
