import type { RecommendationAnswer, RecommendationCountersDto, RecommendationItemDto, RecommendationListDto, RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../../../test/factories.ts';
import { auditRows, createTestApp, createUser, injectAs, login, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
const cookies = new Map<RoleCode | 'otherClient' | 'otherPartner', string>();
/** Ursula recommends; Otto is another client; Ursula is referred by the partner and linked to the sales agent. */
let ursula: TestUser;
let otto: TestUser;
let partner: TestUser;
let salesAgent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ursula = await createUser(t.db, { role: 'user', name: 'Ursula', surname: 'Keller' });
  otto = await createUser(t.db, { role: 'user', name: 'Otto', surname: 'Meier' });
  partner = await createUser(t.db, { role: 'partner' });
  salesAgent = await createUser(t.db, { role: 'sales_agent' });
  const otherPartner = await createUser(t.db, { role: 'partner' });
  await t.pool.query('UPDATE users SET referred_by_id = $1, linked_agent_id = $2 WHERE id = $3', [partner.id, salesAgent.id, ursula.id]);
  cookies.set('user', await login(t.app, ursula.email));
  cookies.set('otherClient', await login(t.app, otto.email));
  cookies.set('partner', await login(t.app, partner.email));
  cookies.set('otherPartner', await login(t.app, otherPartner.email));
  cookies.set('sales_agent', await login(t.app, salesAgent.email));
  for (const role of ['admin', 'call_agent', 'prom_agent', 'ocr_manager', 'independent_agent'] as const) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
});

afterAll(async () => {
  await t?.close();
});

type Who = Parameters<typeof cookies.get>[0];

function as(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return injectAs(t.app, cookies.get(who)!, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

let counter = 0;
/** A recommendation with a fresh, valid Swiss mobile number. */
function person(change: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Anna',
    surname: `Brunner ${counter}`,
    phone: `079 ${String(100 + counter).padStart(3, '0')} 22 ${String(10 + (counter % 90)).padStart(2, '0')}`,
    email: `anna.${counter}@example.ch`,
    city: 'Winterthur',
    zipcode: '8400',
    address: 'Marktgasse 12',
    comment: 'Interessiert sich für Luftreiniger',
    ...change,
  };
}

async function create(who: Who, body: Record<string, unknown>): Promise<RecommendationItemDto> {
  const res = await as(who, 'POST', '/api/recommendations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<RecommendationAnswer>().data;
}

async function put(who: Who, id: number, body: Record<string, unknown>) {
  return as(who, 'PUT', `/api/recommendations/${id}`, body);
}

async function counters(who: Who, userId: number): Promise<RecommendationCountersDto> {
  const res = await as(who, 'GET', `/api/user-rec-count/${userId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RecommendationCountersDto }>().data;
}

async function usersWithPhone(e164: string): Promise<{ id: number; status: string; lead_source: string; created_by_id: number }[]> {
  const res = await t.pool.query(
    'SELECT id, status, lead_source, created_by_id FROM users WHERE phone_e164 = $1 OR mobile_phone_e164 = $1 ORDER BY id',
    [e164],
  );
  return res.rows as { id: number; status: string; lead_source: string; created_by_id: number }[];
}

describe('a client (role user)', () => {
  it('recommends a person for themself: unconfirmed, the phone also stored in E.164, with what they may do', async () => {
    const rec = await create('user', person({ surname: 'Frei', phone: '079 555 12 34', email: ' Anna.Frei@Example.CH ' }));
    expect(rec).toMatchObject({
      user_id: ursula.id,
      lead_id: null,
      name: 'Anna',
      surname: 'Frei',
      phone: '079 555 12 34',
      email: 'anna.frei@example.ch',
      status: 'unconfirmed',
      paid_at: null,
      recommender: { id: ursula.id, name: 'Ursula', surname: 'Keller' },
      actions: { edit: true, delete: true, pay: false, statuses: [] },
    });
    const stored = await t.pool.query('SELECT phone_e164, created_by_id FROM recommendations WHERE id = $1', [rec.id]);
    expect(stored.rows[0]).toEqual({ phone_e164: '+41795551234', created_by_id: ursula.id });
    const [entry] = (await auditRows(t, 'recommendation.created')).filter((a) => a.details?.id === rec.id);
    expect(entry).toMatchObject({ actor_id: ursula.id, target_user_id: ursula.id });
  });

  it('sees only their own recommendations, 25 a page, newest first', async () => {
    const theirs = await create('otherClient', person());
    const page = await as('user', 'GET', '/api/recommendations');
    expect(page.statusCode).toBe(200);
    const body = page.json<RecommendationListDto>();
    expect(body).toMatchObject({ limit: 25, offset: 0 });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((r) => r.user_id === ursula.id)).toBe(true);
    expect(body.data.map((r) => r.id)).not.toContain(theirs.id);
    const ids = body.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("cannot read, change, delete or add to another client's recommendations: 404", async () => {
    const theirs = await create('otherClient', person());
    expect((await as('user', 'GET', `/api/recommendations?user_id=${otto.id}`)).json()).toEqual({ error: 'UNKNOWN_USER_ID' });
    for (const [method, url, body] of [
      ['GET', `/api/recommendations/${theirs.id}`, undefined],
      ['PUT', `/api/recommendations/${theirs.id}`, { comment: 'x' }],
      ['DELETE', `/api/recommendations/${theirs.id}`, undefined],
    ] as const) {
      const res = await as('user', method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'UNKNOWN_RECOMMENDATION_ID' });
    }
    const added = await as('user', 'POST', '/api/recommendations', { ...person(), user_id: otto.id });
    expect(added.statusCode).toBe(404);
    expect((await as('user', 'GET', `/api/user-rec-count/${otto.id}`)).statusCode).toBe(404);
    const unchanged = await t.pool.query('SELECT comment FROM recommendations WHERE id = $1', [theirs.id]);
    expect(unchanged.rows[0]).toEqual({ comment: 'Interessiert sich für Luftreiniger' });
  });

  it('edits an unconfirmed recommendation, never its status, and nothing once staff looked at it', async () => {
    const rec = await create('user', person());
    const edited = await put('user', rec.id, { city: 'Zürich', zipcode: '8001', phone: '+41 79 777 66 55' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<RecommendationAnswer>().data).toMatchObject({
      city: 'Zürich',
      zipcode: '8001',
      phone: '+41 79 777 66 55',
      name: 'Anna',
    });
    expect((await t.pool.query('SELECT phone_e164 FROM recommendations WHERE id = $1', [rec.id])).rows[0]).toEqual({
      phone_e164: '+41797776655',
    });

    const status = await put('user', rec.id, { status: 'confirmed' });
    expect(status.statusCode).toBe(403);
    expect(status.json()).toMatchObject({ error: 'Not allowed.' });
    expect((await put('user', rec.id, { paid: true })).statusCode).toBe(403);

    expect((await put('sales_agent', rec.id, { status: 'declined' })).statusCode).toBe(200);
    const late = await put('user', rec.id, { comment: 'Doch nicht' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'ONLY_UNCONFIRMED_CAN_BE_CHANGED' });
    const read = await as('user', 'GET', `/api/recommendations/${rec.id}`);
    expect(read.json<{ data: RecommendationItemDto }>().data).toMatchObject({
      status: 'declined',
      actions: { edit: false, delete: false, pay: false, statuses: [] },
    });
  });

  it('deletes an unconfirmed recommendation but not one that moved on (409 ONLY_UNCONFIRMED_CAN_BE_DELETED)', async () => {
    const gone = await create('user', person());
    const res = await as('user', 'DELETE', `/api/recommendations/${gone.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: gone.id } });
    expect((await t.pool.query('SELECT 1 FROM recommendations WHERE id = $1', [gone.id])).rowCount).toBe(0);
    expect((await auditRows(t, 'recommendation.deleted')).some((a) => (a.details?.recommendation as { id: number }).id === gone.id)).toBe(
      true,
    );

    const kept = await create('user', person());
    expect((await put('admin', kept.id, { status: 'confirmed' })).statusCode).toBe(200);
    for (const who of ['user', 'admin'] as const) {
      const refused = await as(who, 'DELETE', `/api/recommendations/${kept.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'ONLY_UNCONFIRMED_CAN_BE_DELETED' });
    }
    expect((await as('user', 'DELETE', `/api/recommendations/${gone.id}`)).statusCode).toBe(404);
  });
});

describe('field validation', () => {
  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ['a missing name', { name: '' }, { name: 'field_is_required' }],
    ['no phone and no e-mail', { phone: '', email: '' }, { phone: 'field_is_required', email: 'field_is_required' }],
    ['a phone that is no number', { phone: '12-34' }, { phone: 'invalid_phone' }],
    ['a phone too short for Switzerland', { phone: '079 123 45' }, { phone: 'invalid_phone' }],
    ['an e-mail without domain', { email: 'anna@' }, { email: 'invalid_email' }],
    ['a postcode with letters', { zipcode: '80A1' }, { zipcode: 'invalid_value' }],
    ['a long surname', { surname: 'x'.repeat(101) }, { surname: 'too_long' }],
    ['a long address', { address: 'x'.repeat(201) }, { address: 'too_long' }],
    ['a long comment', { comment: 'x'.repeat(1001) }, { comment: 'too_long' }],
  ])('refuses %s with field_validation', async (_what, change, expected) => {
    const res = await as('user', 'POST', '/api/recommendations', person(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: expected });
    expect(Object.keys(res.json<{ field_validation: object }>().field_validation)).toEqual(Object.keys(expected));
  });

  it('refuses a change that leaves neither phone nor e-mail', async () => {
    const rec = await create('user', person({ email: '' }));
    const res = await put('user', rec.id, { phone: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      field_validation: { phone: 'field_is_required', email: 'field_is_required' },
    });
  });

  it('asks staff to name the client', async () => {
    const res = await as('sales_agent', 'POST', '/api/recommendations', person());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field_validation: { user_id: 'field_is_required' } });
  });
});

describe('staff and partners', () => {
  it('lets a partner read the recommendations of clients they referred, and nothing else', async () => {
    const rec = await create('user', person());
    const page = await as('partner', 'GET', `/api/recommendations?user_id=${ursula.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<RecommendationListDto>().data.map((r) => r.id)).toContain(rec.id);
    expect(page.json<RecommendationListDto>().data.find((r) => r.id === rec.id)!.actions).toEqual({
      edit: false,
      delete: false,
      pay: false,
      statuses: [],
    });
    expect((await as('partner', 'GET', `/api/recommendations/${rec.id}`)).statusCode).toBe(200);
    expect((await as('partner', 'GET', `/api/user-rec-count/${ursula.id}`)).statusCode).toBe(200);
    expect((await as('partner', 'GET', `/api/recommendations?user_id=${otto.id}`)).statusCode).toBe(404);
    expect((await as('partner', 'GET', '/api/recommendations')).statusCode).toBe(400);
    expect((await as('otherPartner', 'GET', `/api/recommendations/${rec.id}`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', '/api/recommendations'],
      ['PUT', `/api/recommendations/${rec.id}`],
      ['DELETE', `/api/recommendations/${rec.id}`],
    ] as const) {
      const res = await as('partner', method, url, method === 'DELETE' ? undefined : { ...person(), user_id: ursula.id });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses the OCR manager everything', async () => {
    for (const url of ['/api/recommendations', `/api/recommendations?user_id=${ursula.id}`, `/api/user-rec-count/${ursula.id}`]) {
      const res = await as('ocr_manager', 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    }
    expect((await as('ocr_manager', 'POST', '/api/recommendations', { ...person(), user_id: ursula.id })).statusCode).toBe(403);
  });

  it('lets a sales agent work on the recommendations of their linked clients only', async () => {
    const rec = await create('sales_agent', person({ user_id: ursula.id }));
    expect(rec).toMatchObject({
      user_id: ursula.id,
      actions: { edit: true, delete: true, pay: false, statuses: ['confirmed', 'declined'] },
    });
    const created = await t.pool.query('SELECT created_by_id FROM recommendations WHERE id = $1', [rec.id]);
    expect(created.rows[0]).toEqual({ created_by_id: salesAgent.id });
    expect((await as('sales_agent', 'POST', '/api/recommendations', person({ user_id: otto.id }))).statusCode).toBe(404);
    expect((await as('sales_agent', 'GET', `/api/recommendations?user_id=${otto.id}`)).statusCode).toBe(404);
    expect((await as('sales_agent', 'GET', '/api/recommendations')).statusCode).toBe(400);
  });

  it('lets the admin and a call agent with access to all clients list everybody, filtered and sorted', async () => {
    const mine = await create('user', person({ name: 'Zoé', surname: 'Aebi' }));
    const theirs = await create('otherClient', person({ name: 'Zoé', surname: 'Zbinden' }));
    for (const who of ['admin', 'call_agent'] as const) {
      const res = await as(who, 'GET', '/api/recommendations?search=zoé&orderBy=name&orderMethod=asc');
      expect(res.statusCode).toBe(200);
      const body = res.json<RecommendationListDto>();
      expect(body.data.map((r) => r.id)).toEqual([mine.id, theirs.id]);
      expect(body.total).toBe(2);
      expect(body.data[1]!.recommender).toEqual({ id: otto.id, name: 'Otto', surname: 'Meier' });
    }
    const unconfirmed = await as('admin', 'GET', `/api/recommendations?user_id=${otto.id}&status=unconfirmed&limit=2`);
    const body = unconfirmed.json<RecommendationListDto>();
    expect(body.limit).toBe(2);
    expect(body.data.length).toBeLessThanOrEqual(2);
    expect(body.data.every((r) => r.status === 'unconfirmed' && r.user_id === otto.id)).toBe(true);
    expect((await as('admin', 'GET', '/api/recommendations?orderBy=phone')).statusCode).toBe(400);
  });

  it('refuses a prom agent any change, and the recommendations of clients they did not create', async () => {
    expect((await as('prom_agent', 'GET', `/api/recommendations?user_id=${ursula.id}`)).statusCode).toBe(404);
    expect((await as('prom_agent', 'POST', '/api/recommendations', person({ user_id: ursula.id }))).statusCode).toBe(403);
  });
});

describe('status changes', () => {
  it('turns a confirmed recommendation into exactly one lead of the confirming agent', async () => {
    const rec = await create('user', person({ name: 'Lea', surname: 'Gerber', phone: '078 321 54 76', email: 'lea.gerber@example.ch' }));
    const res = await put('sales_agent', rec.id, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<RecommendationAnswer>();
    expect(typeof answer.lead?.id).toBe('number');
    expect(answer.lead?.created).toBe(true);
    expect(answer.data).toMatchObject({ status: 'confirmed', lead_id: answer.lead!.id, actions: { statuses: ['pending', 'declined'] } });

    const lead = await t.pool.query(
      `SELECT u.name, u.surname, u.phone, u.phone_e164, u.email, u.address, u.zipcode, u.city, u.status, u.lead_source,
              u.created_by_id, r.code AS role
         FROM users u JOIN roles r ON r.id = u.role_id WHERE u.id = $1`,
      [answer.lead!.id],
    );
    expect(lead.rows[0]).toEqual({
      name: 'Lea',
      surname: 'Gerber',
      phone: '078 321 54 76',
      phone_e164: '+41783215476',
      email: 'lea.gerber@example.ch',
      address: 'Marktgasse 12',
      zipcode: '8400',
      city: 'Winterthur',
      status: 'user_rec',
      lead_source: 'referral',
      created_by_id: salesAgent.id,
      role: 'user',
    });
    const history = await t.pool.query('SELECT status, changed_by_id FROM status_history WHERE user_id = $1', [answer.lead!.id]);
    expect(history.rows).toEqual([{ status: 'user_rec', changed_by_id: salesAgent.id }]);
    const [created] = (await auditRows(t, 'recommendation.lead_created')).filter((a) => a.target_user_id === answer.lead!.id);
    expect(created).toMatchObject({ actor_id: salesAgent.id, details: { recommendation_id: rec.id, recommender_id: ursula.id } });

    // Confirming again, or moving on, makes no second lead.
    expect((await put('admin', rec.id, { status: 'confirmed', comment: 'Angerufen' })).json<RecommendationAnswer>().lead).toBeUndefined();
    expect((await put('admin', rec.id, { status: 'pending' })).statusCode).toBe(200);
    expect(await usersWithPhone('+41783215476')).toHaveLength(1);
    expect((await t.pool.query('SELECT lead_id FROM recommendations WHERE id = $1', [rec.id])).rows[0]).toEqual({
      lead_id: answer.lead!.id,
    });
  });

  it('links the client who already has the phone number instead of creating a second one', async () => {
    const existing = await createUser(t.db, { role: 'user', name: 'Marco', surname: 'Rossi' });
    await t.pool.query("UPDATE users SET mobile_phone = '+41 76 444 33 22', mobile_phone_e164 = '+41764443322' WHERE id = $1", [
      existing.id,
    ]);
    const rec = await create('user', person({ name: 'Marco', surname: 'Rossi', phone: '0764443322' }));
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0] as { n: number };
    const res = await put('call_agent', rec.id, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RecommendationAnswer>().lead).toEqual({ id: existing.id, created: false });
    expect(res.json<RecommendationAnswer>().data.lead_id).toBe(existing.id);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual(before);
    expect((await auditRows(t, 'recommendation.lead_linked')).some((a) => a.target_user_id === existing.id)).toBe(true);
  });

  it('creates the lead without an e-mail another user already has', async () => {
    const rec = await create('user', person({ email: ursula.email.toUpperCase() }));
    const res = await put('admin', rec.id, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    const lead = await t.pool.query('SELECT email FROM users WHERE id = $1', [res.json<RecommendationAnswer>().lead!.id]);
    expect(lead.rows[0]).toEqual({ email: null });
  });

  it.each([
    ['unconfirmed', 'pending'],
    ['unconfirmed', 'approved'],
    ['confirmed', 'unconfirmed'],
    ['declined', 'confirmed'],
  ] as const)('refuses %s → %s with RECOMMENDATION_STATUS_NOT_ALLOWED', async (from, to) => {
    const rec = await create('user', person());
    if (from !== 'unconfirmed') {
      expect((await put('admin', rec.id, { status: from })).statusCode).toBe(200);
    }
    const res = await put('admin', rec.id, { status: to });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'RECOMMENDATION_STATUS_NOT_ALLOWED', field_validation: { status: 'invalid_value' } });
  });

  it('lets only the admin mark the reward of an approved recommendation as paid, and counts it', async () => {
    const client = await createUser(t.db, { role: 'user' });
    cookies.set('otherClient', await login(t.app, client.email));
    const zero = await counters('admin', client.id);
    expect(zero).toEqual({ totalRec: 0, paidRec: 0, approved: 0, declined: 0, confirmed: 0, unconfirmed: 0, pending: 0 });

    const [a, b, c, d] = [
      await create('otherClient', person()),
      await create('otherClient', person()),
      await create('otherClient', person()),
      await create('otherClient', person()),
    ];
    for (const status of ['confirmed', 'pending', 'approved'] as const) {
      expect((await put('call_agent', a.id, { status })).statusCode).toBe(200);
    }
    expect((await put('call_agent', b.id, { status: 'declined' })).statusCode).toBe(200);
    expect((await put('call_agent', c.id, { status: 'confirmed' })).statusCode).toBe(200);

    expect((await put('call_agent', a.id, { paid: true })).statusCode).toBe(403);
    const early = await put('admin', c.id, { paid: true });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field_validation: { paid: 'invalid_value' } });
    expect((await as('admin', 'GET', `/api/recommendations/${a.id}`)).json<{ data: RecommendationItemDto }>().data.actions.pay).toBe(true);
    const paid = await put('admin', a.id, { paid: true });
    expect(paid.statusCode).toBe(200);
    expect(paid.json<RecommendationAnswer>().data.paid_at).toEqual(expect.any(String));

    const expected = { totalRec: 4, paidRec: 1, approved: 1, declined: 1, confirmed: 1, unconfirmed: 1, pending: 0 };
    expect(await counters('admin', client.id)).toEqual(expected);
    expect(await counters('otherClient', client.id)).toEqual(expected);
    expect(d.status).toBe('unconfirmed');

    expect((await put('admin', a.id, { paid: false })).json<RecommendationAnswer>().data.paid_at).toBeNull();
    expect((await counters('admin', client.id)).paidRec).toBe(0);
  });
});

describe('the same person recommended twice', () => {
  async function storedWith(userId: number, e164: string): Promise<number> {
    const res = await t.pool.query('SELECT count(*)::int AS n FROM recommendations WHERE user_id = $1 AND phone_e164 = $2', [userId, e164]);
    return (res.rows[0] as { n: number }).n;
  }

  it('a client who recommends a number they recommended already, in any writing, is told so at the phone; nothing is stored', async () => {
    await create('user', person({ phone: '079 640 11 22' }));
    const again = await as('user', 'POST', '/api/recommendations', person({ phone: '+41 79 640 11 22' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'duplicated phone', field_validation: { phone: 'already_taken' } });
    expect(await storedWith(ursula.id, '+41796401122')).toBe(1);
    // Staff entering it for the client are told the same.
    const byStaff = await as('admin', 'POST', '/api/recommendations', person({ phone: '0041796401122', user_id: ursula.id }));
    expect(byStaff.statusCode).toBe(409);
    // Another client may recommend the same person.
    const other = await as('otherClient', 'POST', '/api/recommendations', person({ phone: '079 640 11 22' }));
    expect(other.statusCode, other.body).toBe(201);
  });

  it('a change to a number the client recommended already is refused; its own number may be sent again', async () => {
    const first = await create('user', person({ phone: '079 641 11 22' }));
    const second = await create('user', person({ phone: '079 641 33 44' }));
    const taken = await put('user', second.id, { phone: '+41 79 641 11 22' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'duplicated phone', field_validation: { phone: 'already_taken' } });
    const own = await put('user', first.id, { phone: '+41 79 641 11 22', comment: 'gleiche Nummer' });
    expect(own.statusCode, own.body).toBe(200);
    expect(await storedWith(ursula.id, '+41796411122')).toBe(1);
  });
});

describe('what a read returns, a write accepts', () => {
  it('a recommendation read with GET is saved back unchanged with PUT, nulls included', async () => {
    const made = await create('user', person({ email: '', city: '', address: '', zipcode: '' }));
    const read = (await as('user', 'GET', `/api/recommendations/${made.id}`)).json<{ data: RecommendationItemDto }>().data;
    expect(read).toMatchObject({ email: null, city: null, address: null, zipcode: null });
    const res = await put('user', made.id, read);
    expect(res.statusCode, res.body).toBe(200);
    expect({ ...res.json<RecommendationAnswer>().data, updated_at: read.updated_at }).toEqual(read);
    // A null clears an optional field; the name stays required.
    await put('user', made.id, { city: 'Chur' });
    const cleared = await put('user', made.id, { city: null });
    expect(cleared.json<RecommendationAnswer>().data.city).toBeNull();
    const named = await put('user', made.id, { name: null });
    expect(named.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { name: 'field_is_required' } });
  });
});
