import { LICENCE_GRACE_DEFAULT_DAYS, REMINDER_SETTINGS_DEFAULTS, type GlobalSettingsDto } from '@bo/domain';
import type { Tx } from '../client.ts';
import { appSettings } from '../schema/index.ts';

/** A made-up Swiss direct-sales company; the logo comes with the logo upload. */
export const DEMO_SETTINGS: GlobalSettingsDto = {
  company_name: 'Alpenquell Wasser & Luft AG',
  company_phone: '044 500 12 34',
  company_email: 'info@alpenquell.example.ch',
  receipt_company_name: 'Alpenquell Wasser & Luft AG',
  receipt_partner_name: 'Alpenquell Partnernetz',
  receipt_address: 'Industriestrasse 12',
  receipt_city: '8604 Volketswil',
  receipt_logo_path: '',
  shop_shortlink: 'https://s.alpenquell.example.ch/shop',
  website_link: 'https://www.alpenquell.example.ch',
  sms_company_name: 'Alpenquell',
  sms_company_phone: '044 500 12 35',
  sms_company_email: 'sms@alpenquell.example.ch',
  ...REMINDER_SETTINGS_DEFAULTS,
  licence_grace_days: String(LICENCE_GRACE_DEFAULT_DAYS),
};

export async function seedDemoSettings(tx: Tx): Promise<void> {
  await tx
    .insert(appSettings)
    .values(Object.entries(DEMO_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}
