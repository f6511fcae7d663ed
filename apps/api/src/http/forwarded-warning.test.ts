import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The app with a logger whose lines this test reads. */
async function appLogging(env: Record<string, string>): Promise<{ t: TestApp; warnings: () => string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await createTestApp({ env, logger: { level: 'warn', stream } });
  const warnings = () =>
    lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level === 40)
      .map((l) => l.msg);
  return { t, warnings };
}

let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('forwarding headers while TRUST_PROXY is off', () => {
  it('log one warning naming TRUST_PROXY when the first request with X-Forwarded-For or Forwarded arrives, and no client address', async () => {
    const built = await appLogging({});
    t = built.t;
    await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(built.warnings()).toEqual([]);

    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '192.0.2.44' } });
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { forwarded: 'for=192.0.2.45' } });
    const warnings = built.warnings();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('TRUST_PROXY');
    expect(warnings.join('\n')).not.toContain('192.0.2.4');
  });

  it('log it for a Forwarded header alone too', async () => {
    const built = await appLogging({});
    t = built.t;
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { forwarded: 'for=192.0.2.45;proto=https' } });
    expect(built.warnings()).toHaveLength(1);
  });

  it('log nothing when TRUST_PROXY is on, and the client address is the forwarded one', async () => {
    const built = await appLogging({ TRUST_PROXY: 'true' });
    t = built.t;
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.ch', password: 'wrong-password' },
      headers: { 'x-forwarded-for': '192.0.2.46' },
    });
    expect(res.statusCode).toBe(401);
    expect(built.warnings()).toEqual([]);
    const failures = await t.pool.query('SELECT ip FROM login_failures');
    expect(failures.rows).toEqual([{ ip: '192.0.2.46' }]);
  });
});
