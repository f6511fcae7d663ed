import PhoneIcon from '@mui/icons-material/Phone';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import { Chip } from '@mui/material';
import { can, type RoleCode } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { useSocketEvent, type LiveStatus } from '../../app/socket.ts';
import { useAircallStatus, useSetAvailability } from './api.ts';
import { CallLogsButton } from './call-logs.tsx';

/** Whether a role works with the telephony provider: takes calls and starts them from a client. */
export function hasTelephony(role: RoleCode): boolean {
  return can(role, 'clients.call');
}

/**
 * The agent's availability at the telephony provider: as the server last heard it, then as
 * `aircall_status_update` tells it; hidden while the provider never reported it.
 */
export function AvailabilityChip() {
  const { t } = useTranslation(['telephony']);
  const status = useAircallStatus();
  const setAvailability = useSetAvailability();
  useSocketEvent<{ available: boolean }>('aircall_status_update', (update) => setAvailability(Boolean(update.available)));
  const available = status.data?.data.available ?? null;
  if (available === null) {
    return null;
  }
  const label = t(available ? 'telephony:availability.available' : 'telephony:availability.unavailable');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={available ? 'success' : 'default'}
      icon={available ? <PhoneIcon /> : <PhoneDisabledIcon />}
      label={label}
      title={`${t('telephony:availability.label')}: ${label}`}
      data-testid="telephony-availability"
      data-available={String(available)}
      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
    />
  );
}

/** The top bar's telephony part for roles that work with it. */
export function TelephonyBar({ role, live }: { role: RoleCode; live: LiveStatus }) {
  if (!hasTelephony(role)) {
    return null;
  }
  return (
    <>
      <AvailabilityChip />
      <CallLogsButton role={role} live={live} />
    </>
  );
}
