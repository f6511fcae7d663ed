import { randomBytes } from 'node:crypto';
import type { CheckoutInput, CheckoutSession, PaymentProvider } from './payments.ts';
import { verifyStripeWebhook } from './verify.ts';

export const LOCAL_CHECKOUT_PAGE = '/checkout/local';

export interface LocalPaymentsOptions {
  /** PUBLIC_URL: the checkout page is the app's own. */
  publicUrl: string;
  /** The key its webhooks are signed with, Stripe's way. */
  secret: string;
}

/**
 * The offline payment provider: its checkout is a page of the app (`/checkout/local/{session}`) where
 * the agent pays or has the payment fail; the licences module then signs Stripe-shaped events with
 * this provider's secret and posts them to the same webhook route Stripe uses (stripe-events.ts).
 */
export function localPayments(opts: LocalPaymentsOptions): PaymentProvider & { secret: string } {
  const base = opts.publicUrl.replace(/\/+$/, '');
  return {
    kind: 'local',
    secret: opts.secret,
    createCheckout(_input: CheckoutInput): Promise<CheckoutSession> {
      const sessionId = `cs_local_${randomBytes(18)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x')}`;
      return Promise.resolve({ sessionId, url: `${base}${LOCAL_CHECKOUT_PAGE}/${sessionId}` });
    },
    verifyWebhook: (raw, signature) => verifyStripeWebhook(raw, signature, opts.secret),
  };
}
