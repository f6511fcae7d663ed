import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { dashboardPath, zEmail, zRequiredText } from '@bo/domain';
import { useState } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { useSendCode, useSignup } from './api.ts';
import { newPasswordFields } from './passwords.ts';

const emailStep = z.object({ email: zEmail() });
const detailsStep = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'invalid_value'),
    name: zRequiredText(100),
    surname: zRequiredText(100),
  })
  .and(newPasswordFields);

/**
 * Clients register with a code mailed to them; staff invited by an admin arrive with `?hash=` and only
 * choose their password.
 */
export function SignupPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hash = params.get('hash');
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);

  const signup = useSignup((user) => void navigate(dashboardPath(user.role.code), { replace: true }));
  const sendCode = useSendCode();

  const first = useForm<z.input<typeof emailStep>, unknown, z.output<typeof emailStep>>({
    resolver: zodResolver(emailStep),
    defaultValues: { email: '' },
  });
  const second = useForm<z.input<typeof detailsStep>, unknown, z.output<typeof detailsStep>>({
    resolver: zodResolver(detailsStep),
    defaultValues: { code: '', name: '', surname: '', password: '', confirm: '' },
  });
  const invited = useForm<z.input<typeof newPasswordFields>, unknown, z.output<typeof newPasswordFields>>({
    resolver: zodResolver(newPasswordFields),
    defaultValues: { password: '', confirm: '' },
  });

  const fail =
    <T extends FieldValues>(form: UseFormReturn<T, unknown, T>) =>
    (err: unknown) => {
      if (!applyServerErrors(form, err)) {
        snackbar.show(errorMessage(err, t));
      }
    };

  if (hash) {
    const submit = invited.handleSubmit((v) => signup.mutate({ hash, password: v.password }, { onError: fail(invited) }));
    return (
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h1">
          {t('auth.completeInvitation')}
        </Typography>
        <FormText form={invited} name="password" type="password" label={t('fields.newPassword')} autoComplete="new-password" />
        <FormText form={invited} name="confirm" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" />
        <Button type="submit" variant="contained" disabled={signup.isPending}>
          {t('auth.createAccount')}
        </Button>
      </Box>
    );
  }

  if (email === null) {
    const submit = first.handleSubmit((v) =>
      sendCode.mutate(v, {
        onSuccess: () => setEmail(v.email),
        onError: fail(first),
      }),
    );
    return (
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h1">
          {t('auth.createAccount')}
        </Typography>
        <Typography color="text.secondary">{t('auth.signupIntro')}</Typography>
        <FormText form={first} name="email" type="email" label={t('fields.email')} autoComplete="email" />
        <Button type="submit" variant="contained" disabled={sendCode.isPending} data-testid="send-code">
          {t('auth.sendCode')}
        </Button>
        <Link component={RouterLink} to="/login">
          {t('auth.backToSignIn')}
        </Link>
      </Box>
    );
  }

  const submit = second.handleSubmit((v) =>
    signup.mutate({ email, code: v.code, name: v.name, surname: v.surname, password: v.password }, { onError: fail(second) }),
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('auth.createAccount')}
      </Typography>
      <Alert severity="info">{t('auth.codeSent', { email })}</Alert>
      <FormText form={second} name="code" label={t('fields.code')} inputMode="numeric" autoComplete="one-time-code" />
      <FormText form={second} name="name" label={t('fields.name')} autoComplete="given-name" />
      <FormText form={second} name="surname" label={t('fields.surname')} autoComplete="family-name" />
      <FormText form={second} name="password" type="password" label={t('fields.newPassword')} autoComplete="new-password" />
      <FormText form={second} name="confirm" type="password" label={t('fields.confirmPassword')} autoComplete="new-password" />
      <Button type="submit" variant="contained" disabled={signup.isPending} data-testid="sign-up">
        {t('auth.createAccount')}
      </Button>
    </Box>
  );
}
