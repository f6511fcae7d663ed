/**
 * E-mail reminders for leads who do not answer the phone (spec 4 "Email reminder stages": first,
 * second, third, expired). The cadence is ours (docs/reminders.md); its numbers live in the global
 * settings so the admin can change them.
 *
 * - A lead enters `first` when the call agents marked them not reached (status `not_answered`) after at
 *   least `firstAfterCalls` calls, and they have an e-mail address: the first reminder mail goes out.
 * - `second` follows `secondAfterDays` days after `first`, `third` `thirdAfterDays` days after `second`,
 *   each with its mail; `expired` follows `expiredAfterDays` days after `third`, without a mail.
 * - Nothing moves for a lead who was reached in between (another status), who unsubscribed, whose
 *   reminders were stopped, or who has no e-mail address.
 */

export const EMAIL_REMINDER_STAGES = ['first', 'second', 'third', 'expired'] as const;
export type EmailReminderStage = (typeof EMAIL_REMINDER_STAGES)[number];
/** What a call agent or an admin may set: a stage, or `stopped` (no more reminders). */
export const EMAIL_REMINDER_TARGETS = [...EMAIL_REMINDER_STAGES, 'stopped'] as const;
export type EmailReminderTarget = (typeof EMAIL_REMINDER_TARGETS)[number];

/** The stages that send a mail when a lead enters them; `expired` only closes the sequence. */
export const EMAIL_REMINDER_MAIL_STAGES: readonly EmailReminderStage[] = ['first', 'second', 'third'];

export function reminderStageSendsMail(stage: EmailReminderTarget): stage is 'first' | 'second' | 'third' {
  return (EMAIL_REMINDER_MAIL_STAGES as readonly string[]).includes(stage);
}

/** The client status that marks a lead the call agents could not reach. */
export const REMINDER_LEAD_STATUS = 'not_answered';

export interface ReminderCadence {
  /** Calls made (and not answered) before the first reminder. */
  firstAfterCalls: number;
  /** Days from the first reminder to the second. */
  secondAfterDays: number;
  /** Days from the second reminder to the third. */
  thirdAfterDays: number;
  /** Days from the third reminder until the lead counts as expired. */
  expiredAfterDays: number;
}

export const DEFAULT_REMINDER_CADENCE: ReminderCadence = {
  firstAfterCalls: 3,
  secondAfterDays: 3,
  thirdAfterDays: 7,
  expiredAfterDays: 14,
};

/** Bounds the settings screen and the server check: at least 1, at most 20 calls or 365 days. */
export const REMINDER_CADENCE_LIMITS = { calls: { min: 1, max: 20 }, days: { min: 1, max: 365 } } as const;

export interface ReminderLead {
  stage: EmailReminderTarget | null;
  /** When the lead entered its current stage. */
  stageAt: Date | null;
  status: string | null;
  callsCount: number;
  hasEmail: boolean;
  optedOut: boolean;
}

const DAY_MS = 24 * 3600_000;

/** The stage a lead is due for now, or null when nothing is due (see the module's comment). */
export function dueReminderStage(lead: ReminderLead, cadence: ReminderCadence, now: Date): EmailReminderStage | null {
  if (lead.optedOut || !lead.hasEmail || lead.status !== REMINDER_LEAD_STATUS) {
    return null;
  }
  const waited = (days: number) => lead.stageAt !== null && now.getTime() - lead.stageAt.getTime() >= days * DAY_MS;
  switch (lead.stage) {
    case null:
      return lead.callsCount >= cadence.firstAfterCalls ? 'first' : null;
    case 'first':
      return waited(cadence.secondAfterDays) ? 'second' : null;
    case 'second':
      return waited(cadence.thirdAfterDays) ? 'third' : null;
    case 'third':
      return waited(cadence.expiredAfterDays) ? 'expired' : null;
    case 'expired':
    case 'stopped':
      return null;
  }
}

/** The cadence from the settings' texts; a missing or broken value falls back to its default. */
export function reminderCadenceFrom(values: Partial<Record<ReminderSettingsKey, string>>): ReminderCadence {
  const read = (key: ReminderSettingsKey, fallback: number) => {
    const n = Number(values[key]);
    return Number.isInteger(n) && n >= 1 ? n : fallback;
  };
  return {
    firstAfterCalls: read('email_reminder_first_after_calls', DEFAULT_REMINDER_CADENCE.firstAfterCalls),
    secondAfterDays: read('email_reminder_second_after_days', DEFAULT_REMINDER_CADENCE.secondAfterDays),
    thirdAfterDays: read('email_reminder_third_after_days', DEFAULT_REMINDER_CADENCE.thirdAfterDays),
    expiredAfterDays: read('email_reminder_expired_after_days', DEFAULT_REMINDER_CADENCE.expiredAfterDays),
  };
}

/** The global settings keys of the cadence, with their defaults as the settings store them (text). */
export const REMINDER_SETTINGS_DEFAULTS = {
  email_reminder_first_after_calls: String(DEFAULT_REMINDER_CADENCE.firstAfterCalls),
  email_reminder_second_after_days: String(DEFAULT_REMINDER_CADENCE.secondAfterDays),
  email_reminder_third_after_days: String(DEFAULT_REMINDER_CADENCE.thirdAfterDays),
  email_reminder_expired_after_days: String(DEFAULT_REMINDER_CADENCE.expiredAfterDays),
} as const;
export type ReminderSettingsKey = keyof typeof REMINDER_SETTINGS_DEFAULTS;
