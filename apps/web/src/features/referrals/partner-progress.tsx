import { Box, Typography } from '@mui/material';
import { formatDateTime } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { usePartnerUser } from './api.ts';
import { PartnerStatusChip } from './partner-status-chip.tsx';

/** The partner lead flow's progress line: the person's partner status and their next presentation. */
export function PartnerProgress({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['referrals']);
  const person = usePartnerUser(clientId);
  if (!person.data) {
    return null;
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }} data-testid="partner-progress">
      <Typography variant="body2" color="text.secondary">
        {t('referrals:flow.partnerStatus')}
      </Typography>
      <PartnerStatusChip status={person.data.partner_status} />
      {person.data.next_presentation_at && (
        <Typography variant="body2">
          {t('referrals:partner.nextDemo')}: {formatDateTime(person.data.next_presentation_at)}
        </Typography>
      )}
    </Box>
  );
}
