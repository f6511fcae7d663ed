import type { RecommendationStatus } from './schemas/clients.ts';

/**
 * Recommendations (referral leads): a client names people who might want a demonstration. Spec 4 lists
 * the statuses but not the transitions; ours (docs/recommendations.md):
 *
 * - unconfirmed: the client entered the person; nobody has spoken to them yet. Only now may the client
 *   change or delete it.
 * - confirmed: staff reached the person, who agrees to be contacted. The recommendation becomes a lead
 *   (a client with status user_rec, lead source referral).
 * - pending: the lead has a demonstration booked or held; the reward waits for the outcome.
 * - approved: the reward is granted; `paid_at` is set once it was paid out.
 * - declined: not a valid recommendation (unreachable, refused, already a client …).
 *
 * The way runs forward only; declined is possible from every open step. approved and declined are final.
 */
export const RECOMMENDATION_TRANSITIONS: Readonly<Record<RecommendationStatus, readonly RecommendationStatus[]>> = {
  unconfirmed: ['confirmed', 'declined'],
  confirmed: ['pending', 'declined'],
  pending: ['approved', 'declined'],
  approved: [],
  declined: [],
};

/** Whether staff may move a recommendation from one status to another (staying is no change). */
export function canChangeRecommendationStatus(from: RecommendationStatus, to: RecommendationStatus): boolean {
  return from === to || RECOMMENDATION_TRANSITIONS[from].includes(to);
}

/** The change that turns the recommendation into a lead: the first confirmation. */
export function becomesLead(from: RecommendationStatus, to: RecommendationStatus, hasLead: boolean): boolean {
  return !hasLead && from !== to && to === 'confirmed';
}

/** Only an unconfirmed recommendation may be deleted (spec 8 ONLY_UNCONFIRMED_CAN_BE_DELETED). */
export function canDeleteRecommendation(status: RecommendationStatus): boolean {
  return status === 'unconfirmed';
}

/** Only an approved recommendation has a reward that can be paid (or the payment taken back). */
export function canPayRecommendation(status: RecommendationStatus): boolean {
  return status === 'approved';
}

/** What a viewer may do, besides reading. */
export interface RecommendationRights {
  /** The recommending client (role user) rather than staff. */
  isClient: boolean;
  /** Staff who may change the status (recommendations.status). */
  setStatus: boolean;
  /** May mark the reward as paid (recommendations.pay). */
  pay: boolean;
  /** May create, change and delete at all (recommendations.manage). */
  manage: boolean;
}

export interface RecommendationActions {
  edit: boolean;
  delete: boolean;
  pay: boolean;
  /** The statuses the viewer may move it to next. */
  statuses: RecommendationStatus[];
}

/** Sent with every recommendation, so the browser does not re-derive the rules. */
export function recommendationActions(status: RecommendationStatus, rights: RecommendationRights): RecommendationActions {
  if (!rights.manage) {
    return { edit: false, delete: false, pay: false, statuses: [] };
  }
  return {
    edit: rights.isClient ? status === 'unconfirmed' : true,
    delete: canDeleteRecommendation(status),
    pay: !rights.isClient && rights.pay && canPayRecommendation(status),
    statuses: !rights.isClient && rights.setStatus ? [...RECOMMENDATION_TRANSITIONS[status]] : [],
  };
}

/** Spec 3 "Recommendation counters". */
export interface RecommendationCounters {
  totalRec: number;
  paidRec: number;
  approved: number;
  declined: number;
  confirmed: number;
  unconfirmed: number;
  pending: number;
}

export const RECOMMENDATION_COUNTER_KEYS = [
  'totalRec',
  'paidRec',
  'approved',
  'declined',
  'confirmed',
  'unconfirmed',
  'pending',
] as const satisfies readonly (keyof RecommendationCounters)[];

/** The counters from rows grouped by status and by whether the reward was paid. */
export function recommendationCounters(groups: readonly { status: string; paid: boolean; count: number }[]): RecommendationCounters {
  const counters: RecommendationCounters = { totalRec: 0, paidRec: 0, approved: 0, declined: 0, confirmed: 0, unconfirmed: 0, pending: 0 };
  for (const g of groups) {
    counters.totalRec += g.count;
    if (g.paid) {
      counters.paidRec += g.count;
    }
    switch (g.status) {
      case 'approved':
      case 'declined':
      case 'confirmed':
      case 'unconfirmed':
      case 'pending':
        counters[g.status] += g.count;
        break;
      default:
        // A status outside spec 4 counts in the total only.
        break;
    }
  }
  return counters;
}

/** Spec 4 colours are not given for recommendations; ours follow the way from grey to green or red. */
export const RECOMMENDATION_STATUS_COLOURS: Readonly<Record<RecommendationStatus, 'default' | 'info' | 'warning' | 'success' | 'error'>> = {
  unconfirmed: 'default',
  confirmed: 'info',
  pending: 'warning',
  approved: 'success',
  declined: 'error',
};
