/**
 * The API under concurrent load (docs/performance.md "Under load"): the server started as in production
 * (its own process, `apps/api/src/main.ts`, real HTTP, the bench's million clients through DATABASE_URL),
 * driven by autocannon at 1, 8 and 32 concurrent sessions of the roles that use each page.
 *
 * Printed per case and concurrency: requests/s, p50, p99, and the throughput as a ratio to the
 * `/auth/current` baseline measured in the same run at the same concurrency; the load average before and
 * after each case.
 *
 * `BENCH_DATABASE_URL=postgres://…/postgres npm run bench:load` (or `npx tsx bench/load.ts`):
 * uses the database `bo_bench` that `npm run bench` generates (clients and events); generates the events
 * when they are missing. BENCH_LOAD_SECONDS (10) is each measurement's length, BENCH_LOAD_LEVELS (1,8,32)
 * the concurrencies, BENCH_LOAD_CASES (all) a comma-separated list of words that choose the cases by name.
 *
 * BENCH_LOAD_PROCESSES=2 runs that many API processes behind the one port (bench/cluster.ts, node's
 * cluster module) instead of one.
 *
 * BENCH_LOAD_PROFILE=1 runs the server under V8's CPU profiler (`--cpu-prof`) and prints, after the run,
 * the functions that took the most CPU time of their own (self time), as a share of the profile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../apps/api/src/db/embedded.ts';
import { zurichClock, zurichDayStart } from '../packages/domain/src/zurich-time.ts';
import { generateEvents, hasGeneratedEvents } from './generate-events.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const LEVELS = (process.env.BENCH_LOAD_LEVELS ?? '1,8,32').split(',').map(Number);
const PASSWORD = 'Demo1234!';
const CASE_WORDS = (process.env.BENCH_LOAD_CASES ?? '').split(',').filter((w) => w.length > 0);
const PROFILE = process.env.BENCH_LOAD_PROFILE === '1';
const PROCESSES = Number(process.env.BENCH_LOAD_PROCESSES ?? 1);

export type Role = 'admin' | 'ca' | 'sa';
interface LoadCase {
  name: string;
  role: Role;
  url: string;
}
export interface LoadRow {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratio: number;
  load: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The app as `npm start` runs it, on the bench database; resolves when it says it is ready. */
export async function startServer(
  databaseUrl: string,
  port: number,
  profileDir?: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // The sessions of the bench sign in many times; failures are not what is measured.
    LOGIN_MAX_FAILURES: '1000000',
    ...extraEnv,
  };
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const entry = PROCESSES > 1 ? path.join(here, 'cluster.ts') : path.join(here, '..', 'apps', 'api', 'src', 'main.ts');
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', entry], {
    env: { ...env, BENCH_API_PROCESSES: String(PROCESSES) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('ready at').length - 1 >= PROCESSES) {
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${out.slice(-2000)}`)));
  });
  return child;
}

/**
 * Waits until the server's start-up work (the statistics' snapshot, reminders due) has left the
 * database: no other statement running in three looks in a row, half a second apart (at most a minute).
 * Measured while it runs, the baseline moved between 520 and 1,900 requests/s from run to run.
 */
async function settled(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    let quiet = 0;
    for (const started = Date.now(); quiet < 3 && Date.now() - started < 60_000;) {
      const res = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      quiet = res.rows[0]!.n === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await pool.end();
  }
}

/** A new session of the role's demo sign-in: its cookie. */
export async function signIn(base: string, role: Role): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: `${role}@demo.test`, password: PASSWORD }),
  });
  if (!res.ok) {
    throw new Error(`sign-in of ${role} failed: ${res.status} ${await res.text()}`);
  }
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One measurement: `connections` sessions (one cookie each) asking for `url` for SECONDS. */
async function measure(base: string, url: string, cookies: string[], connections: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: `${base}${url}`,
    connections,
    duration: SECONDS,
    // Each connection is one signed-in session of its own.
    setupClient: (client) => {
      client.setHeaders({ cookie: cookies[next++ % cookies.length]!, accept: 'application/json' });
    },
  });
}

export async function benchLoad(databaseUrl: string): Promise<LoadRow[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  if (!(await hasGeneratedEvents(pool))) {
    console.log('generating presentations, orders and commissions …');
    await generateEvents(pool, console.log);
    await pool.query('VACUUM ANALYZE');
  }
  const sample = (
    await pool.query<{ mobile: string }>(
      `SELECT mobile_phone_e164 AS mobile FROM users WHERE role_id = 2 AND mobile_phone_e164 IS NOT NULL ORDER BY id OFFSET 500000 LIMIT 1`,
    )
  ).rows[0]!;
  await pool.end();
  const digits = sample.mobile.slice(3);
  const written = `0${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`;
  const now = new Date();
  const weekday = zurichClock(now).weekday;
  const week = new URLSearchParams({
    from: zurichDayStart(now, 1 - weekday).toISOString(),
    to: zurichDayStart(now, 8 - weekday).toISOString(),
  });
  const cases: LoadCase[] = [
    { name: '/auth/current (baseline)', role: 'ca', url: '/auth/current' },
    { name: 'admin: clients page, 100 rows', role: 'admin', url: '/api/clients?tableName=b2c&roles=user' },
    { name: 'call agent: clients page, 100 rows', role: 'ca', url: '/api/clients?tableName=b2c&roles=user' },
    { name: "call agent: name search 'brun'", role: 'ca', url: '/api/clients?search=brun&statuses=&presets=&orderBy=relevance' },
    { name: 'call agent: phone lookup', role: 'ca', url: `/api/clients?number=${encodeURIComponent(written)}&statuses=&presets=` },
    { name: 'sales agent: events upcoming', role: 'sa', url: '/api/events-upcoming?period=month&sorted=asc&offset=0&limit=50' },
    {
      name: 'admin: finances orders tab',
      role: 'admin',
      url: '/api/finances/orders?limit=100&offset=0&status=open%2Cpending&orderBy=updated_at&orderMethod=desc',
    },
    { name: 'admin: calendar week, all agents', role: 'admin', url: `/api/calendar-events?${week.toString()}` },
  ];

  const chosen = cases.filter((c, i) => i === 0 || CASE_WORDS.length === 0 || CASE_WORDS.some((w) => c.name.includes(w)));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profileDir = PROFILE ? await fs.mkdtemp(path.join(os.tmpdir(), 'bo-load-profile-')) : undefined;
  const server = await startServer(databaseUrl, port, profileDir);
  try {
    const most = Math.max(...LEVELS);
    const sessions = new Map<Role, string[]>();
    for (const role of ['admin', 'ca', 'sa'] as const) {
      const list: string[] = [];
      for (let i = 0; i < most; i += 1) {
        list.push(await signIn(base, role));
      }
      sessions.set(role, list);
    }
    await settled(databaseUrl);
    // Every page once before measuring (the server's first statements, the database's caches).
    for (const c of chosen) {
      const res = await fetch(`${base}${c.url}`, { headers: { cookie: sessions.get(c.role)![0]! } });
      if (!res.ok) {
        throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      }
    }
    const rows: LoadRow[] = [];
    for (const connections of LEVELS) {
      let baseline = 0;
      for (const c of chosen) {
        const before = loadAverage();
        const result = await measure(base, c.url, sessions.get(c.role)!, connections);
        const rps = result.requests.average;
        if (c === chosen[0]) {
          baseline = rps;
        }
        const row: LoadRow = {
          name: c.name,
          connections,
          rps,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          ratio: baseline > 0 ? rps / baseline : 0,
          load: `${before} → ${loadAverage()}`,
        };
        rows.push(row);
        console.log(
          `${String(connections).padStart(3)} sessions  ${c.name.padEnd(38)} ${row.rps.toFixed(0).padStart(6)} req/s  p50 ${row.p50
            .toFixed(1)
            .padStart(6)} ms  p99 ${row.p99.toFixed(1).padStart(6)} ms  ${(100 * row.ratio).toFixed(1).padStart(5)} % of baseline` +
            `${row.errors + row.non2xx > 0 ? `  ${row.errors} errors, ${row.non2xx} not 2xx` : ''}  load ${row.load}`,
        );
      }
    }
    return rows;
  } finally {
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    if (profileDir) {
      for (const file of await fs.readdir(profileDir)) {
        printProfile(JSON.parse(await fs.readFile(path.join(profileDir, file), 'utf8')) as CpuProfile);
      }
    }
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions with the most self time in a V8 CPU profile (samples weighed by their time deltas). */
export function printProfile(profile: CpuProfile, top = 25): void {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfTime = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const where = frame.url
      ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(apps|packages)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    const dt = profile.timeDeltas[i] ?? 0;
    selfTime.set(key, (selfTime.get(key) ?? 0) + dt);
    total += dt;
  });
  console.log(`\nCPU profile of the server: ${(total / 1e6).toFixed(1)} s sampled; the functions by self time`);
  for (const [key, t] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  serverUrl.pathname = '/bo_bench';
  console.log(
    `load average before: ${loadAverage()} on ${os.cpus().length} cores; ${SECONDS} s a measurement; ${PROCESSES} API process(es)`,
  );
  await benchLoad(serverUrl.toString());
}
