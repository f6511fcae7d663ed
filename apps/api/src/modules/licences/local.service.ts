import { randomBytes } from 'node:crypto';
import { AppError, refused } from '../../core/errors.ts';
import {
  checkoutCompleted,
  invoiceEvent,
  stripeSignature,
  subscriptionEvent,
  type StripeEventShape,
  type SubscriptionRef,
} from '../../integrations/payments/index.ts';
import * as repo from './repo.ts';
import { applyPendingEvents, type LicenceDeps } from './service.ts';

/** What the local provider needs beyond the licences' deps: how to post a webhook to the app's own route. */
export interface LocalPaymentDeps extends LicenceDeps {
  /** Posts a signed webhook to POST /api/webhooks/stripe, as Stripe would (app.inject in app.ts). */
  deliver(rawBody: string, signature: string): Promise<void>;
  /** The licence's monthly fee in Rappen, shown on the page. */
  monthlyFee: number;
}

const PERIOD_SECONDS = 30 * 86_400;
const eventId = () => `evt_local_${randomBytes(12).toString('hex')}`;

function localSecret(deps: LocalPaymentDeps): string {
  const p = deps.payments as { kind: string; secret?: string };
  if (p.kind !== 'local' || !p.secret) {
    throw refused('local_payments_only', 'The local payment provider is not in use.');
  }
  return p.secret;
}

/**
 * Posts the events to the webhook route as the provider would, then applies what is stored at once
 * rather than leaving it to the worker: the agent comes back from the page, and the admin's simulator
 * answers, with the licence already changed.
 */
async function send(deps: LocalPaymentDeps, secret: string, events: StripeEventShape[]): Promise<void> {
  for (const e of events) {
    const raw = JSON.stringify(e);
    await deps.deliver(raw, stripeSignature(raw, secret));
  }
  await applyPendingEvents(deps.db);
}

/** GET /api/payments/local-checkout/{session}: what the local checkout page shows. */
export async function localCheckout(deps: LocalPaymentDeps, sessionId: string) {
  localSecret(deps);
  const row = await repo.licenceBy(deps.db, { checkoutSessionId: sessionId });
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  const agent = await repo.agentById(deps.db, row.agentId);
  return {
    session_id: sessionId,
    agent: { name: agent?.name ?? '', surname: agent?.surname ?? '' },
    amount: deps.monthlyFee,
    currency: 'CHF',
    open: row.subscriptionId === null,
  };
}

/**
 * POST /api/payments/local-checkout/{session}: the agent pays (the subscription starts: Stripe's
 * checkout.session.completed, invoice.paid and customer.subscription.updated), the card is declined
 * (the subscription stays incomplete: invoice.payment_failed and customer.subscription.updated), or
 * gives up (nothing is sent). Answers where the provider sends the agent back.
 */
export async function completeLocalCheckout(deps: LocalPaymentDeps, sessionId: string, outcome: 'pay' | 'fail' | 'cancel') {
  const secret = localSecret(deps);
  const row = await repo.licenceBy(deps.db, { checkoutSessionId: sessionId });
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  const back = `${deps.publicUrl.replace(/\/+$/, '')}/ia-dashboard/license`;
  if (outcome === 'cancel') {
    return { redirect_url: `${back}?checkout=canceled` };
  }
  if (row.subscriptionId !== null) {
    throw refused('checkout_closed', 'This checkout was completed already.');
  }
  const ref: SubscriptionRef = {
    licenceId: row.id,
    subscriptionId: `sub_local_${randomBytes(9).toString('hex')}`,
    customerId: `cus_local_${row.agentId}`,
  };
  // The subscription's id is the session's from now on: a second submit of the page is refused.
  await repo.updateLicence(deps.db, row.id, { subscriptionId: ref.subscriptionId, customerId: ref.customerId });
  const now = Math.floor(Date.now() / 1000);
  const period = { created: now, periodStart: now, periodEnd: now + PERIOD_SECONDS };
  const invoice = {
    id: `in_local_${randomBytes(9).toString('hex')}`,
    periodStart: now,
    periodEnd: now + PERIOD_SECONDS,
    reason: 'subscription_create' as const,
  };
  if (outcome === 'pay') {
    await send(deps, secret, [
      checkoutCompleted(eventId(), now, ref, sessionId),
      invoiceEvent(eventId(), now, ref, { ...invoice, paid: true }),
      subscriptionEvent(eventId(), now, ref, { status: 'active', ...period }),
    ]);
    return { redirect_url: `${back}?checkout=success` };
  }
  await send(deps, secret, [
    invoiceEvent(eventId(), now, ref, { ...invoice, paid: false }),
    subscriptionEvent(eventId(), now, ref, { status: 'incomplete', ...period }),
  ]);
  return { redirect_url: `${back}?checkout=failed` };
}

/**
 * POST /api/payments/local-simulate/{id}: what the provider would send at the licence's next renewal
 * (paid, failed), when it gives up collecting (unpaid) or when the subscription ends (canceled). Each
 * event is dated after the subscription's last one, as the provider's would be.
 */
export async function simulateRenewal(
  deps: LocalPaymentDeps,
  licenceId: number,
  outcome: 'renewal_paid' | 'renewal_failed' | 'unpaid' | 'canceled',
) {
  const secret = localSecret(deps);
  const row = await repo.licenceById(deps.db, licenceId);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  if (!row.subscriptionId || !row.customerId || row.flow !== 'recurrent') {
    throw refused('local_payments_only', 'The licence has no subscription of the local provider.');
  }
  const ref: SubscriptionRef = { licenceId: row.id, subscriptionId: row.subscriptionId, customerId: row.customerId };
  const at = Math.max(Math.floor(Date.now() / 1000), (row.providerStatusAt ?? 0) + 1);
  const start = row.paidUntil ? Math.floor(row.paidUntil.getTime() / 1000) : at;
  const period = { created: Math.floor(row.createdAt.getTime() / 1000), periodStart: start, periodEnd: start + PERIOD_SECONDS };
  const invoice = {
    id: `in_local_${randomBytes(9).toString('hex')}`,
    periodStart: start,
    periodEnd: start + PERIOD_SECONDS,
    reason: 'subscription_cycle' as const,
  };
  switch (outcome) {
    case 'renewal_paid':
      await send(deps, secret, [
        invoiceEvent(eventId(), at, ref, { ...invoice, paid: true }),
        subscriptionEvent(eventId(), at, ref, { status: 'active', ...period }),
      ]);
      break;
    case 'renewal_failed':
      await send(deps, secret, [
        invoiceEvent(eventId(), at, ref, { ...invoice, paid: false }),
        subscriptionEvent(eventId(), at, ref, { status: 'past_due', ...period }),
      ]);
      break;
    case 'unpaid':
      await send(deps, secret, [subscriptionEvent(eventId(), at, ref, { status: 'unpaid', ...period })]);
      break;
    case 'canceled':
      await send(deps, secret, [subscriptionEvent(eventId(), at, ref, { status: 'canceled', ...period })]);
      break;
  }
}
