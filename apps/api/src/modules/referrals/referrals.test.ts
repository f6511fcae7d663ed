import {
  PARTNER_STATUS_COLOURS,
  roleByCode,
  REFERRAL_COOKIE_DAYS,
  REFERRAL_LIMITS,
  type PartnerUserDto,
  type ReferralLinkDto,
} from '@bo/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBitly } from '../../../test/fake-bitly.ts';
import { bookPresentation, buildClient, buildStaff, dataOf, weekdaySlot, type Staff } from '../../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { formTokenOf, type ReferralsDeps } from './service.ts';

let t: TestApp;
let admin: Staff;
let partner: Staff;
let partner2: Staff;
let sa: Staff;
let ia: Staff;
let client: Staff;
let code: string;
let ipCounter = 0;

/** A visitor of their own: every test sends from another address unless it tests the address limit. */
const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A form token issued `ageSeconds` ago, signed as the app signs them (the page would have waited). */
const tokenFor = (c: string, ageSeconds = REFERRAL_LIMITS.minFormSeconds + 1) =>
  formTokenOf({ formSecret: t.config.referrals.formSecret } as ReferralsDeps, c, Date.now() - ageSeconds * 1000);

let phoneCounter = 0;
const person = (extra: Record<string, unknown> = {}) => {
  phoneCounter += 1;
  return {
    code,
    form_token: tokenFor(code),
    name: 'Anna',
    surname: `Muster ${phoneCounter}`,
    phone: `079 555 ${String(phoneCounter).padStart(4, '0')}`,
    email: `anna.${phoneCounter}@example.ch`,
    zipcode: '8001',
    city: 'Zürich',
    ...extra,
  };
};

/** A public request from the app's own page (no session). */
const post = (url: string, payload: Record<string, unknown>, ip = nextIp(), cookie?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: ip,
    headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
  });

const linkOf = (who: Staff, id = who.id) => dataOf<ReferralLinkDto>(t.app, who.cookie, { method: 'GET', url: `/api/setup-ref-link/${id}` });

async function clientBySurname(surname: string) {
  const res = await t.pool.query<{
    id: number;
    referred_by_id: number | null;
    status: string;
    lead_source: string;
    referral_link: string | null;
  }>('SELECT id, referred_by_id, status, lead_source, referral_link FROM users WHERE surname = $1', [surname]);
  return res.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildStaff(t, 'admin');
  partner = await buildStaff(t, 'partner', { name: 'Petra', surname: 'Partner' });
  partner2 = await buildStaff(t, 'partner');
  sa = await buildStaff(t, 'sales_agent');
  ia = await buildStaff(t, 'independent_agent');
  client = await buildStaff(t, 'user');
  await t.pool.query("UPDATE users SET phone = '079 111 22 33', phone_e164 = '+41791112233' WHERE id = $1", [partner.id]);
  code = (await linkOf(partner)).code;
});

afterAll(async () => {
  await t.close();
});

describe('referral links', () => {
  it('a partner gets their own link once, as the app’s own short link', async () => {
    const link = await linkOf(partner);
    expect(link).toMatchObject({ user_id: partner.id, code, url: `http://bo.test/r/${code}`, provider: 'local' });
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect((await linkOf(partner)).code).toBe(code);
  });

  it('nobody but an admin sets up another user’s link; staff without a programme have none', async () => {
    expect((await injectAs(t.app, partner2.cookie, { method: 'GET', url: `/api/setup-ref-link/${partner.id}` })).statusCode).toBe(403);
    expect((await injectAs(t.app, sa.cookie, { method: 'GET', url: `/api/setup-ref-link/${sa.id}` })).statusCode).toBe(403);
    expect((await linkOf(admin, partner.id)).code).toBe(code);
    expect((await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/setup-ref-link/${sa.id}` })).statusCode).toBe(403);
    expect((await injectAs(t.app, admin.cookie, { method: 'GET', url: '/api/setup-ref-link/999999' })).statusCode).toBe(404);
    expect((await linkOf(client)).url).toMatch(/^http:\/\/bo\.test\/r\//);
    expect((await linkOf(ia)).url).toMatch(/^http:\/\/bo\.test\/r\//);
  });

  it('the short link sets the referral cookie for the documented days and leads to the public page; it writes nothing', async () => {
    const before = (await linkOf(partner)).clicks;
    const res = await t.app.inject({ method: 'GET', url: `/r/${code}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/referral/${code}`);
    const cookie = res.cookies.find((c) => c.name === 'bo_ref')!;
    expect(cookie).toMatchObject({ value: code, maxAge: REFERRAL_COOKIE_DAYS * 86_400, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await linkOf(partner)).clicks).toBe(before);

    const unknown = await t.app.inject({ method: 'GET', url: '/r/Unknown123' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.cookies.find((c) => c.name === 'bo_ref')).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/r/%3Cscript%3E' })).headers.location).toBe('/');
  });

  it('the page’s opening counts the visit and answers the owner’s first name and a form token', async () => {
    const before = (await linkOf(partner)).clicks;
    const res = await post(`/api/referral-form/${code}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    expect(data).toMatchObject({
      code,
      owner_name: 'Petra',
      offers_agent_application: true,
      not_before_ms: REFERRAL_LIMITS.minFormSeconds * 1000,
    });
    expect(Object.keys(data).sort()).toEqual(['code', 'form_token', 'not_before_ms', 'offers_agent_application', 'owner_name']);
    expect((await linkOf(partner)).clicks).toBe(before + 1);
    expect((await post('/api/referral-form/Unknown123', {})).statusCode).toBe(404);
    // Another site cannot open a form for a visitor.
    const cross = await t.app.inject({ method: 'POST', url: `/api/referral-form/${code}`, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
  });
});

describe('signing up through a link', () => {
  it('a visitor becomes a lead referred by the link’s owner, status user_rec, lead source partner, the link stored', async () => {
    const p = person();
    const res = await post('/api/create-referral-client', p);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });
    const [lead] = await clientBySurname(p.surname);
    expect(lead).toMatchObject({
      referred_by_id: partner.id,
      status: 'user_rec',
      lead_source: 'partner',
      referral_link: `http://bo.test/r/${code}`,
    });
    expect((await linkOf(partner)).signups).toBeGreaterThanOrEqual(1);
  });

  it('refuses a token sent too fast, too late, forged or of another link', async () => {
    const opened = (await post(`/api/referral-form/${code}`, {})).json<{ data: { form_token: string } }>().data.form_token;
    const otherCode = (await linkOf(partner2)).code;
    for (const token of [
      opened,
      tokenFor(code, REFERRAL_LIMITS.maxFormSeconds + 5),
      `${Date.now() - 10_000}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      tokenFor(otherCode),
      'garbage',
    ]) {
      const p = person({ form_token: token });
      const res = await post('/api/create-referral-client', p);
      expect(res.statusCode, token).toBe(403);
      expect(res.json()).toMatchObject({
        error: 'Not allowed.',
        data: { reason: 'referral_form_expired' },
        field_validation: { form_token: 'invalid_value' },
      });
      expect(await clientBySurname(p.surname)).toEqual([]);
    }
  });

  it('a filled honeypot is thanked and nothing is kept', async () => {
    const p = person({ website: 'http://spam.example' });
    const res = await post('/api/create-referral-client', p);
    expect(res.statusCode).toBe(201);
    expect(await clientBySurname(p.surname)).toEqual([]);
  });

  it('refuses the owner’s own phone or e-mail with a clear reason', async () => {
    for (const own of [{ phone: '+41 79 111 22 33' }, { email: partner.email.toUpperCase() }]) {
      const p = person(own);
      const res = await post('/api/create-referral-client', p);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'self_referral' } });
      expect(res.json<{ message: string }>().message).toMatch(/your own/);
      expect(await clientBySurname(p.surname)).toEqual([]);
    }
  });

  it('a person already known keeps their client record and first referrer', async () => {
    const existing = await buildClient(t, { name: 'Bruno', surname: 'Bekannt', phone: '079 777 88 99', referredById: partner2.id });
    const res = await post('/api/create-referral-client', person({ surname: 'Bekannt-Neu', phone: '+41797778899' }));
    expect(res.statusCode).toBe(201);
    expect(await clientBySurname('Bekannt-Neu')).toEqual([]);
    expect((await clientBySurname('Bekannt'))[0]).toMatchObject({ id: existing, referred_by_id: partner2.id });
    const signup = await t.pool.query<{ outcome: string; user_id: number }>(
      'SELECT outcome, user_id FROM referral_signups ORDER BY id DESC LIMIT 1',
    );
    expect(signup.rows[0]).toEqual({ outcome: 'known', user_id: existing });
  });

  it('refuses malformed input field by field, keeping nothing', async () => {
    const res = await post(
      '/api/create-referral-client',
      person({ name: '', phone: '12', email: 'not-an-email', zipcode: '80', code: 'x' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field_validation: Record<string, string> }>().field_validation).toMatchObject({
      name: 'field_is_required',
      phone: 'invalid_phone',
      email: 'invalid_email',
      zipcode: 'invalid_value',
      code: 'invalid_value',
    });
    const unknown = await post('/api/create-referral-client', person({ code: 'Unknown123', form_token: tokenFor('Unknown123') }));
    expect(unknown.statusCode).toBe(404);
  });

  it('limits the sign-ups from one address within the hour', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < REFERRAL_LIMITS.perAddress; i += 1) {
      expect((await post('/api/create-referral-client', person(), ip)).statusCode).toBe(201);
    }
    const p = person();
    const blocked = await post('/api/create-referral-client', p, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: 'IP blocked' });
    expect(await clientBySurname(p.surname)).toEqual([]);
    expect((await post('/api/create-referral-client', person(), '10.200.0.2')).statusCode).toBe(201);
  });

  it('limits the sign-ups through one link within the hour, whatever the address', async () => {
    const c = (await linkOf(client)).code;
    for (let i = 0; i < REFERRAL_LIMITS.perLink; i += 1) {
      expect((await post('/api/create-referral-client', person({ code: c, form_token: tokenFor(c) }))).statusCode).toBe(201);
    }
    const blocked = await post('/api/create-referral-client', person({ code: c, form_token: tokenFor(c) }));
    expect(blocked.statusCode).toBe(429);
    // Another link is not held up.
    expect((await post('/api/create-referral-client', person())).statusCode).toBe(201);
  });

  it('the last link clicked wins over the page’s', async () => {
    const other = (await linkOf(partner2)).code;
    const p = person();
    expect((await post('/api/create-referral-client', p, nextIp(), `bo_ref=${other}`)).statusCode).toBe(201);
    expect((await clientBySurname(p.surname))[0]!.referred_by_id).toBe(partner2.id);
  });

  it('an application as independent agent through a partner’s link: an agent without a password, referred by the partner', async () => {
    const p = person({ email: 'new.agent@example.ch', message: 'Ich möchte mitmachen.' });
    expect((await post('/api/referral-independent-agent', p)).statusCode).toBe(201);
    const res = await t.pool.query<{ role_id: number; referred_by_id: number; password_hash: string | null }>(
      'SELECT role_id, referred_by_id, password_hash FROM users WHERE email = $1',
      ['new.agent@example.ch'],
    );
    expect(res.rows).toEqual([{ role_id: roleByCode('independent_agent').id, referred_by_id: partner.id, password_hash: null }]);
    expect(
      (await t.pool.query('SELECT 1 FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1', ['new.agent@example.ch']))
        .rowCount,
    ).toBe(1);
    // The admin admits the applicant with the signup mail of spec 7 (a link to choose a password).
    const applicantId = (await t.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', ['new.agent@example.ch'])).rows[0]!.id;
    const mail = await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/send-signup-mail/${applicantId}` });
    expect(mail.statusCode, mail.body).toBe(200);
    expect((await injectAs(t.app, partner.cookie, { method: 'GET', url: `/api/send-signup-mail/${applicantId}` })).statusCode).toBe(403);
    // The same e-mail again changes nothing.
    expect((await post('/api/referral-independent-agent', person({ email: 'NEW.agent@example.ch' }))).statusCode).toBe(201);
    expect((await t.pool.query('SELECT 1 FROM users WHERE lower(email) = $1', ['new.agent@example.ch'])).rowCount).toBe(1);
    // A client's link does not recruit agents; an application needs an e-mail.
    const c = (await linkOf(client)).code;
    const refusedRes = await post('/api/referral-independent-agent', person({ code: c, form_token: tokenFor(c), email: 'x@example.ch' }));
    expect(refusedRes.json()).toMatchObject({ data: { reason: 'referral_agent_not_offered' } });
    expect((await post('/api/referral-independent-agent', person({ email: '' }))).json()).toMatchObject({
      field_validation: { email: 'field_is_required' },
    });
  });
});

describe('the partner’s list and statistics', () => {
  let mine: number;
  beforeAll(async () => {
    mine = await buildClient(t, {
      name: 'Lena',
      surname: 'Geworben',
      status: 'not_answered',
      referredById: partner.id,
      phone: '079 000 11 22',
    });
    await buildClient(t, { name: 'Fremd', surname: 'Kunde', status: 'buy_product', referredById: partner2.id });
  });

  it('a partner sees only the people they referred, with status and colour, and nothing else of them', async () => {
    const res = await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/partner-users' });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: PartnerUserDto[]; total: number; limit: number }>();
    expect(page.limit).toBe(50);
    expect(page.data.map((r) => r.surname)).not.toContain('Kunde');
    const lena = page.data.find((r) => r.id === mine)!;
    expect(lena).toMatchObject({ partner_status: 'not_answered', colour: PARTNER_STATUS_COLOURS.not_answered, lead_hash: String(mine) });
    expect(Object.keys(lena).sort()).toEqual([
      'city',
      'colour',
      'created_at',
      'id',
      'lead_hash',
      'name',
      'next_presentation_at',
      'partner_status',
      'surname',
    ]);
    expect(page.data.every((r) => r.partner_status === 'registered' || r.id === mine)).toBe(true);
  });

  it('a booked demo turns the person into waiting for the presentation', async () => {
    await bookPresentation(t, admin.cookie, { agentId: sa.id, date: weekdaySlot(2), userId: mine, userData: {} });
    const res = await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/partner-users?partner_status=wait_presentation' });
    const rows = res.json<{ data: PartnerUserDto[]; total: number }>();
    expect(rows.total).toBe(1);
    expect(rows.data[0]).toMatchObject({ id: mine, partner_status: 'wait_presentation', colour: PARTNER_STATUS_COLOURS.wait_presentation });
    expect(rows.data[0]!.next_presentation_at).toBe(weekdaySlot(2));
  });

  it('pages by 50 at most as asked, and counts by partner status in the spec’s order', async () => {
    const paged = await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/partner-users?limit=2&offset=1' });
    const body = paged.json<{ data: unknown[]; total: number; offset: number }>();
    expect(body.data).toHaveLength(2);
    const stats = await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/stats/partner' });
    expect(stats.statusCode).toBe(200);
    const data = stats.json<{ data: { table: { status: string; count: number; colour: string; share: number }[]; total: number } }>().data;
    expect(data.total).toBe(body.total);
    expect(data.table[0]!.status).toBe('buyers');
    expect(data.table.reduce((s, r) => s + r.count, 0)).toBe(data.total);
    expect(data.table.find((r) => r.status === 'wait_presentation')).toMatchObject({
      count: 1,
      colour: PARTNER_STATUS_COLOURS.wait_presentation,
    });
  });

  it('one referred person for the partner lead flow: the partner’s own only', async () => {
    const one = await dataOf<PartnerUserDto>(t.app, partner.cookie, { method: 'GET', url: `/api/partner-users/${mine}` });
    expect(one).toMatchObject({ id: mine, partner_status: 'wait_presentation' });
    expect((await injectAs(t.app, partner2.cookie, { method: 'GET', url: `/api/partner-users/${mine}` })).statusCode).toBe(404);
    expect((await injectAs(t.app, sa.cookie, { method: 'GET', url: `/api/partner-users/${mine}` })).statusCode).toBe(403);
    expect((await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/partner-users/abc' })).statusCode).toBe(400);
  });

  it('each role is refused what it must not see', async () => {
    for (const who of [sa, ia, client]) {
      expect((await injectAs(t.app, who.cookie, { method: 'GET', url: '/api/partner-users' })).statusCode, who.role).toBe(403);
      expect((await injectAs(t.app, who.cookie, { method: 'GET', url: '/api/stats/partner' })).statusCode, who.role).toBe(403);
    }
    for (const who of [sa, partner, client]) {
      expect((await injectAs(t.app, who.cookie, { method: 'GET', url: '/api/ia-referrals' })).statusCode, who.role).toBe(403);
    }
    expect((await injectAs(t.app, partner2.cookie, { method: 'GET', url: `/api/partner-users?partner_id=${partner.id}` })).statusCode).toBe(
      403,
    );
    expect((await injectAs(t.app, admin.cookie, { method: 'GET', url: '/api/partner-users' })).json()).toMatchObject({
      field_validation: { partner_id: 'field_is_required' },
    });
    const asAdmin = await injectAs(t.app, admin.cookie, { method: 'GET', url: `/api/stats/partner?partner_id=${partner.id}` });
    expect(asAdmin.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/partner-users' })).statusCode).toBe(401);
    expect(
      (await injectAs(t.app, partner.cookie, { method: 'GET', url: '/api/partner-users?partner_status=nope&limit=0' })).statusCode,
    ).toBe(400);
  });
});

describe('the calendar’s referral link', () => {
  it('a booking’s referral_link is stored on the new client and its owner becomes the referrer', async () => {
    const { clientId } = await bookPresentation(t, admin.cookie, {
      agentId: sa.id,
      date: weekdaySlot(3),
      userData: { name: 'Kalender', surname: 'Empfohlen', referral_link: `http://bo.test/r/${code}` },
    });
    const row = await t.pool.query<{ referral_link: string; referred_by_id: number }>(
      'SELECT referral_link, referred_by_id FROM users WHERE id = $1',
      [clientId],
    );
    expect(row.rows[0]).toEqual({ referral_link: `http://bo.test/r/${code}`, referred_by_id: partner.id });
  });
});

describe('short links by Bitly', () => {
  it('hands out the provider’s link filed under the partners’ tag, and the own link while the provider fails', async () => {
    const fake = await startFakeBitly({ token: 'bt', groupGuid: 'Bg42' });
    const b = await createTestApp({
      env: {
        SHORTLINK_PROVIDER: 'bitly',
        BITLY_TOKEN: 'bt',
        BITLY_GROUP_GUID: 'Bg42',
        BITLY_DOMAIN: 'go.example.ch',
        BITLY_BASE_URL: fake.url,
      },
    });
    try {
      const p1 = await buildStaff(b, 'partner');
      const p2 = await buildStaff(b, 'partner');
      const link = await dataOf<ReferralLinkDto>(b.app, p1.cookie, { method: 'GET', url: `/api/setup-ref-link/${p1.id}` });
      expect(link.provider).toBe('bitly');
      expect(link.url).toMatch(/^https:\/\/go\.example\.ch\//);
      expect(fake.links[0]).toMatchObject({ long_url: `http://bo.test/r/${link.code}`, tags: ['partners'], group_guid: 'Bg42' });
      fake.failNext();
      const own = await dataOf<ReferralLinkDto>(b.app, p2.cookie, { method: 'GET', url: `/api/setup-ref-link/${p2.id}` });
      expect(own).toMatchObject({ provider: 'local', url: `http://bo.test/r/${own.code}` });
      const again = await dataOf<ReferralLinkDto>(b.app, p2.cookie, { method: 'GET', url: `/api/setup-ref-link/${p2.id}` });
      expect(again).toMatchObject({ provider: 'bitly', code: own.code });
    } finally {
      await b.close();
      await fake.close();
    }
  });
});
