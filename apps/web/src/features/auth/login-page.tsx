import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link, Typography } from '@mui/material';
import { dashboardPath, loginBody, resolveDashboardPath } from '@bo/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser, useLogin } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: current } = useCurrentUser();
  const login = useLogin();
  const form = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  if (current && !login.isSuccess) {
    return <Navigate to={dashboardPath(current.role.code)} replace />;
  }

  const onSubmit = form.handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: ({ data }) => {
        const next = params.get('next') ?? '';
        const nextPath = next.split('?')[0] ?? '';
        const target = next ? resolveDashboardPath(data.role.code, nextPath) : dashboardPath(data.role.code);
        void navigate(target === nextPath ? next : target, { replace: true });
      },
      onError: (err) => {
        if (!applyServerErrors(form, err)) {
          snackbar.show(errorMessage(err, t));
        }
      },
    }),
  );

  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} noValidate sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('auth.signIn')}
      </Typography>
      <FormText form={form} name="email" label={t('fields.email')} type="email" autoComplete="username" autoFocus />
      <FormText form={form} name="password" label={t('fields.password')} type="password" autoComplete="current-password" />
      <Button type="submit" variant="contained" size="large" disabled={login.isPending} data-testid="sign-in">
        {t('auth.signIn')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/recovery">
          {t('auth.forgotPassword')}
        </Link>
        <Link component={RouterLink} to="/signup">
          {t('auth.createAccount')}
        </Link>
      </Box>
    </Box>
  );
}
