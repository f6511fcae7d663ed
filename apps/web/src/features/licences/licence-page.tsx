import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { formatDate } from '@bo/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useCreateCheckout, useOwnLicence } from './api.ts';
import { LicenceStatusChip } from './licence-status.tsx';

/**
 * The independent agent's licence (`/ia-dashboard/license`): its status, flow and dates, and the
 * checkout that sends them to the card-payment page. The payment page sends them back here with
 * `?checkout=success|canceled|failed`; the licence follows once the provider's webhooks are applied.
 */
export function LicencePage() {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const licence = useOwnLicence();
  const checkout = useCreateCheckout();
  const data = licence.data;
  // Back from the payment page: the webhooks may take a moment; look again until the licence moved.
  const waiting = returned === 'success' && data?.status !== 'active';
  const { refetch } = licence;
  useEffect(() => {
    if (!waiting) {
      return undefined;
    }
    const timer = setInterval(() => void refetch(), 1000);
    return () => clearInterval(timer);
  }, [waiting, refetch]);

  const start = () =>
    checkout.mutate(undefined, {
      onSuccess: (url) => {
        window.location.assign(url);
      },
    });

  return (
    <Box sx={{ maxWidth: 760, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {tc('screens.license')}
      </Typography>
      {returned === 'success' && (waiting || data?.provider_status === 'active' || data?.provider_status === 'trialing') && (
        <Alert severity={waiting ? 'info' : 'success'} data-testid="checkout-returned">
          {waiting ? t('licences:returned.waiting') : t('licences:returned.success')}
        </Alert>
      )}
      {returned === 'canceled' && <Alert severity="info">{t('licences:returned.canceled')}</Alert>}
      {returned === 'failed' && <Alert severity="error">{t('licences:returned.failed')}</Alert>}
      {licence.isPending && <Loading />}
      {licence.isError && <Alert severity="error">{errorMessage(licence.error, tc)}</Alert>}
      {licence.isSuccess && (
        <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {t('licences:current')}
            </Typography>
            <LicenceStatusChip licence={data ?? null} />
          </Box>
          {data?.restricted && (
            <Alert severity="error" data-testid="licence-restricted">
              {t('licences:restricted')}
            </Alert>
          )}
          {data && !data.restricted && data.grace_ends_at && (
            <Alert severity="warning" data-testid="licence-owing">
              {t('licences:owing', { date: formatDate(data.grace_ends_at) })}
            </Alert>
          )}
          {data ? (
            <Table size="small" aria-label={t('licences:current')}>
              <TableBody>
                <TableRow>
                  <TableCell component="th" scope="row">
                    {t('licences:fields.flow')}
                  </TableCell>
                  <TableCell data-testid="licence-flow">{t(`licences:flow.${data.flow}`)}</TableCell>
                </TableRow>
                {data.provider_status && (
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('licences:fields.providerStatus')}
                    </TableCell>
                    <TableCell data-testid="licence-provider-status">{t(`licences:provider.${data.provider_status}`)}</TableCell>
                  </TableRow>
                )}
                {data.paid_until && (
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('licences:fields.paidUntil')}
                    </TableCell>
                    <TableCell>{formatDate(data.paid_until)}</TableCell>
                  </TableRow>
                )}
                {data.valid_until && (
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('licences:fields.validUntil')}
                    </TableCell>
                    <TableCell>{formatDate(data.valid_until)}</TableCell>
                  </TableRow>
                )}
                {data.activated_at && (
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {t('licences:fields.activatedAt')}
                    </TableCell>
                    <TableCell>{formatDate(data.activated_at)}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          ) : (
            <Typography data-testid="licence-none">{t('licences:none')}</Typography>
          )}
          {(data === null || data?.can_checkout) && (
            <Box>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('licences:checkoutText')}
              </Typography>
              <Button variant="contained" onClick={start} disabled={checkout.isPending} data-testid="licence-checkout">
                {t('licences:checkout')}
              </Button>
              {checkout.isError && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {errorMessage(checkout.error, tc)}
                </Alert>
              )}
            </Box>
          )}
        </Paper>
      )}
    </Box>
  );
}
