import { Alert, MenuItem, TextField } from '@mui/material';
import { picksCalendarAgent, PRESENTATION_STATUSES, type CurrentUserDto, type PresentationStatus } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { DateTimeField } from '../../ui/date-fields.tsx';
import { snackbar } from '../../app/snackbar.tsx';
import { useSalesAgents } from '../clients/api.ts';
import { CalendarRefused, type CalendarAnswer } from './api.ts';

export interface AgentOption {
  id: number;
  name: string;
  active: boolean;
}

/**
 * Whose calendar a user may book into: an admin or a call agent picks a sales agent; a sales agent or
 * an independent agent books into their own calendar.
 */
export function useAgentOptions(): { options: AgentOption[]; fixed: boolean; loading: boolean; user: CurrentUserDto | undefined } {
  const { data: user } = useCurrentUser();
  const picks = user ? picksCalendarAgent(user.role.code) : false;
  const agents = useSalesAgents(picks);
  if (!user) {
    return { options: [], fixed: true, loading: true, user: undefined };
  }
  if (!picks) {
    return { options: [{ id: user.id, name: `${user.name} ${user.surname}`, active: true }], fixed: true, loading: false, user };
  }
  return {
    options: (agents.data ?? []).map((a) => ({ id: a.id, name: a.name, active: a.is_active })),
    fixed: false,
    loading: agents.isPending,
    user,
  };
}

export function AgentSelect({
  value,
  onChange,
  disabled = false,
  error,
  helperText,
}: {
  value: number | null;
  onChange: (id: number) => void;
  disabled?: boolean;
  error?: string;
  helperText?: string;
}) {
  const { t } = useTranslation(['calendar']);
  const { options, fixed, loading } = useAgentOptions();
  const known = value !== null && options.some((o) => o.id === value);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('calendar:dialog.agent')}
      value={known ? String(value) : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      disabled={disabled || fixed || loading}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ htmlInput: { 'data-testid': 'event-agent' } }}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)} disabled={!o.active && o.id !== value}>
          {o.active ? o.name : t('calendar:inactiveAgent', { name: o.name })}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function WhenField({
  value,
  onChange,
  disabled = false,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
}) {
  const { t } = useTranslation(['calendar']);
  return (
    <DateTimeField
      label={t('calendar:dialog.when')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? t('calendar:dialog.whenHint')}
      minutesStep={15}
      testId="event-when"
    />
  );
}

export function StatusSelect({
  value,
  onChange,
  disabled = false,
}: {
  value: PresentationStatus;
  onChange: (value: PresentationStatus) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['calendar']);
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('calendar:dialog.status')}
      value={value}
      onChange={(e) => onChange(e.target.value as PresentationStatus)}
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': 'event-status' } }}
    >
      {PRESENTATION_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {t(`calendar:statuses.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CommentField({ value, onChange, disabled = false }: { value: string; onChange: (v: string) => void; disabled?: boolean }) {
  const { t } = useTranslation(['calendar']);
  return (
    <TextField
      fullWidth
      size="small"
      multiline
      minRows={2}
      label={t('calendar:dialog.comment')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': 'event-comment', maxLength: 4000 } }}
    />
  );
}

/**
 * What the dialogs say after a call (spec 8 message keys): the summary of a booking or change in a
 * success message; a refusal as calendar_event_error with its reason translated. The text is returned
 * too, so the dialog, which stays open, can show it next to the fields.
 */
export function useCalendarFeedback() {
  const { t } = useTranslation(['calendar']);
  const { t: tc } = useTranslation();
  return {
    saved: (answer: CalendarAnswer, kind: 'created' | 'updated') =>
      snackbar.show(t(`calendar:calendar_event_${kind}_success`, { summary: answer.data.summary }), 'success'),
    failed: (err: unknown): { message: string; fields: Record<string, string> } => {
      const fields = fieldErrors(err);
      const message =
        err instanceof CalendarRefused
          ? t('calendar:calendar_event_error', { reason: t(`calendar:reasons.${err.reason}`, { defaultValue: err.reason }) })
          : errorMessage(err, tc);
      snackbar.show(message);
      return { message, fields };
    },
  };
}

export function DialogError({ message }: { message: string | null }) {
  return message ? (
    <Alert severity="error" data-testid="event-error" sx={{ mt: 2 }}>
      {message}
    </Alert>
  ) : null;
}
