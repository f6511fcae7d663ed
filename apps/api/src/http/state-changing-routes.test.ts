import { zurichClock, zurichInstant } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo.ts';
import { storageFor } from '../integrations/storage/index.ts';
import { LOCALES_DIR } from '../paths.ts';
import { createTestApp, injectAs, login, type TestApp } from '../../test/harness.ts';

/**
 * Which GET routes write to the database, found by calling every one of them as the demo admin
 * from the app's own origin, on the demo data, with a statement trigger on every table that notes
 * each write. A GET that writes must say so in its declaration (`config.changesState`), which makes
 * the session guard refuse it to other sites; every declared one and every write method must be
 * refused to another site. The list of state-changing GETs is thus the route declarations, checked
 * here against what the routes do.
 */

let t: TestApp;
let cookie: string;
/** Ids of stored files (uuids) of the demo data. */
let fileIds: string[] = [];

/** The first ids of every table: the demo data fills each from 1 on. */
const FIRST_IDS = Array.from({ length: 8 }, (_, i) => i + 1);
/** Ids tried for an `:id` parameter: the first ones, and the last and a middle one of every table (read from the demo data). */
let IDS: number[] = FIRST_IDS;

/**
 * Query strings without which a GET answers 400 before its handler runs. A new GET that needs one
 * fails "reaches the handler of every GET" until it is added here.
 */
const DAY = 24 * 3600_000;
const QUERIES: Record<string, string[]> = {
  '/api/event/:id': ['eventType=presentation', 'eventType=service'],
  '/api/calendar-events': [`from=${new Date(Date.now() - 30 * DAY).toISOString()}&to=${new Date(Date.now() + 30 * DAY).toISOString()}`],
  '/api/presentation-products': FIRST_IDS.map((id) => `presentationId=${id}`),
  '/api/import/prepare-import': ['importType=leads'],
  // An admin names the partner or agent whose referrals to read.
  '/api/partner-users': ['partner_id=1'],
  '/api/stats/partner': ['partner_id=1'],
  '/api/ia-referrals': ['agent_id=1'],
  // The statistics' files: the format is required.
  '/api/stats/sales-agent/export': ['format=csv'],
  '/api/stats/call-agent/export': ['format=csv'],
  '/api/stats/leads/export': ['format=csv'],
  '/api/stats/finances/export': ['format=csv'],
};

/** The planner's calls name a demo client with an address and a sales agent (read in beforeAll). */
let plannerClients: number[] = [];
let plannerAgents: number[] = [];
function plannerQueries(pattern: string): string[] | undefined {
  // 10:00 in Zurich on the next working day (Monday to Friday): the planner books no Sunday.
  let ahead = 1;
  while (zurichClock(new Date(Date.now() + ahead * DAY)).weekday > 5) {
    ahead += 1;
  }
  const day = zurichClock(new Date(Date.now() + ahead * DAY));
  const tomorrow = zurichInstant(day.year, day.month, day.day, 10);
  const month = new Date().toISOString().slice(0, 7);
  switch (pattern) {
    case '/api/planner-preview':
      return plannerClients.map((c) => `clientId=${c}`);
    case '/api/planner-details':
      return plannerClients.flatMap((c) => plannerAgents.map((a) => `clientId=${c}&agentId=${a}&start=${tomorrow.toISOString()}`));
    case '/api/planner-blocked-dates':
      return plannerClients.map((c) => `month=${month}&destination=${c}`);
    case '/api/planner-absences':
      return plannerAgents.map((a) => `agentId=${a}&month=${month}`);
    default:
      return undefined;
  }
}

/** Values for path parameters other than numeric ids (file ids are read from the demo data). */
const PARAMS: Record<string, string[]> = {
  email: ['admin@demo.test', 'nobody@demo.test'],
  lng: ['de'],
  file: ['common.json'],
  // A checkout session of the demo licences (db/seed/licences.ts).
  session: ['cs_local_demo0000paying'],
};

function urlsOf(pattern: string): string[] {
  let urls = [pattern.replace(/\*/g, 'x')];
  for (const [, name] of pattern.matchAll(/:([A-Za-z_]+)/g)) {
    const values = name === 'id' || name!.endsWith('Id') ? [...IDS.map(String), ...fileIds] : (PARAMS[name!] ?? ['x']);
    urls = urls.flatMap((u) => values.map((v) => u.replace(`:${name}`, encodeURIComponent(v))));
  }
  const queries = QUERIES[pattern] ?? plannerQueries(pattern);
  return queries ? urls.flatMap((u) => queries.map((q) => `${u}?${q}`)) : urls;
}

async function writesSoFar(): Promise<number> {
  const res = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM write_probe');
  return res.rows[0]!.n;
}

async function tablesWrittenAfter(seen: number): Promise<string[]> {
  const res = await t.pool.query<{ tbl: string; op: string }>('SELECT tbl, op FROM write_probe ORDER BY id OFFSET $1', [seen]);
  return [...new Set(res.rows.map((r) => `${r.op} ${r.tbl}`))];
}

const getRoutes = () => t.routes().filter((r) => r.method === 'GET' && !r.url.startsWith('/docs'));

/** Per GET route: the writes one of its calls made (empty: none), and the statuses it answered. */
const observed = new Map<string, { writes: string[]; statuses: Set<number> }>();

beforeAll(async () => {
  t = await createTestApp({ localesDir: LOCALES_DIR });
  await seedDemo(t.db, { clients: 60, storage: storageFor(t.config) });
  fileIds = (await t.pool.query<{ id: string }>('SELECT id FROM files ORDER BY id LIMIT 3')).rows.map((r) => r.id);
  const tables = await t.pool.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'id' AND data_type IN ('integer', 'bigint')`,
  );
  const ids = new Set(FIRST_IDS);
  for (const { table_name } of tables.rows) {
    const res = await t.pool.query<{ last: number | null; middle: number | null }>(
      `SELECT max(id)::int AS last, (percentile_disc(0.5) WITHIN GROUP (ORDER BY id))::int AS middle FROM "${table_name}"`,
    );
    for (const id of [res.rows[0]?.last, res.rows[0]?.middle]) {
      if (id) {
        ids.add(id);
      }
    }
  }
  IDS = [...ids].sort((a, b) => a - b);
  plannerClients = (
    await t.pool.query<{ id: number }>(
      `SELECT id FROM users WHERE role_id = 2 AND address IS NOT NULL AND zipcode IS NOT NULL ORDER BY id LIMIT 2`,
    )
  ).rows.map((r) => r.id);
  plannerAgents = (await t.pool.query<{ id: number }>(`SELECT id FROM users WHERE role_id = 3 AND is_active ORDER BY id LIMIT 2`)).rows.map(
    (r) => r.id,
  );
  // The admin has a telephone line, so that starting a call gets as far as the provider.
  await t.pool.query(
    `UPDATE accounts SET telephony_user_id = '1', telephony_number = '+41 44 000 00 00'
      WHERE user_id = (SELECT id FROM users WHERE email = 'admin@demo.test')`,
  );
  await t.pool.query(`
    CREATE TABLE write_probe (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL);
    CREATE FUNCTION write_probe_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO write_probe (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$;
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT schemaname, tablename FROM pg_tables
               WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND tablename <> 'write_probe' LOOP
        EXECUTE format('CREATE TRIGGER write_probe AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I.%I
                        FOR EACH STATEMENT EXECUTE FUNCTION write_probe_note()', r.schemaname, r.tablename);
      END LOOP;
    END $$;`);
  cookie = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);

  for (const route of getRoutes()) {
    const seen = { writes: [] as string[], statuses: new Set<number>() };
    observed.set(route.url, seen);
    for (const url of urlsOf(route.url)) {
      const before = await writesSoFar();
      const res = await injectAs(t.app, cookie, { method: 'GET', url });
      seen.statuses.add(res.statusCode);
      const writes = await tablesWrittenAfter(before);
      if (writes.length > 0 || res.statusCode === 401 || res.cookies.some((c) => c.name === 'sid')) {
        // Signed out, or switched to someone else: sign in again (its writes are not counted).
        cookie = await login(t.app, 'admin@demo.test', DEMO_PASSWORD);
      }
      if (writes.length > 0) {
        seen.writes = writes;
        break;
      }
    }
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('state-changing GET routes', () => {
  it('declares every GET that writes as changing state, so that other sites cannot call it', () => {
    const undeclared = getRoutes()
      .filter((r) => r.changesState === undefined && observed.get(r.url)!.writes.length > 0)
      .map((r) => `GET ${r.url} wrote ${observed.get(r.url)!.writes.join(', ')}`);
    expect(undeclared).toEqual([]);
  });

  it('sees the writes of the GETs the spec makes state changes (the probe works)', () => {
    const seenWriting = [...observed].filter(([, o]) => o.writes.length > 0).map(([url]) => url);
    expect(seenWriting).toEqual(
      expect.arrayContaining([
        '/auth/logout',
        '/auth/login-by/:id',
        '/api/block-account/:id',
        '/api/unblock-account/:id',
        '/api/send-signup-mail/:id',
        '/api/send-inner-signup-mail/:id',
        '/api/finances/rebuild-receipt/:id',
        '/api/clients/initiate-call/:id',
      ]),
    );
  });

  it('reaches the handler of every GET with the demo data (else a write could go unseen)', () => {
    // Answers that say the handler ran: a success, a redirect (the referral short link), or a refusal the handler itself decided.
    const unreached = [...observed]
      .filter(([, o]) => ![...o.statuses].some((s) => s < 300 || s === 302 || s === 409))
      .map(([url, o]) => `${url}: ${[...o.statuses].join(', ')}`);
    expect(unreached).toEqual([]);
  });

  it('refuses every declared GET and every write method to another site', async () => {
    const stateChanging = t
      .routes()
      .filter((r) => !r.url.startsWith('/docs') && (r.changesState !== undefined || !['GET', 'HEAD', 'OPTIONS'].includes(r.method)));
    expect(stateChanging.length).toBeGreaterThan(50);
    const allowed: string[] = [];
    for (const route of stateChanging) {
      const url = urlsOf(route.url)[0]!;
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'http://bo.test:8080' }]) {
        // Without `injectAs`, which would add the own pages' Sec-Fetch-Site.
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...headers, cookie },
          payload: route.method === 'GET' ? undefined : {},
        });
        const body = res.json<{ error?: string; data?: { reason?: string } }>();
        if (res.statusCode !== 403 || body.data?.reason !== 'cross_site') {
          allowed.push(`${route.method} ${route.url} ${JSON.stringify(headers)}: ${res.statusCode}`);
        }
      }
    }
    expect(allowed).toEqual([]);
  });
});
