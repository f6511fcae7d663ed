import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { formatNumber } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useReferralLink } from './api.ts';

/** The user's referral link with a copy button, and how often it was opened and led to a sign-up. */
export function ReferralLinkCard({ userId }: { userId: number }) {
  const { t } = useTranslation(['referrals']);
  const { t: tc } = useTranslation();
  const link = useReferralLink(userId);
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      snackbar.show(t('referrals:link.copied'), 'success');
    } catch {
      snackbar.show(t('referrals:link.copyFailed'), 'info');
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="referral-link-card">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('referrals:link.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('referrals:link.hint')}
      </Typography>
      {link.isError && <Alert severity="error">{errorMessage(link.error, tc)}</Alert>}
      {link.data && (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              value={link.data.url}
              slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'referral-link-url', 'aria-label': t('referrals:link.title') } }}
              sx={{ flex: '1 1 260px' }}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopy />}
              onClick={() => void copy(link.data.url)}
              data-testid="referral-link-copy"
            >
              {t('referrals:link.copy')}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="referral-link-counts">
            {t('referrals:link.counts', { clicks: formatNumber(link.data.clicks), signups: formatNumber(link.data.signups) })}
          </Typography>
        </>
      )}
    </Paper>
  );
}
