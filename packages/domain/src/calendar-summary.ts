import type { EventType } from './events.ts';
import { formatDateTime } from './formats.ts';
import { toLanguage, type Language } from './languages.ts';

export type CalendarChange = 'booked' | 'moved' | 'saved';

interface Words {
  /** "<Presentation> <booked>", the participle agreeing with the kind of visit where the language wants it. */
  changed: Record<EventType, Record<CalendarChange, string>>;
  agent: (name: string) => string;
}

const WORDS: Record<Language, Words> = {
  de: {
    changed: {
      presentation: { booked: 'Präsentation gebucht', moved: 'Präsentation verschoben', saved: 'Präsentation gespeichert' },
      service: { booked: 'Service gebucht', moved: 'Service verschoben', saved: 'Service gespeichert' },
    },
    agent: (name) => `bei ${name}`,
  },
  en: {
    changed: {
      presentation: { booked: 'Presentation booked', moved: 'Presentation moved', saved: 'Presentation saved' },
      service: { booked: 'Service booked', moved: 'Service moved', saved: 'Service saved' },
    },
    agent: (name) => `with ${name}`,
  },
  it: {
    changed: {
      presentation: { booked: 'Presentazione prenotata', moved: 'Presentazione spostata', saved: 'Presentazione salvata' },
      service: { booked: 'Servizio prenotato', moved: 'Servizio spostato', saved: 'Servizio salvato' },
    },
    agent: (name) => `con ${name}`,
  },
  ru: {
    changed: {
      presentation: { booked: 'Презентация записана', moved: 'Презентация перенесена', saved: 'Презентация сохранена' },
      service: { booked: 'Сервис записан', moved: 'Сервис перенесён', saved: 'Сервис сохранён' },
    },
    agent: (name) => `консультант ${name}`,
  },
};

/**
 * Spec 7 `data.summary` of a calendar call: one sentence of what is now in the calendar, in the
 * language of the user who made the change (German for a locale we do not write in).
 */
export function calendarSummary(
  e: { type: EventType; date: string; client: string; agent: string },
  change: CalendarChange,
  locale: string | null | undefined,
): string {
  const w = WORDS[toLanguage(locale) ?? 'de'];
  return `${w.changed[e.type][change]}: ${formatDateTime(e.date)}${e.client ? `, ${e.client}` : ''}${e.agent ? `, ${w.agent(e.agent)}` : ''}.`;
}
