import Delete from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { formatDate, formatDateTime, zurichClock } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { DateField, DateTimeField, MonthField } from '../../ui/date-fields.tsx';
import { instantOfZurichInput } from '../calendar/zurich-input.ts';
import { useAbsenceChanges, useAgentAbsences } from './api.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const thisMonth = () => {
  const c = zurichClock(new Date());
  return `${c.year}-${pad(c.month)}`;
};

/** The server's objections per field (a 400 with `field_validation`), else none. */
function fieldErrorsOf(err: unknown): Record<string, string> {
  return err instanceof HttpError && err.body.field_validation ? err.body.field_validation : {};
}

interface AbsenceItem {
  id: number;
  /** data-* attributes of the item, for tests and styles. */
  data: Record<string, string>;
  primary: string;
  note: string;
  removeLabel: string;
}

/** The absences of one kind in a month, each with its note and a button that removes it. */
function AbsenceList(p: {
  testId: string;
  itemTestId: string;
  removeTestId: string;
  /** Said when there are none (null while loading). */
  empty: string | null;
  items: AbsenceItem[];
  onRemove: (id: number) => void;
}) {
  return (
    <List dense data-testid={p.testId}>
      {p.items.length === 0 && p.empty !== null && (
        <ListItem>
          <ListItemText secondary={p.empty} />
        </ListItem>
      )}
      {p.items.map((item) => (
        <ListItem
          key={item.id}
          data-testid={p.itemTestId}
          {...item.data}
          secondaryAction={
            <IconButton edge="end" aria-label={item.removeLabel} onClick={() => p.onRemove(item.id)} data-testid={p.removeTestId}>
              <Delete />
            </IconButton>
          }
        >
          <ListItemText primary={item.primary} secondary={item.note || undefined} />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * A field agent's absences (docs/planner.md "Absences"): the whole days off and the private appointments
 * that keep the planner from suggesting new visits, a month at a time, entered and removed here. Opened
 * from the calendar by an admin for the agent shown, or by a sales or independent agent for themself.
 */
export function AbsencesDialog({ agentId, agentName, onClose }: { agentId: number; agentName: string; onClose: () => void }) {
  const { t } = useTranslation(['planner']);
  const { t: tc } = useTranslation();
  const [month, setMonth] = useState(thisMonth);
  const absences = useAgentAbsences(agentId, month);
  const changes = useAbsenceChanges();
  const [day, setDay] = useState('');
  const [dayNote, setDayNote] = useState('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [privateNote, setPrivateNote] = useState('');
  const dayErrors = fieldErrorsOf(changes.blockDay.error);
  const privateErrors = fieldErrorsOf(changes.addPrivate.error);
  const helper = (errors: Record<string, string>, field: string) => (errors[field] ? tc(`validation.${errors[field]}`) : undefined);
  const otherError = [changes.blockDay, changes.addPrivate, changes.removeDay, changes.removePrivate]
    .map((m) => m.error)
    .find((e) => e && Object.keys(fieldErrorsOf(e)).length === 0);

  const blockDay = () =>
    changes.blockDay.mutate(
      { agentId, date: day, note: dayNote.trim() },
      {
        onSuccess: () => {
          setMonth(day.slice(0, 7));
          setDay('');
          setDayNote('');
        },
      },
    );
  const addPrivate = () => {
    const startsAt = instantOfZurichInput(from);
    const endsAt = instantOfZurichInput(until);
    changes.addPrivate.mutate(
      { agentId, startsAt: startsAt?.toISOString() ?? from, endsAt: endsAt?.toISOString() ?? until, note: privateNote.trim() },
      {
        onSuccess: () => {
          setMonth(from.slice(0, 7));
          setFrom('');
          setUntil('');
          setPrivateNote('');
        },
      },
    );
  };

  const data = absences.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="absences-title" data-testid="absences">
      <DialogTitle id="absences-title">
        {t('planner:absences.title', { name: data ? `${data.agent.name} ${data.agent.surname}`.trim() : agentName })}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('planner:absences.intro')}
        </Typography>
        {otherError && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="absences-error">
            {errorMessage(otherError, tc)}
          </Alert>
        )}
        <MonthField
          label={t('planner:absences.month')}
          value={month}
          onChange={(v) => v && setMonth(v)}
          fullWidth={false}
          testId="absences-month"
        />
        {absences.isError && <Alert severity="error">{errorMessage(absences.error, tc)}</Alert>}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 2 }}>
          <Box component="section" aria-labelledby="absences-days">
            <Typography id="absences-days" variant="subtitle1" component="h3">
              {t('planner:absences.blockedDays')}
            </Typography>
            <AbsenceList
              testId="absences-days"
              itemTestId="absences-day"
              empty={data ? t('planner:absences.noneDays') : null}
              items={(data?.blockedDays ?? []).map((b) => ({
                id: b.id,
                data: { 'data-date': b.date },
                primary: formatDate(b.date),
                note: b.note,
                removeLabel: t('planner:absences.removeDay', { date: formatDate(b.date) }),
              }))}
              onRemove={(id) => changes.removeDay.mutate(id)}
              removeTestId="absences-day-remove"
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <DateField
                label={t('planner:absences.day')}
                value={day}
                onChange={(v) => {
                  setDay(v);
                  changes.blockDay.reset();
                }}
                fullWidth={false}
                sx={{ width: 170 }}
                error={Boolean(dayErrors.date)}
                helperText={helper(dayErrors, 'date')}
                testId="absences-day-date"
              />
              <TextField
                size="small"
                label={t('planner:absences.note')}
                value={dayNote}
                onChange={(e) => setDayNote(e.target.value)}
                error={Boolean(dayErrors.note)}
                helperText={helper(dayErrors, 'note')}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'absences-day-note' } }}
              />
              <Button
                variant="contained"
                onClick={blockDay}
                disabled={day === '' || changes.blockDay.isPending}
                data-testid="absences-day-add"
              >
                {t('planner:absences.blockDay')}
              </Button>
            </Box>
          </Box>
          <Box component="section" aria-labelledby="absences-private">
            <Typography id="absences-private" variant="subtitle1" component="h3">
              {t('planner:absences.privateAppointments')}
            </Typography>
            <AbsenceList
              testId="absences-private"
              itemTestId="absences-private-item"
              empty={data ? t('planner:absences.nonePrivate') : null}
              items={(data?.privateAppointments ?? []).map((p) => ({
                id: p.id,
                data: { 'data-starts-at': p.startsAt },
                primary: `${formatDateTime(p.startsAt)} – ${formatDateTime(p.endsAt).slice(-5)}`,
                note: p.note,
                removeLabel: t('planner:absences.removePrivate', { at: formatDateTime(p.startsAt) }),
              }))}
              onRemove={(id) => changes.removePrivate.mutate(id)}
              removeTestId="absences-private-remove"
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
              <DateTimeField
                label={t('planner:absences.from')}
                value={from}
                onChange={(v) => {
                  setFrom(v);
                  changes.addPrivate.reset();
                }}
                fullWidth={false}
                sx={{ width: 210 }}
                error={Boolean(privateErrors.startsAt)}
                helperText={helper(privateErrors, 'startsAt')}
                testId="absences-private-from"
              />
              <DateTimeField
                label={t('planner:absences.until')}
                value={until}
                onChange={(v) => {
                  setUntil(v);
                  changes.addPrivate.reset();
                }}
                fullWidth={false}
                sx={{ width: 210 }}
                error={Boolean(privateErrors.endsAt)}
                helperText={helper(privateErrors, 'endsAt')}
                testId="absences-private-until"
              />
              <TextField
                size="small"
                label={t('planner:absences.note')}
                value={privateNote}
                onChange={(e) => setPrivateNote(e.target.value)}
                error={Boolean(privateErrors.note)}
                helperText={helper(privateErrors, 'note')}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'absences-private-note' } }}
              />
              <Button
                variant="contained"
                onClick={addPrivate}
                disabled={from === '' || until === '' || changes.addPrivate.isPending}
                data-testid="absences-private-add"
              >
                {t('planner:absences.addPrivate')}
              </Button>
            </Box>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="absences-close">
          {t('planner:absences.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
