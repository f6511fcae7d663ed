import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { HttpError } from '../../app/http-error.ts';
import { errorMessage } from '../../app/error-message.ts';
import { useUnsubscribe } from './api.ts';

/**
 * The page a reminder mail's unsubscribe link opens. Opening it changes nothing (a mail scanner may
 * open links); the button posts the token from the app's own page, and then no reminder goes out again.
 */
export function UnsubscribePage() {
  const { t } = useTranslation(['reminders', 'common']);
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const invalid = unsubscribe.error instanceof HttpError && (unsubscribe.error.status === 404 || unsubscribe.error.status === 400);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('reminders:unsubscribe.title')}
      </Typography>
      {unsubscribe.isSuccess ? (
        <Alert severity="success" data-testid="unsubscribe-done">
          {t('reminders:unsubscribe.done')}
        </Alert>
      ) : (
        <>
          <Typography>{t('reminders:unsubscribe.text')}</Typography>
          {unsubscribe.isError && (
            <Alert severity="error" data-testid="unsubscribe-error">
              {invalid ? t('reminders:unsubscribe.invalid') : errorMessage(unsubscribe.error, t)}
            </Alert>
          )}
          <Button
            variant="contained"
            disabled={unsubscribe.isPending || token === ''}
            onClick={() => unsubscribe.mutate(token)}
            data-testid="unsubscribe-confirm"
          >
            {t('reminders:unsubscribe.confirm')}
          </Button>
        </>
      )}
    </Box>
  );
}
