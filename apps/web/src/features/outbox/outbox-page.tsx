import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MailOutbox } from './mail-outbox.tsx';
import { SmsOutbox } from './sms-outbox.tsx';

const TABS = ['mail', 'sms', 'failed'] as const;
type OutboxTab = (typeof TABS)[number];
const INTRO: Record<OutboxTab, string> = { mail: 'outbox.intro', sms: 'outbox.sms.intro', failed: 'outbox.sms.deadLettersIntro' };

/**
 * The local outboxes, readable by admins: e-mails first, the SMS to clients on the second tab (`?tab=sms`),
 * the SMS the outbox gave up on (its dead-letter list, `?tab=failed`) on the third, to be sent again.
 */
export function OutboxPage() {
  const { t } = useTranslation('common');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: OutboxTab = asked === 'sms' || asked === 'failed' ? asked : 'mail';
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
        {t(INTRO[tab])}
      </Typography>
      {tab === 'mail' ? <MailOutbox /> : <SmsOutbox key={tab} deadLetters={tab === 'failed'} />}
    </Box>
  );
}
