import Stripe from 'stripe';
import { PaymentProviderError, type CheckoutInput, type CheckoutSession, type PaymentProvider } from './payments.ts';
import { verifyStripeWebhook } from './verify.ts';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** The recurring price of the licence (price_…). */
  priceId: string;
  /** Stripe's API address; a test points it at its fake (host, port and protocol of the SDK). */
  apiBase: string;
  timeoutMs?: number;
}

/**
 * Stripe Checkout in subscription mode with the licence's price; the licence id travels as the
 * session's client_reference_id and in the subscription's metadata, so every later event of the
 * subscription (its invoices too) names the licence it belongs to.
 */
export function stripePayments(opts: StripeOptions): PaymentProvider {
  const base = new URL(opts.apiBase);
  const stripe = new Stripe(opts.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: opts.timeoutMs ?? 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return {
    kind: 'stripe',
    async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price: opts.priceId, quantity: 1 }],
            client_reference_id: String(input.licenceId),
            customer_email: input.email,
            metadata: { licence_id: String(input.licenceId) },
            subscription_data: { metadata: { licence_id: String(input.licenceId) } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // A second click for the same licence within Stripe's idempotency window gets the same session.
          { idempotencyKey: `licence-checkout-${input.licenceId}-${Math.floor(Date.now() / 600_000)}` },
        );
        if (!session.url) {
          throw new PaymentProviderError('checkout session without url');
        }
        return { sessionId: session.id, url: session.url };
      } catch (err) {
        if (err instanceof PaymentProviderError) {
          throw err;
        }
        const status = (err as { statusCode?: number }).statusCode;
        throw new PaymentProviderError(`Stripe refused the checkout: ${(err as Error).message}`, status);
      }
    },
    verifyWebhook: (raw, signature) => verifyStripeWebhook(raw, signature, opts.webhookSecret),
  };
}
