/**
 * Benchmarks at real scale: a million clients with their histories, the lookups every request makes and
 * the clients list, search, phone lookup and duplicate check; then about 600,000 presentations and
 * services with their orders, payments, deliveries and commissions, and the events lists, calendar,
 * presentations counters, finances tabs and statistics on them.
 * Prints medians, p95 and ratios against the bare health check, plus the plans behind them (the
 * statements each request really sent, captured at the pool, explained with their parameters).
 * Ends with the duplicate engine's quality on a labelled set (bench/dedupe-quality.ts; `-- dedupe` runs only that).
 * Then the reading of the paper lead form on its labelled scans and photos (bench/ocr-quality.ts; `-- ocr` runs only that).
 * `-- reminders` (or BENCH_CASES=reminders) runs only the SMS reminders' reliability (bench/reminders-reliability.ts).
 * Uses BENCH_DATABASE_URL (a server where it may create the database `bo_bench`), else an embedded PostgreSQL in bench/.data.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, runMigrations } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { zurichClock, zurichDayStart } from '../packages/domain/src/zurich-time.ts';
import { benchClientMatches, benchMatchesQuality } from './client-matches.ts';
import { benchImportScale, inProcessMemory } from './import-scale.ts';
import { describeEvents, generateEvents, hasGeneratedEvents } from './generate-events.ts';
import { describeClients, generateClients, generateOutbox, generateSessions, generateStaff } from './generate.ts';
import { demoProductsSeedCost, DEMO_PRODUCTS_CPU_BUDGET_S } from './seed-cost.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
/** The clients cases cost more per round: fewer rounds keep the whole run within minutes. */
const CLIENT_ROUNDS = Number(process.env.BENCH_CLIENT_ROUNDS ?? 200);
/** A slow case (seconds a request) stops after this long instead of running all its rounds. */
const CASE_BUDGET_MS = Number(process.env.BENCH_CASE_BUDGET_MS ?? 30_000);
/**
 * Which groups of cases run: `clients`, `events` (presentations, orders, commissions) or both (the default);
 * `matches` runs the duplicate engine alone (it is part of `clients`); `import` the import of a 100,000-row
 * lead file (bench/import-scale.ts, where the server's memory is the bench process's).
 */
const GROUPS = (process.env.BENCH_CASES ?? 'clients,events').split(',');
const here = path.dirname(fileURLToPath(import.meta.url));

type Stats = { p50: number; p95: number; n: number };

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/** `rounds` timed calls after `warmup` calls (20); with `budgetMs`, stops early once that time is spent (30 rounds at least). */
async function time(rounds: number, fn: () => Promise<unknown>, budgetMs = Infinity, warmup = 20): Promise<Stats> {
  for (let i = 0; i < warmup; i += 1) {
    await fn();
  }
  const samples: number[] = [];
  const until = Date.now() + budgetMs;
  for (let i = 0; i < rounds && (i < 30 || Date.now() < until); i += 1) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return stats(samples);
}

/**
 * The embedded server starts with PostgreSQL's default 128 MB of shared buffers, less than the million
 * clients' table and indexes: a production server keeps them in memory. BENCH_SHARED_BUFFERS (1GB) is set
 * with ALTER SYSTEM and the embedded server restarted once; a BENCH_DATABASE_URL server is left as it is.
 */
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS ?? '1GB';
async function startBenchPostgres() {
  // BENCH_DATA_DIR: another folder for the embedded server (two measurements side by side), bench/.data by default.
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(here, '.data');
  let server = await startEmbeddedPostgres({ dataDir, log: console.log });
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  const { rows } = await client.query<{ current: string; wanted: string }>(
    `SELECT current_setting('shared_buffers') AS current, $1::text AS wanted`,
    [SHARED_BUFFERS],
  );
  const differs = rows[0]!.current.replace(/\s/g, '').toLowerCase() !== SHARED_BUFFERS.toLowerCase();
  if (differs) {
    await client.query(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS.replace(/'/g, '')}'`);
  }
  await client.end();
  if (differs) {
    await server.stop();
    server = await startEmbeddedPostgres({ dataDir, log: console.log });
  }
  return server;
}
// `npm run bench -w bench -- dedupe`: only the duplicate engine's quality on its labelled set (no database).
if (process.argv.slice(2).includes('dedupe')) {
  const { runDedupeQuality } = await import('./dedupe-quality.ts');
  process.exit(runDedupeQuality().ok ? 0 : 1);
}
// `npm run bench -w bench -- ocr`: only the reading of the paper lead form on its labelled set (no database).
if (process.argv.slice(2).includes('ocr')) {
  const { runOcrQuality } = await import('./ocr-quality.ts');
  process.exit((await runOcrQuality()).ok ? 0 : 1);
}
// `npm run bench -- reminders` (or BENCH_CASES=reminders): only the SMS reminders' reliability (bench/reminders-reliability.ts),
// on BENCH_DATABASE_URL's server or the system PostgreSQL, in a database of its own.
if (process.argv.slice(2).includes('reminders') || GROUPS.includes('reminders')) {
  const { runRemindersReliability } = await import('./reminders-reliability.ts');
  process.exit((await runRemindersReliability()).ok ? 0 : 1);
}
// `npm run bench -- licences` (or BENCH_CASES=licences): only the licence webhooks' replay (bench/licence-webhooks.ts).
if (process.argv.slice(2).includes('licences') || GROUPS.includes('licences')) {
  const { runLicenceWebhooks } = await import('./licence-webhooks.ts');
  process.exit((await runLicenceWebhooks()).ok ? 0 : 1);
}
const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startBenchPostgres();
// A failure must not leave the embedded server running (it would lock bench/.data for the next run).
try {
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? embedded!.url);
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  // BENCH_REUSE=1 measures again on the database the previous run generated (new migrations are applied to it).
  const reuse =
    process.env.BENCH_REUSE === '1' && ((await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bo_bench'`)).rowCount ?? 0) > 0;
  if (!reuse) {
    await admin.query('DROP DATABASE IF EXISTS bo_bench WITH (FORCE)');
    await admin.query('CREATE DATABASE bo_bench');
  }
  await admin.end();
  serverUrl.pathname = '/bo_bench';
  const url = serverUrl.toString();

  await runMigrations(url);
  const database = openDatabase(url, { max: 10 });
  let started = Date.now();
  if (reuse) {
    console.log('reusing the generated database bo_bench');
    await database.pool.query('ANALYZE');
  } else {
    console.log(`generating ${CLIENTS.toLocaleString('de-CH')} clients …`);
    // The demo sign-ins, staff and locations; its few dozen hand-made clients are negligible next to the generated ones.
    await seedDemo(database.db, { clients: 50 });
    const staff = await generateStaff(database.pool);
    await generateClients(database.pool, CLIENTS, staff);
    await generateSessions(database.pool, 20_000);
    await generateOutbox(database.pool, 100_000);
    console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The presentations, orders and commissions: with the clients, or into a reused database that lacks them.
  const eventsMissing = !(await hasGeneratedEvents(database.pool));
  if (eventsMissing) {
    started = Date.now();
    console.log('generating presentations, services, orders, payments, deliveries and commissions …');
    const counts = await generateEvents(database.pool, console.log);
    console.log(
      `generated in ${((Date.now() - started) / 1000).toFixed(1)} s: ${(Object.entries(counts) as [string, number][])
        .map(([k, v]) => `${v.toLocaleString('de-CH')} ${k}`)
        .join(', ')}`,
    );
  }
  if (!reuse || eventsMissing) {
    started = Date.now();
    await database.pool.query('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(await describeClients(database.pool));
  console.log(await describeEvents(database.pool));
  const sizes = await database.pool.query<{ settings: string; users: string; indexes: string }>(
    `SELECT current_setting('shared_buffers') || ' shared buffers, work_mem ' || current_setting('work_mem') AS settings,
            pg_size_pretty(pg_table_size('users')) AS users, pg_size_pretty(pg_indexes_size('users')) AS indexes`,
  );
  const size = sizes.rows[0]!;
  console.log(`${size.settings}; users table ${size.users}, its indexes ${size.indexes}`);

  // Every statement the app sends goes through the pool: while `capturing`, note text and parameters.
  type Captured = { text: string; values: unknown[] };
  let capturing: Captured[] | null = null;
  const poolQuery = database.pool.query.bind(database.pool) as (...args: unknown[]) => unknown;
  (database.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (capturing) {
      const [first, second] = args;
      if (typeof first === 'string') {
        capturing.push({ text: first, values: Array.isArray(second) ? second : [] });
      } else if (first && typeof first === 'object' && 'text' in first) {
        const q = first as { text: string; values?: unknown[] };
        capturing.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return poolQuery(...args);
  };

  const config = loadConfig({ NODE_ENV: 'test', LOGIN_MAX_FAILURES: '1000000' });
  const { app } = await buildApp({ config, database, localesDir: here, version: 'bench' });
  async function signIn(email: string): Promise<{ cookie: string }> {
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password: DEMO_PASSWORD } });
    if (login.statusCode !== 200) {
      throw new Error(`sign-in of ${email} failed: ${login.statusCode} ${login.body}`);
    }
    const cookie = login.headers['set-cookie'];
    return { cookie: Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '') };
  }
  const headers = await signIn('admin@demo.test');
  const agentHeaders = await signIn('ca@demo.test');
  const salesHeaders = await signIn('sa@demo.test');

  started = Date.now();
  console.log(
    `load average before the measurements: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const health = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/api/health' }));
  const current = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/auth/current', headers }));
  const outbox = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/api/outbox?limit=100', headers }));
  const outboxTo = await time(ROUNDS, () =>
    app.inject({ method: 'GET', url: '/api/outbox?limit=100&to=client500000@example.ch', headers }),
  );

  const line = (name: string, s: Stats, target = '') =>
    `${name.padEnd(58)} p50 ${s.p50.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms   ratio to baseline ${(s.p50 / health.p50).toFixed(1).padStart(5)}×${target}`;

  console.log(`\nserver time through app.inject, ${ROUNDS} rounds each, ${CLIENTS.toLocaleString('de-CH')} clients:`);
  for (const [name, s] of [
    ['GET /api/health (baseline)', health],
    ['GET /auth/current (session + user lookup)', current],
    ['GET /api/outbox first page of 100, with total', outbox],
    ['GET /api/outbox filtered by recipient', outboxTo],
  ] as const) {
    console.log(line(name, s));
  }

  // ---- Clients: the list pages, search, phone lookup and duplicate check ------------------------------

  /** Statements every authenticated request sends (session, user): left out of the plans of a case. */
  capturing = [];
  await app.inject({ method: 'GET', url: '/auth/current', headers });
  await app.inject({ method: 'GET', url: '/auth/current', headers: agentHeaders });
  await app.inject({ method: 'GET', url: '/auth/current', headers: salesHeaders });
  const authStatements = new Set(capturing.map((c) => c.text));
  capturing = null;

  const sample = (
    await database.pool.query<{
      name: string;
      surname: string;
      email: string | null;
      zipcode: string;
      address: string;
      mobile: string;
      other: string;
    }>(
      `SELECT u.name, u.surname, u.email, u.zipcode, u.address, u.mobile_phone_e164 AS mobile,
              (SELECT o.mobile_phone_e164 FROM users o WHERE o.role_id = 2 AND o.mobile_phone_e164 IS NOT NULL AND o.id > u.id + 1000 ORDER BY o.id LIMIT 1) AS other
       FROM users u WHERE u.role_id = 2 AND u.mobile_phone_e164 IS NOT NULL AND u.email IS NOT NULL
       ORDER BY u.id OFFSET $1 LIMIT 1`,
      [Math.floor(CLIENTS / 2)],
    )
  ).rows[0]!;
  /** '+41791234567' written '0041 79 123 45 67' or '079 123 45 67'. */
  const digits = (e164: string) => e164.slice(3);
  const written0041 = (e164: string) =>
    `0041 ${digits(e164).slice(0, 2)} ${digits(e164).slice(2, 5)} ${digits(e164).slice(5, 7)} ${digits(e164).slice(7)}`;
  const written0 = (e164: string) =>
    `0${digits(e164).slice(0, 2)} ${digits(e164).slice(2, 5)} ${digits(e164).slice(5, 7)} ${digits(e164).slice(7)}`;

  interface Case {
    name: string;
    target: { p50?: number; p95?: number };
    request: { method: 'GET' | 'POST'; url: string; headers: { cookie: string }; payload?: Record<string, unknown> };
    skip?: string;
    /** Warm-up calls before the timed ones (20): fewer for a case that takes a second a call. */
    warmup?: number;
  }

  const DUPLICATE_CHECK = '/api/clients/duplicate-check';
  const hasDuplicateCheck = app.hasRoute({ method: 'POST', url: DUPLICATE_CHECK });
  const LIST = { p50: 20, p95: 60 };
  const cases: Case[] = [
    {
      name: 'admin: clients b2c, default filters',
      target: LIST,
      request: { method: 'GET', url: '/api/clients?tableName=b2c&roles=user', headers },
    },
    { name: 'admin: buyers tab', target: LIST, request: { method: 'GET', url: '/api/clients?tableName=buyers&roles=user', headers } },
    {
      name: 'call agent: clients b2c, default filters',
      target: LIST,
      request: { method: 'GET', url: '/api/clients?tableName=b2c&roles=user', headers: agentHeaders },
    },
    {
      name: 'call agent: listing tab',
      target: LIST,
      request: { method: 'GET', url: '/api/clients?tableName=listing&roles=user', headers: agentHeaders },
    },
    {
      name: "search 'mül', by relevance",
      target: { p50: 40 },
      request: { method: 'GET', url: `/api/clients?search=${encodeURIComponent('mül')}&statuses=&presets=&orderBy=relevance`, headers },
    },
    {
      name: "search 'mül', by last change",
      target: { p50: 40 },
      request: { method: 'GET', url: `/api/clients?search=${encodeURIComponent('mül')}&statuses=&presets=&orderBy=updated_at`, headers },
    },
    {
      name: "search 'brun', by relevance",
      target: { p50: 40 },
      request: { method: 'GET', url: `/api/clients?search=brun&statuses=&presets=&orderBy=relevance`, headers },
    },
    {
      // Four letters, but rarer than 'brun': the 30,000 newest clients hold fewer than the 1,000 matches
      // relevance ranks, so every match is read after the window (the cost of the fallback).
      name: "search 'müll', by relevance",
      target: { p50: 40 },
      request: { method: 'GET', url: `/api/clients?search=${encodeURIComponent('müll')}&statuses=&presets=&orderBy=relevance`, headers },
    },
    {
      name: `phone '${written0041(sample.mobile)}'`,
      target: { p50: 5 },
      request: { method: 'GET', url: `/api/clients?number=${encodeURIComponent(written0041(sample.mobile))}&statuses=&presets=`, headers },
    },
    {
      name: `phone '${written0(sample.other)}'`,
      target: { p50: 5 },
      request: { method: 'GET', url: `/api/clients?number=${encodeURIComponent(written0(sample.other))}&statuses=&presets=`, headers },
    },
    {
      name: 'duplicate check of one new client',
      target: { p50: 20 },
      request: {
        method: 'POST',
        url: DUPLICATE_CHECK,
        headers,
        payload: {
          name: sample.name,
          surname: sample.surname,
          phone: written0(sample.other),
          mobile_phone: `+41 ${digits(sample.mobile).slice(0, 2)} ${digits(sample.mobile).slice(2)}`,
          email: sample.email?.toUpperCase(),
          zipcode: sample.zipcode,
          address: sample.address.replace(' ', '  '),
        },
      },
      skip: hasDuplicateCheck ? undefined : `POST ${DUPLICATE_CHECK} is not there yet (the route has not landed): skipped`,
    },
  ];

  type Result = { c: Case; s?: Stats; sql?: Stats; statements: Captured[] };
  /** What an answer holds, for the log: rows and total of a page, or the figures of a counter or statistics. */
  function summary(body: { total?: number; total_capped?: boolean; data?: unknown }): string {
    if (Array.isArray(body.data)) {
      return `${body.data.length} rows, total ${body.total ?? '–'}${body.total_capped ? ' (capped)' : ''}`;
    }
    const data = body.data as { totals?: unknown; table?: unknown[] } | undefined;
    if (data && 'totals' in data) {
      return `totals ${JSON.stringify(data.totals)}, ${data.table?.length ?? 0} agents`;
    }
    return JSON.stringify(body.data ?? body).slice(0, 200);
  }
  /** Each case: its statements captured once, then server time through app.inject and the statements replayed on the pool. */
  async function measure(list: Case[]): Promise<Result[]> {
    const results: Result[] = [];
    for (const c of list) {
      if (c.skip) {
        results.push({ c, statements: [] });
        continue;
      }
      const probe = await app.inject(c.request);
      if (probe.statusCode !== 200) {
        throw new Error(`${c.name}: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
      }
      capturing = [];
      await app.inject(c.request);
      const statements = capturing.filter((st) => !authStatements.has(st.text));
      capturing = null;
      const body = JSON.parse(probe.body) as { total?: number; total_capped?: boolean; data?: unknown };
      const s = await time(CLIENT_ROUNDS, () => app.inject(c.request), CASE_BUDGET_MS, c.warmup);
      // The same statements replayed one after another straight on the pool: the database's share.
      const sql = await time(
        Math.max(10, Math.floor(CLIENT_ROUNDS / 2)),
        async () => {
          for (const st of statements) {
            await database.pool.query(st.text, st.values);
          }
        },
        CASE_BUDGET_MS / 2,
        c.warmup,
      );
      results.push({ c, s, sql, statements });
      console.log(`  ${c.name}: ${summary(body)}, ${statements.length} statements`);
    }
    return results;
  }
  const results = await measure(GROUPS.includes('clients') ? cases : []);

  const verdict = (c: Case, s: Stats) => {
    const misses = [
      c.target.p50 !== undefined && s.p50 > c.target.p50 ? `p50 > ${c.target.p50}` : '',
      c.target.p95 !== undefined && s.p95 > c.target.p95 ? `p95 > ${c.target.p95}` : '',
    ].filter(Boolean);
    const goal = [c.target.p50 !== undefined ? `p50 ≤ ${c.target.p50}` : '', c.target.p95 !== undefined ? `p95 ≤ ${c.target.p95}` : '']
      .filter(Boolean)
      .join(', ');
    return goal ? `   ${misses.length ? `MISSED (${misses.join(', ')})` : 'met'} [${goal} ms]` : '   (no target: the figure)';
  };
  const loadAverage = () =>
    `${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`;
  function printResults(title: string, list: Result[]) {
    if (list.length === 0) {
      return;
    }
    console.log(`\n${title}, server time through app.inject, up to ${CLIENT_ROUNDS} rounds each (${CASE_BUDGET_MS / 1000} s at most):`);
    for (const { c, s } of list) {
      console.log(s ? `${line(c.name, s, verdict(c, s))} (${s.n} rounds)` : `${c.name.padEnd(58)} ${c.skip}`);
    }
    console.log('\nthe database share: the statements of each case replayed one after another on the pool (no HTTP, no JSON):');
    for (const { c, sql } of list) {
      if (sql) {
        console.log(`${c.name.padEnd(58)} p50 ${sql.p50.toFixed(2).padStart(7)} ms   p95 ${sql.p95.toFixed(2).padStart(7)} ms`);
      }
    }
    console.log(`load average during the measurements: ${loadAverage()}`);
  }
  printResults(`clients (${CLIENTS.toLocaleString('de-CH')})`, results);

  // ---- The duplicate engine: one new client checked against the million (bench/client-matches.ts) ------
  if (GROUPS.includes('clients') || GROUPS.includes('matches')) {
    await benchClientMatches(database, {
      rounds: CLIENT_ROUNDS,
      time,
      stats,
    });
    // The same engine's precision and recall through the database, on the labelled set.
    await benchMatchesQuality(serverUrl);
  }

  // ---- Presentations and services, orders, commissions: the lists, calendar, counters and finances ------

  const { rows: people } = await database.pool.query<{ sa: number }>(`SELECT id AS sa FROM users WHERE email = 'sa@demo.test'`);
  const demoSalesAgent = people[0]!.sa;
  // A client whose presentation lies a year back, searched as the admin types it: first name and surname.
  const searched = (
    await database.pool.query<{ name: string }>(
      `SELECT u.name || ' ' || u.surname AS name FROM events e JOIN users u ON u.id = e.client_id
       WHERE e.starts_at < now() - interval '1 year' ORDER BY e.starts_at DESC LIMIT 1`,
    )
  ).rows[0]?.name;
  const now = new Date();
  const year = zurichClock(now).year;
  const weekday = zurichClock(now).weekday;
  // The calendar's week view as the browser asks for it: Monday to Monday, Zurich midnights, as instants.
  const week = { from: zurichDayStart(now, 1 - weekday).toISOString(), to: zurichDayStart(now, 8 - weekday).toISOString() };
  /** The statistics of a whole year have no target: the figure is printed. */
  const STATS = {};
  const eventCases: Case[] = [
    {
      name: 'sales agent: upcoming, today',
      target: LIST,
      request: { method: 'GET', url: '/api/events-upcoming?period=today&sorted=asc&offset=0&limit=50', headers: salesHeaders },
    },
    {
      name: 'sales agent: upcoming, month',
      target: LIST,
      request: { method: 'GET', url: '/api/events-upcoming?period=month&sorted=asc&offset=0&limit=50', headers: salesHeaders },
    },
    {
      name: 'sales agent: history (past)',
      target: LIST,
      request: { method: 'GET', url: '/api/events-history?period=past&sorted=desc&offset=0&limit=50', headers: salesHeaders },
    },
    {
      name: 'admin: upcoming, week',
      target: LIST,
      request: { method: 'GET', url: '/api/events-upcoming?period=week&sorted=asc&offset=0&limit=50', headers },
    },
    {
      name: 'admin: history (past)',
      target: LIST,
      request: { method: 'GET', url: '/api/events-history?period=past&sorted=desc&offset=0&limit=50', headers },
    },
    {
      name: `admin: history searched '${searched ?? ''}'`,
      target: LIST,
      request: {
        method: 'GET',
        url: `/api/events-history?${new URLSearchParams({ period: 'past', sorted: 'desc', offset: '0', limit: '50', search: searched ?? '' }).toString()}`,
        headers,
      },
      skip: searched ? undefined : 'no past event to search for',
    },
    {
      name: 'sales agent: calendar week',
      target: LIST,
      request: { method: 'GET', url: `/api/calendar-events?${new URLSearchParams(week).toString()}`, headers: salesHeaders },
    },
    {
      name: 'admin: calendar week, all agents',
      target: LIST,
      request: { method: 'GET', url: `/api/calendar-events?${new URLSearchParams(week).toString()}`, headers },
    },
    {
      name: 'sales agent: presentations counters',
      target: LIST,
      request: { method: 'GET', url: '/api/presentations-counts/', headers: salesHeaders },
    },
    { name: 'admin: presentations counters', target: LIST, request: { method: 'GET', url: '/api/presentations-counts/', headers } },
    {
      name: 'admin: presentations, future page',
      target: LIST,
      request: { method: 'GET', url: '/api/presentations?page=future&statuses=planned&period=future&offset=0&limit=20', headers },
    },
    {
      name: 'admin: presentations, delivery page',
      target: LIST,
      request: { method: 'GET', url: '/api/presentations?page=delivery&statuses=success&needDelivery=true&offset=0&limit=20', headers },
    },
    {
      name: 'admin: finances orders, default filter',
      target: LIST,
      request: {
        method: 'GET',
        url: '/api/finances/orders?limit=100&offset=0&status=open%2Cpending&orderBy=updated_at&orderMethod=desc',
        headers,
      },
    },
    {
      name: 'admin: finances commissions tab',
      target: LIST,
      request: { method: 'GET', url: '/api/finances/commissions?reason=sale&limit=100&offset=0', headers },
    },
    {
      name: `admin: finances statistics ${year}, one agent (figure)`,
      target: STATS,
      warmup: 5,
      request: { method: 'GET', url: `/api/stats/finances/?year=${year}&agent_id=${demoSalesAgent}`, headers },
    },
    {
      name: `admin: finances statistics ${year}, everybody (figure)`,
      target: STATS,
      warmup: 3,
      request: { method: 'GET', url: `/api/stats/finances/?year=${year}`, headers },
    },
  ];
  let eventResults: Result[] = [];
  if (GROUPS.includes('events')) {
    console.log(`\nload average before the presentations and finances measurements: ${loadAverage()}`);
    eventResults = await measure(eventCases);
    printResults('presentations, orders and commissions', eventResults);
  }
  // The import of a 100,000-row lead file over real HTTP (bench/import-scale.ts; alone: `npx tsx bench/import-scale.ts`).
  if (GROUPS.includes('import')) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const memory = inProcessMemory();
    await benchImportScale({
      base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
      cookie: headers.cookie,
      database,
      memory,
    });
    memory.stop();
  }

  const foundationPlans: [string, string, unknown[]][] = [
    [
      'session lookup',
      `SELECT s.id, u.id FROM sessions s JOIN users u ON u.id = s.user_id JOIN roles r ON r.id = u.role_id WHERE s.id = $1 AND s.expires_at > now()`,
      ['0000000000000000000000000000000000000000000000000000000000000001'],
    ],
    ['sign-in by e-mail', `SELECT id FROM users WHERE email = $1`, ['client123456@example.ch']],
    ['phone lookup (E.164)', `SELECT id FROM users WHERE mobile_phone_e164 = $1 OR phone_e164 = $1`, ['+41791234567']],
    ['outbox page', `SELECT * FROM mail_outbox ORDER BY created_at DESC, id DESC LIMIT 100`, []],
    [
      'outbox by recipient',
      `SELECT * FROM mail_outbox WHERE "to" = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
      ['client500000@example.ch'],
    ],
    [
      'failed sign-ins of an address',
      `SELECT count(*) FROM login_failures WHERE ip = $1 AND created_at > now() - interval '15 minutes'`,
      ['10.0.0.1'],
    ],
  ];
  console.log('\nplans (EXPLAIN ANALYZE):');
  for (const [name, sql, params] of foundationPlans) {
    const result = await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) ${sql}`, params);
    console.log(`\n-- ${name}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }

  /** The statement without its long select list, for reading: `SELECT … FROM "users" …`. */
  function shortSql(text: string): string {
    const flat = text.replace(/\s+/g, ' ');
    const from = flat.search(/ from "| FROM "/);
    return from > 40 ? `${flat.slice(0, 40)} … ${flat.slice(from + 1)}` : flat;
  }
  async function printPlans(title: string, list: Result[]) {
    if (list.length === 0) {
      return;
    }
    console.log(`\n${title} plans (EXPLAIN ANALYZE, BUFFERS) of the statements each request sent:`);
    for (const { c, statements } of list) {
      if (c.skip) {
        console.log(`\n== ${c.name}: ${c.skip}`);
        continue;
      }
      console.log(`\n== ${c.name}: ${c.request.method} ${c.request.url}`);
      for (const st of statements) {
        const result = await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${st.text}`, st.values);
        console.log(
          `\n-- ${shortSql(st.text)}\n-- params ${JSON.stringify(st.values)}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
        );
      }
    }
  }
  await printPlans('clients', results);
  await printPlans('presentations, orders and commissions', eventResults);
  const seed = await demoProductsSeedCost(url);
  console.log(
    `\ndemo products seed (pictures drawn and stored): ${seed.cpuSeconds.toFixed(2)} s CPU, ${seed.wallSeconds.toFixed(2)} s wall` +
      ` (budget ${DEMO_PRODUCTS_CPU_BUDGET_S} s CPU${seed.cpuSeconds < DEMO_PRODUCTS_CPU_BUDGET_S ? '' : ', OVER'})`,
  );
  // The duplicate engine's precision and recall on its labelled set (bench/dedupe-quality.ts).
  const { runDedupeQuality } = await import('./dedupe-quality.ts');
  runDedupeQuality();
  // The reading of the paper lead form on its labelled set (bench/ocr-quality.ts).
  const { runOcrQuality } = await import('./ocr-quality.ts');
  await runOcrQuality();
  console.log(`\nmeasured in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  await app.close();
  await database.close();
} finally {
  await embedded?.stop();
}
