import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aircallTelephony, retryAfterMs } from './aircall-telephony.ts';
import { TelephonyError, type TelephonyAgent } from './telephony.ts';

interface Received {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  body: unknown;
}

/**
 * A local server speaking Aircall's public API v1 as documented: Basic auth with the API id and token,
 * `GET /v1/users/{id}` with the user's numbers, `POST /v1/users/{id}/calls` with `{ number_id, to }`
 * answered 204, and errors as `{ error, troubleshoot }`.
 */
async function startFakeAircall(apiId: string, apiToken: string) {
  const received: Received[] = [];
  const users = new Map([
    [
      '810235',
      {
        id: 810235,
        numbers: [
          { id: 111, digits: '+41 44 500 10 10' },
          { id: 222, digits: '+41 91 922 15 60' },
        ],
      },
    ],
  ]);
  /** `rateLimited`: how many of the next dial requests Aircall answers 429 with `Retry-After: retryAfter`. */
  const state = { callAnswer: 204, rateLimited: 0, retryAfter: '1' };
  const expected = `Basic ${Buffer.from(`${apiId}:${apiToken}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://aircall.local').pathname;
      received.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== expected) {
        json(401, { error: 'Unauthorized', troubleshoot: 'Check your api_id and api_token' });
        return;
      }
      const userMatch = /^\/v1\/users\/(\d+)$/.exec(path);
      const callMatch = /^\/v1\/users\/(\d+)\/calls$/.exec(path);
      const user = users.get(userMatch?.[1] ?? callMatch?.[1] ?? '');
      if (!user) {
        json(404, { error: 'Not found', troubleshoot: 'Check the user id' });
        return;
      }
      if (req.method === 'GET' && userMatch) {
        json(200, { user: { ...user, name: 'Sales Agent', available: true } });
        return;
      }
      if (req.method === 'POST' && callMatch) {
        const body = JSON.parse(raw || '{}') as { number_id?: unknown; to?: unknown };
        if (!Number.isInteger(body.number_id) || typeof body.to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(body.to)) {
          json(400, { error: 'Bad Request', troubleshoot: 'number_id and to (E.164) are required' });
          return;
        }
        if (!user.numbers.some((n) => n.id === body.number_id)) {
          json(400, { error: 'Bad Request', troubleshoot: 'User is not assigned to this number' });
          return;
        }
        if (state.rateLimited > 0) {
          state.rateLimited -= 1;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': state.retryAfter });
          res.end(JSON.stringify({ error: 'Too Many Requests', troubleshoot: 'Rate limit reached, retry later' }));
          return;
        }
        if (state.callAnswer === 500) {
          json(500, { error: 'Internal Server Error' });
          return;
        }
        if (state.callAnswer === 400) {
          json(400, { error: 'Bad Request', troubleshoot: 'User is not available' });
          return;
        }
        res.writeHead(204);
        res.end();
        return;
      }
      json(404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let aircall: Awaited<ReturnType<typeof startFakeAircall>>;

beforeAll(async () => {
  aircall = await startFakeAircall('api-id-1', 'token-1');
});

afterAll(async () => {
  await aircall?.close();
});

beforeEach(() => {
  aircall.received.length = 0;
  aircall.state.callAnswer = 204;
  aircall.state.rateLimited = 0;
  aircall.state.retryAfter = '1';
});

const telephony = () => aircallTelephony({ apiId: 'api-id-1', apiToken: 'token-1', baseUrl: `${aircall.baseUrl}/` });
const agent = (telephonyNumber: string | null, telephonyUserId: string | null = '810235'): TelephonyAgent => ({
  telephonyUserId,
  telephonyNumber,
});

async function failure(promise: Promise<unknown>): Promise<TelephonyError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TelephonyError);
  return error as TelephonyError;
}

describe('Aircall telephony', () => {
  it('asks Aircall to dial from the agent’s number id, signed with the API id and token', async () => {
    const call = await telephony().startCall({ agent: agent('222'), number: '+41791234567' });

    expect(call).toEqual({ providerCallId: null, status: 'dialing' });
    expect(aircall.received).toEqual([
      {
        method: 'POST',
        path: '/v1/users/810235/calls',
        authorization: `Basic ${Buffer.from('api-id-1:token-1').toString('base64')}`,
        contentType: 'application/json',
        body: { number_id: 222, to: '+41791234567' },
      },
    ]);
  });

  it('finds the number id of a line written as a phone number among the user’s Aircall numbers', async () => {
    await telephony().startCall({ agent: agent('091 922 15 60'), number: '+41791234567' });

    expect(aircall.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/users/810235', 'POST /v1/users/810235/calls']);
    expect(aircall.received[1]?.body).toEqual({ number_id: 222, to: '+41791234567' });
  });

  it('calls from the user’s first number when the agent has no line set', async () => {
    await telephony().startCall({ agent: agent(null), number: '+41791234567' });
    expect(aircall.received[1]?.body).toEqual({ number_id: 111, to: '+41791234567' });
  });

  it('refuses an agent without an Aircall user before asking Aircall', async () => {
    const error = await failure(telephony().startCall({ agent: agent('222', null), number: '+41791234567' }));
    expect(error.reason).toBe('agent_not_configured');
    expect(aircall.received).toEqual([]);
  });

  it('refuses an agent whose line is none of the user’s Aircall numbers', async () => {
    const error = await failure(telephony().startCall({ agent: agent('+41 58 000 00 00'), number: '+41791234567' }));
    expect(error.reason).toBe('agent_not_configured');
    expect(aircall.received.map((r) => r.method)).toEqual(['GET']);
  });

  it('reports Aircall’s refusal with its explanation', async () => {
    aircall.state.callAnswer = 400;
    const error = await failure(telephony().startCall({ agent: agent('222'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_refused');
    expect(error.status).toBe(400);
    expect(error.message).toContain('User is not available');
  });

  it('reports an unknown Aircall user as refused', async () => {
    const error = await failure(telephony().startCall({ agent: agent('222', '999'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_refused');
    expect(error.status).toBe(404);
  });

  it('reports wrong credentials as refused', async () => {
    const wrong = aircallTelephony({ apiId: 'api-id-1', apiToken: 'other', baseUrl: aircall.baseUrl });
    const error = await failure(wrong.startCall({ agent: agent('222'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_refused');
    expect(error.status).toBe(401);
  });

  it('reports a server error at Aircall as unreachable, to be tried again', async () => {
    aircall.state.callAnswer = 500;
    const error = await failure(telephony().startCall({ agent: agent('222'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_unreachable');
    expect(error.status).toBe(500);
  });

  it('waits out Aircall’s rate limit as its Retry-After says, then dials', async () => {
    const waits: number[] = [];
    const patient = aircallTelephony({
      apiId: 'api-id-1',
      apiToken: 'token-1',
      baseUrl: aircall.baseUrl,
      rateLimit: { tries: 3, maxDelayMs: 5000, sleep: (ms) => Promise.resolve(void waits.push(ms)) },
    });
    aircall.state.rateLimited = 2;
    aircall.state.retryAfter = '2';
    const call = await patient.startCall({ agent: agent('222'), number: '+41791234567' });
    expect(call.status).toBe('dialing');
    expect(waits).toEqual([2000, 2000]);
    expect(aircall.received.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
  });

  it('gives up after its tries, bounding each wait, and reports the limit as unreachable', async () => {
    const waits: number[] = [];
    const patient = aircallTelephony({
      apiId: 'api-id-1',
      apiToken: 'token-1',
      baseUrl: aircall.baseUrl,
      rateLimit: { tries: 3, maxDelayMs: 3000, sleep: (ms) => Promise.resolve(void waits.push(ms)) },
    });
    aircall.state.rateLimited = 10;
    aircall.state.retryAfter = '60';
    const error = await failure(patient.startCall({ agent: agent('222'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_unreachable');
    expect(error.status).toBe(429);
    expect(waits).toEqual([3000, 3000]);
    expect(aircall.received).toHaveLength(3);
  });

  it('really waits: a Retry-After of one second delays the next try by about a second', async () => {
    aircall.state.rateLimited = 1;
    aircall.state.retryAfter = '1';
    const started = Date.now();
    await telephony().startCall({ agent: agent('222'), number: '+41791234567' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(aircall.received).toHaveLength(2);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:04 GMT', now)).toBe(4000);
    expect(retryAfterMs('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });

  it('reports a closed port as unreachable', async () => {
    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));

    const closed = aircallTelephony({ apiId: 'api-id-1', apiToken: 'token-1', baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(closed.startCall({ agent: agent('222'), number: '+41791234567' }));
    expect(error.reason).toBe('provider_unreachable');
    expect(error.status).toBeUndefined();
  });
});
