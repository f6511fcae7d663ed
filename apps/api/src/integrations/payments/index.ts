import type { Config } from '../../config.ts';
import { localPayments } from './local-payments.ts';
import type { PaymentProvider } from './payments.ts';
import { stripePayments } from './stripe-payments.ts';

export { LOCAL_CHECKOUT_PAGE, localPayments, type LocalPaymentsOptions } from './local-payments.ts';
export { stripePayments, type StripeOptions } from './stripe-payments.ts';
export {
  PaymentProviderError,
  PaymentMalformedError,
  PaymentSignatureError,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentProvider,
  type VerifiedEvent,
} from './payments.ts';
export * from './stripe-events.ts';

/** The provider named by `PAYMENTS_PROVIDER`: the local default, or Stripe. */
export function createPayments(config: Pick<Config, 'payments' | 'publicUrl'>): PaymentProvider {
  const p = config.payments;
  switch (p.provider) {
    case 'local':
      return localPayments({ publicUrl: config.publicUrl, secret: p.secret });
    case 'stripe':
      return stripePayments({ secretKey: p.secretKey, webhookSecret: p.webhookSecret, priceId: p.priceId, apiBase: p.apiBase });
  }
}
