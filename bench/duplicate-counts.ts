/**
 * What the duplicate counts of a clients list page cost (docs/performance.md "Duplicate engine"): the
 * admin's b2c page of the newest 100 clients, with and without the engine's counts, interleaved call by
 * call, the engine's call alone, and the plan (EXPLAIN ANALYZE, BUFFERS) of the counts' statement with
 * how many candidates a row brings. Reads only.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres npx tsx bench/duplicate-counts.ts [rounds]
 */
/* eslint-disable no-restricted-imports -- a benchmark of the clients module's insides: the list page with and
   without its duplicate counts, and the plan of the counts' statement, which no public surface offers. */
import { clientsQuery } from '../packages/domain/src/index.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { candidatesSql, matchCandidates } from '../apps/api/src/modules/clients/matches.repo.ts';
import { duplicateCounts, NEAR_KM } from '../apps/api/src/modules/clients/matches.service.ts';
import { listClients } from '../apps/api/src/modules/clients/list.repo.ts';
import { listFilterOf } from '../apps/api/src/modules/clients/list.service.ts';
import { swissPostcodes } from '../apps/api/src/core/postcodes.ts';
import { normalisePhone } from '../packages/domain/src/index.ts';
import { sql } from 'drizzle-orm';

const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = '/bo_bench';
const rounds = Number(process.argv[2] ?? 30);
const database = openDatabase(server.toString(), { max: 2 });
const all = { kind: 'all' } as const;
const { rows: admins } = await database.pool.query<{ id: number }>(
  "SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.code = 'admin' LIMIT 1",
);
const filter = listFilterOf({ id: admins[0]!.id, role: 'admin', scope: all }, clientsQuery.parse({ tableName: 'b2c', limit: 100 }));
const none = () => Promise.resolve(new Map<number, number>());
const first = await listClients(database.db, filter, (rows, scope) => duplicateCounts(database.db, rows, scope));
const fields = first.rows.map((r) => ({
  id: r.user.id,
  name: r.user.name,
  surname: r.user.surname,
  email: r.user.email,
  phone: r.user.phone,
  mobilePhone: r.user.mobilePhone,
  zipcode: r.user.zipcode,
  city: r.user.city,
  address: r.user.address,
}));
const text = (v: string | null) => (v && v.trim() !== '' ? v : null);
const probes = fields.map((u) => ({
  id: u.id,
  phoneE164: normalisePhone(u.phone) ?? null,
  mobilePhoneE164: normalisePhone(u.mobilePhone) ?? null,
  email: text(u.email),
  zipcode: text(u.zipcode)?.trim() ?? null,
  name: text(u.name),
  surname: text(u.surname),
  city: text(u.city),
  address: text(u.address),
  near: text(u.zipcode) ? swissPostcodes().near(u.zipcode!.trim(), NEAR_KM) : [],
}));
const times: Record<'without' | 'with' | 'engine' | 'statement', number[]> = { without: [], with: [], engine: [], statement: [] };
const time = async (k: keyof typeof times, f: () => Promise<unknown>) => {
  const t = performance.now();
  await f();
  times[k].push(performance.now() - t);
};
for (let i = 0; i < rounds; i += 1) {
  await time('without', () => listClients(database.db, filter, none));
  await time('with', () => listClients(database.db, filter, (rows, scope) => duplicateCounts(database.db, rows, scope)));
  await time('engine', () => duplicateCounts(database.db, fields, all));
  await time('statement', () => matchCandidates(database.db, all, probes));
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(1);
console.log(`${rounds} rounds, interleaved; statement: matchCandidates alone (the engine's call without scoring)`);
for (const [k, xs] of Object.entries(times)) {
  console.log(`${k.padEnd(8)} p50 ${pct(xs, 0.5)} ms  p95 ${pct(xs, 0.95)} ms`);
}
const counts = await duplicateCounts(database.db, fields, all);
console.log(
  `rows ${fields.length}, with a duplicate ${[...counts.values()].filter((c) => c > 0).length}, duplicates ${[...counts.values()].reduce((a, b) => a + b, 0)}`,
);
const statement = candidatesSql(probes, { scope: all, columns: true });
const found = await database.db.execute<{ i: number }>(statement);
console.log(`candidates ${found.rows.length} (${(found.rows.length / fields.length).toFixed(1)} a row)`);
if (process.env.EXPLAIN !== '0') {
  await database.db.transaction(async (tx) => {
    const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
  });
}
await database.close();
