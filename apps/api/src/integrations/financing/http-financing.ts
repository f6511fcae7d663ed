import { OMNICAS_STATUSES, type OmnicasStatus } from '@bo/domain';
import { FinancingError, type FinancingOrder, type FinancingProvider } from './financing.ts';

export interface HttpFinancingOptions {
  /** Without a trailing slash; requests go to `{baseUrl}/applications`. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

interface ApplicationAnswer {
  id?: unknown;
  status?: unknown;
  error?: unknown;
  message?: unknown;
}

/**
 * The financing provider's JSON API (docs/finances-operations.md), with `Authorization: Bearer {apiKey}`:
 * - `POST /applications` `{ order_id, reference, contract_number, amount, currency: "CHF", applicant }`
 *   (amount in Rappen) → 201 `{ id, status }`;
 * - `GET /applications/{id}` → 200 `{ id, status }`, 404 when it does not know the id.
 * `status` is `in_examination`, `accepted` or `rejected`; an error answers `{ error, message? }`.
 */
export function httpFinancing(opts: HttpFinancingOptions): FinancingProvider {
  const base = `${opts.baseUrl.replace(/\/+$/, '')}/applications`;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const headers = { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' };

  async function call(url: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<{ id: string; status: OmnicasStatus }> {
    let answer: Response;
    try {
      answer = await fetch(url, {
        method: init.method,
        headers: init.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new FinancingError('provider_unreachable', 'The financing provider did not answer', { cause });
    }
    const raw = await answer.text().catch(() => '');
    const body = parse(raw);
    if (!answer.ok) {
      const detail = typeof body?.message === 'string' ? body.message : typeof body?.error === 'string' ? body.error : raw.slice(0, 200);
      // A 4xx other than bad credentials and rate limits is the provider's answer about this request.
      const refused = answer.status >= 400 && answer.status < 500 && ![401, 403, 408, 429].includes(answer.status);
      throw new FinancingError(
        refused ? 'provider_refused' : 'provider_unreachable',
        `The financing provider answered ${answer.status}${detail ? `: ${detail}` : ''}`,
        { status: answer.status },
      );
    }
    const status = body?.status;
    if (body === null || typeof body.id !== 'string' || !body.id || !isStatus(status)) {
      throw new FinancingError(
        'provider_unreachable',
        `The financing provider answered ${answer.status} without an id and a known status`,
        {
          status: answer.status,
        },
      );
    }
    return { id: body.id, status };
  }

  return {
    provider: 'http',
    async apply(order: FinancingOrder) {
      const answer = await call(base, {
        method: 'POST',
        body: {
          order_id: order.id,
          reference: order.reference,
          contract_number: order.contractNumber,
          amount: order.amount,
          currency: 'CHF',
          applicant: order.client,
        },
      });
      return { providerId: answer.id, status: answer.status };
    },
    async status(providerId: string) {
      return (await call(`${base}/${encodeURIComponent(providerId)}`, { method: 'GET' })).status;
    },
  };
}

function isStatus(value: unknown): value is OmnicasStatus {
  return typeof value === 'string' && (OMNICAS_STATUSES as readonly string[]).includes(value);
}

function parse(text: string): ApplicationAnswer | null {
  try {
    const body = JSON.parse(text) as unknown;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}
