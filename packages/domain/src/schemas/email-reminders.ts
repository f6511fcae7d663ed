import { z } from 'zod';
import { EMAIL_REMINDER_TARGETS } from '../email-reminders.ts';
import { listOf } from './common.ts';

const id = z.number().int('invalid_value').positive('invalid_value').max(2_147_483_647, 'invalid_value');

/** GET /api/email-reminders-list: the leads in the e-mail reminders, newest stage change first. */
export const emailRemindersQuery = z.object({
  stage: z.enum(EMAIL_REMINDER_TARGETS, 'invalid_value').optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type EmailRemindersQuery = z.infer<typeof emailRemindersQuery>;

export const emailReminderRowDto = z.object({
  id: z.number(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  locale: z.string().nullable(),
  status: z.string().nullable(),
  calls_count: z.number(),
  stage: z.enum(EMAIL_REMINDER_TARGETS),
  stage_at: z.string().nullable(),
  /** The reminder mails written so far, in the order of their stages. */
  mailed_stages: z.array(z.enum(EMAIL_REMINDER_TARGETS)),
  /** The lead asked for no more reminders (the unsubscribe link). */
  unsubscribed: z.boolean(),
});
export type EmailReminderRowDto = z.infer<typeof emailReminderRowDto>;
export const emailRemindersListDto = listOf(emailReminderRowDto);

/** POST /api/update-email-reminders: move the selected leads to a stage, or stop their reminders. */
export const updateEmailRemindersBody = z.object({
  ids: z.array(id).max(500, 'too_long'),
  stage: z.enum(EMAIL_REMINDER_TARGETS),
});
export type UpdateEmailRemindersBody = z.infer<typeof updateEmailRemindersBody>;

export const updateEmailRemindersAnswer = z.object({
  /** How many leads changed stage (none for an empty selection). */
  updated: z.number(),
  /** Reminder mails written; a stage's mail goes to a lead once, and never after an unsubscribe. */
  mails_queued: z.number(),
});

/** POST /api/email-reminders/unsubscribe: the token of the link in a reminder mail. */
export const unsubscribeBody = z.object({ token: z.string().min(20, 'invalid_value').max(200, 'invalid_value') });
export const unsubscribeAnswer = z.object({ unsubscribed: z.boolean() });
