import { Chip } from '@mui/material';
import { MAKE_A_DEMO, MAKE_A_DEMO_CODE, type ClientSummaryDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { colouredSx } from '../../ui/coloured.ts';

const isMakeADemo = (status: string | null) =>
  status === MAKE_A_DEMO_CODE || (MAKE_A_DEMO.statuses as readonly (string | null)[]).includes(status);

/** A status as its translated name; `make_a_demo` is the group of five statuses. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation(['clients', 'tables']);
  return (status) =>
    status === MAKE_A_DEMO_CODE ? t('clients:statuses.make_a_demo') : t(`tables:clientStatuses.${status}`, { defaultValue: status });
}

/** Spec 4: the make-a-demo statuses show in their colour (#00bcd4); the others in grey. */
export function StatusChip({ status, colour = MAKE_A_DEMO.colour }: { status: string | null; colour?: string }) {
  const label = useStatusLabel();
  if (!status) {
    return '–';
  }
  const demo = isMakeADemo(status);
  return (
    <Chip size="small" label={label(status)} data-status={status} sx={demo ? { ...colouredSx(colour), fontWeight: 500 } : undefined} />
  );
}

/** "Surname, Name" as lists show a client. */
export function clientName(user: Pick<ClientSummaryDto, 'name' | 'surname'>): string {
  return [user.surname, user.name].filter(Boolean).join(', ') || '–';
}
