import { z } from 'zod';
import { REMINDER_CADENCE_LIMITS, REMINDER_SETTINGS_DEFAULTS, type ReminderSettingsKey } from '../email-reminders.ts';
import { LICENCE_GRACE_DEFAULT_DAYS, LICENCE_GRACE_LIMITS } from '../licences.ts';
import { PATTERNS, zPhone, zRequiredText } from '../validation.ts';

/** The app settings keys of spec section 3, in the order the settings page shows them. */
export const SETTINGS_KEYS = [
  'company_name',
  'company_phone',
  'company_email',
  'receipt_company_name',
  'receipt_partner_name',
  'receipt_address',
  'receipt_city',
  'receipt_logo_path',
  'shop_shortlink',
  'website_link',
  'sms_company_name',
  'sms_company_phone',
  'sms_company_email',
  // Not in spec 3: the e-mail reminders' cadence (email-reminders.ts), ours to choose.
  'email_reminder_first_after_calls',
  'email_reminder_second_after_days',
  'email_reminder_third_after_days',
  'email_reminder_expired_after_days',
  // Not in spec 3: the days an independent agent keeps access after a failed licence payment (licences.ts).
  'licence_grace_days',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/** The sections of the settings page. */
export const SETTINGS_SECTIONS = {
  company: ['company_name', 'company_phone', 'company_email'],
  receipt: ['receipt_company_name', 'receipt_partner_name', 'receipt_address', 'receipt_city', 'receipt_logo_path'],
  links: ['shop_shortlink', 'website_link'],
  sms: ['sms_company_name', 'sms_company_phone', 'sms_company_email'],
  reminders: [
    'email_reminder_first_after_calls',
    'email_reminder_second_after_days',
    'email_reminder_third_after_days',
    'email_reminder_expired_after_days',
  ],
  licences: ['licence_grace_days'],
} as const satisfies Record<string, readonly SettingsKey[]>;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

/** An SMS sender name is an alphanumeric sender id: at most 11 letters, digits or spaces. */
export const SMS_SENDER_MAX = 11;

const optionalText = (max: number) => z.string().trim().max(max, 'too_long');
const optionalEmail = () =>
  optionalText(254)
    .refine((v) => v === '' || PATTERNS.email.test(v), 'invalid_email')
    .transform((v) => v.toLowerCase());
/** The one phone rule of every form (zPhone, isPhone); empty means none. */
const optionalPhone = () => zPhone();
/** A whole number within bounds, sent as text like every setting; left out, the stored value stays. */
const cadenceNumber = (limits: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= limits.min && Number(v) <= limits.max, 'invalid_value')
    .transform((v) => String(Number(v)))
    .optional();
const optionalUrl = () => optionalText(500).refine((v) => v === '' || PATTERNS.url.test(v), 'invalid_website_url');

/**
 * POST /api/global-settings: every key at once. The company name is the one value the receipts, mails
 * and SMS cannot do without; the others may stay empty until the company has them. The logo path is
 * set by the logo upload, so it may be left out (then it keeps its value).
 */
export const globalSettingsBody = z.object({
  company_name: zRequiredText(200),
  company_phone: optionalPhone(),
  company_email: optionalEmail(),
  receipt_company_name: optionalText(200),
  receipt_partner_name: optionalText(200),
  receipt_address: optionalText(200),
  receipt_city: optionalText(100),
  receipt_logo_path: optionalText(500)
    .refine((v) => /^[A-Za-z0-9_./-]*$/.test(v) && !v.split('/').includes('..'), 'invalid_value')
    .optional(),
  shop_shortlink: optionalUrl(),
  website_link: optionalUrl(),
  sms_company_name: optionalText(SMS_SENDER_MAX).regex(/^[A-Za-z0-9 ]*$/, 'invalid_value'),
  sms_company_phone: optionalPhone(),
  sms_company_email: optionalEmail(),
  email_reminder_first_after_calls: cadenceNumber(REMINDER_CADENCE_LIMITS.calls),
  email_reminder_second_after_days: cadenceNumber(REMINDER_CADENCE_LIMITS.days),
  email_reminder_third_after_days: cadenceNumber(REMINDER_CADENCE_LIMITS.days),
  email_reminder_expired_after_days: cadenceNumber(REMINDER_CADENCE_LIMITS.days),
  licence_grace_days: cadenceNumber(LICENCE_GRACE_LIMITS),
});
export type GlobalSettingsBody = z.infer<typeof globalSettingsBody>;
export type GlobalSettingsInput = z.input<typeof globalSettingsBody>;

export const globalSettingsDto = z.object(
  Object.fromEntries(SETTINGS_KEYS.map((k) => [k, z.string()])) as Record<SettingsKey, z.ZodString>,
);
export type GlobalSettingsDto = Record<SettingsKey, string>;
export const globalSettingsAnswer = z.object({ data: globalSettingsDto });

/**
 * Every key, empty where nothing is stored yet (the reminder cadence: its default); stored keys that
 * are no settings key stay out.
 */
export function settingsFrom(stored: ReadonlyMap<string, string>): GlobalSettingsDto {
  const fallback: Partial<Record<SettingsKey, string>> = {
    ...(REMINDER_SETTINGS_DEFAULTS satisfies Record<ReminderSettingsKey, string>),
    licence_grace_days: String(LICENCE_GRACE_DEFAULT_DAYS),
  };
  return Object.fromEntries(SETTINGS_KEYS.map((k) => [k, stored.get(k) ?? fallback[k] ?? ''])) as GlobalSettingsDto;
}
