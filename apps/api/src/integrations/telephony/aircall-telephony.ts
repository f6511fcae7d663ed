import { normalisePhone } from '@bo/domain';
import { requireTelephonyUser, TelephonyError, type ListedCall, type Telephony, type TelephonyAgent } from './telephony.ts';

export interface AircallOptions {
  apiId: string;
  apiToken: string;
  /** Without a path; requests go to `{baseUrl}/v1/…`. */
  baseUrl: string;
  timeoutMs?: number;
  /**
   * Aircall's rate limit (429, `Retry-After` in seconds or as a date): how many times a request is sent
   * in all, and the longest wait before one more; waits are bounded so the agent's click gets an answer.
   */
  rateLimit?: { tries?: number; maxDelayMs?: number; sleep?: (ms: number) => Promise<void> };
}

interface AircallNumber {
  id: number;
  digits?: string | null;
}

/**
 * Aircall's public API v1: `POST /v1/users/{user_id}/calls` with `{ number_id, to }` makes the agent's
 * Aircall app dial `to` from that number, and answers 204. The agent's line is either the Aircall number
 * id itself or the number as written (`+41 91 922 15 60`), which is looked up among the user's numbers.
 */
export function aircallTelephony(opts: AircallOptions): Telephony {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${opts.apiId}:${opts.apiToken}`).toString('base64')}`;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const tries = Math.max(1, opts.rateLimit?.tries ?? 3);
  const maxDelayMs = opts.rateLimit?.maxDelayMs ?? 5_000;
  const sleep = opts.rateLimit?.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Sends the request again after Aircall's Retry-After while it answers 429, at most `tries` times in all. */
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await requestOnce(method, path, body);
      } catch (err) {
        if (!(err instanceof RateLimited) || attempt >= tries) {
          throw err instanceof RateLimited ? err.failure : err;
        }
        await sleep(Math.min(maxDelayMs, err.retryAfterMs ?? 1000 * 2 ** (attempt - 1)));
      }
    }
  }

  async function requestOnce(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    let answer: Response;
    try {
      answer = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new TelephonyError('provider_unreachable', `Aircall did not answer ${method} ${path}`, { cause });
    }
    if (answer.ok) {
      return answer;
    }
    const detail = await errorText(answer);
    if (answer.status === 429) {
      throw new RateLimited(
        retryAfterMs(answer.headers.get('retry-after')),
        new TelephonyError('provider_unreachable', `Aircall answered 429 to ${method} ${path}${detail ? `: ${detail}` : ''}`, {
          status: 429,
        }),
      );
    }
    throw new TelephonyError(
      answer.status >= 500 || answer.status === 429 ? 'provider_unreachable' : 'provider_refused',
      `Aircall answered ${answer.status} to ${method} ${path}${detail ? `: ${detail}` : ''}`,
      { status: answer.status },
    );
  }

  async function numberIdOf(userId: string, agent: TelephonyAgent): Promise<number> {
    const line = agent.telephonyNumber?.trim() ?? '';
    if (/^\d+$/.test(line)) {
      return Number(line);
    }
    const answer = await request('GET', `/v1/users/${encodeURIComponent(userId)}`);
    const body = (await answer.json().catch(() => null)) as { user?: { numbers?: AircallNumber[] } } | null;
    const numbers = body?.user?.numbers ?? [];
    const wanted = comparable(line);
    const found = wanted ? numbers.find((n) => comparable(n.digits) === wanted) : numbers[0];
    if (!found) {
      throw new TelephonyError(
        'agent_not_configured',
        line ? `The Aircall user ${userId} has no number ${line}.` : `The Aircall user ${userId} has no number.`,
      );
    }
    return found.id;
  }

  return {
    provider: 'aircall',
    async startCall({ agent, number }) {
      const userId = requireTelephonyUser(agent);
      const numberId = await numberIdOf(userId, agent);
      await request('POST', `/v1/users/${encodeURIComponent(userId)}/calls`, { number_id: numberId, to: number });
      return { providerCallId: null, status: 'dialing' };
    },
    /**
     * `GET /v1/calls?from&to&order=asc&per_page=50&page=N` (Unix seconds; Aircall answers `{ calls, meta }`
     * and pages until `meta.next_page_link` is null; it serves at most 10,000 calls of one query, so a
     * window is kept short). Each page goes through the same rate-limit handling as a dial.
     */
    async listCalls(from, to) {
      const calls: ListedCall[] = [];
      const window = `from=${Math.floor(from.getTime() / 1000)}&to=${Math.floor(to.getTime() / 1000)}`;
      for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
        const answer = await request('GET', `/v1/calls?${window}&order=asc&per_page=${LIST_PAGE_SIZE}&page=${page}`);
        const body = (await answer.json().catch(() => null)) as { calls?: unknown; meta?: { next_page_link?: unknown } } | null;
        if (!body || !Array.isArray(body.calls)) {
          throw new TelephonyError('provider_unreachable', `Aircall answered GET /v1/calls without a list of calls`);
        }
        calls.push(...body.calls.filter((c): c is ListedCall => typeof c === 'object' && c !== null && !Array.isArray(c)));
        if (!body.meta?.next_page_link) {
          break;
        }
      }
      return calls;
    },
  };
}

/** Aircall's largest page of calls, and the 10,000 calls it serves of one query. */
const LIST_PAGE_SIZE = 50;
const MAX_LIST_PAGES = 200;

/** Aircall's 429, to be sent again after its Retry-After. */
class RateLimited extends Error {
  constructor(
    readonly retryAfterMs: number | null,
    readonly failure: TelephonyError,
  ) {
    super(failure.message);
  }
}

/** `Retry-After` as seconds or as an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  const value = header?.trim();
  if (!value) {
    return null;
  }
  if (/^\d+$/.test(value)) {
    return Number(value) * 1000;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** `+41 91 922 15 60`, `091 922 15 60` and `0041919221560` compare equal (Swiss by default). */
function comparable(value: string | null | undefined): string {
  return normalisePhone(value) ?? (value ?? '').replace(/\D/g, '');
}

/** Aircall explains a refusal as `{ "error": "…", "troubleshoot": "…" }`. */
async function errorText(answer: Response): Promise<string> {
  const text = await answer.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; troubleshoot?: unknown; message?: unknown };
    return [body.error, body.troubleshoot ?? body.message].filter((part) => typeof part === 'string' && part).join(' — ');
  } catch {
    return text.slice(0, 200);
  }
}
