import { describe, expect, it } from 'vitest';
import { SMS_TYPES } from './events.ts';
import { LANGUAGES } from './languages.ts';
import { reminderText } from './sms-texts.ts';

// 14:30 in Zurich (winter time, UTC+1).
const facts = { clientName: 'Anna Muster', agentName: 'Marco Rossi', startsAt: new Date('2026-12-03T13:30:00Z'), company: 'Aqua AG' };

describe('reminderText', () => {
  it.each([
    ['appointment', 'de', 'Guten Tag Anna Muster, Ihr Termin mit Marco Rossi ist am 03.12.2026 14:30 bestätigt. Aqua AG'],
    ['first_reminder', 'de', 'Erinnerung: Morgen, 03.12.2026 14:30, besucht Sie Marco Rossi. Aqua AG'],
    ['second_reminder', 'de', 'Erinnerung: Heute um 14:30 besucht Sie Marco Rossi. Aqua AG'],
    ['appointment', 'it', 'Buongiorno Anna Muster, il suo appuntamento con Marco Rossi il 03.12.2026 14:30 è confermato. Aqua AG'],
    ['second_reminder', 'it', 'Promemoria: oggi alle 14:30 Marco Rossi le farà visita. Aqua AG'],
    ['first_reminder', 'en', 'Reminder: tomorrow, 03.12.2026 14:30, Marco Rossi will visit you. Aqua AG'],
    ['second_reminder', 'ru', 'Напоминание: сегодня в 14:30 вас посетит Marco Rossi. Aqua AG'],
    // A regional locale takes its language; one we do not write in, and none, take German.
    ['second_reminder', 'it-CH', 'Promemoria: oggi alle 14:30 Marco Rossi le farà visita. Aqua AG'],
    ['second_reminder', 'fr', 'Erinnerung: Heute um 14:30 besucht Sie Marco Rossi. Aqua AG'],
    ['second_reminder', null, 'Erinnerung: Heute um 14:30 besucht Sie Marco Rossi. Aqua AG'],
  ] as const)('%s in %s', (type, locale, expected) => {
    expect(reminderText(type, locale, facts)).toBe(expected);
  });

  it('leaves the sender out when the settings name none', () => {
    expect(reminderText('second_reminder', 'de', { ...facts, company: '' })).toBe('Erinnerung: Heute um 14:30 besucht Sie Marco Rossi.');
  });

  it('writes every type in every language, with the time and the agent', () => {
    for (const lng of LANGUAGES) {
      for (const type of SMS_TYPES) {
        const text = reminderText(type, lng, facts);
        expect(text, `${type} ${lng}`).toContain('14:30');
        expect(text, `${type} ${lng}`).toContain('Marco Rossi');
      }
    }
  });

  it('keeps summer time: 14:30 in July is 12:30 UTC', () => {
    expect(reminderText('second_reminder', 'de', { ...facts, startsAt: new Date('2026-07-03T12:30:00Z') })).toContain('14:30');
  });
});
