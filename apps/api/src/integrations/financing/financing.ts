import type { OmnicasStatus } from '@bo/domain';

/** What the back office tells the financing provider about an order it asks to finance. */
export interface FinancingOrder {
  /** Our order id; the provider keeps it with the application. */
  id: number;
  /** Rappen. */
  amount: number;
  /** Our reference of the application (the contract or file number the provider quotes back). */
  reference: string;
  contractNumber: string | null;
  client: {
    name: string;
    surname: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    zipcode: string | null;
    city: string | null;
  };
}

export interface FinancingApplication {
  /** The provider's id of the application. */
  providerId: string;
  status: OmnicasStatus;
}

/**
 * A payment-financing provider (Omnicas): it examines an application and accepts or rejects it. The
 * local provider keeps no decisions of its own: an admin or sales agent records the decision in the
 * back office; a real provider decides and is asked for its answer.
 */
export interface FinancingProvider {
  readonly provider: 'local' | 'http';
  apply(order: FinancingOrder): Promise<FinancingApplication>;
  /** The provider's current decision; null when it keeps none (the local provider). */
  status(providerId: string): Promise<OmnicasStatus | null>;
}

/**
 * `provider_refused`: the provider refused this request (invalid data, unknown application): asking again
 * gets the same answer. `provider_unreachable`: network error, timeout, 5xx, refused credentials or an
 * answer we cannot read, worth trying again later.
 */
export type FinancingFailure = 'provider_refused' | 'provider_unreachable';

export class FinancingError extends Error {
  override readonly name = 'FinancingError';
  readonly reason: FinancingFailure;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(reason: FinancingFailure, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.status = opts.status;
  }
}
