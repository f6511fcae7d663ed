import { normalisePhone } from '@bo/domain';
import { requireTelephonyUser, TelephonyError, type Telephony, type TelephonyAgent } from './telephony.ts';

export interface AircallOptions {
  apiId: string;
  apiToken: string;
  /** Without a path; requests go to `{baseUrl}/v1/…`. */
  baseUrl: string;
  timeoutMs?: number;
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

  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
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
  };
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
