import type { EarningsSourceRow, LicenceDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery } from '../../../test/fake-stripe.ts';
import { injectAs } from '../../../test/harness.ts';
import { salesWorld } from '../../../test/sales-world.ts';
import { until } from '../../../test/wait.ts';
import {
  checkoutCompleted,
  invoiceEvent,
  stripeSignature,
  subscriptionEvent,
  type SubscriptionRef,
} from '../../integrations/payments/index.ts';
import { restrictedAgents, sweepRestrictedSockets } from './service.ts';
import { PAYMENTS_WEBHOOK_PATH } from './webhook.routes.ts';

const SECRET = 'whsec_local_test_secret_0123456789';
let w: Awaited<ReturnType<typeof salesWorld>>;
let main = 0;

beforeAll(async () => {
  w = await salesWorld(
    [
      ['ia1', 'independent_agent'],
      ['ia2', 'independent_agent'],
      ['ia3', 'independent_agent'],
      ['ia4', 'independent_agent'],
      ['ia5', 'independent_agent'],
      ['ia6', 'independent_agent'],
      ['sa', 'sales_agent'],
      ['partner', 'partner'],
      ['user', 'user'],
      ['om', 'ocr_manager'],
      ['pa', 'prom_agent'],
    ],
    { env: { PAYMENTS_LOCAL_SECRET: SECRET } },
  );
  main = await w.product('LIC', 'main');
});

afterAll(async () => {
  await w?.t.close();
});

const id = (who: string) => w.users.get(who)!.id;

async function licenceOf(who: string): Promise<LicenceDto | null> {
  const res = await w.as(who, 'GET', '/api/license/get-agent-license');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: LicenceDto | null }>().data;
}

/** Waits until the stored webhook events are applied (the in-process worker). */
async function settled(): Promise<void> {
  await until(
    async () => (await w.t.pool.query('SELECT 1 FROM licence_provider_events WHERE processed_at IS NULL')).rowCount === 0,
    'events applied',
  );
}

async function checkout(who: string, outcome: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<string> {
  const res = await w.as(who, 'POST', '/api/license/create-checkout');
  expect(res.statusCode, res.body).toBe(201);
  const url = res.json<{ url: string }>().url;
  const session = url.split('/').pop()!;
  const done = await w.t.app.inject({
    method: 'POST',
    url: `/api/payments/local-checkout/${session}`,
    headers: { 'sec-fetch-site': 'same-origin' },
    payload: { outcome },
  });
  expect(done.statusCode, done.body).toBe(200);
  await settled();
  return session;
}

const post = (payload: string, headers: Record<string, string>) =>
  w.t.app.inject({ method: 'POST', url: PAYMENTS_WEBHOOK_PATH, payload, headers });

async function licenceRow(licenceId: number) {
  return (await w.t.pool.query('SELECT * FROM licences WHERE id = $1', [licenceId])).rows[0] as Record<string, unknown>;
}

describe('the independent agent buys a licence through the local checkout', () => {
  it('has none at first, pays on the checkout page and comes back with an active recurrent licence', async () => {
    expect(await licenceOf('ia1')).toBeNull();
    const res = await w.as('ia1', 'POST', '/api/license/create-checkout');
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json<{ url: string }>().url;
    expect(url).toMatch(/^http:\/\/bo\.test\/checkout\/local\/cs_local_\w+$/);
    const session = url.split('/').pop()!;
    const page = await w.t.app.inject({ method: 'GET', url: `/api/payments/local-checkout/${session}` });
    expect(page.json()).toMatchObject({ data: { open: true, amount: 4900, currency: 'CHF', agent: { name: 'Test' } } });
    const before = await licenceOf('ia1');
    expect(before).toMatchObject({ status: 'inactive', flow: 'recurrent', provider_status: null, can_checkout: true });

    const paid = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${session}`,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { outcome: 'pay' },
    });
    expect(paid.json()).toEqual({ redirect_url: 'http://bo.test/ia-dashboard/license?checkout=success' });
    await settled();
    const after = await licenceOf('ia1');
    expect(after).toMatchObject({ status: 'active', provider_status: 'active', restricted: false, can_checkout: false });
    expect(after!.paid_until).not.toBeNull();
    expect((await licenceRow(after!.id)).activations).toBe(1);
    // The provider's ids stay on the server.
    expect(JSON.stringify(after)).not.toMatch(/sub_local|cus_local|cs_local/);
    // The page is used: paying again is refused, and an active licence is not bought twice.
    const again = await w.t.app.inject({
      method: 'POST',
      url: `/api/payments/local-checkout/${session}`,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: { outcome: 'pay' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ data: { reason: 'checkout_closed' } });
    const twice = await w.as('ia1', 'POST', '/api/license/create-checkout');
    expect(twice.statusCode).toBe(403);
    expect(twice.json()).toMatchObject({ data: { reason: 'licence_already_active' } });
  });

  it('a declined card leaves the licence inactive; leaving the page sends nothing', async () => {
    await checkout('ia2', 'cancel');
    expect(await licenceOf('ia2')).toMatchObject({ status: 'inactive', provider_status: null });
    await checkout('ia2', 'fail');
    expect(await licenceOf('ia2')).toMatchObject({ status: 'inactive', provider_status: 'incomplete', can_checkout: true });
  });

  it('a failed renewal makes it past_due: full access during the grace period, restricted after', async () => {
    await checkout('ia3');
    const lic = (await licenceOf('ia3'))!;
    const sim = await w.as('admin', 'POST', `/api/payments/local-simulate/${lic.id}`, { outcome: 'renewal_failed' });
    expect(sim.statusCode, sim.body).toBe(200);
    await settled();
    const owing = (await licenceOf('ia3'))!;
    expect(owing).toMatchObject({ status: 'active', provider_status: 'past_due', restricted: false });
    expect(owing.grace_ends_at).not.toBeNull();
    // Within the grace period the agent works as before.
    const events = () => w.as('ia3', 'GET', '/api/events-upcoming');
    expect((await events()).statusCode).toBe(200);
    // The admin sets no grace at all: access is restricted at once.
    await w.t.pool.query(
      "INSERT INTO app_settings (key, value) VALUES ('licence_grace_days', '0') ON CONFLICT (key) DO UPDATE SET value = '0'",
    );
    try {
      expect(await licenceOf('ia3')).toMatchObject({ status: 'expired', provider_status: 'past_due', restricted: true });
      // Restricted: every call but the profile, the statuses, the settings and the licence is refused, reads and writes alike.
      const refusedCalls = [
        await events(),
        await w.as('ia3', 'GET', '/api/stats/dashboard-statistic'),
        await w.as('ia3', 'POST', '/api/user', { name: 'Nora', surname: 'Gesperrt', type: 'B2C' }),
      ];
      for (const res of refusedCalls) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'licence_restricted' } });
      }
      expect((await w.as('ia3', 'GET', '/auth/current')).statusCode).toBe(200);
      // The live connections follow: the sweep takes the restricted agent out of their client rooms.
      expect(await restrictedAgents(w.t.db)).toEqual([id('ia3')]);
      const moved: [number, string][] = [];
      const live = sweepRestrictedSockets(w.t.db, (agentId, to) => Promise.resolve(void moved.push([agentId, to])), {
        everyMs: 3_600_000,
        onError: (err) => {
          throw err;
        },
      });
      try {
        await live.sweep();
        expect(moved).toContainEqual([id('ia3'), 'none']);
        // The grace period back: the next sweep gives the agent their rooms again.
        await w.t.pool.query("UPDATE app_settings SET value = '90' WHERE key = 'licence_grace_days'");
        moved.length = 0;
        await live.sweep();
        expect(moved).toEqual([[id('ia3'), 'restore']]);
        expect(await restrictedAgents(w.t.db)).toEqual([]);
        await w.t.pool.query("UPDATE app_settings SET value = '0' WHERE key = 'licence_grace_days'");
      } finally {
        live.stop();
      }
      // Another independent agent, whose licence is paid, is not touched.
      expect((await w.as('ia1', 'GET', '/api/events-upcoming')).statusCode).toBe(200);
    } finally {
      await w.t.pool.query("DELETE FROM app_settings WHERE key = 'licence_grace_days'");
    }
    // Paying the renewal makes it active again, without a second activation, and the agent works again.
    await w.as('admin', 'POST', `/api/payments/local-simulate/${lic.id}`, { outcome: 'renewal_paid' });
    await settled();
    expect(await licenceOf('ia3')).toMatchObject({ status: 'active', provider_status: 'active' });
    expect((await licenceRow(lic.id)).activations).toBe(1);
    expect((await events()).statusCode).toBe(200);
  });
});

describe('the payment webhook', () => {
  let ref: SubscriptionRef;
  beforeAll(async () => {
    const res = await w.as('ia4', 'POST', '/api/license/create-checkout');
    expect(res.statusCode).toBe(201);
    const lic = (await licenceOf('ia4'))!;
    ref = { licenceId: lic.id, subscriptionId: 'sub_test_ooo', customerId: 'cus_test_ooo' };
  });

  it('refuses a missing, forged, stale or tampered signature and stores nothing', async () => {
    const event = subscriptionEvent('evt_forged_1', 1_800_000_000, ref, { status: 'active', created: 1, periodStart: 1, periodEnd: 2 });
    const good = signedDelivery(event, SECRET);
    const cases: [string, Record<string, string>, string][] = [
      ['missing', { 'content-type': 'application/json' }, good.payload],
      ['other secret', signedDelivery(event, 'whsec_someone_else_entirely').headers, good.payload],
      ['older than 5 minutes', signedDelivery(event, SECRET, Math.floor(Date.now() / 1000) - 600).headers, good.payload],
      ['tampered body', good.headers, good.payload.replace('"active"', '"canceled"')],
      ['garbage header', { 'content-type': 'application/json', 'stripe-signature': 'v1=abc' }, good.payload],
    ];
    for (const [what, headers, payload] of cases) {
      const res = await post(payload, headers);
      expect(res.statusCode, what).toBe(403);
    }
    const stored = await w.t.pool.query("SELECT 1 FROM licence_provider_events WHERE id = 'evt_forged_1'");
    expect(stored.rowCount).toBe(0);
  });

  it('refuses malformed input: a signed body that is no event, another content type', async () => {
    const notJson = 'not json at all';
    const signedGarbage = { 'content-type': 'application/json', 'stripe-signature': stripeSignature(notJson, SECRET) };
    expect((await post(notJson, signedGarbage)).statusCode).toBe(400);
    const noObject = signedDelivery({ id: 'evt_x', object: 'event', type: 'invoice.paid', created: 1 }, SECRET);
    expect((await post(noObject.payload, noObject.headers)).statusCode).toBe(400);
    const form = await w.t.app.inject({
      method: 'POST',
      url: PAYMENTS_WEBHOOK_PATH,
      payload: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });

  it('stores an event once: a repeated delivery is acknowledged as a duplicate and changes nothing', async () => {
    const e = checkoutCompleted('evt_dup_1', 1_800_000_100, ref, 'cs_unused');
    const d = signedDelivery(e, SECRET);
    const first = await post(d.payload, d.headers);
    expect(first.json()).toEqual({ received: true, duplicate: false, ignored: false });
    await settled();
    for (let i = 0; i < 3; i += 1) {
      const again = await post(d.payload, signedDelivery(e, SECRET).headers);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ duplicate: true });
    }
    await settled();
    const row = await licenceRow(ref.licenceId);
    expect(row.activations).toBe(1);
    const stored = await w.t.pool.query<{ deliveries: number }>("SELECT deliveries FROM licence_provider_events WHERE id = 'evt_dup_1'");
    expect(stored.rows[0]!.deliveries).toBe(4);
  });

  it("applies events in the provider's order, not the arrival's: a late 'active' does not undo a later past_due", async () => {
    const sub = { created: 1_800_000_000, periodStart: 1_800_000_000, periodEnd: 1_802_592_000 };
    const late = [
      subscriptionEvent('evt_ooo_3', 1_800_000_300, ref, { ...sub, status: 'past_due' }),
      invoiceEvent('evt_ooo_2', 1_800_000_200, ref, {
        id: 'in_ooo_1',
        paid: true,
        periodStart: sub.periodStart,
        periodEnd: sub.periodEnd,
        reason: 'subscription_create',
      }),
      subscriptionEvent('evt_ooo_1', 1_800_000_200, ref, { ...sub, status: 'active' }),
    ];
    for (const e of late) {
      const d = signedDelivery(e, SECRET);
      expect((await post(d.payload, d.headers)).statusCode).toBe(200);
    }
    await settled();
    expect(await licenceOf('ia4')).toMatchObject({ provider_status: 'past_due' });
    const row = await licenceRow(ref.licenceId);
    expect(row.paid_until).toEqual(new Date(sub.periodEnd * 1000));
    // An ended subscription stays ended, whatever comes after.
    for (const e of [
      subscriptionEvent('evt_ooo_5', 1_800_000_500, ref, { ...sub, status: 'canceled' }),
      invoiceEvent('evt_ooo_6', 1_800_000_600, ref, {
        id: 'in_ooo_2',
        paid: true,
        periodStart: sub.periodEnd,
        periodEnd: sub.periodEnd + 100,
        reason: 'subscription_cycle',
      }),
    ]) {
      const d = signedDelivery(e, SECRET);
      await post(d.payload, d.headers);
    }
    await settled();
    expect(await licenceOf('ia4')).toMatchObject({ status: 'expired', provider_status: 'canceled' });
    const outcomes = await w.t.pool.query("SELECT id, outcome FROM licence_provider_events WHERE id LIKE 'evt_ooo_%' ORDER BY id");
    expect(Object.fromEntries(outcomes.rows.map((r: { id: string; outcome: string }) => [r.id, r.outcome]))).toMatchObject({
      evt_ooo_1: 'stale',
      evt_ooo_3: 'applied',
      evt_ooo_5: 'applied',
    });
  });

  it('acknowledges and ignores event types it does not follow', async () => {
    const d = signedDelivery(
      { id: 'evt_other', object: 'event', type: 'customer.created', created: 1_800_000_000, data: { object: { id: 'cus_1' } } },
      SECRET,
    );
    const res = await post(d.payload, d.headers);
    expect(res.json()).toEqual({ received: true, duplicate: false, ignored: true });
  });
});

describe('licences the admin requests and activates', () => {
  it('requests a single licence until a date, then activates it once', async () => {
    const res = await w.as('admin', 'POST', '/api/activate-license-request', {
      agent_id: id('ia5'),
      flow: 'single',
      valid_until: '2099-12-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const requested = res.json<{ data: LicenceDto }>().data;
    expect(requested).toMatchObject({ flow: 'single', status: 'inactive', activation: 'requested', can_activate: true });
    expect(await licenceOf('ia5')).toMatchObject({ id: requested.id, status: 'inactive' });
    const submit = await w.as('admin', 'GET', `/api/activate-license-submit/${requested.id}`);
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({ data: { status: 'active', activation: 'activated', can_activate: false } });
    expect(await licenceOf('ia5')).toMatchObject({ status: 'active', flow: 'single', can_checkout: false });
    const again = await w.as('admin', 'GET', `/api/activate-license-submit/${requested.id}`);
    expect(again.json()).toMatchObject({ error: 'Not allowed.', data: { reason: 'licence_not_requested' } });
    const list = await w.as('admin', 'GET', '/api/licences?status=active');
    const rows = list.json<{ data: LicenceDto[] }>().data;
    expect(rows.map((r) => r.agent.id)).toContain(id('ia5'));
    expect(rows.every((r) => r.status === 'active')).toBe(true);
    // The admin reads any agent's licence by id.
    const one = await w.as('admin', 'GET', `/api/license/get-agent-license/${id('ia5')}`);
    expect(one.json()).toMatchObject({ data: { id: requested.id } });
  });

  it('refuses bad requests with the field that is wrong, writing nothing', async () => {
    const count = async () => Number((await w.t.pool.query<{ count: string }>('SELECT count(*) FROM licences')).rows[0]!.count);
    const before = await count();
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ agent_id: id('ia6'), flow: 'single' }, 400, { valid_until: 'field_is_required' }],
      [{ agent_id: id('ia6'), flow: 'recurrent' }, 400, { flow: 'invalid_value' }],
      [{ agent_id: id('ia6'), flow: 'obligation', valid_until: '31.12.2099' }, 400, { valid_until: 'invalid_value' }],
      [{ agent_id: id('ia6'), flow: 'single', valid_until: '2001-01-01' }, 400, { valid_until: 'invalid_value' }],
      [{ agent_id: 'x', flow: 'obligation' }, 400, undefined],
      [{ flow: 'obligation' }, 400, { agent_id: 'field_is_required' }],
      [{ agent_id: 999_999, flow: 'obligation' }, 404, undefined],
      [{ agent_id: id('sa'), flow: 'obligation' }, 403, undefined],
    ];
    for (const [body, status, fields] of cases) {
      const res = await w.as('admin', 'POST', '/api/activate-license-request', body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(status);
      if (fields) {
        expect(res.json<{ field_validation?: Record<string, string> }>().field_validation, JSON.stringify(body)).toMatchObject(fields);
      }
    }
    expect((await w.as('admin', 'GET', '/api/activate-license-submit/0')).statusCode).toBe(400);
    expect((await w.as('admin', 'GET', '/api/activate-license-submit/999999')).statusCode).toBe(404);
    expect((await w.as('admin', 'POST', '/api/payments/local-simulate/1', { outcome: 'explode' })).statusCode).toBe(400);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/payments/local-checkout/../../etc' })).statusCode).toBe(404);
    expect((await w.t.app.inject({ method: 'GET', url: '/api/payments/local-checkout/cs_local_doesnotexist' })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('activates only from the app’s own pages', async () => {
    const res = await w.as('admin', 'POST', '/api/activate-license-request', { agent_id: id('ia6'), flow: 'obligation' });
    const lic = res.json<{ data: LicenceDto }>().data;
    const cross = await injectAs(w.t.app, w.cookies.get('admin')!, {
      method: 'GET',
      url: `/api/activate-license-submit/${lic.id}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
    expect(await licenceOf('ia6')).toMatchObject({ status: 'inactive', activation: 'requested' });
  });
});

describe('who sees what', () => {
  it("an independent agent sees only their own licence and none of the admin's side", async () => {
    expect((await w.as('ia1', 'GET', `/api/license/get-agent-license/${id('ia2')}`)).statusCode).toBe(403);
    expect((await w.as('ia1', 'GET', `/api/license/get-agent-license/${id('ia1')}`)).statusCode).toBe(200);
    expect((await w.as('ia1', 'GET', '/api/licences')).statusCode).toBe(403);
    expect((await w.as('ia1', 'POST', '/api/activate-license-request', { agent_id: id('ia1'), flow: 'obligation' })).statusCode).toBe(403);
    expect((await w.as('ia1', 'GET', '/api/activate-license-submit/1')).statusCode).toBe(403);
    expect((await w.as('ia1', 'POST', '/api/payments/local-simulate/1', { outcome: 'renewal_paid' })).statusCode).toBe(403);
    expect((await w.as('ia1', 'GET', '/api/reports/earnings-sources')).statusCode).toBe(403);
  });

  it('other roles have no licence to read or buy', async () => {
    for (const who of ['sa', 'ca', 'partner', 'user', 'om', 'pa']) {
      expect((await w.as(who, 'GET', '/api/license/get-agent-license')).statusCode, who).toBe(403);
      expect((await w.as(who, 'POST', '/api/license/create-checkout')).statusCode, who).toBe(403);
      expect((await w.as(who, 'GET', '/api/licences')).statusCode, who).toBe(403);
      expect((await w.as(who, 'GET', '/api/reports/earnings-sources')).statusCode, who).toBe(403);
    }
    const admin = await w.as('admin', 'POST', '/api/license/create-checkout');
    expect(admin.json()).toMatchObject({ data: { reason: 'not_independent_agent' } });
    const anonymous = await w.t.app.inject({ method: 'GET', url: '/api/license/get-agent-license' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the law on referral schemes', () => {
  it("a recruit's licence fee pays no commission to anyone; their sales pay the upline through the engine", async () => {
    // ia1 recruited ia2, who recruited ia6.
    await w.t.pool.query('UPDATE users SET referred_by_id = $1 WHERE id = $2', [id('ia1'), id('ia2')]);
    await w.t.pool.query('UPDATE users SET referred_by_id = $1 WHERE id = $2', [id('ia2'), id('ia6')]);
    const commissions = async () => Number((await w.t.pool.query<{ count: string }>('SELECT count(*) FROM commissions')).rows[0]!.count);
    const before = await commissions();
    await checkout('ia2');
    expect(await licenceOf('ia2')).toMatchObject({ status: 'active' });
    const lic = (await licenceOf('ia2'))!;
    await w.as('admin', 'POST', `/api/payments/local-simulate/${lic.id}`, { outcome: 'renewal_paid' });
    await settled();
    expect(await commissions()).toBe(before);

    // A sale by ia6 pays ia6 and, through the engine, ia2 (L1) and ia1 (L2).
    const order = await w.sale({ seller: 'ia6', lines: [{ product_id: main, price: 200_000 }] });
    const checked = await w.as('admin', 'PUT', `/api/finances/order/${order.id}`, { checked_contract: true });
    expect(checked.statusCode, checked.body).toBe(200);
    const rows = (
      await w.t.pool.query<{ agent_id: number; reason: string }>('SELECT agent_id, reason FROM commissions WHERE order_id = $1', [order.id])
    ).rows;
    expect(rows).toEqual(
      expect.arrayContaining([
        { agent_id: id('ia6'), reason: 'sale' },
        { agent_id: id('ia2'), reason: 'l1' },
        { agent_id: id('ia1'), reason: 'l2' },
      ]),
    );

    const report = await w.as('admin', 'GET', '/api/reports/earnings-sources');
    expect(report.statusCode, report.body).toBe(200);
    const byAgent = new Map(report.json<{ data: EarningsSourceRow[] }>().data.map((r) => [r.agent.id, r]));
    expect(byAgent.get(id('ia6'))).toMatchObject({ downline: 0, downline_share: 0, mainly_downline: false });
    expect(byAgent.get(id('ia6'))!.own_sales).toBeGreaterThan(0);
    expect(byAgent.get(id('ia2'))).toMatchObject({ own_sales: 0, l2: 0, l3: 0, downline_share: 1, mainly_downline: true });
    expect(byAgent.get(id('ia2'))!.l1).toBeGreaterThan(0);
    expect(byAgent.get(id('ia1'))!.l2).toBeGreaterThan(0);
    // A period without commissions is empty; a malformed date is refused.
    const past = await w.as('admin', 'GET', '/api/reports/earnings-sources?from=2000-01-01&to=2000-12-31');
    expect(past.json()).toMatchObject({ data: [], totals: { own_sales: 0, downline: 0, downline_share: null } });
    expect((await w.as('admin', 'GET', '/api/reports/earnings-sources?from=yesterday')).statusCode).toBe(400);
  });
});
