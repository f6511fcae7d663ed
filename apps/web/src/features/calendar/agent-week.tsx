import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { EVENT_LENGTH_S, readableTextColour } from '@bo/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarEvents, type CalendarRange } from './api.ts';
import { CALENDAR_SX, EventLabel, toEventInput, useBaseOptions } from './calendar-setup.tsx';

const PREVIEW_COLOUR = '#64b5f6';

/**
 * The chosen agent's week beside the booking form, so the caller sees the free time while on the phone:
 * a click into a free slot takes that time over; the new booking shows where it would go.
 */
export function AgentWeek({
  agentId,
  agentName,
  at,
  onPick,
}: {
  agentId: number | null;
  agentName: string;
  at: Date | null;
  onPick: (start: Date) => void;
}) {
  const { t } = useTranslation(['calendar']);
  const base = useBaseOptions();
  const ref = useRef<CalendarRef>(null);
  const [range, setRange] = useState<CalendarRange | null>(null);
  const events = useCalendarEvents(range, agentId, agentId !== null);
  const atMs = at?.getTime() ?? null;

  // A time typed into the form may lie in another week: the view follows it.
  useEffect(() => {
    if (atMs !== null) {
      ref.current?.getApi().gotoDate(new Date(atMs));
    }
  }, [atMs]);

  const inputs = useMemo<EventInput[]>(() => {
    const booked = agentId === null ? [] : (events.data?.data ?? []).map((e) => toEventInput(e, t, false));
    const preview: EventInput[] =
      atMs === null
        ? []
        : [
            {
              id: 'preview',
              title: t('calendar:dialog.newEvent'),
              start: new Date(atMs),
              end: new Date(atMs + EVENT_LENGTH_S * 1000),
              color: PREVIEW_COLOUR,
              contrastColor: readableTextColour(PREVIEW_COLOUR),
              interactive: false,
              startEditable: false,
            },
          ];
    return [...booked.map((e) => ({ ...e, startEditable: false, interactive: false })), ...preview];
  }, [agentId, events.data, atMs, t]);

  return (
    <Box data-testid="agent-week" sx={[{ minWidth: 0 }, CALENDAR_SX]}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {agentId === null ? t('calendar:dialog.noAgent') : t('calendar:dialog.agentWeek', { agent: agentName })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('calendar:dialog.agentWeekHint')}
      </Typography>
      {events.isError && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('calendar:loadError')}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{events.isFetching && <LinearProgress />}</Box>
      <FullCalendar
        ref={ref}
        {...base}
        initialView="timeGridWeek"
        initialDate={atMs === null ? undefined : new Date(atMs)}
        headerToolbar={{ start: 'prev,next', center: 'title', end: '' }}
        // The whole working day shows at once: a scrolling pane inside the dialog would be out of the keyboard's reach.
        height="auto"
        dayHeaderFormat={{ weekday: 'short', day: 'numeric', month: 'numeric' }}
        events={inputs}
        eventContent={(arg) => <EventLabel arg={arg} />}
        selectable={agentId !== null}
        select={(info) => {
          onPick(info.start);
          info.view.calendar.unselect();
        }}
        datesSet={(info) => setRange({ from: info.start.toISOString(), to: info.end.toISOString() })}
      />
    </Box>
  );
}
