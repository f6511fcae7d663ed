import { isProviderStatus, type ProviderStatus } from '@bo/domain';

/**
 * What one of the provider's events says about a licence's subscription, read from Stripe's objects
 * (API 2026-10-28: an invoice names its subscription under `parent.subscription_details`). Every event
 * carries the licence id (the checkout's client_reference_id, the subscription's metadata, copied onto
 * its invoices), so an event can be applied whatever arrived before it.
 */
export interface Observation {
  licenceId: number | null;
  subscriptionId: string | null;
  customerId: string | null;
  checkoutSessionId: string | null;
  /** The subscription's status this event shows, at the event's time. */
  status: ProviderStatus | null;
  /** The end of a period a paid invoice covers (Unix seconds). */
  paidThrough: number | null;
}

const rec = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const idOf = (v: unknown): string | null => str(v) ?? str(rec(v)?.id);

function licenceIdOf(...candidates: unknown[]): number | null {
  for (const c of candidates) {
    const s = typeof c === 'number' ? String(c) : str(c);
    if (s && /^\d{1,9}$/.test(s) && Number(s) > 0) {
      return Number(s);
    }
  }
  return null;
}

/** The observation of an event of one of the five followed types; null for any other type. */
export function observe(type: string, object: Record<string, unknown>): Observation | null {
  switch (type) {
    case 'checkout.session.completed': {
      if (object.mode !== 'subscription') {
        return null;
      }
      return {
        licenceId: licenceIdOf(object.client_reference_id, rec(object.metadata)?.licence_id),
        subscriptionId: idOf(object.subscription),
        customerId: idOf(object.customer),
        checkoutSessionId: str(object.id),
        // Paid in the checkout: the subscription is running. Unpaid (a delayed method) waits for invoice.paid.
        status: object.payment_status === 'paid' ? 'active' : null,
        paidThrough: null,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const details = rec(rec(object.parent)?.subscription_details);
      const subscriptionId = idOf(details?.subscription) ?? idOf(object.subscription);
      if (!subscriptionId) {
        return null;
      }
      const paid = type === 'invoice.paid';
      const lines = rec(object.lines)?.data;
      const periodEnds = (Array.isArray(lines) ? lines : [])
        .map((l) => rec(rec(l)?.period)?.end)
        .filter((e): e is number => typeof e === 'number');
      const first = object.billing_reason === 'subscription_create';
      return {
        licenceId: licenceIdOf(rec(details?.metadata)?.licence_id, rec(object.metadata)?.licence_id),
        subscriptionId,
        customerId: idOf(object.customer),
        checkoutSessionId: null,
        // A failed first payment leaves the subscription incomplete; a failed renewal makes it past due.
        status: paid ? 'active' : first ? 'incomplete' : 'past_due',
        paidThrough: paid && periodEnds.length > 0 ? Math.max(...periodEnds) : null,
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const status = type === 'customer.subscription.deleted' ? 'canceled' : object.status;
      return {
        licenceId: licenceIdOf(rec(object.metadata)?.licence_id),
        subscriptionId: str(object.id),
        customerId: idOf(object.customer),
        checkoutSessionId: null,
        status: isProviderStatus(status) ? status : null,
        paidThrough: null,
      };
    }
    default:
      return null;
  }
}
