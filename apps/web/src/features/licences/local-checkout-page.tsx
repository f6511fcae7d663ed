import { Alert, Box, Button, Typography } from '@mui/material';
import { formatMoney } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCompleteLocalCheckout, useLocalCheckout } from './api.ts';

/**
 * The local payment provider's checkout page (`/checkout/local/{session}`): it stands in for the card
 * provider's hosted page when none is configured. Paying, a declined card or leaving sends the
 * provider's webhooks through the app's webhook route and returns to the licence page.
 */
export function LocalCheckoutPage() {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const { session = '' } = useParams();
  const page = useLocalCheckout(session);
  const complete = useCompleteLocalCheckout(session);
  const go = (outcome: 'pay' | 'fail' | 'cancel') =>
    complete.mutate(outcome, {
      onSuccess: (url) => {
        window.location.assign(url);
      },
    });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h1">
        {t('licences:local.title')}
      </Typography>
      <Alert severity="info">{t('licences:local.note')}</Alert>
      {page.isError && <Alert severity="error">{errorMessage(page.error, tc)}</Alert>}
      {page.data && (
        <>
          <Typography data-testid="local-checkout-amount">
            {t('licences:local.amount', {
              name: `${page.data.agent.name} ${page.data.agent.surname}`,
              amount: formatMoney(page.data.amount),
            })}
          </Typography>
          {page.data.open ? (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => go('pay')} disabled={complete.isPending} data-testid="local-checkout-pay">
                {t('licences:local.pay')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                onClick={() => go('fail')}
                disabled={complete.isPending}
                data-testid="local-checkout-fail"
              >
                {t('licences:local.fail')}
              </Button>
              <Button onClick={() => go('cancel')} disabled={complete.isPending} data-testid="local-checkout-cancel">
                {t('licences:local.cancel')}
              </Button>
            </Box>
          ) : (
            <Alert severity="warning">{t('licences:local.closed')}</Alert>
          )}
          {complete.isError && <Alert severity="error">{errorMessage(complete.error, tc)}</Alert>}
        </>
      )}
    </Box>
  );
}
