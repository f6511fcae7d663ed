import {
  BUYER_STATUSES,
  CLIENT_TOTAL_CAP,
  type ClientPreset,
  type ClientScope,
  type ClientsQuery,
  type ClientStatus,
  type ClientTable,
} from '@bo/domain';
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
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

/** `%`, `_` and `\` typed by a user are searched for as themselves. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The same expressions as users_search_trgm_idx and users_address_trgm_idx, so the indexes answer. */
export const nameText = sql`(${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, ''))`;
export const addressText = sql`(coalesce(${users.address}, '') || ' ' || coalesce(${users.zipcode}, '') || ' ' || coalesce(${users.city}, ''))`;

/** Every word occurs in the name and e-mail or in the address ("Meier Zürich" finds Claudia Meier in Zürich). */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return words.length === 0 ? undefined : and(...words.map((w) => or(ilike(nameText, likePattern(w)), ilike(addressText, likePattern(w)))));
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
  const text = (column: AnyPgColumn, value: string | undefined) => (value === undefined ? undefined : ilike(column, likePattern(value)));
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
    q.zipcode ? ilike(users.zipcode, `${q.zipcode.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
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

/** The duplicate count of one client: the same conditions as the duplicates tab, each an index probe. */
const duplicateCount = sql`(SELECT count(*)::int FROM users d WHERE d.role_id = u.role_id AND d.id <> u.id AND (
    (u.phone_e164 IS NOT NULL AND (d.phone_e164 = u.phone_e164 OR d.mobile_phone_e164 = u.phone_e164))
    OR (u.mobile_phone_e164 IS NOT NULL AND (d.mobile_phone_e164 = u.mobile_phone_e164 OR d.phone_e164 = u.mobile_phone_e164))
    OR (u.email IS NOT NULL AND lower(d.email) = lower(u.email))
    OR (u.address IS NOT NULL AND d.zipcode = u.zipcode
        AND lower(regexp_replace(d.address, '[^[:alnum:]]+', '', 'g')) = lower(regexp_replace(u.address, '[^[:alnum:]]+', '', 'g')))))`;

export interface RowExtras {
  recommendations: number;
  cohabitants: number;
  blockNeighbors: number;
  duplicates: number;
  lastContact: { type: string; comment: string; created_at: Date | string } | null;
}

/**
 * Counts of the nested tabs and the newest contact for the rows of a page: four statements over the
 * page's ids, sent at once on the pool, instead of five sub-plans per row in one statement.
 */
async function rowExtras(tx: Tx, ids: number[]): Promise<Map<number, RowExtras>> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [recs, links, dups, contacts] = await Promise.all([
    tx.execute<{ id: number; n: number }>(
      sql`SELECT user_id AS id, count(*)::int AS n FROM recommendations WHERE user_id IN (${list}) GROUP BY user_id`,
    ),
    tx.execute<{ kind: string; a: number; b: number }>(
      sql`SELECT kind, user_a_id AS a, user_b_id AS b FROM client_links WHERE user_a_id IN (${list}) OR user_b_id IN (${list})`,
    ),
    tx.execute<{ id: number; n: number }>(sql`SELECT u.id, ${duplicateCount} AS n FROM users u WHERE u.id IN (${list})`),
    tx.execute<{ id: number; type: string; comment: string; created_at: Date }>(
      sql`SELECT DISTINCT ON (user_id) user_id AS id, type, comment, created_at FROM contact_history
          WHERE user_id IN (${list}) ORDER BY user_id, created_at DESC NULLS LAST, id DESC`,
    ),
  ]);
  const out = new Map<number, RowExtras>(
    ids.map((id) => [id, { recommendations: 0, cohabitants: 0, blockNeighbors: 0, duplicates: 0, lastContact: null }]),
  );
  for (const r of recs.rows) {
    out.get(r.id)!.recommendations = r.n;
  }
  for (const l of links.rows) {
    for (const id of [l.a, l.b]) {
      const extras = out.get(id);
      if (extras) {
        if (l.kind === 'cohabitant') {
          extras.cohabitants += 1;
        } else {
          extras.blockNeighbors += 1;
        }
      }
    }
  }
  for (const d of dups.rows) {
    out.get(d.id)!.duplicates = d.n;
  }
  for (const c of contacts.rows) {
    out.get(c.id)!.lastContact = { type: c.type, comment: c.comment, created_at: c.created_at };
  }
  return out;
}

export const clientSummaryColumns = {
  user: users,
  location: { id: locations.id, code: locations.code, displayName: locations.displayName },
  agent: { id: agent.id, name: agent.name, surname: agent.surname },
};

export type ClientListRow = Awaited<ReturnType<typeof listClients>>['rows'][number];

/** Relevance ranks the newest matches only: word_similarity over every match of a short fragment costs too much. */
export const RELEVANCE_POOL = 1000;

/**
 * The ids of the page, chosen on the narrow match set (no joins, no per-row counts), so a search that
 * matches thousands of clients fetches details for a hundred only.
 */
async function pageIds(tx: Tx, f: ClientListFilter, where: SQL): Promise<number[]> {
  const q = f.query;
  if (q.orderBy === 'relevance' && q.search && f.phones.length === 0) {
    const score = sql`word_similarity(${q.search}, name || ' ' || surname || ' ' || coalesce(email, ''))`;
    // With every word at least three letters long the trigram indexes find the matches; materialised,
    // they are read once through them instead of walking the whole role by date and testing each row.
    // Shorter words have no trigram: then walking by date until the pool is full is the cheaper way.
    const indexed = q.search.split(/\s+/).every((w) => w.length === 0 || w.length >= 3);
    const matches = sql`SELECT ${users.id} AS id, ${users.name} AS name, ${users.surname} AS surname, ${users.email} AS email, ${users.updatedAt} AS updated_at FROM ${users} WHERE ${where}`;
    const res = await tx.execute<{ id: number }>(sql`
      WITH matches AS ${indexed ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (${matches})
      SELECT id FROM (SELECT * FROM matches ORDER BY updated_at DESC NULLS LAST, id DESC LIMIT ${RELEVANCE_POOL}) AS newest
      ORDER BY ${score} DESC, updated_at DESC NULLS LAST, id DESC
      LIMIT ${q.limit} OFFSET ${q.offset}`);
    return res.rows.map((r) => r.id);
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

export async function listClients(tx: Tx, f: ClientListFilter) {
  const where = listCondition(f);
  const [ids, counted] = await Promise.all([
    pageIds(tx, f, where),
    // Counting stops after the cap: an exact count of a million rows would cost more than the page.
    tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${users} WHERE ${where} LIMIT ${CLIENT_TOTAL_CAP + 1}) AS capped`,
    ),
  ]);
  const [details, extras] =
    ids.length === 0
      ? [[], new Map<number, RowExtras>()]
      : await Promise.all([
          tx
            .select(clientSummaryColumns)
            .from(users)
            .leftJoin(locations, eq(locations.id, users.leadLocationId))
            .leftJoin(agent, eq(agent.id, users.linkedAgentId))
            .where(inArray(users.id, ids)),
          rowExtras(tx, ids),
        ]);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = details
    .sort((a, b) => position.get(a.user.id)! - position.get(b.user.id)!)
    .map((d) => ({ ...d, ...extras.get(d.user.id)! }));
  const n = counted.rows[0]?.n ?? 0;
  return { rows, total: Math.min(n, CLIENT_TOTAL_CAP), capped: n > CLIENT_TOTAL_CAP };
}
