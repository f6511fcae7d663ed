/** The agent who places the call, as their account's telephony settings stand. */
export interface TelephonyAgent {
  /** The agent's user id at the provider (for Aircall, the numeric user id). */
  telephonyUserId: string | null;
  /** The line the agent calls from: the provider's number id, or the number itself in any writing. */
  telephonyNumber: string | null;
}

export interface StartCallInput {
  agent: TelephonyAgent;
  /** Whom to call, in E.164 (`+41791234567`). */
  number: string;
  /** The client called, when the call is placed from one (the local telephony files the simulated call under it). */
  clientId?: number;
}

export interface StartedCall {
  /** The provider's id of the call, when it answers with one (Aircall answers 204 without a body). */
  providerCallId: string | null;
  /** `dialing`: the provider rings the agent's phone now. `recorded`: no provider; the attempt is only recorded. */
  status: 'dialing' | 'recorded';
}

/**
 * A call as the provider lists it (for Aircall, its call resource: the same object its webhooks carry
 * as `data`), read by the telephony module like a webhook's.
 */
export type ListedCall = Record<string, unknown>;

/** How a user starts a call from a client (GET /api/clients/initiate-call/{id}). The caller stores the attempt. */
export interface Telephony {
  readonly provider: string;
  startCall(input: StartCallInput): Promise<StartedCall>;
  /**
   * The calls that started within [from, to), oldest first, every page; what the call log is checked
   * against, in case a webhook never arrived. Absent where the provider has no such list (the local
   * default: its calls go through the webhook path itself).
   */
  listCalls?(from: Date, to: Date): Promise<ListedCall[]>;
}

/**
 * Why a call did not start. `agent_not_configured`: the agent has no telephony user (or no line);
 * `provider_refused`: the provider answered 4xx (unknown user or number, agent unavailable, bad credentials);
 * `provider_unreachable`: network error, timeout or 5xx, worth trying again later.
 */
export type TelephonyFailure = 'agent_not_configured' | 'provider_refused' | 'provider_unreachable';

export class TelephonyError extends Error {
  override readonly name = 'TelephonyError';
  readonly reason: TelephonyFailure;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(reason: TelephonyFailure, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.status = opts.status;
  }
}

/** Every adapter refuses an agent without a telephony user, so the flow is the same with and without a provider. */
export function requireTelephonyUser(agent: TelephonyAgent): string {
  const id = agent.telephonyUserId?.trim();
  if (!id) {
    throw new TelephonyError('agent_not_configured', 'The agent has no telephony user id.');
  }
  return id;
}
