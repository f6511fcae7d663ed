/**
 * Tries index and query changes on the database `npm run bench` generated (bench/.data, or
 * BENCH_DATABASE_URL), each inside a transaction that is rolled back: the candidates are built, the
 * statements behind the missed targets explained with them, and nothing stays. Run after a bench run:
 * `npx tsx try-indexes.ts` in bench/.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/api/src/db/embedded.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const embedded = process.env.BENCH_DATABASE_URL
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.join(here, '.data'), log: console.log });
const url = new URL(process.env.BENCH_DATABASE_URL ?? embedded!.url);
url.pathname = '/bo_bench';
const client = new pg.Client({ connectionString: url.toString() });

const NAME = `("name" || ' ' || "surname" || ' ' || coalesce("email", ''))`;
const ADDRESS = `(coalesce("address", '') || ' ' || coalesce("zipcode", '') || ' ' || coalesce("city", ''))`;
const SEARCH = (w: string) => `(${NAME} ILIKE '%${w}%' OR ${ADDRESS} ILIKE '%${w}%')`;
const ADMIN = `"role_id" = 2 AND "type" = 'B2C' AND ("status" IS NULL OR "status" NOT IN ('archived','without_number','single_man','wrong_data'))
  AND "status" IS DISTINCT FROM 'single_man' AND ("linked_agent_id" IS NULL OR "linked_agent_id" = 1)`;
const AGENT = `"role_id" = 2 AND "type" = 'B2C' AND "status" IN ('potential','unqualified','call_agents','user_rec','older')
  AND "status" IS DISTINCT FROM 'single_man' AND ("next_recall_at" IS NULL OR "next_recall_at" <= now())`;
const LISTING = `"role_id" = 2 AND "calls_count" = 0 AND "status" IN ('potential','unqualified','call_agents','user_rec','older')
  AND "status" IS DISTINCT FROM 'single_man' AND ("next_recall_at" IS NULL OR "next_recall_at" <= now())`;
const capped = (where: string, cap: number) => `SELECT count(*) FROM (SELECT 1 FROM users WHERE ${where} LIMIT ${cap}) AS capped`;

interface Trial {
  name: string;
  setup: string[];
  statements: [string, string][];
}

const trials: Trial[] = [
  {
    name: 'today (no change)',
    setup: [],
    statements: [
      ['admin count, cap 10 001', capped(ADMIN, 10_001)],
      ['call agent count, cap 10 001', capped(AGENT, 10_001)],
      ['listing count, cap 10 001', capped(LISTING, 10_001)],
      ["search 'mül' count, cap 10 001", capped(`role_id = 2 AND ${SEARCH('mül')}`, 10_001)],
    ],
  },
  {
    name: 'the total capped at 1 000 instead of 10 000',
    setup: [],
    statements: [
      ['admin count, cap 1 001', capped(ADMIN, 1_001)],
      ['call agent count, cap 1 001', capped(AGENT, 1_001)],
      ['listing count, cap 1 001', capped(LISTING, 1_001)],
      ["search 'mül' count, cap 1 001", capped(`role_id = 2 AND ${SEARCH('mül')}`, 1_001)],
    ],
  },
  {
    name: 'covering index for the list filters (index-only count)',
    setup: [
      `CREATE INDEX users_client_filters_idx ON users (role_id, type, status) INCLUDE (linked_agent_id, next_recall_at, calls_count)`,
      'ANALYZE users',
    ],
    statements: [
      ['admin count, cap 10 001', capped(ADMIN, 10_001)],
      ['call agent count, cap 10 001', capped(AGENT, 10_001)],
      ['listing count, cap 10 001', capped(LISTING, 10_001)],
    ],
  },
  {
    name: 'relevance through a trigram GiST index (nearest first, <<-> = 1 - word_similarity)',
    setup: [`CREATE INDEX users_search_trgm_gist_idx ON users USING gist (${NAME} gist_trgm_ops)`, 'ANALYZE users'],
    statements: [
      [
        "search 'mül' ordered by word similarity, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('mül')} ORDER BY 'mül' <<-> ${NAME}, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
      [
        "search 'mül' ordered by word similarity alone, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('mül')} ORDER BY 'mül' <<-> ${NAME} LIMIT 100`,
      ],
      [
        "search 'brun' ordered by word similarity, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('brun')} ORDER BY 'brun' <<-> ${NAME}, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
    ],
  },
  {
    name: 'search: the 100 ids first on the narrow match set, the row details and counts for those only',
    setup: [],
    statements: [
      [
        "search 'mül' by relevance, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('mül')} ORDER BY word_similarity('mül', ${NAME}) DESC, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
      [
        "search 'mül' by last change, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('mül')} ORDER BY updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
      [
        "search 'brun' by relevance, 100 ids",
        `SELECT id FROM users WHERE role_id = 2 AND ${SEARCH('brun')} ORDER BY word_similarity('brun', ${NAME}) DESC, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
    ],
  },
  {
    name: 'search: relevance ranks the 1 000 newest matches only',
    setup: [],
    statements: [
      [
        "search 'mül' by relevance among the newest 1 000, 100 ids",
        `SELECT id FROM (SELECT id, ${NAME} AS t, updated_at FROM users WHERE role_id = 2 AND ${SEARCH('mül')}
           ORDER BY updated_at DESC NULLS LAST, id DESC LIMIT 1000) AS recent
         ORDER BY word_similarity('mül', t) DESC, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
      [
        "search 'brun' by relevance among the newest 1 000, 100 ids",
        `SELECT id FROM (SELECT id, ${NAME} AS t, updated_at FROM users WHERE role_id = 2 AND ${SEARCH('brun')}
           ORDER BY updated_at DESC NULLS LAST, id DESC LIMIT 1000) AS recent
         ORDER BY word_similarity('brun', t) DESC, updated_at DESC NULLS LAST, id DESC LIMIT 100`,
      ],
    ],
  },
];
/** BENCH_TRY=<part of a trial's name> runs only the matching trials. */
const only = process.env.BENCH_TRY;

try {
  await client.connect();
  for (const trial of trials.filter((t) => !only || t.name.includes(only))) {
    console.log(`\n==== ${trial.name}`);
    await client.query('BEGIN');
    try {
      for (const sql of trial.setup) {
        const started = Date.now();
        await client.query(sql);
        console.log(`${sql.split('\n')[0]}  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      }
      for (const [name, sql] of trial.statements) {
        await client.query(sql); // warm
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
        console.log(`\n-- ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    } finally {
      await client.query('ROLLBACK');
    }
  }
} finally {
  await client.end().catch(() => undefined);
  await embedded?.stop();
}
