/**
 * Aircall's side of the webhooks, as documented (developer.aircall.io "Webhooks"): it POSTs JSON
 * `{ resource, event, timestamp, token, data }` to the registered URL, the token of the webhook in the
 * body, and sends an event again when it got no 2xx answer (or no answer in time). The call object
 * carries the times in Unix seconds and the other party's number in `raw_digits`.
 */

export interface FakeCall {
  id: number;
  direction: 'inbound' | 'outbound';
  rawDigits: string;
  /** Aircall's user id of the agent. */
  userId: number;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number;
  duration: number;
  voicemail?: string | null;
}

export type CallEventName = 'call.created' | 'call.ringing_on_agent' | 'call.answered' | 'call.hungup' | 'call.ended';

export interface Delivery {
  event: string;
  status: number;
  attempts: number;
}

/** The webhook body Aircall sends for a call at one event (what it knows of the call then). */
export function callWebhook(call: FakeCall, event: CallEventName, token: string, overrides: Record<string, unknown> = {}) {
  const stage = { 'call.created': 0, 'call.ringing_on_agent': 1, 'call.answered': 2, 'call.hungup': 3, 'call.ended': 4 }[event];
  const at =
    stage === 0
      ? call.startedAt
      : stage === 1
        ? call.startedAt + 1
        : stage === 2
          ? (call.answeredAt ?? call.startedAt)
          : stage === 3
            ? call.endedAt
            : call.endedAt + 30;
  const done = stage >= 3;
  return {
    resource: 'call',
    event,
    timestamp: at,
    token,
    data: {
      id: call.id,
      direct_link: `https://api.aircall.io/v1/calls/${call.id}`,
      direction: call.direction,
      status: done ? 'done' : stage === 2 ? 'answered' : 'initial',
      missed_call_reason: done && call.answeredAt === null && call.direction === 'inbound' ? 'agents_did_not_answer' : null,
      started_at: call.startedAt,
      answered_at: stage >= 2 ? call.answeredAt : null,
      ended_at: done ? call.endedAt : null,
      // call.hungup comes at once with what Aircall knows then; call.ended ~30 s later with the final figures.
      duration: stage === 4 ? call.duration : stage === 3 ? Math.max(0, call.duration - 3) : 0,
      raw_digits: call.rawDigits,
      voicemail: stage === 4 ? (call.voicemail ?? null) : null,
      archived: false,
      user: {
        id: call.userId,
        direct_link: `https://api.aircall.io/v1/users/${call.userId}`,
        name: 'Agent',
        email: 'agent@example.ch',
        available: true,
      },
      number: {
        id: 1234,
        direct_link: 'https://api.aircall.io/v1/numbers/1234',
        name: 'Hauptnummer',
        digits: '+41 44 500 10 10',
        country: 'CH',
        time_zone: 'Europe/Zurich',
      },
      contact: null,
      tags: [],
      ...overrides,
    },
  };
}

/** The call as Aircall's API lists it (`GET /v1/calls`): the call object of its webhooks, finished or still running. */
export function callResource(call: FakeCall, opts: { running?: boolean } = {}): Record<string, unknown> {
  return callWebhook(call, opts.running ? 'call.answered' : 'call.ended', '').data;
}

/** Aircall's user.opened / user.closed for an agent. */
export function userWebhook(userId: number, open: boolean, timestamp: number, token: string) {
  return {
    resource: 'user',
    event: open ? 'user.opened' : 'user.closed',
    timestamp,
    token,
    data: {
      id: userId,
      name: 'Agent',
      email: 'agent@example.ch',
      available: open,
      availability_status: open ? 'available' : 'unavailable',
    },
  };
}

/** The events of a call in Aircall's order: an inbound call rings on the agent, an outbound one does not. */
export function eventsOf(call: FakeCall): CallEventName[] {
  const out: CallEventName[] = ['call.created'];
  if (call.direction === 'inbound') {
    out.push('call.ringing_on_agent');
  }
  if (call.answeredAt !== null) {
    out.push('call.answered');
  }
  out.push('call.hungup', 'call.ended');
  return out;
}

/**
 * Posts webhooks to `url` as Aircall does: JSON, and again after a non-2xx answer or a network error,
 * up to `retries` more times. `lostAnswers` makes it send an event twice although it was answered (the
 * answer did not reach Aircall in time), as happens in production.
 */
export function fakeAircall(url: string, opts: { retries?: number } = {}) {
  const retries = opts.retries ?? 2;
  async function post(body: unknown): Promise<number> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Aircall-Webhook' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }
  return {
    async deliver(body: { event?: unknown }, o: { lostAnswers?: number } = {}): Promise<Delivery> {
      let attempts = 0;
      let status = 0;
      for (let i = 0; i <= (o.lostAnswers ?? 0); i += 1) {
        do {
          attempts += 1;
          status = await post(body);
        } while ((status < 200 || status >= 300) && status !== 403 && attempts <= retries);
      }
      return { event: String(body.event), status, attempts };
    },
  };
}

/**
 * Aircall's public API as far as the app uses it: `POST /v1/users/{id}/calls` with `{ number_id, to }`,
 * Basic auth, answered 204; `GET /v1/calls?from&to&order&per_page&page` listing `calls` (the call
 * resources, Unix seconds) with `meta.next_page_link` while more pages follow; `rateLimited` makes the
 * next requests answer 429 with `Retry-After`.
 */
export async function startFakeAircallApi() {
  const { createServer } = await import('node:http');
  const dialed: { userId: string; to: string }[] = [];
  /** The calls the account's list holds (`callResource` of a FakeCall, or as it was while running). */
  const calls: Record<string, unknown>[] = [];
  const listRequests: string[] = [];
  const state = { rateLimited: 0, retryAfter: '0' };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://aircall.test');
      if (req.method === 'GET' && url.pathname === '/v1/calls' && (req.headers.authorization ?? '').startsWith('Basic ')) {
        listRequests.push(url.search);
        if (state.rateLimited > 0) {
          state.rateLimited -= 1;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': state.retryAfter });
          res.end(JSON.stringify({ error: 'Too Many Requests' }));
          return;
        }
        const from = Number(url.searchParams.get('from') ?? 0);
        const to = Number(url.searchParams.get('to') ?? Number.MAX_SAFE_INTEGER);
        const perPage = Math.min(50, Number(url.searchParams.get('per_page') ?? 20));
        const page = Number(url.searchParams.get('page') ?? 1);
        const inWindow = calls
          .filter((c) => (c.started_at as number) >= from && (c.started_at as number) < to)
          .sort((a, b) => (a.started_at as number) - (b.started_at as number));
        const shown = inWindow.slice((page - 1) * perPage, page * perPage);
        const more = page * perPage < inWindow.length;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            calls: shown,
            meta: {
              count: shown.length,
              total: inWindow.length,
              current_page: page,
              per_page: perPage,
              next_page_link: more ? `https://api.aircall.io/v1/calls?page=${page + 1}&per_page=${perPage}` : null,
              previous_page_link: page > 1 ? `https://api.aircall.io/v1/calls?page=${page - 1}&per_page=${perPage}` : null,
            },
          }),
        );
        return;
      }
      const match = /^\/v1\/users\/(\d+)\/calls$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match || !(req.headers.authorization ?? '').startsWith('Basic ')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'Not found' }));
        return;
      }
      if (state.rateLimited > 0) {
        state.rateLimited -= 1;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': state.retryAfter });
        res.end(JSON.stringify({ error: 'Too Many Requests', troubleshoot: 'Rate limit reached' }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { to?: string };
      dialed.push({ userId: match[1]!, to: body.to ?? '' });
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dialed,
    calls,
    listRequests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
