import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MailOutbox } from './mail-outbox.tsx';
import { SmsOutbox } from './sms-outbox.tsx';

const TABS = ['mail', 'sms'] as const;
type OutboxTab = (typeof TABS)[number];

/** The local outboxes, readable by admins: e-mails first, the SMS to clients on the second tab (`?tab=sms`). */
export function OutboxPage() {
  const { t } = useTranslation('common');
  const [params, setParams] = useSearchParams();
  const tab: OutboxTab = params.get('tab') === 'sms' ? 'sms' : 'mail';
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.outbox')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: OutboxTab) => setParams(value === 'mail' ? {} : { tab: value })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`outbox.tabs.${value}`)} data-testid={`outbox-tab-${value}`} />
        ))}
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(tab === 'mail' ? 'outbox.intro' : 'outbox.sms.intro')}
      </Typography>
      {tab === 'mail' ? <MailOutbox /> : <SmsOutbox />}
    </Box>
  );
}
