import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repos accept either, services decide. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** How long a request waits for a new connection to the database (or for a free one of the pool). */
export const CONNECT_TIMEOUT_MS = 5_000;

export function openDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Database {
  // JIT off on the app's connections: its statements are short lookups whose plans cost enough to be
  // compiled, and compiling took longer than running (the duplicate engine's statement of 1,000 probes:
  // 150 ms of JIT for 200 ms of work; docs/performance.md "The check made cheaper").
  // No parallel workers either: starting them cost 40–180 ms a statement on the 2-core machines, for
  // statements that run in 1–25 ms alone (the admin's presentations counters 98 → 16 ms p50, a sales
  // agent's upcoming month 69 → 8 ms; docs/performance.md "Parallel workers"), and under load the cores
  // are the sessions'.
  // A connection that cannot be made within CONNECT_TIMEOUT_MS (the database host unreachable) fails
  // the request (503, db/outage.ts) instead of holding it until the socket gives up.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // Without a listener, a database restart would crash the process through an idle client's error.
  pool.on('error', (err) => opts.onError?.(err));
  // The pool listens to its clients only while they are idle: a client checked out for a transaction
  // when the server goes away would raise its error with no one listening, and end the process. Its
  // statement fails (the request gets its 503) and the pool drops it when it is given back.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onError?.(err));
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * The connection a transaction runs on, for what the query builder cannot send (COPY … FROM STDIN).
 * drizzle keeps it as its session's client (a field it does not type as public); a transaction begun
 * on the pool holds one checked-out client. Anything else (the pool itself, a changed drizzle) is an
 * error, never a statement sent outside the transaction.
 */
export function transactionClient(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(tx instanceof PgTransaction) || !(client instanceof pg.Client)) {
    throw new Error('transactionClient needs a transaction begun on the pool');
  }
  return client as pg.PoolClient;
}

/**
 * A connection of the database's pool for what the query builder cannot send (COPY … TO STDOUT),
 * given back with `release()`. drizzle keeps the pool as `$client` (its type leaves it out of
 * NodePgDatabase); anything else is an error.
 */
export async function poolConnection(db: Db): Promise<pg.PoolClient> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    throw new Error('poolConnection needs a database opened on a pool');
  }
  return pool.connect();
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies committed migrations; an advisory lock keeps several starting processes from racing. */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await client.end();
  }
}
