import {
  BUYER_STATUSES,
  CLIENT_TOTAL_CAP,
  type ClientPreset,
  type ClientScope,
  type ClientsQuery,
  type ClientStatus,
  type ClientTable,
  roleByCode,
} from '@bo/domain';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { cappedCountSql, containsPattern, prefixPattern } from '../../db/sql-helpers.ts';
import { locations, users } from '../../db/schema/index.ts';
import { clientScopeCondition } from './scope.repo.ts';

/** What the list asks for after the role's defaults were applied; `statuses` are real statuses. */
export interface ClientListFilter {
  scope: ClientScope;
  viewerId: number;
  table: ClientTable | undefined;
  statuses: { codes: ClientStatus[]; include: boolean } | null;
  presets: readonly ClientPreset[];
  /** E.164 forms of a phone searched for (the `number` parameter, or a search that is a phone). */
  phones: string[];
  /** Only these clients (one row after a change, for its live event). */
  ids?: number[];
  query: ClientsQuery;
}

const agent = alias(users, 'linked_agent');

/** The same expressions as users_search_trgm_idx and users_address_trgm_idx, so the indexes answer. */
export const nameText = sql`(${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, ''))`;
export const addressText = sql`(coalesce(${users.address}, '') || ' ' || coalesce(${users.zipcode}, '') || ' ' || coalesce(${users.city}, ''))`;

/** Every word occurs in the name and e-mail or in the address ("Meier Zürich" finds Claudia Meier in Zürich). */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return words.length === 0
    ? undefined
    : and(...words.map((w) => or(ilike(nameText, containsPattern(w)), ilike(addressText, containsPattern(w)))));
}

/** Day boundaries are Swiss: a filter "to 2026-11-21" ends at midnight in Zurich. */
const dayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'Europe/Zurich')`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE 'Europe/Zurich')`;

function tableCondition(table: ClientTable | undefined): SQL | undefined {
  switch (table) {
    case undefined:
      return undefined;
    case 'buyers':
      return inArray(users.status, [...BUYER_STATUSES]);
    case 'b2c':
      return eq(users.type, 'B2C');
    case 'b2b':
      return eq(users.type, 'B2B');
    case 'email_reminders':
      return isNotNull(users.emailReminderStage);
    case 'listing':
      // Fresh leads nobody has contacted yet: the call agents' queue.
      return eq(users.callsCount, 0);
  }
}

function presetCondition(preset: ClientPreset, viewerId: number): SQL | undefined {
  switch (preset) {
    case 'exclude_sm_leads':
      return sql`${users.status} IS DISTINCT FROM 'single_man'`;
    case 'exclude_linked_agent':
      return or(isNull(users.linkedAgentId), eq(users.linkedAgentId, viewerId));
    case 'recall':
      return or(isNull(users.nextRecallAt), lte(users.nextRecallAt, sql`now()`));
    case 'finished':
      return isNotNull(users.purchaseFinishedAt);
    case 'activated':
      return isNotNull(users.passwordHash);
    case 'invoice_sent':
      return isNotNull(users.invoiceSentAt);
    case 'invoice_not_sent':
      return isNull(users.invoiceSentAt);
  }
}

function rangeOf(column: AnyPgColumn, from: number | undefined, to: number | undefined): SQL[] {
  const out: SQL[] = [];
  if (from !== undefined) {
    out.push(gte(column, from));
  }
  if (to !== undefined) {
    out.push(lte(column, to));
  }
  return out;
}

function dayRange(column: AnyPgColumn, from: string | undefined, to: string | undefined): SQL[] {
  const out: SQL[] = [];
  if (from !== undefined) {
    out.push(gte(column, dayStart(from)));
  }
  if (to !== undefined) {
    out.push(lt(column, dayEnd(to)));
  }
  return out;
}

/** The custom filters of spec 3, by field name. */
function customConditions(q: ClientsQuery): (SQL | undefined)[] {
  const text = (column: AnyPgColumn, value: string | undefined) =>
    value === undefined ? undefined : ilike(column, containsPattern(value));
  const source = q.lead_source;
  return [
    text(users.email, q.email),
    text(users.city, q.city),
    text(users.address, q.address),
    text(users.category, q.category),
    text(users.company, q.company),
    ...rangeOf(users.age, q.age_from, q.age_to),
    ...rangeOf(users.callsCount, q.number_of_calls_from, q.number_of_calls_to),
    ...dayRange(users.createdAt, q.created_at_from, q.created_at_to),
    ...dayRange(users.updatedAt, q.updated_at_from, q.updated_at_to),
    ...dayRange(users.nextRecallAt, q.open_recalls_from, q.open_recalls_to),
    q.working_status?.length ? inArray(users.workingStatus, q.working_status) : undefined,
    q.persons_at_home?.length ? inArray(users.personsAtHome, q.persons_at_home) : undefined,
    q.has_onboarding_sms === undefined ? undefined : eq(users.hasOnboardingSms, q.has_onboarding_sms),
    source === undefined
      ? undefined
      : source.startsWith('location:')
        ? eq(users.leadLocationId, Number(source.slice('location:'.length)))
        : eq(users.leadSource, source),
  ];
}

export function listCondition(f: ClientListFilter): SQL {
  const q = f.query;
  const statuses = f.statuses;
  return and(
    clientScopeCondition(f.scope),
    f.ids ? inArray(users.id, f.ids) : undefined,
    tableCondition(f.table),
    q.type ? eq(users.type, q.type) : undefined,
    // No statuses named: every status.
    statuses && statuses.codes.length > 0
      ? statuses.include
        ? inArray(users.status, statuses.codes)
        : or(isNull(users.status), notInArray(users.status, statuses.codes))
      : undefined,
    ...f.presets.map((p) => presetCondition(p, f.viewerId)),
    f.phones.length > 0 ? or(inArray(users.phoneE164, f.phones), inArray(users.mobilePhoneE164, f.phones)) : searchCondition(q.search),
    q.zipcode ? ilike(users.zipcode, prefixPattern(q.zipcode)) : undefined,
    q.created_by_me ? eq(users.createdById, f.viewerId) : undefined,
    ...customConditions(q),
  )!;
}

/**
 * The order of a page, written the way users_role_updated_id_idx and users_role_name_idx are, so the
 * default page reads 100 index entries instead of sorting a million rows. The id breaks ties.
 */
function orderOf(q: ClientsQuery): SQL[] {
  const up = q.orderMethod === 'asc';
  const dir = up ? asc : desc;
  const nullsLast = (column: SQL | typeof users.age) => (up ? sql`${column} asc nulls last` : sql`${column} desc nulls last`);
  switch (q.orderBy) {
    case 'updated_at':
      return [up ? sql`${users.updatedAt} asc nulls first` : sql`${users.updatedAt} desc nulls last`, dir(users.id)];
    case 'name':
      return [dir(users.surname), dir(users.name), dir(users.id)];
    case 'relevance':
      // Ranked in pageIds among the newest matches; on its own it is the newest first.
      return [sql`${users.updatedAt} desc nulls last`, desc(users.id)];
    case 'created_at':
      return [dir(users.createdAt), dir(users.id)];
    case 'id':
      return [dir(users.id)];
    case 'city':
      return [nullsLast(sql`${users.city}`), dir(users.id)];
    case 'zipcode':
      return [nullsLast(sql`${users.zipcode}`), dir(users.id)];
    case 'age':
      return [nullsLast(users.age), dir(users.id)];
    case 'status':
      return [nullsLast(sql`${users.status}`), dir(users.id)];
    case 'number_of_calls':
      return [dir(users.callsCount), dir(users.id)];
    case 'last_contact_at':
      return [nullsLast(sql`${users.lastContactAt}`), dir(users.id)];
  }
}

/** The page's row and the other client of a link, in the per-row counts. */
const row = alias(users, 'u');
const linked = alias(users, 'other');

export interface RowExtras {
  recommendations: number;
  cohabitants: number;
  blockNeighbors: number;
  lastContact: { type: string; comment: string; created_at: Date | string } | null;
}

/**
 * Counts of the linked tabs and the newest contact for the rows of a page: one statement over the
 * page's ids (one array parameter), each count a set of index probes for all the ids at once. The
 * counts are those of the tabs: only the clients the viewer's scope holds. The duplicates are counted
 * by the duplicate engine (list.service.ts, matches.service.ts).
 */
async function rowExtras(tx: Tx, scope: ClientScope, ids: number[]): Promise<Map<number, RowExtras>> {
  const page = sql`${sql.param(ids)}::int[]`;
  const res = await tx.execute<{
    id: number;
    recommendations: number;
    cohabitants: number;
    block_neighbors: number;
    type: string | null;
    comment: string | null;
    created_at: Date | null;
  }>(sql`
    WITH recs AS (
      SELECT user_id AS id, count(*)::int AS n FROM recommendations WHERE user_id = ANY(${page}) GROUP BY user_id),
    links AS (
      -- Each side of a link through its own index (with "a = p OR b = p" the planner reads every link).
      SELECT p.id, count(*) FILTER (WHERE l.kind = 'cohabitant')::int AS cohabitants,
             count(*) FILTER (WHERE l.kind <> 'cohabitant')::int AS block_neighbors
      FROM unnest(${page}) AS p(id) CROSS JOIN LATERAL (
        SELECT kind, user_b_id AS other_id FROM client_links WHERE user_a_id = p.id
        UNION ALL
        SELECT kind, user_a_id FROM client_links WHERE user_b_id = p.id) l
      JOIN ${users} AS ${sql.identifier('other')} ON ${linked.id} = l.other_id
      WHERE ${clientScopeCondition(scope, linked)}
      GROUP BY p.id),
    newest AS (
      SELECT DISTINCT ON (user_id) user_id AS id, type, comment, created_at FROM contact_history
      WHERE user_id = ANY(${page}) ORDER BY user_id, created_at DESC NULLS LAST, id DESC)
    SELECT ${row.id} AS id, coalesce(recs.n, 0) AS recommendations, coalesce(links.cohabitants, 0) AS cohabitants,
           coalesce(links.block_neighbors, 0) AS block_neighbors, newest.type, newest.comment, newest.created_at
    FROM ${users} AS ${sql.identifier('u')}
    LEFT JOIN recs ON recs.id = ${row.id}
    LEFT JOIN links ON links.id = ${row.id}
    LEFT JOIN newest ON newest.id = ${row.id}
    WHERE ${row.id} = ANY(${page})`);
  const out = new Map<number, RowExtras>(
    ids.map((id) => [id, { recommendations: 0, cohabitants: 0, blockNeighbors: 0, lastContact: null }]),
  );
  for (const r of res.rows) {
    out.set(r.id, {
      recommendations: r.recommendations,
      cohabitants: r.cohabitants,
      blockNeighbors: r.block_neighbors,
      // The contact's columns are all NOT NULL: null here means the client has no contact yet.
      lastContact:
        r.type !== null && r.comment !== null && r.created_at !== null
          ? { type: r.type, comment: r.comment, created_at: r.created_at }
          : null,
    });
  }
  return out;
}

/** The counts of one client's linked tabs as a viewer of `scope` sees them (a live row sent to that scope's room). */
export async function rowCountsOf(tx: Tx, scope: ClientScope, id: number): Promise<Omit<RowExtras, 'lastContact'> | undefined> {
  const extras = (await rowExtras(tx, scope, [id])).get(id);
  return (
    extras && {
      recommendations: extras.recommendations,
      cohabitants: extras.cohabitants,
      blockNeighbors: extras.blockNeighbors,
    }
  );
}

/** The columns a client summary shows (toClientSummary), not the whole row: a page reads 100 of them. */
const summaryUserColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  phone: users.phone,
  mobilePhone: users.mobilePhone,
  zipcode: users.zipcode,
  city: users.city,
  address: users.address,
  type: users.type,
  company: users.company,
  age: users.age,
  status: users.status,
  leadSource: users.leadSource,
  callsCount: users.callsCount,
  lastContactAt: users.lastContactAt,
  nextRecallAt: users.nextRecallAt,
  emailReminderStage: users.emailReminderStage,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const clientSummaryColumns = {
  user: summaryUserColumns,
  location: { id: locations.id, code: locations.code, displayName: locations.displayName },
  agent: { id: agent.id, name: agent.name, surname: agent.surname },
};

/** A row of the clients list: the client, its nested tabs' counts and its newest contact. */
export type ClientListRow = Awaited<ReturnType<typeof listClients>>['rows'][number];

/** Relevance ranks the newest matches only: word_similarity over every match of a short fragment costs too much. */
export const RELEVANCE_POOL = 1000;
/**
 * Relevance needs a word of this many letters. A three-letter fragment has one trigram of its own, so
 * word_similarity scores nearly every match alike ('mül' gives every Müller 0.75): shorter searches
 * list the newest matches first, as two-letter words always did.
 */
export const RELEVANCE_MIN_LETTERS = 4;
/**
 * How a search reads: how many of the newest clients it looks among first (searchInWindow) for a page
 * and for the relevance pool, and how many of the newest matches relevance ranks. Tests make them small.
 */
export interface SearchTuning {
  pageWindow: number;
  poolWindow: number;
  relevancePool: number;
}
export const SEARCH_TUNING: SearchTuning = { pageWindow: 20_000, poolWindow: 30_000, relevancePool: RELEVANCE_POOL };

const CLIENT_ROLE_ID = roleByCode('user').id;
const score = (search: string) => sql`word_similarity(${search}, name || ' ' || surname || ' ' || coalesce(email, ''))`;
const newestFirst = sql`updated_at DESC NULLS LAST, id DESC`;
/** Counting stops after the cap: an exact count of a million rows would cost more than the page. */
const cappedCount = (where: SQL) => cappedCountSql(users, where, CLIENT_TOTAL_CAP);

/**
 * When the n-th newest client changed (an index-only walk of n entries of users_role_updated_id_idx),
 * kept for a few seconds. Any time gives right answers (see searchInWindow); this one only makes the
 * window about n clients wide, so a stale one costs nothing but a window a little wider.
 */
const WINDOW_START_MS = 10_000;
const windowStarts = new Map<number, { at: string | null; until: number }>();
async function changedAtRank(tx: Tx, n: number): Promise<string | null> {
  const kept = windowStarts.get(n);
  if (kept && kept.until > Date.now()) {
    return kept.at;
  }
  const res = await tx.execute<{ at: string }>(
    sql`SELECT ${users.updatedAt}::text AS at FROM ${users} WHERE ${users.roleId} = ${CLIENT_ROLE_ID}
        ORDER BY ${users.updatedAt} DESC NULLS LAST, ${users.id} DESC OFFSET ${n} LIMIT 1`,
  );
  const at = res.rows[0]?.at ?? null;
  windowStarts.set(n, { at, until: Date.now() + WINDOW_START_MS });
  return at;
}

/** The ids of a page and the total of its matches, capped. */
interface PageIds {
  ids: number[];
  total: number;
}

/**
 * What a window answered: the page if it held it (else null), how many matches it held, and the
 * capped total when it is known (always when the page is).
 */
interface WindowAnswer {
  ids: number[] | null;
  found: number;
  total?: number;
}

/**
 * A search page, newest first or ranked, taken from the matches among the `size` newest clients only
 * (the window): PostgreSQL ANDs the trigram bitmaps with the date range of users_role_updated_id_idx
 * and reads from the table only the matches inside the window, not every match of the fragment
 * (13,000 for 'mül', 46,000 for 'brun' at a million clients).
 *
 * The page is exact whenever the window holds what it needs (`offset + limit` matches, or the whole
 * relevance pool): every match outside it changed before every match inside it. The total comes
 * along: the window's own matches when they pass the cap, else the capped count. When the window does
 * not hold the page, neither the page nor the count is worked out.
 * Null when there are fewer clients than `size`.
 */
async function searchInWindow(
  tx: Tx,
  q: ClientsQuery,
  where: SQL,
  ranked: string | undefined,
  size: number,
  tuning: SearchTuning,
): Promise<WindowAnswer | null> {
  const needed = ranked === undefined ? q.offset + q.limit : tuning.relevancePool;
  const since = await changedAtRank(tx, size);
  if (since === null) {
    return null;
  }
  const columns = ranked === undefined ? sql`` : sql`, ${users.name} AS name, ${users.surname} AS surname, ${users.email} AS email`;
  const page =
    ranked === undefined
      ? sql`SELECT id FROM matches ORDER BY ${newestFirst} LIMIT ${q.limit} OFFSET ${q.offset}`
      : sql`SELECT id FROM (SELECT * FROM matches ORDER BY ${newestFirst} LIMIT ${tuning.relevancePool}) AS newest
            ORDER BY ${score(ranked)} DESC, ${newestFirst} LIMIT ${q.limit} OFFSET ${q.offset}`;
  // The page and the count run only when the window holds the page: one-time filters on the found count
  // (OFFSET 0 keeps the page a subquery of its own, so its filter is not turned into a join filter).
  const res = await tx.execute<{ id: number | null; found: number; total: number | null }>(sql`
    WITH matches AS MATERIALIZED (
      SELECT ${users.id} AS id, ${users.updatedAt} AS updated_at ${columns} FROM ${users}
      WHERE ${where} AND ${users.updatedAt} >= ${since}::timestamptz),
    counted AS MATERIALIZED (SELECT count(*) AS found FROM matches)
    SELECT page.id, counted.found::int AS found,
      (CASE WHEN counted.found > ${CLIENT_TOTAL_CAP} THEN counted.found
            WHEN counted.found >= ${needed} THEN ${cappedCount(where)} END)::int AS total
    FROM counted LEFT JOIN (SELECT id FROM (${page}) AS held WHERE (SELECT found FROM counted) >= ${needed} OFFSET 0) AS page ON true`);
  const first = res.rows[0]!;
  const ids = first.found >= needed ? res.rows.flatMap((r) => (r.id === null ? [] : [r.id])) : null;
  return { ids, found: first.found, total: first.total ?? undefined };
}

/** Relevance over all matches: the newest of them (the pool) ranked by word similarity. */
async function rankedIds(tx: Tx, q: ClientsQuery, search: string, where: SQL, tuning: SearchTuning): Promise<number[]> {
  const indexed = trigramSearch(search);
  // With every word at least three letters long the trigram indexes find the matches; materialised,
  // they are read once through them instead of walking the whole role by date and testing each row.
  // Shorter words have no trigram: then walking by date until the pool is full is the cheaper way.
  const matches = sql`SELECT ${users.id} AS id, ${users.name} AS name, ${users.surname} AS surname, ${users.email} AS email, ${users.updatedAt} AS updated_at FROM ${users} WHERE ${where}`;
  const res = await tx.execute<{ id: number }>(sql`
    WITH matches AS ${indexed ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (${matches})
    SELECT id FROM (SELECT * FROM matches ORDER BY ${newestFirst} LIMIT ${tuning.relevancePool}) AS newest
    ORDER BY ${score(search)} DESC, ${newestFirst}
    LIMIT ${q.limit} OFFSET ${q.offset}`);
  return res.rows.map((r) => r.id);
}

/**
 * The ids of the page, chosen on the narrow match set (no joins, no per-row counts), so a search that
 * matches thousands of clients fetches details for a hundred only.
 */
async function pageIds(tx: Tx, f: ClientListFilter, where: SQL, tuning: SearchTuning): Promise<number[]> {
  const q = f.query;
  const search = f.phones.length === 0 ? q.search : undefined;
  if (q.orderBy === 'relevance' && search && rankable(search)) {
    return rankedIds(tx, q, search, where, tuning);
  }
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((r) => r.id);
}

const searchWords = (search: string) => search.split(/\s+/).filter(Boolean);
/** Every word has a trigram of its own, so the trigram indexes find the matches. */
const trigramSearch = (search: string) => searchWords(search).length > 0 && searchWords(search).every((w) => w.length >= 3);
const rankable = (search: string) => searchWords(search).some((w) => w.length >= RELEVANCE_MIN_LETTERS);

/**
 * The window first when a search is ordered newest first or by relevance (null when that does not
 * apply). When the window held a third of what the page needs or more, a second one, wide enough by
 * the share it found (in steps of the first, so that its start is kept too), is cheaper than reading
 * every match; below that the matches are few enough to read them all.
 */
async function windowed(tx: Tx, f: ClientListFilter, where: SQL, tuning: SearchTuning): Promise<WindowAnswer | null> {
  const q = f.query;
  const search = f.phones.length === 0 ? q.search : undefined;
  const byDate = q.orderBy === 'relevance' || (q.orderBy === 'updated_at' && q.orderMethod === 'desc');
  if (!search || !trigramSearch(search) || !byDate) {
    return null;
  }
  const ranked = q.orderBy === 'relevance' && rankable(search) ? search : undefined;
  const [needed, size] = ranked === undefined ? [q.offset + q.limit, tuning.pageWindow] : [tuning.relevancePool, tuning.poolWindow];
  const first = await searchInWindow(tx, q, where, ranked, size, tuning);
  if (!first || first.ids || first.found * 3 < needed) {
    return first;
  }
  const wider = Math.ceil((needed / first.found) * 1.15) * size;
  return (await searchInWindow(tx, q, where, ranked, wider, tuning)) ?? first;
}

/** The page and the capped total from every match, the two statements at once. */
async function everyMatch(tx: Tx, f: ClientListFilter, where: SQL, tuning: SearchTuning): Promise<PageIds> {
  const [ids, counted] = await Promise.all([
    pageIds(tx, f, where, tuning),
    tx.execute<{ n: number }>(sql`SELECT ${cappedCount(where)}::int AS n`),
  ]);
  return { ids, total: counted.rows[0]?.n ?? 0 };
}

/**
 * How many duplicates each client of a page has inside the scope, by id (the duplicate engine,
 * matches.service.ts): given by the caller, and run as soon as the page's rows are read, beside the
 * other counts.
 */
export type DuplicateCounter = (rows: ClientMatchColumns[], scope: ClientScope) => Promise<Map<number, number>>;
/** The columns of a row the engine compares. */
interface ClientMatchColumns {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
}

export async function listClients(tx: Tx, f: ClientListFilter, countDuplicates: DuplicateCounter, tuning: SearchTuning = SEARCH_TUNING) {
  const where = listCondition(f);
  const inWindow = await windowed(tx, f, where, tuning);
  const { ids, total: n } =
    inWindow?.ids && inWindow.total !== undefined ? { ids: inWindow.ids, total: inWindow.total } : await everyMatch(tx, f, where, tuning);
  // A promise (execute), not the query builder: the builder would run its statement once for each await.
  const details =
    ids.length === 0
      ? Promise.resolve([])
      : tx
          .select(clientSummaryColumns)
          .from(users)
          .leftJoin(locations, eq(locations.id, users.leadLocationId))
          .leftJoin(agent, eq(agent.id, users.linkedAgentId))
          .where(inArray(users.id, ids))
          .execute();
  const [rowsRead, extras, duplicates] = await Promise.all([
    details,
    ids.length === 0 ? new Map<number, RowExtras>() : rowExtras(tx, f.scope, ids),
    details.then((d) =>
      countDuplicates(
        d.map((r) => r.user),
        f.scope,
      ),
    ),
  ]);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = rowsRead
    .sort((a, b) => position.get(a.user.id)! - position.get(b.user.id)!)
    .map((d) => ({ ...d, ...extras.get(d.user.id)!, duplicates: duplicates.get(d.user.id) ?? 0 }));
  return { rows, total: Math.min(n, CLIENT_TOTAL_CAP), capped: n > CLIENT_TOTAL_CAP };
}
