import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedDelivery, startFakeStripe } from '../../../test/fake-stripe.ts';
import { PaymentProviderError, PaymentSignatureError } from './payments.ts';
import { subscriptionEvent } from './stripe-events.ts';
import { stripePayments } from './stripe-payments.ts';

const KEY = 'sk_test_fake_0123456789';
const WHSEC = 'whsec_fake_0123456789abcdef';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: KEY, knownPrices: ['price_licence'] });
});
afterAll(async () => {
  await fake.close();
});

const input = { licenceId: 42, agentId: 7, email: 'ia@example.ch', successUrl: 'http://bo.test/ok', cancelUrl: 'http://bo.test/back' };

describe('the Stripe adapter against a server speaking Stripe’s API', () => {
  it('creates a subscription checkout for the licence price, naming the licence for every later event', async () => {
    const stripe = stripePayments({ secretKey: KEY, webhookSecret: WHSEC, priceId: 'price_licence', apiBase: fake.url });
    const session = await stripe.createCheckout(input);
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sent = fake.sessions.at(-1)!;
    expect(sent.id).toBe(session.sessionId);
    expect(sent.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_licence',
      'line_items[0][quantity]': '1',
      client_reference_id: '42',
      customer_email: 'ia@example.ch',
      'metadata[licence_id]': '42',
      'subscription_data[metadata][licence_id]': '42',
      success_url: 'http://bo.test/ok',
      cancel_url: 'http://bo.test/back',
    });
    expect(sent.idempotencyKey).toMatch(/^licence-checkout-42-/);
    // A second click within the idempotency window gets the same page.
    expect((await stripe.createCheckout(input)).sessionId).toBe(session.sessionId);
  });

  it("turns Stripe's refusals into a provider error (a wrong key, an unknown price)", async () => {
    const wrongKey = stripePayments({ secretKey: 'sk_test_wrong', webhookSecret: WHSEC, priceId: 'price_licence', apiBase: fake.url });
    await expect(wrongKey.createCheckout(input)).rejects.toBeInstanceOf(PaymentProviderError);
    const wrongPrice = stripePayments({ secretKey: KEY, webhookSecret: WHSEC, priceId: 'price_gone', apiBase: fake.url });
    await expect(wrongPrice.createCheckout({ ...input, licenceId: 43 })).rejects.toMatchObject({ status: 400 });
  });

  it('accepts a webhook signed with the endpoint secret and refuses any other', () => {
    const stripe = stripePayments({ secretKey: KEY, webhookSecret: WHSEC, priceId: 'price_licence', apiBase: fake.url });
    const event = subscriptionEvent(
      'evt_1',
      1_800_000_000,
      { licenceId: 1, subscriptionId: 'sub_1', customerId: 'cus_1' },
      {
        status: 'active',
        created: 1,
        periodStart: 1,
        periodEnd: 2,
      },
    );
    const good = signedDelivery(event, WHSEC);
    expect(stripe.verifyWebhook(good.payload, good.headers['stripe-signature'])).toMatchObject({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      object: { id: 'sub_1', status: 'active' },
    });
    expect(() => stripe.verifyWebhook(good.payload, undefined)).toThrow(PaymentSignatureError);
    expect(() => stripe.verifyWebhook(good.payload, signedDelivery(event, 'whsec_other').headers['stripe-signature'])).toThrow(
      PaymentSignatureError,
    );
    expect(() => stripe.verifyWebhook(good.payload + ' ', good.headers['stripe-signature'])).toThrow(PaymentSignatureError);
  });
});
