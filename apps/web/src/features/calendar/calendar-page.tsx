import Add from '@mui/icons-material/Add';
import EventBusy from '@mui/icons-material/EventBusy';
import FullCalendar from '@fullcalendar/react';
import { Alert, Box, Button, LinearProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { CALENDAR_EVENTS_LIMIT, can, picksCalendarAgent, zurichClock, zurichInstant, type CurrentUserDto } from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { useSalesAgents } from '../clients/api.ts';
import { AbsencesDialog } from '../planner/absences-dialog.tsx';
import { useCalendarEvents, type CalendarRange } from './api.ts';
import { CALENDAR_SX, dtoOf, EventLabel, Legend, toEventInput, useBaseOptions } from './calendar-setup.tsx';
import { CalendarEventDialog, type CalendarDialogState } from './event-dialog.tsx';
import { zurichInputOf } from './zurich-input.ts';

/** How many events of the same time stand side by side in the day view before "+N" gathers the rest. */
const EVENTS_SIDE_BY_SIDE = 4;

/** The views and how the address names them, so a reload opens the same view and week. */
const VIEWS = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' } as const;
type ViewKey = keyof typeof VIEWS;
const viewKeyOf = (type: string): ViewKey => (Object.entries(VIEWS).find(([, v]) => v === type)?.[0] as ViewKey | undefined) ?? 'week';
/** A click on a day of the month view books at the working day's usual first visit. */
const MONTH_CLICK_HOUR = 10;

/** `/{admin|sa|ca|ia}-dashboard/calendar`. */
export function CalendarPage() {
  const { data: user } = useCurrentUser();
  return user ? <CalendarScreen user={user} /> : null;
}

/**
 * Whose calendar is shown: an admin sees every agent or picks one, a call agent picks a sales agent
 * (the first active one to begin with), a sales or independent agent sees their own.
 */
function useShownAgent(user: CurrentUserDto, param: string | null) {
  const role = user.role.code;
  const picks = picksCalendarAgent(role);
  const agents = useSalesAgents(picks);
  if (!picks) {
    return { picks, agents: [], agentId: user.id, ready: true };
  }
  const list = agents.data ?? [];
  if (param === 'all' && role === 'admin') {
    return { picks, agents: list, agentId: null, ready: true };
  }
  if (param && /^\d+$/.test(param)) {
    return { picks, agents: list, agentId: Number(param), ready: true };
  }
  if (role === 'admin') {
    return { picks, agents: list, agentId: null, ready: true };
  }
  const first = list.find((a) => a.is_active) ?? null;
  return { picks, agents: list, agentId: first?.id ?? null, ready: first !== null };
}

function CalendarScreen({ user }: { user: CurrentUserDto }) {
  const { t } = useTranslation(['calendar']);
  const { t: tc } = useTranslation();
  const role = user.role.code;
  const base = useBaseOptions();
  const [params, setParams] = useSearchParams();
  const shown = useShownAgent(user, params.get('agent'));
  const [initial] = useState(() => ({ view: VIEWS[(params.get('view') ?? 'week') as ViewKey] ?? VIEWS.week, date: params.get('date') }));
  const [range, setRange] = useState<CalendarRange | null>(null);
  const events = useCalendarEvents(range, shown.agentId, shown.ready);
  const [dialog, setDialog] = useState<CalendarDialogState | null>(null);
  const allAgents = shown.agentId === null;
  const canBook = can(role, 'events.book') && shown.ready;
  // Absences are entered for one agent: an admin's shown agent, an agent's own calendar.
  const absencesFor = can(role, 'planner.absences') && shown.agentId !== null ? shown.agentId : null;
  const absencesName =
    absencesFor === user.id ? `${user.name} ${user.surname}`.trim() : (shown.agents.find((a) => a.id === absencesFor)?.name ?? '');
  const [absences, setAbsences] = useState(false);

  // FullCalendar reports its first range while it mounts, before the router may navigate: the
  // address follows in an effect.
  const [shownDates, setShownDates] = useState<{ view: ViewKey; date: string } | null>(null);
  useEffect(() => {
    if (shownDates && (params.get('view') !== shownDates.view || params.get('date') !== shownDates.date)) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('view', shownDates.view);
          next.set('date', shownDates.date);
          return next;
        },
        { replace: true },
      );
    }
  }, [shownDates, params, setParams]);

  const inputs = useMemo(() => (events.data?.data ?? []).map((e) => toEventInput(e, t, allAgents)), [events.data, t, allAgents]);

  const chooseAgent = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('agent', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Box data-testid="calendar-page">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {tc('screens.calendar')}
        </Typography>
        {shown.picks && (
          <TextField
            select
            size="small"
            label={t('calendar:agent')}
            value={shown.agentId === null ? (role === 'admin' ? 'all' : '') : String(shown.agentId)}
            onChange={(e) => chooseAgent(e.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'calendar-agent' } }}
          >
            {role === 'admin' && <MenuItem value="all">{t('calendar:allAgents')}</MenuItem>}
            {shown.agents.map((a) => (
              <MenuItem key={a.id} value={String(a.id)} disabled={!a.is_active && a.id !== shown.agentId}>
                {a.is_active ? a.name : t('calendar:inactiveAgent', { name: a.name })}
              </MenuItem>
            ))}
          </TextField>
        )}
        {absencesFor !== null && (
          <Button variant="outlined" startIcon={<EventBusy />} onClick={() => setAbsences(true)} data-testid="calendar-absences">
            {t('calendar:absences')}
          </Button>
        )}
        {canBook && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setDialog({ mode: 'create', start: null, agentId: shown.agentId, clientId: null })}
            data-testid="calendar-book"
          >
            {t('calendar:book')}
          </Button>
        )}
      </Box>
      <Box sx={{ mb: 2 }}>
        <Legend />
      </Box>
      {!shown.ready && <Alert severity="info">{t('calendar:pickAgent')}</Alert>}
      {events.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('calendar:loadError', { reason: errorMessage(events.error, tc) })}
        </Alert>
      )}
      {events.data?.capped && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="calendar-capped">
          {t('calendar:capped', { count: CALENDAR_EVENTS_LIMIT })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Box sx={{ height: 4, mb: 1 }}>{events.isFetching && <LinearProgress aria-label={t('calendar:loading')} />}</Box>
        <Box sx={CALENDAR_SX} data-testid="calendar" data-loaded={events.isSuccess && !events.isFetching ? 'true' : 'false'}>
          <FullCalendar
            {...base}
            initialView={initial.view}
            initialDate={initial.date ?? undefined}
            headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' }}
            height="auto"
            dayMaxEvents={4}
            // Parallel demos (every agent's week) stand side by side while each stays readable: one in a
            // week's day column, EVENTS_SIDE_BY_SIDE in a day; the rest are behind "+N", whose popover
            // lists them with their whole text.
            slotEventOverlap={false}
            views={{ timeGridWeek: { eventMaxStack: 1 }, timeGridDay: { eventMaxStack: EVENTS_SIDE_BY_SIDE } }}
            moreLinkClick="popover"
            moreLinkContent={(arg) => <span data-testid="calendar-more">{`+${arg.num}`}</span>}
            events={inputs}
            eventContent={(arg) => <EventLabel arg={arg} />}
            selectable={canBook}
            selectMirror
            select={(info) => {
              info.view.calendar.unselect();
              const c = zurichClock(info.start);
              const start = info.allDay ? zurichInstant(c.year, c.month, c.day, MONTH_CLICK_HOUR) : info.start;
              setDialog({ mode: 'create', start, agentId: shown.agentId, clientId: null });
            }}
            eventClick={(info) => {
              const dto = dtoOf(info.event.extendedProps);
              if (dto?.client) {
                setDialog({ mode: 'update', event: dto });
              }
            }}
            eventDrop={(info) => {
              const dto = dtoOf(info.event.extendedProps);
              if (!dto || !info.event.start) {
                info.revert();
                return;
              }
              setDialog({ mode: 'move', event: dto, date: info.event.start, revert: info.revert });
            }}
            datesSet={(info) => {
              setRange({ from: info.start.toISOString(), to: info.end.toISOString() });
              setShownDates({ view: viewKeyOf(info.view.type), date: zurichInputOf(info.view.currentStart).slice(0, 10) });
            }}
          />
        </Box>
      </Paper>
      {dialog && <CalendarEventDialog state={dialog} onClose={() => setDialog(null)} />}
      {absences && absencesFor !== null && (
        <AbsencesDialog agentId={absencesFor} agentName={absencesName} onClose={() => setAbsences(false)} />
      )}
    </Box>
  );
}
