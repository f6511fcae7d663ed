/**
 * The statements one page costs the database (docs/performance.md "Under load"): the server started as
 * in bench/load.ts on the bench's million clients, one signed-in session asking for the page 30 times
 * one after the other; then PostgreSQL's own account of the statements (pg_stat_statements) per request:
 * calls, time, rows. The background jobs' statements of those seconds are listed too, as they are.
 *
 * Needs the pg_stat_statements extension on the bench's server (`shared_preload_libraries`); the
 * embedded server has it not loaded.
 *
 * `npx tsx bench/statements.ts '/api/clients?tableName=b2c&roles=user' admin`
 */
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded.ts';
import { signIn, startServer, type Role } from './load.ts';

const REQUESTS = 30;
const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
serverUrl.pathname = '/bo_bench';
const url = serverUrl.toString();
const target = process.argv[2] ?? '/api/clients?tableName=b2c&roles=user';
const role = (process.argv[3] ?? 'admin') as Role;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = await startServer(url, port);
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const cookie = await signIn(base, role);
  const ask = async () => {
    const res = await fetch(base + target, { headers: { cookie } });
    if (!res.ok) {
      throw new Error(`${target}: ${res.status}`);
    }
    return res.text();
  };
  for (let i = 0; i < 5; i += 1) {
    await ask();
  }
  await pool.query('SELECT pg_stat_statements_reset()');
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    bytes = (await ask()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${target} as ${role}: p50 ${times[REQUESTS >> 1]!.toFixed(1)} ms over ${REQUESTS} requests, ${bytes} bytes an answer`);
  const res = await pool.query<{ calls: string; per_request: string; mean: string; rows: string; query: string }>(
    `SELECT calls, round((total_exec_time / $1)::numeric, 2) AS per_request, round(mean_exec_time::numeric, 2) AS mean,
            rows / greatest(calls, 1) AS rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
     FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 12`,
    [REQUESTS],
  );
  for (const r of res.rows) {
    console.log(`${r.calls.padStart(5)} calls ${r.per_request.padStart(7)} ms a request (${r.mean} ms each, ${r.rows} rows)  ${r.query}`);
  }
} finally {
  await pool.end();
  server.kill('SIGINT');
}
