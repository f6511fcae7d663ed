import { Chip } from '@mui/material';
import { partnerStatusColour, type PartnerStatus } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { colouredSx } from '../../ui/coloured.ts';

/** A partner status in the spec's colour, with the text colour that reads on it. */
export function PartnerStatusChip({ status }: { status: PartnerStatus }) {
  const { t } = useTranslation(['referrals']);
  return (
    <Chip
      size="small"
      label={t(`referrals:partnerStatus.${status}`)}
      data-partner-status={status}
      sx={{ ...colouredSx(partnerStatusColour(status)), fontWeight: 500 }}
    />
  );
}
