/**
 * The card-payment provider of the independent agents' licences: a hosted checkout that starts a
 * subscription, and the signed webhooks that tell what became of it. Stripe Checkout and Billing
 * (stripe-payments.ts), or the local provider (local-payments.ts) that needs no network and sends the
 * same Stripe-shaped webhooks through the same route.
 */
export interface CheckoutInput {
  licenceId: number;
  agentId: number;
  email: string;
  /** Where the provider sends the agent back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

/** A webhook event whose signature was checked: Stripe's event object, untyped beyond its envelope. */
export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** The event of a webhook, if its `Stripe-Signature` matches the raw body (else PaymentSignatureError). */
  verifyWebhook(rawBody: string, signature: string | undefined): VerifiedEvent;
}

export class PaymentSignatureError extends Error {}

/** A correctly signed body that is no event. */
export class PaymentMalformedError extends Error {}

/** The provider could not be reached or refused the request. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
