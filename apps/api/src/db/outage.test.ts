import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LocationDto } from '@bo/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/harness.ts';
import { until } from '../../test/wait.ts';
import { runMigrations } from './client.ts';
import { freePort, isAlive, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { isDatabaseUnavailable } from './outage.ts';

/** An error as node-postgres makes one for a server's answer. */
const pgError = (code: string) => Object.assign(new Error('server said no'), { code, severity: 'FATAL' });
/** An error as the socket makes one. */
const systemError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['the server shutting down (admin_shutdown)', pgError('57P01'), true],
    ['the server starting up (cannot_connect_now)', pgError('57P03'), true],
    ['a connection failure (class 08)', pgError('08006'), true],
    ['the connection refused', systemError('ECONNREFUSED'), true],
    ['the connection reset', systemError('ECONNRESET'), true],
    ['the driver: connection terminated', new Error('Connection terminated unexpectedly'), true],
    ['the driver: no connection in time', new Error('timeout exceeded when trying to connect'), true],
    ['wrapped by the query builder', new Error('Failed query: select 1', { cause: systemError('ECONNREFUSED') }), true],
    ['a unique violation', pgError('23505'), false],
    ['a statement cancelled by its timeout', pgError('57014'), false],
    ['a file missing (a system code of no connection)', systemError('ENOENT'), false],
    ['a plain error', new Error('boom'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s', (_, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});

describe('a database that crashes and comes back', () => {
  let dataDir: string | undefined;
  let server: EmbeddedDatabase | undefined;
  let t: TestApp | undefined;

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await server?.stop();
    if (dataDir) {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 503 while it is down, recovers by itself once it is back, and has lost no confirmed write', async () => {
    // A PostgreSQL of this test's own (the suite's server is shared), on a port kept for its restart.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-outage-'));
    // Open to the PostgreSQL user, which the server runs as when the tests run as root.
    await fs.chmod(dataDir, 0o755);
    const port = await freePort();
    server = await startEmbeddedPostgres({ dataDir, port });
    await runMigrations(server.url);
    t = await createTestApp({ databaseUrl: server.url });
    const admin = await buildStaff(t, 'admin');
    const list = () => injectAs(t!.app, admin.cookie, { method: 'GET', url: '/api/locations?limit=100' });

    const created = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/location',
      payload: { code: 'OUTAGE', display_name: 'Messe Luzern', city: 'Luzern', index: '6005', type: 'event' },
    });
    expect(created.statusCode).toBe(201);

    // A connection checked out of the app's pool at the moment of the crash (a transaction between two
    // statements): its error must not end the process (an unhandled 'error' event would).
    const held = await t.pool.connect();
    await held.query('BEGIN');

    // A crash, not a clean stop: PostgreSQL's immediate shutdown writes no checkpoint, so what the API
    // confirmed comes back only from the write-ahead log.
    const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    process.kill(pid, 'SIGQUIT');
    await until(() => Promise.resolve(!isAlive(pid)), 'the database stopped', 15_000);
    server = undefined;

    // The held connection's statement fails; given back, the pool drops it.
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release();

    // Down: a clear answer, not a hanging request, for reads and writes alike.
    const down = await list();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });
    expect(down.headers['retry-after']).toBe('5');
    const write = await injectAs(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/location',
      payload: { code: 'DOWN', display_name: 'Messe Basel', city: 'Basel', index: '4058', type: 'event' },
    });
    expect(write.statusCode).toBe(503);

    // Back on the same port: the same app (and the same session) answers again without a restart of
    // its own, within 5 s.
    server = await startEmbeddedPostgres({ dataDir, port });
    await until(async () => (await list()).statusCode === 200, 'the API answering again', 5_000);
    const codes = (await list()).json<{ data: LocationDto[] }>().data.map((l) => l.code);
    expect(codes).toContain('OUTAGE');
    // The write refused while down was not made.
    expect(codes).not.toContain('DOWN');
  }, 120_000);
});
