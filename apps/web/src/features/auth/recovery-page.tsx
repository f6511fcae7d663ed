import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Typography } from '@mui/material';
import { recoveryEmailBody } from '@bo/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { FormText } from '../../ui/form.tsx';
import { useRecoveryEmail } from './api.ts';

export function RecoveryPage() {
  const { t } = useTranslation();
  const send = useRecoveryEmail();
  const form = useForm<z.input<typeof recoveryEmailBody>, unknown, z.output<typeof recoveryEmailBody>>({
    resolver: zodResolver(recoveryEmailBody),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((v) => send.mutate(v, { onError: (err) => snackbar.show(errorMessage(err, t)) }));
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('auth.recoveryTitle')}
      </Typography>
      {send.isSuccess ? (
        <Alert severity="success" data-testid="recovery-sent">
          {t('auth.recoverySent')}
        </Alert>
      ) : (
        <>
          <Typography color="text.secondary">{t('auth.recoveryIntro')}</Typography>
          <FormText form={form} name="email" type="email" label={t('fields.email')} autoComplete="email" />
          <Button type="submit" variant="contained" disabled={send.isPending}>
            {t('auth.sendLink')}
          </Button>
        </>
      )}
      <Link component={RouterLink} to="/login">
        {t('auth.backToSignIn')}
      </Link>
    </Box>
  );
}
