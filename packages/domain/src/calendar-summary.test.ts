import { describe, expect, it } from 'vitest';
import { calendarSummary } from './calendar-summary.ts';

// 10:00 in Zurich (winter time).
const event = { type: 'presentation' as const, date: '2026-12-03T09:00:00.000Z', client: 'Vera Kunde', agent: 'Marco Bernasconi' };

describe('calendarSummary', () => {
  it.each([
    [event, 'booked', 'de', 'Präsentation gebucht: 03.12.2026 10:00, Vera Kunde, bei Marco Bernasconi.'],
    [event, 'moved', 'de-CH', 'Präsentation verschoben: 03.12.2026 10:00, Vera Kunde, bei Marco Bernasconi.'],
    [{ ...event, type: 'service' as const }, 'saved', 'de', 'Service gespeichert: 03.12.2026 10:00, Vera Kunde, bei Marco Bernasconi.'],
    [event, 'booked', 'en', 'Presentation booked: 03.12.2026 10:00, Vera Kunde, with Marco Bernasconi.'],
    [event, 'moved', 'it', 'Presentazione spostata: 03.12.2026 10:00, Vera Kunde, con Marco Bernasconi.'],
    [{ ...event, type: 'service' as const }, 'booked', 'it', 'Servizio prenotato: 03.12.2026 10:00, Vera Kunde, con Marco Bernasconi.'],
    [event, 'booked', 'ru', 'Презентация записана: 03.12.2026 10:00, Vera Kunde, консультант Marco Bernasconi.'],
    [
      { ...event, type: 'service' as const },
      'moved',
      'ru',
      'Сервис перенесён: 03.12.2026 10:00, Vera Kunde, консультант Marco Bernasconi.',
    ],
    // No client or agent to name: the sentence ends after the time; an unknown locale writes German.
    [{ ...event, client: '', agent: '' }, 'booked', 'fr', 'Präsentation gebucht: 03.12.2026 10:00.'],
    [event, 'booked', null, 'Präsentation gebucht: 03.12.2026 10:00, Vera Kunde, bei Marco Bernasconi.'],
  ] as const)('%#: %s %s in %s', (e, change, locale, expected) => {
    expect(calendarSummary(e, change, locale)).toBe(expected);
  });
});
