import { LICENCE_GRACE_DEFAULT_DAYS, REMINDER_SETTINGS_DEFAULTS, SETTINGS_KEYS, type GlobalSettingsDto, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exe, multipart, png } from '../../../test/fixtures.ts';
import { auditRows, createTestApp, createUser, injectAs, login, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let admin: string;
let adminId: number;
const cookies = new Map<RoleCode, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'sales_agent', 'call_agent', 'independent_agent', 'ocr_manager', 'user', 'partner'] as const) {
    const u = await createUser(t.db, { role });
    cookies.set(role, await login(t.app, u.email));
    if (role === 'admin') {
      adminId = u.id;
    }
  }
  admin = cookies.get('admin')!;
});

afterAll(async () => {
  await t?.close();
});

const VALID: Omit<GlobalSettingsDto, 'receipt_logo_path'> = {
  company_name: 'Alpenquell Wasser & Luft AG',
  company_phone: '044 500 12 34',
  company_email: 'info@alpenquell.example.ch',
  receipt_company_name: 'Alpenquell Wasser & Luft AG',
  receipt_partner_name: 'Alpenquell Partnernetz',
  receipt_address: 'Industriestrasse 12',
  receipt_city: '8604 Volketswil',
  shop_shortlink: 'https://s.alpenquell.example.ch/shop',
  website_link: 'https://www.alpenquell.example.ch',
  sms_company_name: 'Alpenquell',
  sms_company_phone: '044 500 12 35',
  sms_company_email: 'sms@alpenquell.example.ch',
  email_reminder_first_after_calls: '2',
  email_reminder_second_after_days: '4',
  email_reminder_third_after_days: '7',
  email_reminder_expired_after_days: '21',
  licence_grace_days: '10',
};

async function read(cookie = admin): Promise<GlobalSettingsDto> {
  const res = await injectAs(t.app, cookie, { method: 'GET', url: '/api/global-settings' });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: GlobalSettingsDto }>().data;
}

function save(payload: unknown, cookie: string | null = admin) {
  const opts = { method: 'POST' as const, url: '/api/global-settings', payload: payload as object };
  return cookie ? injectAs(t.app, cookie, opts) : t.app.inject(opts);
}

describe('GET /api/global-settings', () => {
  it('answers every key, empty before anything is saved (the reminder cadence: its defaults)', async () => {
    const data = await read();
    expect(Object.keys(data).sort()).toEqual([...SETTINGS_KEYS].sort());
    const {
      email_reminder_first_after_calls,
      email_reminder_second_after_days,
      email_reminder_third_after_days,
      email_reminder_expired_after_days,
      licence_grace_days,
      ...rest
    } = data;
    expect(Object.values(rest).every((v) => v === '')).toBe(true);
    expect({
      email_reminder_first_after_calls,
      email_reminder_second_after_days,
      email_reminder_third_after_days,
      email_reminder_expired_after_days,
    }).toEqual(REMINDER_SETTINGS_DEFAULTS);
    expect(licence_grace_days).toBe(String(LICENCE_GRACE_DEFAULT_DAYS));
  });

  it.each<[RoleCode, number]>([
    ['sales_agent', 200],
    ['call_agent', 200],
    ['independent_agent', 200],
    ['ocr_manager', 403],
    ['user', 403],
    ['partner', 403],
  ])('answers %s with %i', async (role, status) => {
    const res = await injectAs(t.app, cookies.get(role)!, { method: 'GET', url: '/api/global-settings' });
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
  });

  it('refuses a request without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/global-settings' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/global-settings', () => {
  it('saves every key at once, answers the saved settings and keeps them', async () => {
    const res = await save({ ...VALID, company_email: ' Info@Alpenquell.Example.CH ' });
    expect(res.statusCode).toBe(200);
    const expected = { ...VALID, receipt_logo_path: '' };
    expect(res.json()).toEqual({ data: expected });
    expect(await read()).toEqual(expected);
    expect(await read(cookies.get('sales_agent'))).toEqual(expected);
    const stored = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM app_settings WHERE updated_by_id = $1', [adminId]);
    // The logo path was left out, so it was not written.
    expect(stored.rows[0]!.n).toBe(SETTINGS_KEYS.length - 1);
  });

  it('audits which keys changed', async () => {
    await save({ ...VALID, website_link: 'https://alpenquell.example.ch/neu', sms_company_name: 'AQ Schweiz' });
    expect((await auditRows(t, 'settings.updated')).at(-1)).toMatchObject({
      actor_id: adminId,
      details: { keys: ['website_link', 'sms_company_name'] },
    });
    await save(VALID);
  });

  it('lets optional values be emptied', async () => {
    const emptied = Object.fromEntries(
      Object.keys(VALID)
        .filter((k) => !k.startsWith('email_reminder_') && k !== 'licence_grace_days')
        .map((k) => [k, k === 'company_name' ? VALID.company_name : '']),
    );
    const res = await save(emptied);
    expect(res.statusCode).toBe(200);
    expect((await read()).website_link).toBe('');
    await save(VALID);
  });

  it('keeps the logo path when the form leaves it out, and saves it when given', async () => {
    await save({ ...VALID, receipt_logo_path: 'logos/receipt-logo.png' });
    expect((await read()).receipt_logo_path).toBe('logos/receipt-logo.png');
    await save({ ...VALID, company_name: 'Alpenquell AG' });
    expect(await read()).toMatchObject({ company_name: 'Alpenquell AG', receipt_logo_path: 'logos/receipt-logo.png' });
    await save(VALID);
  });

  it('ignores keys that are no settings', async () => {
    const res = await save({ ...VALID, admin_password: 'x' });
    expect(res.statusCode).toBe(200);
    const keys = await t.pool.query<{ key: string }>('SELECT key FROM app_settings');
    expect(keys.rows.map((r) => r.key).sort()).toEqual([...SETTINGS_KEYS].sort());
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['an invalid e-mail', { company_email: 'info@alpenquell' }, { company_email: 'invalid_email' }],
    ['an invalid SMS e-mail', { sms_company_email: 'sms' }, { sms_company_email: 'invalid_email' }],
    ['a phone with too few digits', { company_phone: '044 500' }, { company_phone: 'invalid_phone' }],
    ['a phone too short to be a number', { sms_company_phone: '044 500 12' }, { sms_company_phone: 'invalid_phone' }],
    ['a website without a scheme', { website_link: 'www.alpenquell.ch' }, { website_link: 'invalid_website_url' }],
    ['a shop link that is no URL', { shop_shortlink: 'shop' }, { shop_shortlink: 'invalid_website_url' }],
    ['no company name', { company_name: ' ' }, { company_name: 'field_is_required' }],
    ['a missing key', { receipt_city: undefined }, { receipt_city: 'field_is_required' }],
    ['an SMS sender over 11 characters', { sms_company_name: 'Alpenquell AG' }, { sms_company_name: 'too_long' }],
    ['a reminder after no call', { email_reminder_first_after_calls: '0' }, { email_reminder_first_after_calls: 'invalid_value' }],
    [
      'a reminder after a day and a half',
      { email_reminder_second_after_days: '1.5' },
      { email_reminder_second_after_days: 'invalid_value' },
    ],
    [
      'a reminder after more than a year',
      { email_reminder_expired_after_days: '400' },
      { email_reminder_expired_after_days: 'invalid_value' },
    ],
    ['a logo path leaving its folder', { receipt_logo_path: '../secret.png' }, { receipt_logo_path: 'invalid_value' }],
    [
      'several invalid values at once',
      { company_email: 'x', website_link: 'y', sms_company_phone: 'z' },
      { company_email: 'invalid_email', website_link: 'invalid_website_url', sms_company_phone: 'invalid_phone' },
    ],
  ])('refuses %s with field_validation per key and saves nothing', async (_name, change, fields) => {
    const before = await read();
    // A valid change to another key in the same request must not be saved either.
    const res = await save({ ...VALID, receipt_address: 'Neue Strasse 1', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'VALIDATION_ERROR', message: 'Invalid body', field_validation: fields });
    expect(await read()).toEqual(before);
  });

  it.each([
    ['an array', []],
    ['a string', 'company_name=x'],
  ])('refuses %s as body', async (_name, payload) => {
    const res = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/global-settings',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it.each<[RoleCode | undefined, number]>([
    ['sales_agent', 403],
    ['call_agent', 403],
    ['independent_agent', 403],
    ['ocr_manager', 403],
    ['user', 403],
    ['partner', 403],
    [undefined, 401],
  ])('refuses %s and saves nothing', async (role, status) => {
    const res = await save({ ...VALID, company_name: 'Gekapert AG' }, role ? cookies.get(role)! : null);
    expect(res.statusCode).toBe(status);
    expect((await read()).company_name).toBe(VALID.company_name);
  });
});

describe('POST /api/upload-logo', () => {
  const uploadLogo = (role: RoleCode, body: Buffer, name: string) =>
    injectAs(t.app, cookies.get(role)!, { method: 'POST', url: '/api/upload-logo', ...multipart(body, name) });
  const logoPath = async () =>
    (await injectAs(t.app, admin, { method: 'GET', url: '/api/global-settings' })).json<{ data: GlobalSettingsDto }>().data
      .receipt_logo_path;

  it('stores the logo as an image, points the setting at it and serves it to every role that reads settings', async () => {
    const image = png(12, [200, 40, 40]);
    const res = await uploadLogo('admin', image, 'logo.png');
    expect(res.statusCode).toBe(200);
    const { file, data } = res.json<{ file: { id: string; url: string }; data: GlobalSettingsDto }>();
    expect(data.receipt_logo_path).toBe(`/api/files/${file.id}`);
    expect(await logoPath()).toBe(file.url);
    const asAgent = await injectAs(t.app, cookies.get('sales_agent')!, { method: 'GET', url: file.url });
    expect(asAgent.statusCode).toBe(200);
    expect(asAgent.rawPayload.equals(image)).toBe(true);
    const asPartner = await injectAs(t.app, cookies.get('partner')!, { method: 'GET', url: file.url });
    expect(asPartner.statusCode).toBe(404);
    expect((await auditRows(t, 'settings.updated')).at(-1)).toMatchObject({ actor_id: adminId, details: { keys: ['receipt_logo_path'] } });
  });

  it('refuses a renamed executable and keeps the logo it had', async () => {
    const before = await logoPath();
    const res = await uploadLogo('admin', exe(), 'logo.png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_FILE_TYPE' });
    expect(await logoPath()).toBe(before);
  });

  it('lets only the settings manager upload', async () => {
    expect((await uploadLogo('sales_agent', png(), 'logo.png')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/upload-logo', ...multipart(png(), 'logo.png') })).statusCode).toBe(401);
  });
});
