/**
 * What the total statistics cost at benchmark scale (docs/performance.md "Total statistics"): both tabs
 * for "everybody, this year", "everybody, one month" and "one agent, this year", as the admin and as an
 * agent (own row beside the team total), timed request by request, and the plan (EXPLAIN ANALYZE,
 * BUFFERS) of each family of figures. Each case is timed twice: from the pre-aggregated figures (a refresh
 * of the year first, as the job does; its time is printed) and by the plain statements (a snapshot older
 * than a minute is not used; for a past year, a change an hour old marks it). A past year is timed as it is
 * answered days after it was computed. Writes only the pre-aggregated tables and their marks.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres npx tsx bench/total-statistics.ts [rounds] [year] [--no-plans]
 */
/* eslint-disable no-restricted-imports -- a benchmark of the statistics module's insides: its service and the
   plans of its repo's statements, which no public surface offers. */
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { callAgentStats, salesAgentStats } from '../apps/api/src/modules/stats/agents.service.ts';
import { refreshStats } from '../apps/api/src/modules/stats/aggregate.service.ts';
import { leadStats } from '../apps/api/src/modules/stats/leads.service.ts';
import { financeStats } from '../apps/api/src/modules/finances/stats.service.ts';
import * as repo from '../apps/api/src/modules/stats/figures.repo.ts';
import { zurichInstant, type RoleCode } from '../packages/domain/src/index.ts';

const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = '/bo_bench';
const rounds = Number(process.argv[2] ?? 10);
const database = openDatabase(server.toString(), { max: 6 });
const db = database.db;
const pick = async (role: string, by: string) => {
  const { rows } = await database.pool.query<{ id: number; y: number }>(
    `SELECT u.id, (SELECT extract(year FROM max(created_at))::int FROM orders) AS y FROM users u JOIN roles r ON r.id = u.role_id
     WHERE r.code = $1 ORDER BY (SELECT count(*) FROM orders o WHERE o.${by} = u.id) DESC LIMIT 1`,
    [role],
  );
  return rows[0]!;
};
const admin = await pick('admin', 'agent_id');
const sa = await pick('sales_agent', 'agent_id');
const ca = await pick('call_agent', 'call_agent_id');
const year = Number(process.argv[3] ?? sa.y);
const actor = (id: number, role: RoleCode) => ({ userId: id, role, sessionId: 'bench', impersonatorId: null });

type Run = (now: Date) => Promise<unknown>;
const cases: [string, Run][] = [
  ['sales tab, everybody, year', (now) => salesAgentStats(db, actor(admin.id, 'admin'), { year }, now)],
  ['sales tab, everybody, one month', (now) => salesAgentStats(db, actor(admin.id, 'admin'), { year, from: 6, to: 6 }, now)],
  ['sales tab, one agent, year (admin)', (now) => salesAgentStats(db, actor(admin.id, 'admin'), { year, agent_id: sa.id }, now)],
  ['sales tab, as the agent (own row + team total)', (now) => salesAgentStats(db, actor(sa.id, 'sales_agent'), { year }, now)],
  ['call tab, everybody, year', (now) => callAgentStats(db, actor(admin.id, 'admin'), { year }, now)],
  ['call tab, everybody, one month', (now) => callAgentStats(db, actor(admin.id, 'admin'), { year, from: 6, to: 6 }, now)],
  ['call tab, one agent, year (admin)', (now) => callAgentStats(db, actor(admin.id, 'admin'), { year, agent_id: ca.id }, now)],
  ['finances statistics, everybody, year', (now) => financeStats(db, actor(admin.id, 'admin'), { year }, now)],
  ['finances statistics, one agent, year', (now) => financeStats(db, actor(admin.id, 'admin'), { year, agent_id: sa.id }, now)],
  ['leads statistics, year', (now) => leadStats(db, { year }, now)],
];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
const time = async (run: Run, now: () => Date) => {
  await run(now());
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const t = performance.now();
    await run(now());
    times.push(performance.now() - t);
  }
  return `${pct(times, 50).toFixed(0)} / ${pct(times, 95).toFixed(0)}`;
};
console.log(`year ${year}, ${rounds} rounds per case`);
console.log('| case | pre-aggregated p50 / p95 ms | plain p50 / p95 ms |\n| --- | ---: | ---: |');
const stale = () => new Date(Date.now() + 10 * 60_000);
for (const [name, run] of cases) {
  // A fresh snapshot for each case, so none is answered by the plain statements for being a minute old.
  const [refreshed] = await refreshStats(db, [year]);
  const pre = await time(run, () => new Date());
  // The plain statements: the snapshot ten minutes old (the current year) and a change an hour old not in
  // it (a past year, whose figures otherwise stand as long as nothing changes). The next refresh clears it.
  await database.pool.query(
    `INSERT INTO stats_dirty_years (year, marked_at) VALUES ($1, now() - interval '1 hour')
     ON CONFLICT (year) DO UPDATE SET marked_at = excluded.marked_at`,
    [year],
  );
  const plain = await time(run, stale);
  console.log(`| ${name} | ${pre} | ${plain} | (refresh ${refreshed!.ms} ms)`);
}
if (process.argv.includes('--no-plans')) {
  await database.close();
  process.exit(0);
}

/** The repo's statements, explained instead of run. */
const explaining = (label: string): Db =>
  ({
    execute: async (q: SQL) => {
      const res = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`);
      });
      console.log(`\n### ${label}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      return { rows: [] };
    },
  }) as unknown as Db;
const range = { from: zurichInstant(year, 1, 1), to: zurichInstant(year + 1, 1, 1), agentId: undefined };
const salesRoles: RoleCode[] = ['sales_agent', 'independent_agent'];
await repo.orderFigures(explaining('orders by agent, year'), { ...range, roles: salesRoles, by: 'agent_id' });
await repo.demoFigures(explaining('demos by agent, year'), { ...range, roles: salesRoles, by: 'agent' });
await repo.commissionFigures(explaining('commissions, year'), { ...range, roles: salesRoles });
await repo.leadFigures(explaining('leads created, year'), { ...range, roles: salesRoles });
await repo.returnFigures(explaining('returns, year'), { ...range, roles: salesRoles });
await repo.callFigures(explaining('calls, year'), { ...range, roles: ['call_agent'] });
await repo.demoFigures(explaining('demos by booker, year'), { ...range, roles: ['call_agent'], by: 'booker' });
await database.close();
