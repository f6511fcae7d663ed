import { createHmac } from 'node:crypto';
import type { ProviderStatus } from '@bo/domain';

/**
 * Stripe's webhook events as its API (version 2026-10-28) writes them, for the five the licences
 * follow. The local payment provider sends these through the same webhook route as Stripe would; the
 * tests' fake of Stripe and the replay bench make them here too, so every path reads the same shapes.
 */
export type LicenceEventType =
  | 'checkout.session.completed'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted';

export const LICENCE_EVENT_TYPES: readonly LicenceEventType[] = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
];

export interface StripeEventShape {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: LicenceEventType;
  data: { object: Record<string, unknown> };
}

export const STRIPE_API_VERSION = '2026-10-28.endive';

/** What one subscription of one licence is, for building its events. */
export interface SubscriptionRef {
  licenceId: number;
  subscriptionId: string;
  customerId: string;
}

function event(id: string, type: LicenceEventType, created: number, object: Record<string, unknown>): StripeEventShape {
  return {
    id,
    object: 'event',
    api_version: STRIPE_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

const metadataOf = (ref: SubscriptionRef) => ({ licence_id: String(ref.licenceId) });

export function checkoutCompleted(id: string, created: number, ref: SubscriptionRef, sessionId: string): StripeEventShape {
  return event(id, 'checkout.session.completed', created, {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: String(ref.licenceId),
    customer: ref.customerId,
    subscription: ref.subscriptionId,
    metadata: metadataOf(ref),
    created: created - 60,
  });
}

/** An invoice of the subscription for the period [start, end), paid or failed. */
export function invoiceEvent(
  id: string,
  created: number,
  ref: SubscriptionRef,
  invoice: {
    id: string;
    paid: boolean;
    periodStart: number;
    periodEnd: number;
    reason: 'subscription_create' | 'subscription_cycle';
    attempt?: number;
  },
): StripeEventShape {
  return event(id, invoice.paid ? 'invoice.paid' : 'invoice.payment_failed', created, {
    id: invoice.id,
    object: 'invoice',
    customer: ref.customerId,
    status: invoice.paid ? 'paid' : 'open',
    billing_reason: invoice.reason,
    attempt_count: invoice.attempt ?? 1,
    created: invoice.periodStart,
    period_start: invoice.periodStart,
    period_end: invoice.periodEnd,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: ref.subscriptionId, metadata: metadataOf(ref) },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${invoice.id}`,
          object: 'line_item',
          period: { start: invoice.periodStart, end: invoice.periodEnd },
          parent: { type: 'subscription_item_details', subscription_item_details: { subscription: ref.subscriptionId } },
        },
      ],
    },
  });
}

/** The subscription object as Stripe sends it in customer.subscription.* events and answers it. */
export function subscriptionObject(
  ref: SubscriptionRef,
  sub: { status: ProviderStatus; created: number; periodStart: number; periodEnd: number; priceId?: string },
): Record<string, unknown> {
  return {
    id: ref.subscriptionId,
    object: 'subscription',
    customer: ref.customerId,
    status: sub.status,
    created: sub.created,
    start_date: sub.created,
    cancel_at_period_end: false,
    canceled_at: sub.status === 'canceled' ? sub.periodStart : null,
    ended_at: sub.status === 'canceled' ? sub.periodStart : null,
    metadata: metadataOf(ref),
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `si_${ref.subscriptionId}`,
          object: 'subscription_item',
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          price: { id: sub.priceId ?? 'price_licence', object: 'price', recurring: { interval: 'month', interval_count: 1 } },
        },
      ],
    },
  };
}

export function subscriptionEvent(
  id: string,
  created: number,
  ref: SubscriptionRef,
  sub: { status: ProviderStatus; created: number; periodStart: number; periodEnd: number },
): StripeEventShape {
  return event(
    id,
    sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
    created,
    subscriptionObject(ref, sub),
  );
}

/**
 * The `Stripe-Signature` header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload"
 * keyed with the endpoint's signing secret>` (docs.stripe.com/webhooks#verify-manually).
 */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
