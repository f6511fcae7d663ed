import type { SmsType } from './events.ts';
import { formatDateTime } from './formats.ts';
import { toLanguage, type Language } from './languages.ts';

export interface ReminderFacts {
  clientName: string;
  agentName: string;
  startsAt: Date;
  /** The sender's name at the end (the SMS company name of the settings), or empty. */
  company: string;
}

/**
 * The reminders of spec 4, short and formal, in the client's language (their locale; German when it
 * names none we write in). Date and time are written the Swiss way in every language, in Zurich time.
 */
const TEXTS: Record<Language, Record<SmsType, (f: ReminderFacts, when: string, time: string) => string>> = {
  de: {
    appointment: (f, when) => `Guten Tag ${f.clientName}, Ihr Termin mit ${f.agentName} ist am ${when} bestätigt.`,
    first_reminder: (f, when) => `Erinnerung: Morgen, ${when}, besucht Sie ${f.agentName}.`,
    second_reminder: (f, _when, time) => `Erinnerung: Heute um ${time} besucht Sie ${f.agentName}.`,
  },
  en: {
    appointment: (f, when) => `Hello ${f.clientName}, your appointment with ${f.agentName} on ${when} is confirmed.`,
    first_reminder: (f, when) => `Reminder: tomorrow, ${when}, ${f.agentName} will visit you.`,
    second_reminder: (f, _when, time) => `Reminder: today at ${time} ${f.agentName} will visit you.`,
  },
  it: {
    appointment: (f, when) => `Buongiorno ${f.clientName}, il suo appuntamento con ${f.agentName} il ${when} è confermato.`,
    first_reminder: (f, when) => `Promemoria: domani, ${when}, ${f.agentName} le farà visita.`,
    second_reminder: (f, _when, time) => `Promemoria: oggi alle ${time} ${f.agentName} le farà visita.`,
  },
  ru: {
    appointment: (f, when) => `Здравствуйте, ${f.clientName}! Ваша встреча с ${f.agentName} ${when} подтверждена.`,
    first_reminder: (f, when) => `Напоминание: завтра, ${when}, вас посетит ${f.agentName}.`,
    second_reminder: (f, _when, time) => `Напоминание: сегодня в ${time} вас посетит ${f.agentName}.`,
  },
};

export function reminderText(type: SmsType, locale: string | null | undefined, f: ReminderFacts): string {
  const when = formatDateTime(f.startsAt);
  const text = TEXTS[toLanguage(locale) ?? 'de'][type](f, when, when.slice(-5));
  return f.company ? `${text} ${f.company}` : text;
}
