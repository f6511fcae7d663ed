import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldValidationFrom } from '../validation.ts';
import { globalSettingsBody, SETTINGS_KEYS, SETTINGS_SECTIONS, settingsFrom } from './settings.ts';

type Outcome = Record<string, string> | 'ok';

function keysOf(schema: z.ZodType, value: unknown): Outcome {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : fieldValidationFrom(result.error.issues);
}

const valid = {
  company_name: 'Alpenquell AG',
  company_phone: '044 500 12 34',
  company_email: 'info@alpenquell.ch',
  receipt_company_name: 'Alpenquell AG',
  receipt_partner_name: 'Alpenquell Partnernetz',
  receipt_address: 'Industriestrasse 12',
  receipt_city: '8604 Volketswil',
  receipt_logo_path: 'logos/receipt.png',
  shop_shortlink: 'https://s.alpenquell.ch/shop',
  website_link: 'https://www.alpenquell.ch',
  sms_company_name: 'Alpenquell',
  sms_company_phone: '044 500 12 35',
  sms_company_email: 'sms@alpenquell.ch',
};

describe('the settings keys (spec 3)', () => {
  it("are the thirteen keys of the spec and the four of the e-mail reminders' cadence", () => {
    expect([...SETTINGS_KEYS].sort()).toEqual(
      [
        'company_phone',
        'company_email',
        'company_name',
        'receipt_address',
        'receipt_city',
        'receipt_company_name',
        'receipt_partner_name',
        'receipt_logo_path',
        'shop_shortlink',
        'website_link',
        'sms_company_email',
        'sms_company_name',
        'sms_company_phone',
        'email_reminder_first_after_calls',
        'email_reminder_second_after_days',
        'email_reminder_third_after_days',
        'email_reminder_expired_after_days',
        'licence_grace_days',
      ].sort(),
    );
  });

  it('each belong to exactly one section of the page', () => {
    expect(Object.values(SETTINGS_SECTIONS).flat().sort()).toEqual([...SETTINGS_KEYS].sort());
  });

  it('are all validated by the body schema', () => {
    expect(Object.keys(globalSettingsBody.shape).sort()).toEqual([...SETTINGS_KEYS].sort());
  });
});

describe('globalSettingsBody', () => {
  it('trims the values and lowercases the e-mails', () => {
    expect(globalSettingsBody.parse({ ...valid, company_name: ' Alpenquell AG ', company_email: 'Info@Alpenquell.CH' })).toMatchObject({
      company_name: 'Alpenquell AG',
      company_email: 'info@alpenquell.ch',
    });
  });

  it('lets the logo path out (the upload sets it)', () => {
    const rest: Partial<typeof valid> = { ...valid };
    delete rest.receipt_logo_path;
    expect(globalSettingsBody.parse(rest)).not.toHaveProperty('receipt_logo_path');
  });

  it.each<[string, Record<string, unknown>, Outcome]>([
    ['complete settings', {}, 'ok'],
    [
      'only the company name, the rest empty',
      Object.fromEntries(Object.keys(valid).map((k) => [k, k === 'company_name' ? 'X AG' : ''])),
      'ok',
    ],
    ['a phone in international form', { sms_company_phone: '+41 44 500 12 34' }, 'ok'],
    ['a phone starting with 0 and 9 digits', { company_phone: '0791234567' }, 'ok'],
    ['no company name', { company_name: '' }, { company_name: 'field_is_required' }],
    ['a missing key', { website_link: undefined }, { website_link: 'field_is_required' }],
    ['an e-mail without a domain', { company_email: 'info@alpenquell' }, { company_email: 'invalid_email' }],
    ['an SMS e-mail with a space', { sms_company_email: 'sms @alpenquell.ch' }, { sms_company_email: 'invalid_email' }],
    ['a phone with too few digits', { company_phone: '044 500 12' }, { company_phone: 'invalid_phone' }],
    ['a phone whose country code is none', { company_phone: '+0445001234' }, { company_phone: 'invalid_phone' }],
    ['a phone with letters', { company_phone: '044 ALPEN 12' }, { company_phone: 'invalid_phone' }],
    ['a link without a scheme', { website_link: 'www.alpenquell.ch' }, { website_link: 'invalid_website_url' }],
    ['a link of another scheme', { shop_shortlink: 'ftp://alpenquell.ch' }, { shop_shortlink: 'invalid_website_url' }],
    ['an SMS sender of 12 characters', { sms_company_name: 'Alpenquell A' }, { sms_company_name: 'too_long' }],
    ['an SMS sender with an umlaut', { sms_company_name: 'Zürich' }, { sms_company_name: 'invalid_value' }],
    ['a logo path leaving its folder', { receipt_logo_path: '../../etc/passwd' }, { receipt_logo_path: 'invalid_value' }],
    ['a number as a value', { receipt_city: 8604 }, { receipt_city: 'invalid_value' }],
    ['a reminder cadence of whole numbers', { email_reminder_first_after_calls: ' 2 ', email_reminder_expired_after_days: '30' }, 'ok'],
    ['no reminder cadence (the stored one stays)', { email_reminder_second_after_days: undefined }, 'ok'],
    ['a reminder after zero calls', { email_reminder_first_after_calls: '0' }, { email_reminder_first_after_calls: 'invalid_value' }],
    ['a reminder after 21 calls', { email_reminder_first_after_calls: '21' }, { email_reminder_first_after_calls: 'invalid_value' }],
    ['a reminder after 366 days', { email_reminder_third_after_days: '366' }, { email_reminder_third_after_days: 'invalid_value' }],
    ['a reminder after half a day', { email_reminder_second_after_days: '1.5' }, { email_reminder_second_after_days: 'invalid_value' }],
    ['a reminder after no days', { email_reminder_expired_after_days: '' }, { email_reminder_expired_after_days: 'invalid_value' }],
    [
      'several bad fields at once',
      { company_email: 'x', website_link: 'y', company_phone: 'z' },
      { company_email: 'invalid_email', website_link: 'invalid_website_url', company_phone: 'invalid_phone' },
    ],
  ])('%s', (_name, change, expected) => {
    expect(keysOf(globalSettingsBody, { ...valid, ...change })).toEqual(expected);
  });
});

describe('settingsFrom', () => {
  it('answers every key, empty where nothing is stored, and leaves out unknown keys', () => {
    const out = settingsFrom(
      new Map([
        ['company_name', 'Alpenquell AG'],
        ['something_else', 'x'],
      ]),
    );
    expect(Object.keys(out).sort()).toEqual([...SETTINGS_KEYS].sort());
    expect(out.company_name).toBe('Alpenquell AG');
    expect(out.website_link).toBe('');
    expect(out.email_reminder_first_after_calls).toBe('3');
    expect(out.email_reminder_expired_after_days).toBe('14');
    expect(out).not.toHaveProperty('something_else');
  });
});
