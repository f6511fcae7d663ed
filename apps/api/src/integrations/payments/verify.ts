import Stripe from 'stripe';
import { PaymentMalformedError, PaymentSignatureError, type VerifiedEvent } from './payments.ts';

/** Stripe's own check of a webhook (`stripe.webhooks.constructEvent`): signature over the raw body, within 5 minutes. */
export function verifyStripeWebhook(rawBody: string, signature: string | undefined, secret: string, toleranceSeconds = 300): VerifiedEvent {
  if (!signature) {
    throw new PaymentSignatureError('missing Stripe-Signature');
  }
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, toleranceSeconds);
  } catch (err) {
    // The signature is checked before the body is read: any other failure is a signed body that is no JSON.
    if ((err as { type?: string }).type === 'StripeSignatureVerificationError') {
      throw new PaymentSignatureError((err as Error).message);
    }
    throw new PaymentMalformedError('not JSON');
  }
  const object = (event.data as { object?: unknown } | undefined)?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number' || !isRecord(object)) {
    throw new PaymentMalformedError('not an event');
  }
  return { id: event.id, type: event.type, created: event.created, object };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
