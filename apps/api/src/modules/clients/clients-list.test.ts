import { CLIENT_TOTAL_CAP, type ClientListDto, type RoleCode } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClients, buildStaff } from '../../../test/factories.ts';
import { createTestApp, createUser, injectAs, type TestApp, type TestUser } from '../../../test/harness.ts';

let t: TestApp;
const staff = new Map<RoleCode, TestUser>();
const cookies = new Map<RoleCode, string>();
let otherAgent: TestUser;

interface ClientSpec {
  surname: string;
  name?: string;
  status?: string | null;
  type?: 'B2C' | 'B2B';
  email?: string | null;
  phone?: string | null;
  mobile?: string | null;
  zipcode?: string;
  city?: string;
  address?: string;
  age?: number | null;
  linkedAgent?: number | null;
  referredBy?: number | null;
  createdBy?: number | null;
  callsCount?: number;
  nextRecallAt?: string | null;
  reminder?: string | null;
  workingStatus?: string | null;
  personsAtHome?: string | null;
  onboardingSms?: boolean;
  leadSource?: string | null;
  category?: string | null;
  company?: string | null;
  createdAt?: string;
  updatedAt?: string;
  invoiceSentAt?: string | null;
  finishedAt?: string | null;
  password?: boolean;
}

const ids = new Map<string, number>();

async function addClient(c: ClientSpec): Promise<number> {
  const id = await buildClient(t, {
    name: c.name ?? 'Anna',
    surname: c.surname,
    status: c.status === undefined ? 'potential' : c.status,
    type: c.type ?? 'B2C',
    email: c.email ?? null,
    phone: c.phone ?? null,
    mobilePhone: c.mobile ?? null,
    zipcode: c.zipcode ?? '8001',
    city: c.city ?? 'Zürich',
    address: c.address ?? null,
    age: c.age ?? null,
    linkedAgentId: c.linkedAgent ?? null,
    referredById: c.referredBy ?? null,
    createdById: c.createdBy ?? null,
    callsCount: c.callsCount ?? 0,
    nextRecallAt: c.nextRecallAt ?? null,
    emailReminderStage: c.reminder ?? null,
    workingStatus: c.workingStatus ?? null,
    personsAtHome: c.personsAtHome ?? null,
    hasOnboardingSms: c.onboardingSms ?? false,
    leadSource: c.leadSource ?? null,
    category: c.category ?? null,
    company: c.company ?? null,
    createdAt: c.createdAt ?? '2026-10-01T10:00:00Z',
    updatedAt: c.updatedAt ?? '2026-10-01T10:00:00Z',
    invoiceSentAt: c.invoiceSentAt ?? null,
    purchaseFinishedAt: c.finishedAt ?? null,
    passwordHash: c.password ? 'x' : null,
  });
  ids.set(c.surname, id);
  return id;
}

async function list(role: RoleCode, query = ''): Promise<ClientListDto> {
  const res = await injectAs(t.app, cookies.get(role)!, { method: 'GET', url: `/api/clients${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClientListDto>();
}

const surnames = (page: ClientListDto) => page.data.map((r) => r.user.surname).sort();

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'call_agent', 'independent_agent', 'sales_agent', 'prom_agent', 'partner', 'user', 'ocr_manager'] as const) {
    // The signed-in client is a client too: it shows in the lists as "Kundin Selbst" (no status).
    const { cookie, ...u } = await buildStaff(t, role, role === 'user' ? { name: 'Kundin', surname: 'Selbst' } : {});
    staff.set(role, u);
    cookies.set(role, cookie);
  }
  otherAgent = await createUser(t.db, { role: 'sales_agent' });
  const sa = staff.get('sales_agent')!.id;
  const day = (d: number) => `2026-10-${String(d).padStart(2, '0')}T10:00:00Z`;

  await addClient({
    surname: 'Potential',
    status: 'potential',
    updatedAt: day(20),
    age: 40,
    city: 'Bern',
    zipcode: '3011',
    workingStatus: 'retiree',
  });
  await addClient({ surname: 'Older', status: 'older', updatedAt: day(19), type: 'B2B', company: 'Aqua AG', age: 70 });
  await addClient({ surname: 'UserRec', status: 'user_rec', updatedAt: day(18), leadSource: 'referral', personsAtHome: '3' });
  await addClient({ surname: 'SaleAgents', status: 'sale_agents', updatedAt: day(17), category: 'Wasser' });
  await addClient({ surname: 'Archived', status: 'archived', updatedAt: day(16) });
  await addClient({ surname: 'SingleMan', status: 'single_man', updatedAt: day(15) });
  await addClient({ surname: 'WrongData', status: 'wrong_data', updatedAt: day(14) });
  await addClient({ surname: 'NoStatus', status: null, updatedAt: day(13), onboardingSms: true });
  await addClient({ surname: 'LinkedMine', status: 'not_buy', linkedAgent: sa, updatedAt: day(12) });
  await addClient({ surname: 'LinkedOther', status: 'potential', linkedAgent: otherAgent.id, updatedAt: day(11) });
  await addClient({
    surname: 'RecallLater',
    status: 'call_agents',
    nextRecallAt: '2099-01-01T08:00:00Z',
    updatedAt: day(10),
    callsCount: 2,
  });
  await addClient({ surname: 'RecallDue', status: 'unqualified', nextRecallAt: '2026-01-01T08:00:00Z', updatedAt: day(9), callsCount: 1 });
  await addClient({ surname: 'Referred', status: 'potential', referredBy: staff.get('partner')!.id, updatedAt: day(8) });
  await addClient({
    surname: 'Created',
    status: 'potential',
    createdBy: staff.get('prom_agent')!.id,
    updatedAt: day(7),
    reminder: 'first',
  });
  await addClient({
    surname: 'Buyer',
    status: 'buy_product',
    updatedAt: day(6),
    invoiceSentAt: day(6),
    finishedAt: day(6),
    password: true,
  });
  await addClient({ surname: 'BuyerOpen', status: 'buy_other_products', updatedAt: day(5), callsCount: 3 });
  await addClient({
    surname: 'Müller',
    name: 'Hans',
    status: 'potential',
    mobile: '079 123 45 67',
    email: 'hans.mueller@example.ch',
    address: 'Bahnhofstrasse 5',
    zipcode: '8001',
    updatedAt: day(4),
    // 00:30 on 21 November in Zurich.
    createdAt: '2026-11-20T23:30:00Z',
  });
  await addClient({
    surname: 'Mueller',
    name: 'Hans',
    status: 'potential',
    phone: '+41 79 123 45 67',
    address: 'bahnhofstrasse  5',
    zipcode: '8001',
    updatedAt: day(3),
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/clients: default filters by role (spec 6)', () => {
  it('admin: all statuses but archived, without_number, single_man and wrong_data; nobody linked to an agent', async () => {
    const page = await list('admin');
    const names = surnames(page);
    expect(names).toContain('Potential');
    expect(names).toContain('NoStatus');
    for (const hidden of ['Archived', 'SingleMan', 'WrongData', 'LinkedMine', 'LinkedOther']) {
      expect(names).not.toContain(hidden);
    }
    expect(page.total).toBe(page.data.length);
    expect(page.total_capped).toBe(false);
  });

  it('call agent: only make-a-demo statuses, no single men, no recall still ahead', async () => {
    const names = surnames(await list('call_agent'));
    expect(names).toEqual(['LinkedOther', 'Mueller', 'Müller', 'Older', 'Potential', 'RecallDue', 'Referred', 'Created', 'UserRec'].sort());
  });

  it('independent agent: make-a-demo and sale_agents', async () => {
    const names = surnames(await list('independent_agent'));
    expect(names).toContain('SaleAgents');
    expect(names).toContain('Potential');
    expect(names).not.toContain('RecallLater');
    expect(names).not.toContain('NoStatus');
  });

  it('the defaults can be overridden: an empty status list asks for every status', async () => {
    const names = surnames(await list('call_agent', '?statuses=&presets='));
    expect(names).toContain('Archived');
    expect(names).toContain('RecallLater');
    expect(names).toContain('SingleMan');
  });
});

describe('GET /api/clients: row scope', () => {
  it('a sales agent sees the clients linked to them only', async () => {
    expect(surnames(await list('sales_agent', '?statuses=&presets='))).toEqual(['LinkedMine']);
    // exclude_linked_agent leaves the own clients in.
    expect(surnames(await list('sales_agent'))).toEqual(['LinkedMine']);
  });

  it('a promotion agent sees the leads they created, a partner the users they referred', async () => {
    expect(surnames(await list('prom_agent', '?statuses=&presets='))).toEqual(['Created']);
    expect(surnames(await list('partner', '?statuses=&presets='))).toEqual(['Referred']);
  });

  it('a client and an OCR manager may not list clients', async () => {
    for (const role of ['user', 'ocr_manager'] as const) {
      const res = await injectAs(t.app, cookies.get(role)!, { method: 'GET', url: '/api/clients' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Not allowed.' });
    }
  });

  it.each([
    ['b2b', ['Older']],
    ['b2c', ['Potential', 'UserRec']],
    ['none', []],
  ] as const)("a call agent with access '%s' sees only that", async (access, expected) => {
    await t.pool.query('UPDATE accounts SET access_to_clients = $1 WHERE user_id = $2', [access, staff.get('call_agent')!.id]);
    try {
      const names = surnames(await list('call_agent', '?search=e&statuses=potential,older,user_rec&presets='));
      for (const name of expected) {
        expect(names).toContain(name);
      }
      if (access === 'b2b') {
        expect(names).toEqual(['Older']);
      }
      if (access === 'none') {
        expect(names).toEqual([]);
      }
    } finally {
      await t.pool.query("UPDATE accounts SET access_to_clients = 'all' WHERE user_id = $1", [staff.get('call_agent')!.id]);
    }
  });
});

describe('GET /api/clients: query parameters', () => {
  const all = '&statuses=&presets=';
  it.each<[string, string, string[]]>([
    ['tableName=buyers', '?tableName=buyers', ['Buyer', 'BuyerOpen']],
    ['tableName=b2b', `?tableName=b2b${all}`, ['Older']],
    ['tableName=email_reminders', `?tableName=email_reminders${all}`, ['Created']],
    ['type=B2B', `?type=B2B${all}`, ['Older']],
    [
      'statuses include with make_a_demo',
      '?statuses=make_a_demo&includeStatuses=true&presets=&search=Recall',
      ['RecallDue', 'RecallLater'],
    ],
    [
      'statuses exclude',
      '?statuses=potential,make_a_demo,not_buy,buy_product,buy_other_products&includeStatuses=false&presets=',
      ['Archived', 'NoStatus', 'SaleAgents', 'Selbst', 'SingleMan', 'WrongData'],
    ],
    ['presets buyers finished', '?tableName=buyers&presets=finished', ['Buyer']],
    ['presets buyers activated', '?tableName=buyers&presets=activated', ['Buyer']],
    ['presets buyers invoice_sent', '?tableName=buyers&presets=invoice_sent', ['Buyer']],
    ['presets buyers invoice_not_sent', '?tableName=buyers&presets=invoice_not_sent', ['BuyerOpen']],
    ['presets recall', '?statuses=call_agents,unqualified&presets=recall', ['RecallDue']],
    ['presets exclude_linked_agent', '?search=Linked&statuses=&presets=exclude_linked_agent', []],
    ['search by name fragment, any case', `?search=ülle${all}`, ['Müller']],
    ['search by two words: a name and a place', `?search=anna%20bern${all}`, ['Potential']],
    ['search by e-mail', `?search=hans.mueller@${all}`, ['Müller']],
    ['search by address', `?search=bahnhofstr${all}`, ['Mueller', 'Müller']],
    ['search by phone in another writing', `?search=0041%2079%20123%2045%2067${all}`, ['Mueller', 'Müller']],
    ['number (incoming call) in E.164', `?number=%2B41791234567${all}`, ['Mueller', 'Müller']],
    ['zipcode prefix', `?zipcode=30${all}`, ['Potential']],
    ['custom text filter city', `?city=bern${all}`, ['Potential']],
    ['custom text filter company', `?company=aqua${all}`, ['Older']],
    ['custom text filter category', `?category=wass${all}`, ['SaleAgents']],
    ['custom text filter email', `?email=example.ch${all}`, ['Müller']],
    ['custom number filter age', `?age_from=60&age_to=80${all}`, ['Older']],
    ['custom number filter number_of_calls', `?number_of_calls_from=2${all}`, ['BuyerOpen', 'RecallLater']],
    ['custom date filter created_at (a Swiss day)', `?created_at_from=2026-11-20&created_at_to=2026-11-20${all}`, []],
    ['custom date filter created_at next Swiss day', `?created_at_from=2026-11-21&created_at_to=2026-11-21${all}`, ['Müller']],
    ['custom date filter updated_at', `?updated_at_from=2026-10-19&updated_at_to=2026-10-20${all}`, ['Older', 'Potential']],
    ['custom date filter open_recalls', `?open_recalls_from=2098-01-01${all}`, ['RecallLater']],
    ['custom enum filter working_status', `?working_status=retiree${all}`, ['Potential']],
    ['custom enum filter persons_at_home', `?persons_at_home=3,4${all}`, ['UserRec']],
    ['custom bool filter has_onboarding_sms', `?has_onboarding_sms=true${all}`, ['NoStatus']],
    ['custom reference filter lead_source', `?lead_source=referral${all}`, ['UserRec']],
  ])('%s', async (_name, query, expected) => {
    expect(surnames(await list('admin', query))).toEqual([...expected].sort());
  });

  it("narrows to the clients the viewer created: their own leads (a dashboard card's link)", async () => {
    expect(surnames(await list('admin', `?created_by_me=true${all}`))).toEqual([]);
    expect(surnames(await list('prom_agent', `?created_by_me=true${all}`))).toEqual(['Created']);
    expect(surnames(await list('admin', `?created_by_me=false&search=Created${all}`))).toEqual(['Created']);
    const bad = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: '/api/clients?created_by_me=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field_validation: { created_by_me: 'invalid_value' } });
  });

  it('orders by updated_at descending by default, and by any allowed field both ways', async () => {
    const page = await list('admin', '?statuses=&presets=');
    const times = page.data.map((r) => r.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const byName = await list('admin', '?statuses=&presets=&orderBy=name&orderMethod=asc');
    const names = byName.data.map((r) => r.user.surname);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    for (const field of ['created_at', 'id', 'city', 'zipcode', 'age', 'status', 'number_of_calls', 'last_contact_at', 'relevance']) {
      for (const dir of ['asc', 'desc']) {
        const res = await list('admin', `?statuses=&presets=&orderBy=${field}&orderMethod=${dir}`);
        expect(res.data.length).toBe(res.total);
      }
    }
    const byAge = (await list('admin', '?statuses=&presets=&orderBy=age&orderMethod=desc')).data.map((r) => r.user.age);
    expect(byAge.slice(0, 2)).toEqual([70, 40]);
  });

  it('orders a search by relevance: the best name match first, whatever changed last', async () => {
    const brun = await addClient({ surname: 'Brun', name: 'Eva', updatedAt: '2026-09-01T10:00:00Z' });
    const later = await addClient({ surname: 'Brunnhofer', name: 'Eva', updatedAt: '2026-09-02T10:00:00Z' });
    try {
      const byRelevance = await list('admin', '?search=brun&statuses=&presets=&orderBy=relevance');
      expect(byRelevance.data.map((r) => r.id)).toEqual([brun, later]);
      const byDate = await list('admin', '?search=brun&statuses=&presets=');
      expect(byDate.data.map((r) => r.id)).toEqual([later, brun]);
      // Two letters have no trigram: found the other way (by date), ranked alike, the newer first.
      const short = await list('admin', '?search=br%20eva&statuses=&presets=&orderBy=relevance');
      expect(short.data.map((r) => r.id)).toEqual([later, brun]);
    } finally {
      await t.pool.query('DELETE FROM users WHERE id IN ($1, $2)', [brun, later]);
    }
  });

  it('pages with limit and offset; the total counts every match', async () => {
    const first = await list('admin', '?statuses=&presets=&limit=5');
    const second = await list('admin', '?statuses=&presets=&limit=5&offset=5');
    expect(first.data).toHaveLength(5);
    expect(first.total).toBe(19);
    expect(second.offset).toBe(5);
    const overlap = first.data.filter((r) => second.data.some((s) => s.id === r.id));
    expect(overlap).toEqual([]);
  });

  it('answers each row with its client, the counts of its nested tabs and the newest contact', async () => {
    const mueller = ids.get('Mueller')!;
    const mueller2 = ids.get('Müller')!;
    const [a, b] = [Math.min(mueller, mueller2), Math.max(mueller, mueller2)];
    await t.pool.query(`INSERT INTO client_links (kind, user_a_id, user_b_id) VALUES ('cohabitant', $1, $2)`, [a, b]);
    await t.pool.query(`INSERT INTO recommendations (user_id, name) VALUES ($1, 'Eva'), ($1, 'Urs')`, [mueller]);
    await t.pool.query(
      `INSERT INTO contact_history (user_id, type, comment, created_at) VALUES ($1, 'call', 'alt', '2026-10-01'), ($1, 'sms', 'neu', '2026-10-02')`,
      [mueller],
    );
    const row = (await list('admin', '?search=Mueller&statuses=&presets=')).data.find((r) => r.id === mueller)!;
    expect(row).toMatchObject({ recommendations: 2, cohabitants: 1, blockNeighbors: 0, duplicates: 1 });
    expect(row.contact_history).toMatchObject({ type: 'sms', comment: 'neu', created_at: '2026-10-02T00:00:00.000Z' });
    expect(row.user).toMatchObject({ surname: 'Mueller', phone: '+41 79 123 45 67', type: 'B2C', status: 'potential', linked_agent: null });
  });

  it('refuses unknown values with per-field validation, never 500', async () => {
    for (const [query, field] of [
      ['?tableName=everyone', 'tableName'],
      ['?roles=admin', 'roles'],
      ['?statuses=rich', 'statuses'],
      ['?presets=vip', 'presets'],
      ['?presets=finished', 'presets'],
      ['?orderBy=password_hash', 'orderBy'],
      ['?orderMethod=up', 'orderMethod'],
      ['?limit=0', 'limit'],
      ['?limit=100000', 'limit'],
      ['?offset=-1', 'offset'],
      ['?age_from=old', 'age_from'],
      ['?created_at_from=21.11.2026', 'created_at_from'],
      ['?working_status=astronaut', 'working_status'],
      ['?has_onboarding_sms=maybe', 'has_onboarding_sms'],
      ['?lead_source=location:abc', 'lead_source'],
      ['?number=hello', 'number'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await injectAs(t.app, cookies.get('admin')!, { method: 'GET', url: `/api/clients${query}` });
      expect(res.statusCode, query).toBe(400);
      const fields = Object.keys(res.json<{ field_validation: Record<string, string> }>().field_validation);
      // A list parameter names the item: `roles.0`.
      expect(
        fields.some((f) => f === field || f.startsWith(`${field}.`)),
        `${query}: ${fields.join()}`,
      ).toBe(true);
    }
  });
});

describe('GET /api/clients: the total of a big list', () => {
  it(`counts exactly up to ${CLIENT_TOTAL_CAP} and says "more" beyond`, async () => {
    await buildClients(t, CLIENT_TOTAL_CAP + 5, (i) => ({
      name: 'Massen',
      surname: `Kunde ${i}`,
      status: 'trash',
      type: 'B2C',
      updatedAt: '2020-01-01',
    }));
    const page = await list('admin', '?statuses=trash&limit=10');
    expect(page.total).toBe(CLIENT_TOTAL_CAP);
    expect(page.total_capped).toBe(true);
    expect(page.data).toHaveLength(10);
    const exact = await list('admin', '?statuses=potential');
    expect(exact.total_capped).toBe(false);
  });
});
