import type { LicenceDto } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff, type Staff } from '../../../test/factories.ts';
import { signedDelivery, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, injectAs, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/wait.ts';
import { checkoutCompleted, invoiceEvent, subscriptionEvent } from '../../integrations/payments/index.ts';
import { PAYMENTS_WEBHOOK_PATH } from './webhook.routes.ts';

const KEY = 'sk_test_app_0123456789';
const WHSEC = 'whsec_app_0123456789abcdef';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let ia: Staff;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: KEY, knownPrices: ['price_licence'] });
  t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_PRICE_ID: 'price_licence',
      STRIPE_API_BASE: fake.url,
    },
  });
  ia = await buildStaff(t, 'independent_agent');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const licence = async () =>
  (await injectAs(t.app, ia.cookie, { method: 'GET', url: '/api/license/get-agent-license' })).json<{ data: LicenceDto }>().data;

describe('licences with Stripe configured', () => {
  it("sends the agent to Stripe's checkout page and activates the licence from Stripe's signed webhooks", async () => {
    const res = await injectAs(t.app, ia.cookie, { method: 'POST', url: '/api/license/create-checkout' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const session = fake.sessions.at(-1)!;
    const lic = await licence();
    expect(session.form.client_reference_id).toBe(String(lic.id));
    expect(session.form.success_url).toBe('http://bo.test/ia-dashboard/license?checkout=success');

    const ref = { licenceId: lic.id, subscriptionId: 'sub_app_1', customerId: 'cus_app_1' };
    const now = Math.floor(Date.now() / 1000);
    for (const e of [
      subscriptionEvent('evt_app_3', now, ref, { status: 'active', created: now, periodStart: now, periodEnd: now + 2_592_000 }),
      invoiceEvent('evt_app_2', now, ref, {
        id: 'in_app_1',
        paid: true,
        periodStart: now,
        periodEnd: now + 2_592_000,
        reason: 'subscription_create',
      }),
      checkoutCompleted('evt_app_1', now, ref, session.id),
    ]) {
      const d = signedDelivery(e, WHSEC);
      const hook = await t.app.inject({ method: 'POST', url: PAYMENTS_WEBHOOK_PATH, payload: d.payload, headers: d.headers });
      expect(hook.statusCode, hook.body).toBe(200);
    }
    await until(async () => (await licence()).status === 'active', 'licence active');
    const row = await t.pool.query<{ activations: number; subscription_id: string }>(
      'SELECT activations, subscription_id FROM licences WHERE id = $1',
      [lic.id],
    );
    expect(row.rows[0]).toEqual({ activations: 1, subscription_id: 'sub_app_1' });
    // The local provider's page and simulator are not there with Stripe.
    const page = await t.app.inject({ method: 'GET', url: '/api/payments/local-checkout/cs_local_abcdefgh' });
    expect(page.json()).toMatchObject({ data: { reason: 'local_payments_only' } });
  });

  it('a failing Stripe answers 503 and leaves the checkout to be tried again', async () => {
    await fake.close();
    const other = await buildStaff(t, 'independent_agent');
    const res = await injectAs(t.app, other.cookie, { method: 'POST', url: '/api/license/create-checkout' });
    expect(res.statusCode).toBe(503);
    fake = await startFakeStripe({ secretKey: KEY, knownPrices: ['price_licence'] });
  });
});
