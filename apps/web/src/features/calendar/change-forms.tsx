import PlayArrow from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import {
  calendarEventMoveBody,
  calendarEventUpdateBody,
  dashboardPath,
  eventColour,
  formatDateTime,
  type EventDto,
  type PresentationStatus,
} from '@bo/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { colouredSx } from '../../ui/coloured.ts';
import { useMoveEvent, useUpdateEvent } from './api.ts';
import { clientLabel } from './calendar-setup.tsx';
import { AgentSelect, CommentField, DialogError, StatusSelect, useCalendarFeedback, WhenField } from './event-fields.tsx';
import { instantOfZurichInput, zurichInputOf } from './zurich-input.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </>
  );
}

/** Who, where, what and by whom: the part of an event the dialog shows but does not change. */
function EventFacts({ event }: { event: EventDto }) {
  const { t } = useTranslation(['calendar']);
  const { data: user } = useCurrentUser();
  const base = user ? dashboardPath(user.role.code) : '';
  const c = event.client;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', rowGap: 0.75, columnGap: 2, mb: 2 }} data-testid="event-facts">
      {c && (
        <Row label={t('calendar:dialog.client')}>
          <Link component={RouterLink} to={`${base}/show-user/${c.id}`} data-testid="event-client">
            {clientLabel(event)}
          </Link>
          <Box sx={{ color: 'text.secondary' }}>
            {[c.address, [c.zipcode, c.city].filter(Boolean).join(' '), c.mobile_phone ?? c.phone].filter(Boolean).join(' · ')}
          </Box>
        </Row>
      )}
      <Row label={t('calendar:dialog.type')}>
        {t(`calendar:types.${event.type}`)}{' '}
        <Chip
          size="small"
          label={t(`calendar:statuses.${event.status}`)}
          sx={{ ml: 1, ...colouredSx(eventColour(event.status)) }}
          data-testid="event-status-chip"
        />
      </Row>
      <Row label={t('calendar:dialog.time')}>{`${formatDateTime(event.date)} – ${formatDateTime(event.ends_at).slice(-5)}`}</Row>
      {event.created_by && <Row label={t('calendar:dialog.bookedBy')}>{`${event.created_by.name} ${event.created_by.surname}`}</Row>}
    </Box>
  );
}

/** Server names the time `date`; the form calls it `when`. */
const formField = (path: string) => (path === 'date' ? 'when' : path);

/** Update mode: comment, status and time; the agent only while the event stays planned (spec 3). */
export function UpdateEventForm({ event, onClose }: { event: EventDto; onClose: () => void }) {
  const { t } = useTranslation(['calendar']);
  const { t: tc } = useTranslation();
  const { data: user } = useCurrentUser();
  const feedback = useCalendarFeedback();
  const update = useUpdateEvent();
  const [status, setStatus] = useState<PresentationStatus>(event.status);
  const [when, setWhen] = useState(() => zurichInputOf(new Date(event.date)));
  const [agentId, setAgentId] = useState<number | null>(event.agent?.id ?? null);
  const [comment, setComment] = useState(event.comment);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const busy = update.isPending;
  const locked = !event.can_edit || busy;
  const base = user ? dashboardPath(user.role.code) : '';
  const performPath = `${base}/events-upcoming/${event.type === 'presentation' ? 'perform-presentation' : 'perform-service'}/${event.id}`;

  const submit = () => {
    const parsed = calendarEventUpdateBody.safeParse({
      eventId: event.id,
      comment,
      status,
      date: instantOfZurichInput(when)?.toISOString() ?? '',
      ...(status === 'planned' && agentId !== null ? { agentId } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [formField(i.path.join('.')), i.message])));
      return;
    }
    setErrors({});
    setMessage(null);
    update.mutate(parsed.data, {
      onSuccess: (answer) => {
        feedback.saved(answer, 'updated');
        onClose();
      },
      onError: (err) => {
        const failure = feedback.failed(err);
        setMessage(failure.message);
        setErrors(Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [formField(k), v])));
      },
    });
  };
  const fieldError = (field: string) =>
    errors[field] ? tc(`validation.${errors[field]}`, { defaultValue: tc('validation.invalid_value') }) : undefined;

  return (
    <>
      <DialogTitle>{t(`calendar:dialog.updateTitle_${event.type}`)}</DialogTitle>
      <DialogContent dividers>
        <EventFacts event={event} />
        {!event.can_edit && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('calendar:dialog.readOnly')}
          </Alert>
        )}
        <Stack spacing={2}>
          <StatusSelect value={status} onChange={setStatus} disabled={locked} />
          <WhenField value={when} onChange={setWhen} disabled={locked} error={fieldError('when')} />
          <AgentSelect
            value={agentId}
            onChange={setAgentId}
            disabled={locked || status !== 'planned'}
            error={fieldError('agentId')}
            helperText={status === 'planned' ? undefined : t('calendar:dialog.agentOnlyPlanned')}
          />
          <CommentField value={comment} onChange={setComment} disabled={locked} />
        </Stack>
        <DialogError message={message} />
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {event.can_perform && (
          <Button component={RouterLink} to={performPath} startIcon={<PlayArrow />} data-testid="event-perform" sx={{ mr: 'auto' }}>
            {t('calendar:dialog.perform')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy} data-testid="event-cancel">
          {event.can_edit ? t('calendar:dialog.cancel') : t('calendar:dialog.close')}
        </Button>
        {event.can_edit && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="event-save"
          >
            {t('calendar:dialog.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/**
 * Move mode, after an event was dragged: the new time can still be corrected and a comment added. A
 * refusal puts the event back in the calendar at once and keeps the dialog open for another time.
 */
export function MoveEventForm({
  event,
  date,
  revert,
  onDone,
  onCancel,
}: {
  event: EventDto;
  date: Date;
  revert: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['calendar']);
  const feedback = useCalendarFeedback();
  const move = useMoveEvent();
  const [when, setWhen] = useState(() => zurichInputOf(date));
  const [comment, setComment] = useState(event.comment);
  const [message, setMessage] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const busy = move.isPending;

  const submit = () => {
    const parsed = calendarEventMoveBody.safeParse({
      eventId: event.id,
      status: event.status,
      date: instantOfZurichInput(when)?.toISOString() ?? '',
      comment,
    });
    setInvalid(!parsed.success);
    if (!parsed.success) {
      return;
    }
    setMessage(null);
    move.mutate(parsed.data, {
      onSuccess: (answer) => {
        feedback.saved(answer, 'updated');
        onDone();
      },
      onError: (err) => {
        revert();
        setMessage(feedback.failed(err).message);
      },
    });
  };

  return (
    <>
      <DialogTitle>{t('calendar:dialog.moveTitle')}</DialogTitle>
      <DialogContent dividers>
        <EventFacts event={event} />
        <Stack spacing={2}>
          <WhenField value={when} onChange={setWhen} disabled={busy} error={invalid ? t('calendar:dialog.whenInvalid') : undefined} />
          <CommentField value={comment} onChange={setComment} disabled={busy} />
        </Stack>
        <DialogError message={message} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="event-cancel">
          {t('calendar:dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="event-save"
        >
          {t('calendar:dialog.move')}
        </Button>
      </DialogActions>
    </>
  );
}
