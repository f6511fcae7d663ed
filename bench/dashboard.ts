/**
 * What the home page's numbers cost at benchmark scale (docs/performance.md "Dashboard"): GET
 * /api/stats/dashboard-statistic's service for each role, for the month of the newest order, timed
 * request by request (p50 and p95 of `rounds`).
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres npx tsx bench/dashboard.ts [rounds] [--plain]
 *
 * Without --plain, the year's pre-aggregated figures are refreshed first, as the job does (the only write).
 */
/* eslint-disable no-restricted-imports -- a benchmark of the statistics module's service, which no public surface offers without HTTP. */
import { openDatabase } from '../apps/api/src/db/client.ts';
import { refreshStats } from '../apps/api/src/modules/stats/aggregate.service.ts';
import { dashboardStatistic } from '../apps/api/src/modules/stats/dashboard.service.ts';
import { zurichClock, type RoleCode } from '../packages/domain/src/index.ts';

const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = '/bo_bench';
const rounds = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);
const database = openDatabase(server.toString(), { max: 6 });
const db = database.db;

/** The user of the role with the most rows in `table.column` (an agent with work to count). */
async function busiest(role: RoleCode, table = 'orders', column = 'agent_id'): Promise<number> {
  const { rows } = await database.pool.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.code = $1
     ORDER BY (SELECT count(*) FROM ${table} x WHERE x.${column} = u.id) DESC, u.id LIMIT 1`,
    [role],
  );
  if (!rows[0]) {
    throw new Error(`no ${role} in the bench database`);
  }
  return rows[0].id;
}

const { rows: newest } = await database.pool.query<{ at: Date }>('SELECT max(created_at) AS at FROM orders');
const at = zurichClock(newest[0]!.at);
const query = { year: at.year, month: at.month };
const cases: [string, number, RoleCode][] = [
  ['admin', await busiest('admin'), 'admin'],
  ['sales agent', await busiest('sales_agent'), 'sales_agent'],
  ['call agent', await busiest('call_agent', 'orders', 'call_agent_id'), 'call_agent'],
  ['independent agent', await busiest('independent_agent'), 'independent_agent'],
  ['promotion agent', await busiest('prom_agent', 'users', 'created_by_id'), 'prom_agent'],
  ['partner', await busiest('partner', 'users', 'created_by_id'), 'partner'],
  ['OCR manager', await busiest('ocr_manager', 'import_rows', 'created_by_id'), 'ocr_manager'],
  ['client', await busiest('user', 'orders', 'client_id'), 'user'],
];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

// As the refresh job keeps them (every ~30 s): the month's total statistics answer from the pre-aggregated figures.
const plain = process.argv.includes('--plain');
if (!plain) {
  const [refreshed] = await refreshStats(db, [query.year]);
  console.log(`refreshed the pre-aggregated figures of ${query.year} in ${refreshed!.ms.toFixed(0)} ms`);
}
console.log(`dashboard statistic, month ${query.year}-${String(query.month).padStart(2, '0')}, ${rounds} rounds`);
for (const [name, userId, role] of cases) {
  const actor = { userId, role, sessionId: 'bench', impersonatorId: null };
  if (!plain) {
    // A snapshot is used while it is at most a minute old: refreshed before each role's rounds.
    await refreshStats(db, [query.year]);
  }
  await dashboardStatistic(db, actor, query);
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t = performance.now();
    await dashboardStatistic(db, actor, query);
    times.push(performance.now() - t);
  }
  console.log(`${name.padEnd(20)} p50 ${pct(times, 50).toFixed(0).padStart(6)} ms  p95 ${pct(times, 95).toFixed(0).padStart(6)} ms`);
}
await database.close();
