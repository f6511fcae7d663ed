import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { calendarEventCreateBody, DEBOUNCE_MS, EVENT_TYPES, type ClientSummaryDto, type EventType } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientRecord } from '../client-record/api.ts';
import { useClientSearch } from '../clients/api.ts';
import { useDebounced } from '../search/use-debounced.ts';
import { useCreateEvent, type CalendarAnswer } from './api.ts';
import { AgentWeek } from './agent-week.tsx';
import { ClientFields, clientFormOf, EMPTY_CLIENT, userDataOf, type ClientForm } from './client-fields.tsx';
import { AgentSelect, CommentField, DialogError, useAgentOptions, useCalendarFeedback, WhenField } from './event-fields.tsx';
import { instantOfZurichInput, nextWorkingStart, zurichInputOf } from './zurich-input.ts';

export interface CreateProps {
  /** A slot chosen in the calendar; without it the next working morning. */
  start: Date | null;
  agentId: number | null;
  /** An existing client (clients list, lead flow): its fields are picked into the booking. */
  clientId: number | null;
  onClose: () => void;
  onSaved?: (answer: CalendarAnswer) => void;
}

/** Server and zod name fields by the payload's path; the form by its own names. */
function formField(path: string): string {
  const field = path.replace(/^userData\./, '');
  return field === 'date' ? 'when' : field;
}

/** A client to book for, found by name, phone or address (only when the dialog was not opened from one). */
function ClientPicker({ onPick }: { onPick: (client: ClientSummaryDto | null) => void }) {
  const { t } = useTranslation(['calendar']);
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), DEBOUNCE_MS);
  const found = useClientSearch(search);
  const options = search.length >= 2 ? (found.data?.data ?? []).map((r) => r.user) : [];
  return (
    <Autocomplete
      size="small"
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(u) => `${u.name} ${u.surname}`}
      renderOption={(props, u) => (
        <li {...props} key={u.id}>
          <Box>
            <Typography variant="body2">{`${u.name} ${u.surname}`}</Typography>
            <Typography variant="caption" color="text.secondary">
              {[u.address, [u.zipcode, u.city].filter(Boolean).join(' '), u.mobile_phone ?? u.phone].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </li>
      )}
      loading={found.isFetching}
      noOptionsText={search.length < 2 ? t('calendar:dialog.clientSearchHint') : t('calendar:dialog.clientNone')}
      onInputChange={(_e, value) => setInput(value)}
      onChange={(_e, value) => onPick(value)}
      renderInput={(params) => <TextField {...params} label={t('calendar:dialog.clientSearch')} />}
      data-testid="client-picker"
    />
  );
}

/** Create mode: event type, agent, time, comment and the client's data; the agent's week beside it. */
export function CreateEventForm({ start, agentId: initialAgent, clientId: fixedClient, onClose, onSaved }: CreateProps) {
  const { t } = useTranslation(['calendar']);
  const { t: tc } = useTranslation();
  const feedback = useCalendarFeedback();
  const create = useCreateEvent();
  const { options, fixed, user } = useAgentOptions();
  const [eventType, setEventType] = useState<EventType>('presentation');
  const [agentId, setAgentId] = useState<number | null>(initialAgent ?? (fixed && user ? user.id : null));
  const [when, setWhen] = useState(() => zurichInputOf(start ?? nextWorkingStart()));
  const [comment, setComment] = useState('');
  const [clientId, setClientId] = useState<number | null>(fixedClient);
  const [client, setClient] = useState<ClientForm>(EMPTY_CLIENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const record = useClientRecord(clientId ?? 0);
  const loaded = clientId !== null && record.data?.id === clientId ? record.data : null;

  // The client's fields are picked once per client (set while rendering, as React advises for state
  // that follows a prop); afterwards the caller's corrections stay.
  const [filledFor, setFilledFor] = useState<number | null>(null);
  if (loaded && filledFor !== loaded.id) {
    setFilledFor(loaded.id);
    setClient(clientFormOf(loaded));
    if (agentId === null && loaded.linked_agent && !fixed) {
      setAgentId(loaded.linked_agent.id);
    }
  }

  const at = instantOfZurichInput(when);
  const agentName = options.find((o) => o.id === agentId)?.name ?? '';
  const busy = create.isPending;

  const submit = () => {
    const body = {
      ...(clientId === null ? {} : { userId: clientId }),
      userData: userDataOf(client, loaded),
      eventType,
      comment,
      agentId: agentId ?? 0,
      date: at?.toISOString() ?? '',
    };
    const parsed = calendarEventCreateBody.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [formField(i.path.join('.')), i.message])));
      return;
    }
    setErrors({});
    setMessage(null);
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        feedback.saved(answer, 'created');
        onSaved?.(answer);
        onClose();
      },
      onError: (err) => {
        const failure = feedback.failed(err);
        setMessage(failure.message);
        setErrors(Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [formField(k), v])));
      },
    });
  };

  const fieldError = (field: string) => {
    const key = errors[field];
    return key ? tc(`validation.${key}`, { defaultValue: tc('validation.invalid_value') }) : undefined;
  };

  return (
    <>
      <DialogTitle>
        {loaded ? t('calendar:dialog.createFor', { name: `${loaded.name} ${loaded.surname}` }) : t('calendar:dialog.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 400px) minmax(0, 1fr)' } }}>
          <Stack spacing={2}>
            <RadioGroup
              row
              value={eventType}
              onChange={(e) => setEventType(e.target.value as EventType)}
              aria-label={t('calendar:dialog.type')}
            >
              {EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  value={type}
                  control={<Radio size="small" />}
                  label={t(`calendar:types.${type}`)}
                  disabled={busy}
                  data-testid={`event-type-${type}`}
                />
              ))}
            </RadioGroup>
            <AgentSelect value={agentId} onChange={setAgentId} disabled={busy} error={fieldError('agentId')} />
            <WhenField value={when} onChange={setWhen} disabled={busy} error={fieldError('when')} />
            <CommentField value={comment} onChange={setComment} disabled={busy} />
            <Typography variant="subtitle2">{t('calendar:dialog.client')}</Typography>
            {fixedClient === null && (
              <ClientPicker
                onPick={(u) => {
                  setClientId(u?.id ?? null);
                  if (!u) {
                    setFilledFor(null);
                    setClient(EMPTY_CLIENT);
                  }
                }}
              />
            )}
            {clientId !== null && record.isPending ? (
              <CircularProgress size={20} />
            ) : (
              <ClientFields value={client} onChange={setClient} errors={errors} disabled={busy} />
            )}
            <DialogError message={message} />
          </Stack>
          <AgentWeek agentId={agentId} agentName={agentName} at={at} onPick={(d) => setWhen(zurichInputOf(d))} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="event-cancel">
          {t('calendar:dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || (clientId !== null && !loaded)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="event-save"
        >
          {t('calendar:dialog.book')}
        </Button>
      </DialogActions>
    </>
  );
}
