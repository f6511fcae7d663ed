import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { CalendarOptions, EventDisplayInfo, EventInput, LocaleInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import deLocale from '@fullcalendar/react/locales/de';
import enLocale from '@fullcalendar/react/locales/en-gb';
import itLocale from '@fullcalendar/react/locales/it';
import ruLocale from '@fullcalendar/react/locales/ru';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import { alpha, Box, Typography, type Theme } from '@mui/material';
import {
  DISPLAY_TIME_ZONE,
  EVENT_COLOURS,
  EVENT_LENGTH_S,
  eventColour,
  readableTextColour,
  WORKING_HOURS,
  WORKING_WEEKDAYS,
  type EventDto,
} from '@bo/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const LOCALES: Record<string, LocaleInput> = { de: deLocale, en: enLocale, it: itLocale, ru: ruLocale };
const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin];
/** Another agent's booking a viewer may not see the client of: it only blocks the time. */
export const BUSY_COLOUR = '#b0b7bf';

function addHours(time: string, seconds: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + seconds / 60;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/** What every calendar of the app shares: Zurich time, Monday first, 07:00–20:00, the agents' working hours shaded. */
export function useBaseOptions(): CalendarOptions {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.resolvedLanguage ?? 'de'] ?? deLocale;
  return {
    plugins: PLUGINS,
    locale,
    // A button's accessible name starts with what it shows ("Tag", "Heute"), so it can be spoken to by that name.
    viewHint: '$0',
    todayHint: locale.todayText ?? 'Today',
    timeZone: DISPLAY_TIME_ZONE,
    firstDay: 1,
    slotMinTime: '07:00',
    slotMaxTime: '20:00',
    scrollTime: '08:00',
    slotDuration: '00:30',
    snapDuration: '00:15',
    allDaySlot: false,
    nowIndicator: true,
    defaultTimedEventDuration: { seconds: EVENT_LENGTH_S },
    businessHours: {
      daysOfWeek: [...WORKING_WEEKDAYS],
      startTime: WORKING_HOURS.firstStart,
      endTime: addHours(WORKING_HOURS.lastStart, EVENT_LENGTH_S),
    },
    eventTimeFormat: TIME_FORMAT,
    slotHeaderFormat: TIME_FORMAT,
    eventDurationEditable: false,
    displayEventEnd: true,
  };
}

/** FullCalendar's classic theme in the app's colours: its buttons take the primary colour the user chose. */
export const CALENDAR_SX = (theme: Theme) => ({
  '--fc-classic-button': theme.palette.primary.main,
  '--fc-classic-button-border': theme.palette.primary.main,
  '--fc-classic-button-strong': theme.palette.primary.dark,
  '--fc-classic-button-strong-border': theme.palette.primary.dark,
  '--fc-classic-primary': theme.palette.primary.main,
  '--fc-classic-today': alpha(theme.palette.primary.main, 0.06),
  fontFamily: theme.typography.fontFamily,
});

export interface CalendarEventProps {
  dto: EventDto;
}

export function clientLabel(e: EventDto): string {
  return e.client ? `${e.client.name} ${e.client.surname}` : '';
}

/** An event as FullCalendar takes it: coloured by status; busy time (no client) is grey, fixed and not clickable. */
export function toEventInput(e: EventDto, t: TFunction<['calendar']>, withAgent: boolean): EventInput {
  const busy = e.client === null;
  const title = busy
    ? t('calendar:busy')
    : [clientLabel(e), t(`calendar:types.${e.type}`), withAgent && e.agent ? `${e.agent.name} ${e.agent.surname}` : '']
        .filter(Boolean)
        .join(' · ');
  return {
    id: String(e.id),
    title,
    start: e.date,
    end: e.ends_at,
    color: busy ? BUSY_COLOUR : eventColour(e.status),
    // The spec's colours stay; the text on them is black or white, whichever reads (4.5:1).
    contrastColor: readableTextColour(busy ? BUSY_COLOUR : eventColour(e.status)),
    startEditable: !busy && e.can_edit,
    durationEditable: false,
    interactive: !busy,
    extendedProps: { dto: e } satisfies CalendarEventProps,
  };
}

export function dtoOf(extendedProps: Record<string, unknown>): EventDto | undefined {
  return (extendedProps as Partial<CalendarEventProps>).dto;
}

/** The text inside an event, with what a test or a screen reader needs to tell events apart. */
export function EventLabel({ arg }: { arg: EventDisplayInfo }) {
  const dto = dtoOf(arg.event.extendedProps);
  return (
    <Box
      data-testid="calendar-event"
      data-event-id={dto?.id}
      data-status={dto?.status}
      data-busy={dto ? String(dto.client === null) : undefined}
      data-start={dto?.date}
      // The whole text on hover (a long press on a touch screen shows it too).
      title={[arg.timeText, arg.event.title].filter(Boolean).join(' · ')}
      sx={{ overflow: 'hidden', lineHeight: 1.25, fontSize: 12, px: 0.25, cursor: dto?.client ? 'pointer' : 'default' }}
    >
      {arg.timeText && <Box sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{arg.timeText}</Box>}
      {/* Words wrap in a narrow column instead of being cut to "Fran. Bau. · Vorf…". */}
      <Box sx={{ overflow: 'hidden', overflowWrap: 'anywhere', hyphens: 'auto' }}>{arg.event.title}</Box>
    </Box>
  );
}

const LEGEND = [
  ['planned', EVENT_COLOURS.planned],
  ['success', EVENT_COLOURS.success],
  ['remeet', EVENT_COLOURS.remeet],
  ['canceled', EVENT_COLOURS.canceled],
  ['other', EVENT_COLOURS.other],
  ['busy', BUSY_COLOUR],
] as const;

/** What the colours mean (spec 4 display colours, plus the grey of busy time). */
export function Legend() {
  const { t } = useTranslation(['calendar']);
  return (
    <Box
      component="ul"
      aria-label={t('calendar:legend.title')}
      data-testid="calendar-legend"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
    >
      {LEGEND.map(([key, colour]) => (
        <Box component="li" key={key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }} data-legend={key}>
          <Box component="span" sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: colour, flexShrink: 0 }} />
          <Typography variant="body2">{t(`calendar:legend.${key}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
}
