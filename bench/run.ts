/**
 * Foundation benchmarks at real scale: a million clients, and the lookups every request makes.
 * Prints medians, p95 and ratios against the bare health check, plus the plans behind them.
 * Uses BENCH_DATABASE_URL (a server where it may create the database `bo_bench`), else an embedded PostgreSQL in bench/.data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, runMigrations } from '../apps/api/src/db/client.ts';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { generateClients, generateOutbox, generateSessions } from './generate.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const here = path.dirname(fileURLToPath(import.meta.url));

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

async function time(rounds: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i += 1) {
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return stats(samples);
}

const embedded = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(here, '.data'), log: console.log });
const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? embedded!.url);
const admin = new pg.Client({ connectionString: serverUrl.toString() });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS bo_bench WITH (FORCE)');
await admin.query('CREATE DATABASE bo_bench');
await admin.end();
serverUrl.pathname = '/bo_bench';
const url = serverUrl.toString();

await runMigrations(url);
const database = openDatabase(url, { max: 10 });
console.log(`generating ${CLIENTS.toLocaleString('de-CH')} clients …`);
let started = Date.now();
await seedDemo(database.db, { clients: 0 });
await generateClients(database.pool, CLIENTS);
await generateSessions(database.pool, 20_000);
await generateOutbox(database.pool, 100_000);
await database.pool.query('VACUUM ANALYZE');
console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const config = loadConfig({ NODE_ENV: 'test', LOGIN_MAX_FAILURES: '1000000' });
const { app } = await buildApp({ config, database, localesDir: here, version: 'bench' });
const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'admin@demo.test', password: DEMO_PASSWORD } });
const cookie = login.headers['set-cookie'];
const headers = { cookie: Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? '') };

started = Date.now();
const health = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/api/health' }));
const current = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/auth/current', headers }));
const outbox = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/api/outbox?limit=100', headers }));
const outboxTo = await time(ROUNDS, () => app.inject({ method: 'GET', url: '/api/outbox?limit=100&to=client500000@example.ch', headers }));

const rows = [
  ['GET /api/health (baseline)', health],
  ['GET /auth/current (session + user lookup)', current],
  ['GET /api/outbox first page of 100, with total', outbox],
  ['GET /api/outbox filtered by recipient', outboxTo],
] as const;
console.log(`\nserver time through app.inject, ${ROUNDS} rounds each, ${CLIENTS.toLocaleString('de-CH')} clients:`);
for (const [name, s] of rows) {
  console.log(
    `${name.padEnd(48)} p50 ${s.p50.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms   ratio to baseline ${(s.p50 / health.p50).toFixed(1)}×`,
  );
}

const plans: [string, string, unknown[]][] = [
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
for (const [name, sql, params] of plans) {
  const result = await database.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) ${sql}`, params);
  console.log(`\n-- ${name}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
console.log(`\nmeasured in ${((Date.now() - started) / 1000).toFixed(1)} s`);

await app.close();
await database.close();
await embedded?.stop();
