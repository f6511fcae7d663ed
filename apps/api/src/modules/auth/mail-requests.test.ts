import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, mailsTo, type TestApp, type TestUser } from '../../../test/harness.ts';
import { cleanupThrottleRecords } from './service.ts';

// Small limits, so that a test reaches them in a few requests.
const PER_RECIPIENT = 3;
const PER_ADDRESS = 5;

let t: TestApp;
let client: TestUser;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { MAIL_REQUESTS_PER_RECIPIENT: String(PER_RECIPIENT), MAIL_REQUESTS_PER_ADDRESS: String(PER_ADDRESS) },
  });
  client = await createUser(t.db, { role: 'user' });
});

afterAll(async () => {
  await t?.close();
});

/** A client address of its own for each call, unless one is given. */
function post(path: '/auth/send-code' | '/auth/recovery-email', email: string, remoteAddress?: string) {
  addressCounter += 1;
  return t.app.inject({ method: 'POST', url: path, payload: { email }, remoteAddress: remoteAddress ?? `198.18.0.${addressCounter}` });
}

async function mailCount(to: string): Promise<number> {
  return (await mailsTo(t, to)).length;
}

describe.each(['/auth/send-code', '/auth/recovery-email'] as const)('%s is limited per recipient', (path) => {
  it('answers 429 IP blocked once an address was asked for often enough, whichever clients ask, known or unknown alike', async () => {
    const known = await createUser(t.db, { role: 'sales_agent' });
    const unknown = `nobody-${path.length}-${Date.now()}@example.ch`;
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < PER_RECIPIENT; i += 1) {
        const res = await post(path, email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
    }
    const refusedKnown = await post(path, known.email.toUpperCase());
    const refusedUnknown = await post(path, unknown);
    expect([refusedKnown.statusCode, refusedKnown.json()]).toEqual([429, { error: 'IP blocked' }]);
    expect([refusedUnknown.statusCode, refusedUnknown.json()]).toEqual([429, { error: 'IP blocked' }]);
    // The flood stopped at the limit: no more mails than accepted requests.
    expect(await mailCount(known.email)).toBe(PER_RECIPIENT);
    expect(await mailCount(unknown)).toBe(path === '/auth/send-code' ? PER_RECIPIENT : 0);
  });
});

describe('mail requests per client address', () => {
  it('answers 429 IP blocked to an address that asked for too many mails, whichever recipients and routes it names', async () => {
    const ip = '198.19.1.1';
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const path = i % 2 === 0 ? '/auth/send-code' : '/auth/recovery-email';
      expect((await post(path, `flood-${i}@example.ch`, ip)).statusCode).toBe(200);
    }
    const refused = await post('/auth/recovery-email', client.email, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'IP blocked' });
    expect((await post('/auth/send-code', 'flood-new@example.ch', ip)).statusCode).toBe(429);
    expect(await mailCount(client.email)).toBe(0);
    expect(await mailCount('flood-new@example.ch')).toBe(0);

    // Another client address is not affected.
    expect((await post('/auth/recovery-email', client.email, '198.19.1.2')).statusCode).toBe(200);
    expect(await mailCount(client.email)).toBe(1);
  });

  it('forgets requests older than the window', async () => {
    const ip = '198.19.2.1';
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      expect((await post('/auth/send-code', `later-${i}@example.ch`, ip)).statusCode).toBe(200);
    }
    expect((await post('/auth/send-code', 'later-x@example.ch', ip)).statusCode).toBe(429);
    await t.pool.query("UPDATE mail_requests SET created_at = now() - interval '2 hours' WHERE ip = $1", [ip]);
    expect((await post('/auth/send-code', 'later-x@example.ch', ip)).statusCode).toBe(200);
  });

  it('are removed by the hourly cleanup once a day old, with old failed sign-ins; newer ones stay', async () => {
    await t.pool.query(
      `INSERT INTO mail_requests (kind, ip, email, created_at) VALUES ('recovery', '198.19.4.1', 'old@example.ch', now() - interval '25 hours'),
        ('recovery', '198.19.4.1', 'new@example.ch', now() - interval '23 hours')`,
    );
    await t.pool.query(
      `INSERT INTO login_failures (ip, email, created_at) VALUES ('198.19.4.1', 'old@example.ch', now() - interval '25 hours'),
        ('198.19.4.1', 'new@example.ch', now())`,
    );
    await cleanupThrottleRecords(t.db);
    const left = await t.pool.query(
      `SELECT 'request' AS what, email FROM mail_requests WHERE ip = '198.19.4.1'
       UNION ALL SELECT 'failure', email FROM login_failures WHERE ip = '198.19.4.1' ORDER BY 1, 2`,
    );
    expect(left.rows).toEqual([
      { what: 'failure', email: 'new@example.ch' },
      { what: 'request', email: 'new@example.ch' },
    ]);
  });

  it('answers a malformed request 400 and counts nothing', async () => {
    const ip = '198.19.3.1';
    const bad = await t.app.inject({ method: 'POST', url: '/auth/send-code', payload: { email: 'not-an-address' }, remoteAddress: ip });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_ERROR', field_validation: { email: 'invalid_email' } });
    const counted = await t.pool.query('SELECT 1 FROM mail_requests WHERE ip = $1', [ip]);
    expect(counted.rowCount).toBe(0);
  });
});
