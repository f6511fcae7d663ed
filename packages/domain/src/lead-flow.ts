import type { ClientStatus } from './enums.ts';
import type { ContactHistoryBody, ContactType } from './schemas/client-record.ts';
import type { ValidationKey } from './errors.ts';

/**
 * The lead flow (spec 2: `…/lead-flow/{leadHash}` and `partner-dashboard/partner-flow/{leadHash}`): a call
 * agent's guided pass through one lead — see it, call it, log how the call ended, which sets its status.
 *
 * The lead hash is the client id written in decimal. It is an address, not a secret: every call the
 * flow makes (GET /api/user/{id}, add-contact-history, initiate-call) checks the caller's scope on the
 * server, so an encoding would only hide what the show-user address shows anyway. Should a flow ever be
 * opened by someone outside the back office, this becomes a signed token checked by the server.
 */
export function leadHashOf(clientId: number): string {
  return String(clientId);
}

/** The client id of a lead hash; undefined for anything that is not one. */
export function leadIdOf(hash: string | undefined): number | undefined {
  if (!hash || !/^[1-9]\d{0,9}$/.test(hash)) {
    return undefined;
  }
  const id = Number(hash);
  return id <= 2_147_483_647 ? id : undefined;
}

/** How a call with a lead ended, as the agent picks it in step 2 ("Ergebnis"). */
export const LEAD_OUTCOMES = ['reached_interested', 'not_reached', 'recall', 'wrong_number', 'not_interested'] as const;
export type LeadOutcome = (typeof LEAD_OUTCOMES)[number];

/**
 * What each outcome records: the contact type of the entry in the contact history and the status the
 * lead ends with. An interested lead goes to the sales agents (booking the demo follows with the
 * calendar); a recall stays with the call agents until the time to call back; the others leave the
 * call agents' make-a-demo list.
 */
export const LEAD_OUTCOME_RESULTS: Record<LeadOutcome, { type: ContactType; status: ClientStatus }> = {
  reached_interested: { type: 'call', status: 'sale_agents' },
  not_reached: { type: 'call', status: 'not_answered' },
  recall: { type: 'recall', status: 'call_agents' },
  wrong_number: { type: 'call', status: 'wrong_data' },
  not_interested: { type: 'call', status: 'not_interested' },
};

export interface LeadOutcomeInput {
  outcome: LeadOutcome;
  comment: string;
  /** When to call back (an instant, ISO 8601); only a recall needs it. */
  recallAt: string | null;
}

export type LeadOutcomeCheck =
  { ok: true; body: ContactHistoryBody } | { ok: false; fieldValidation: Partial<Record<'recall_at' | 'comment', ValidationKey>> };

/**
 * The body of POST /api/clients/add-contact-history/{id} for an outcome, or why it cannot be sent:
 * a recall needs a time to call back, and that time must lie ahead of `now`.
 */
export function leadOutcomeContact(input: LeadOutcomeInput, now: Date): LeadOutcomeCheck {
  const { type, status } = LEAD_OUTCOME_RESULTS[input.outcome];
  const comment = input.comment.trim();
  if (comment.length > 2000) {
    return { ok: false, fieldValidation: { comment: 'too_long' } };
  }
  let recallAt: string | null = null;
  if (input.outcome === 'recall') {
    const at = input.recallAt ? new Date(input.recallAt) : undefined;
    if (!at || Number.isNaN(at.getTime())) {
      return { ok: false, fieldValidation: { recall_at: 'field_is_required' } };
    }
    if (at.getTime() <= now.getTime()) {
      return { ok: false, fieldValidation: { recall_at: 'invalid_value' } };
    }
    recallAt = at.toISOString();
  }
  return { ok: true, body: { type, flow: 'lead_flow', time_to_call: null, comment, recall_at: recallAt, status } };
}
