import type { Permission } from './permissions.ts';

/**
 * The independent agent's licence (spec 1, 3, 4): its status (active, expired, inactive), its flow
 * (recurrent: a card subscription through the payment provider; single and obligation: activated by
 * an admin for a fixed term), and the card provider's subscription statuses that drive a recurrent one.
 */

export const LICENCE_STATUSES = ['active', 'expired', 'inactive'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const LICENCE_FLOWS = ['recurrent', 'single', 'obligation'] as const;
export type LicenceFlow = (typeof LICENCE_FLOWS)[number];

/** The card provider's subscription statuses (spec 4; Stripe's `subscription.status`). */
export const PROVIDER_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid'] as const;
export type ProviderStatus = (typeof PROVIDER_STATUSES)[number];

export function isProviderStatus(value: unknown): value is ProviderStatus {
  return typeof value === 'string' && (PROVIDER_STATUSES as readonly string[]).includes(value);
}

/** An admin-activated licence (single, obligation) is first requested, then activated. */
export const ACTIVATION_STATES = ['requested', 'activated'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];

/** Days an agent keeps full access after a renewal failed, unless the admin sets another number. */
export const LICENCE_GRACE_DEFAULT_DAYS = 7;
export const LICENCE_GRACE_LIMITS = { min: 0, max: 90 } as const;

/** Statuses in which the agent owes a payment: access is kept during the grace period, then restricted. */
export const OWING_STATUSES: readonly ProviderStatus[] = ['past_due', 'unpaid'];

/** Whether a licence owes a payment, so that the grace period may run out (only then can it restrict the agent). */
export function owesPayment(facts: Pick<LicenceFacts, 'flow' | 'providerStatus'>): boolean {
  return facts.flow === 'recurrent' && facts.providerStatus !== null && OWING_STATUSES.includes(facts.providerStatus);
}
/** Statuses after which the provider never changes the subscription again. */
const TERMINAL: readonly ProviderStatus[] = ['canceled', 'incomplete_expired'];

export interface LicenceFacts {
  flow: LicenceFlow;
  /** Recurrent: the subscription's last applied status; null before the first webhook. */
  providerStatus: ProviderStatus | null;
  /** Recurrent: when the subscription started owing (past_due or unpaid). */
  owingSince: Date | null;
  /** Single and obligation: whether the admin has activated it, and until when it holds. */
  activation: ActivationState | null;
  validUntil: Date | null;
}

export interface LicenceState {
  status: LicenceStatus;
  /** The agent's access is restricted (a payment owed past the grace period). */
  restricted: boolean;
  /** While a payment is owed: the end of the grace period. */
  graceEndsAt: Date | null;
}

/**
 * The one mapping from what is known of a licence to its status. A recurrent licence follows its
 * subscription: paid (active, trialing) is active; owing (past_due, unpaid) stays active for the grace
 * period, then it is expired and the agent's access restricted; ended (canceled) is expired; never
 * paid (incomplete, incomplete_expired, none yet) is inactive. A single or obligation licence is
 * active from the admin's activation until its end date, expired after it, inactive while requested.
 */
export function licenceState(facts: LicenceFacts, now: Date, graceDays: number): LicenceState {
  const none = { restricted: false, graceEndsAt: null };
  if (facts.flow !== 'recurrent') {
    if (facts.activation !== 'activated') {
      return { status: 'inactive', ...none };
    }
    return { status: facts.validUntil === null || facts.validUntil > now ? 'active' : 'expired', ...none };
  }
  const s = facts.providerStatus;
  if (s === null || s === 'incomplete' || s === 'incomplete_expired') {
    return { status: 'inactive', ...none };
  }
  if (s === 'active' || s === 'trialing') {
    return { status: 'active', ...none };
  }
  if (s === 'canceled') {
    return { status: 'expired', ...none };
  }
  // past_due, unpaid
  const since = facts.owingSince ?? now;
  const graceEndsAt = new Date(since.getTime() + Math.max(0, graceDays) * 86_400_000);
  // No grace at all restricts at once, whatever the clock of the event that started the debt.
  const within = graceDays > 0 && now < graceEndsAt;
  return { status: within ? 'active' : 'expired', restricted: !within, graceEndsAt };
}

/**
 * What an independent agent whose licence restricts them (a payment owed past the grace period) may
 * still do: their profile, sign-out and socket, the statuses and settings the pages read, and their
 * licence, to pay it. Every other call is refused with the refusal `licence_restricted` until the
 * provider reports the payment (docs/licences.md "Access while a payment is owed").
 */
export const KEPT_WHILE_RESTRICTED: readonly Permission[] = ['profile.self', 'statuses.read', 'settings.read', 'licences.own'];

/** Whether a route's permission stays open to an agent whose licence restricts them. */
export function keptWhileRestricted(permission: Permission): boolean {
  return KEPT_WHILE_RESTRICTED.includes(permission);
}

/** Order of the statuses of one subscription's life, to order two observations made in the same second. */
const LIFECYCLE_RANK: Record<ProviderStatus, number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 3,
  unpaid: 4,
  incomplete_expired: 5,
  canceled: 6,
};

/** A status the provider reported at a time (Unix seconds of its event). */
export interface StatusObservation {
  status: ProviderStatus;
  at: number;
}

/**
 * Whether an observation of the subscription's status replaces the one applied before: the provider's
 * time decides, not the order the webhooks arrived in. Within the same second (Stripe's events carry
 * whole seconds) the later stage of the subscription's life wins. An ended subscription stays ended:
 * Stripe never changes a canceled or expired subscription again.
 */
export function observationSupersedes(current: StatusObservation | null, next: StatusObservation): boolean {
  if (current === null) {
    return true;
  }
  if (TERMINAL.includes(current.status)) {
    return false;
  }
  if (TERMINAL.includes(next.status)) {
    return true;
  }
  if (next.at !== current.at) {
    return next.at > current.at;
  }
  return LIFECYCLE_RANK[next.status] > LIFECYCLE_RANK[current.status];
}

/**
 * When the subscription started owing after an observation is applied: kept while it still owes,
 * the observation's time when it starts owing, none once it is paid or ended.
 */
export function owingSinceAfter(previous: ProviderStatus | null, owingSince: Date | null, next: StatusObservation): Date | null {
  if (!OWING_STATUSES.includes(next.status)) {
    return null;
  }
  if (previous !== null && OWING_STATUSES.includes(previous) && owingSince !== null) {
    return owingSince;
  }
  return new Date(next.at * 1000);
}

/**
 * Whether an event activates the licence: the first sign that it was paid (a paid invoice, the
 * subscription active or trialing) does, whichever of them arrives first and in whatever order the
 * provider's events come; a licence is activated once, so a later payment or a recovery from past_due
 * never activates it again.
 */
export function isActivation(alreadyActivated: boolean, evidence: { status: ProviderStatus | null; paidInvoice: boolean }): boolean {
  return !alreadyActivated && (evidence.paidInvoice || evidence.status === 'active' || evidence.status === 'trialing');
}
