import pg from 'pg';
import type { MatchRecord } from '../packages/domain/src/index.ts';
import type { Database } from '../apps/api/src/db/client.ts';
import { findClientMatches } from '../apps/api/src/modules/clients/index.ts';

/**
 * The duplicate engine on the million clients (docs/performance.md "Duplicate engine"): one new
 * client checked against all of them (findClientMatches with one probe), for probes of three kinds:
 * a client typed again exactly, a client typed with mistakes (a letter of the surname, the postcode's
 * digits, 'Strasse' written 'Str.', no phone) and a new person. Then an import's batch of 100 probes
 * in one call. Each candidate statement is explained on the million.
 */

type Stats = { p50: number; p95: number; n: number };
export interface MatchBenchTools {
  rounds: number;
  time(rounds: number, fn: () => Promise<unknown>, budgetMs?: number, warmup?: number): Promise<Stats>;
  stats(samples: number[]): Stats;
}

interface Sampled {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  mobile_phone: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
}

const recordOf = (s: Sampled): MatchRecord => ({
  name: s.name,
  surname: s.surname,
  email: s.email,
  phone: s.phone,
  mobile_phone: s.mobile_phone,
  zipcode: s.zipcode,
  city: s.city,
  address: s.address,
});

/** One letter of the surname doubled or dropped, the postcode's last two digits swapped, 'strasse' as 'str.', no phone, no e-mail. */
function withMistakes(s: Sampled, k: number): MatchRecord {
  const surname = k % 2 === 0 ? s.surname.slice(0, 3) + s.surname.slice(4) : s.surname.slice(0, 3) + s.surname[3] + s.surname.slice(3);
  const zip = s.zipcode ?? '';
  const zipcode = zip.length === 4 ? zip.slice(0, 2) + zip[3] + zip[2] : zip;
  return {
    ...recordOf(s),
    surname: surname.length > 2 ? surname : s.surname,
    zipcode,
    address: s.address?.replace(/strasse/i, 'str.') ?? null,
    phone: null,
    mobile_phone: null,
    email: null,
  };
}

const FIRST = ['Zora', 'Quirin', 'Ilvy', 'Baltasar', 'Ottilie', 'Severin', 'Liv', 'Jaro'];
const LAST = ['Quaderer', 'Zwygart', 'Ysenburg', 'Oechslin', 'Plüss-Nef', 'Xandry', 'Vuilleumier-Qu', 'Jörimann'];

/** Someone not in the table: a rare name at a real place, a number nobody has. */
function newPerson(s: Sampled, k: number): MatchRecord {
  return {
    name: FIRST[k % FIRST.length]!,
    surname: LAST[(k * 3) % LAST.length]!,
    email: `neu.kunde.${k}@example.org`,
    phone: null,
    mobile_phone: `079 ${String(900 + (k % 100)).padStart(3, '0')} 9${k % 10} ${String(10 + (k % 90))}`,
    zipcode: s.zipcode,
    city: s.city,
    address: `Erfundenweg ${900 + k}`,
  };
}

function line(name: string, s: Stats, target?: number): string {
  const verdict = target === undefined ? '' : s.p50 <= target ? `   met [p50 ≤ ${target} ms]` : `   MISSED (p50 > ${target} ms)`;
  return `${name.padEnd(58)} p50 ${s.p50.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms (${s.n} calls)${verdict}`;
}

export async function benchClientMatches(database: Database, tools: MatchBenchTools): Promise<void> {
  const all = { kind: 'all' } as const;
  // Clients spread over the table (every region), with a street that has a number.
  const { rows: sampled } = await database.pool.query<Sampled>(
    `SELECT id, name, surname, email, phone, mobile_phone, zipcode, city, address FROM users
     WHERE role_id = 2 AND id IN (SELECT (SELECT min(id) FROM users WHERE role_id = 2) + (g * 9973) % 990000 FROM generate_series(1, 120) g)
       AND address ~ '[0-9]' ORDER BY id`,
  );
  const kinds: [string, (s: Sampled, k: number) => MatchRecord][] = [
    ['exact', (s) => recordOf(s)],
    ['with mistakes', withMistakes],
    ['new person', newPerson],
  ];
  console.log(`\nduplicate engine: one new client checked against the million (findClientMatches, ${sampled.length} probes of each kind):`);
  const everything: number[] = [];
  const found: Record<string, number> = {};
  for (const [kind, make] of kinds) {
    const probes = sampled.map((s, k) => make(s, k));
    for (const p of probes.slice(0, 10)) {
      await findClientMatches(database.db, [p], all);
    }
    const samples: number[] = [];
    let hits = 0;
    for (let round = 0; round < Math.max(1, Math.ceil(tools.rounds / probes.length)); round += 1) {
      for (const [k, p] of probes.entries()) {
        const start = process.hrtime.bigint();
        const [matches] = await findClientMatches(database.db, [p], all);
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
        if (round === 0 && kind !== 'new person' && matches!.some((m) => m.client.id === sampled[k]!.id)) {
          hits += 1;
        }
        if (round === 0 && kind === 'new person' && matches!.length === 0) {
          hits += 1;
        }
      }
    }
    everything.push(...samples);
    found[kind] = hits;
    console.log(line(`check one client (${kind})`, tools.stats(samples), 20));
  }
  console.log(line('check one client (all kinds)', tools.stats(everything), 20));
  // The load on the machine: a bare round trip to the database, measured alongside.
  console.log(line('a round trip (SELECT 1), for the load', await tools.time(200, () => database.pool.query('SELECT 1'))));
  console.log(
    `  found the client itself: exact ${found.exact}/${sampled.length}, with mistakes ${found['with mistakes']}/${sampled.length};` +
      ` no match for a new person: ${found['new person']}/${sampled.length}`,
  );
  const batch = sampled.slice(0, 100).map((s, k) => (k % 3 === 0 ? recordOf(s) : k % 3 === 1 ? withMistakes(s, k) : newPerson(s, k)));
  const batchStats = await tools.time(
    Math.max(10, Math.floor(tools.rounds / 10)),
    () => findClientMatches(database.db, batch, all),
    30_000,
    3,
  );
  console.log(line(`an import's batch of ${batch.length} probes in one call`, batchStats));

  console.log(
    '\nduplicate engine plans of the candidates statement of one check, per kind of probe: first as sent once' +
      ' (a custom plan, its planning time), then as the engine runs it (prepared, generic plan):',
  );
  for (const [kind, make] of kinds) {
    const statements = await captureClientStatements(() => findClientMatches(database.db, [make(sampled[7]!, 7)], all));
    const st = statements.find((x) => x.text.includes('"candidate"'));
    if (!st) {
      continue;
    }
    const client = await database.pool.connect();
    try {
      const custom = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${st.text}`, st.values);
      await client.query('BEGIN');
      await client.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await client.query(`PREPARE bench_generic AS ${st.text}`);
      const args = st.values.map((v) => (v === null ? 'NULL' : client.escapeLiteral(literalOf(v)))).join(', ');
      // The first EXECUTE makes the generic plan; the second shows a run of it.
      await client.query(`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE bench_generic(${args})`);
      const generic = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE bench_generic(${args})`);
      await client.query('ROLLBACK');
      await client.query('DEALLOCATE bench_generic');
      console.log(
        `\n== check one client (${kind})\n-- ${st.text.replace(/\s+/g, ' ').slice(0, 200)} …\n-- params ${JSON.stringify(st.values).slice(0, 400)}` +
          `\n-- custom plan:\n${custom.rows.map((r) => r['QUERY PLAN']).join('\n')}` +
          `\n-- generic plan (as the engine runs it):\n${generic.rows.map((r) => r['QUERY PLAN']).join('\n')}`,
      );
    } finally {
      client.release();
    }
  }
}

/** A parameter as PostgreSQL reads it in text: arrays as `{"a",NULL}`. */
function literalOf(v: unknown): string {
  if (Array.isArray(v)) {
    return `{${(v as (string | number | null)[]).map((x) => (x === null ? 'NULL' : `"${String(x).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
  }
  return String(v);
}

/** The statements `fn` sent on any connection (the engine runs in a transaction of its own, on a client of the pool). */
async function captureClientStatements(fn: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  const captured: { text: string; values: unknown[] }[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    } else if (typeof first === 'string') {
      captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    }
    return query.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = query;
  }
  return captured;
}

/**
 * Precision and recall of the real database path on the labelled set of bench/dedupe-labelled.ts:
 * the set loaded as clients into a database of its own (`bo_bench_dedupe` on the bench server), then
 * findClientMatches for every record (batches of 200 probes, each probe its own row's id so it never
 * finds itself). A pair is found when either record finds the other. Beside the scorer's figures
 * (bench/dedupe-quality.ts, every candidate pair of the domain's blocking keys), these show what the
 * SQL blocking keys lose.
 */
export async function benchMatchesQuality(serverUrl: URL, opts: { persons?: number } = {}): Promise<void> {
  const { generateLabelledSet } = await import('./dedupe-labelled.ts');
  const { openDatabase, runMigrations } = await import('../apps/api/src/db/client.ts');
  const pgModule = await import('pg');
  const name = 'bo_bench_dedupe';
  const admin = new pgModule.default.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl.toString());
  url.pathname = `/${name}`;
  await runMigrations(url.toString());
  const database = openDatabase(url.toString(), { max: 4 });
  try {
    // The set repeats e-mails (copies, relatives sharing one): this throwaway database lets it, so the
    // engine is measured on every record (the product's table holds an e-mail once, for the sign-in).
    await database.pool.query('DROP INDEX users_email_unique');
    const records = generateLabelledSet({ persons: opts.persons ?? 16_000 });
    const { normalisePhone } = await import('../packages/domain/src/index.ts');
    const dbIds: number[] = [];
    for (let from = 0; from < records.length; from += 1000) {
      const chunk = records.slice(from, from + 1000);
      const cols = (f: (r: (typeof chunk)[number]) => string | null) => chunk.map(f);
      const res = await database.pool.query<{ id: number }>(
        `INSERT INTO users (role_id, name, surname, email, phone, phone_e164, mobile_phone, mobile_phone_e164, zipcode, city, address, type, status)
         SELECT 2, coalesce(n, ''), coalesce(s, ''), e, p, pe, m, me, z, c, a, 'B2C', 'potential'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
           WITH ORDINALITY AS t(n, s, e, p, pe, m, me, z, c, a, o)
         ORDER BY o RETURNING id`,
        [
          cols((r) => r.name),
          cols((r) => r.surname),
          cols((r) => r.email),
          cols((r) => r.phone),
          cols((r) => normalisePhone(r.phone) ?? null),
          cols((r) => r.mobile_phone),
          cols((r) => normalisePhone(r.mobile_phone) ?? null),
          cols((r) => r.zipcode),
          cols((r) => r.city),
          cols((r) => r.address),
        ],
      );
      dbIds.push(...res.rows.map((r) => r.id));
    }
    await database.pool.query('ANALYZE users');
    const index = new Map(dbIds.map((id, i) => [id, i]));
    const found = new Set<string>();
    const started = Date.now();
    for (let from = 0; from < records.length; from += 200) {
      const probes = records.slice(from, from + 200).map((r, k) => ({ ...r, id: dbIds[from + k]! }));
      const answers = await findClientMatches(database.db, probes, { kind: 'all' });
      answers.forEach((matches, k) => {
        for (const m of matches) {
          const a = from + k;
          const b = index.get(m.client.id)!;
          found.add(a < b ? `${a}:${b}` : `${b}:${a}`);
        }
      });
    }
    const ms = Date.now() - started;
    const byPerson = new Map<number, number[]>();
    records.forEach((r, i) => byPerson.set(r.person, [...(byPerson.get(r.person) ?? []), i]));
    const { compareRecords } = await import('../packages/domain/src/index.ts');
    const { swissPostcodes } = await import('../apps/api/src/core/postcodes.ts');
    let truePairs = 0;
    let tp = 0;
    /** Missed pairs the scorer would match: the SQL blocking keys never brought them together. */
    const lostByBlocking = new Map<string, number>();
    let lost = 0;
    for (const list of byPerson.values()) {
      for (let x = 0; x < list.length; x += 1) {
        for (let y = x + 1; y < list.length; y += 1) {
          truePairs += 1;
          if (found.has(`${list[x]}:${list[y]}`)) {
            tp += 1;
          } else {
            const [a, b] = [records[list[x]!]!, records[list[y]!]!];
            if (compareRecords(a, b, swissPostcodes()).isMatch) {
              lost += 1;
              for (const c of new Set([...a.corruptions, ...b.corruptions])) {
                lostByBlocking.set(c, (lostByBlocking.get(c) ?? 0) + 1);
              }
            }
          }
        }
      }
    }
    const fp = found.size - tp;
    const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
    console.log(
      `\nduplicate engine through the database on the labelled set (${records.length} records as clients, findClientMatches for each in batches of 200, ${ms} ms):` +
        `\n  ${tp} true pairs found, ${fp} false, ${truePairs - tp} missed of ${truePairs}; precision ${pct(tp + fp === 0 ? 1 : tp / (tp + fp))}, recall ${pct(truePairs === 0 ? 1 : tp / truePairs)}` +
        `\n  of the missed, ${lost} the scorer would match (no SQL blocking key brought them together), by the errors they carry: ` +
        [...lostByBlocking]
          .sort((x, y) => y[1] - x[1])
          .map(([c, k]) => `${c} ${k}`)
          .join(', '),
    );
  } finally {
    await database.close();
  }
}
