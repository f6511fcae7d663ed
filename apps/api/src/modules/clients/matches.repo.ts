import { roleByCode, type ClientScope, type MatchRecord } from '@bo/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { poolConnection, transactionClient, type Tx } from '../../db/client.ts';
import { houseNumberKey, localityKey, locations, streetKey, streetNameOfKey, surnameSound, users } from '../../db/schema/index.ts';
import { clientSummaryColumns } from './list.repo.ts';
import { clientScopeCondition } from './scope.repo.ts';

/**
 * The duplicate engine's candidates (docs/clients.md "Duplicate engine"): the clients that share a
 * blocking key with a probe, found through indexes, many probes in one statement. Scoring is not done
 * here (matches.service.ts scores them with the domain's compareRecords).
 *
 * The keys are SQL expressions (db/schema/identity.ts): the clients' side is stored by the database as
 * generated columns of users (match_*, written with the fields they come from, so no writer of clients
 * keeps them), the probe's side computed by the same expressions in the statement:
 *
 * | key                                              | index                                      |
 * | ------------------------------------------------ | ------------------------------------------ |
 * | a phone in either field, E.164                   | users_phone_e164_idx, users_mobile_…_idx    |
 * | the e-mail in lower case                         | users_email_lower_idx                      |
 * | postcode + Soundex of the surname (or of the     | users_zipcode_surname_sound_idx            |
 * |   given name: names swapped)                     |                                            |
 * | place + Soundex of the surname or given name     | users_locality_surname_sound_idx           |
 * |   (a mistyped postcode)                          |                                            |
 * | postcode + Soundex of the given name (or of the  | users_zipcode_given_street_idx             |
 * |   surname: names swapped) + the street without   |   (postcode, sound, street, number)        |
 * |   its number, or + the number (the domain's sg:  |                                            |
 * |   and gn: keys): a mistyped surname              |                                            |
 * | street with number, normalised, within the       | users_street_key_idx (street, postcode)    |
 * |   nearby postcodes, or within the place          | users_locality_street_idx (place, street)  |
 */

/** What one probe is looked for by; `near` are the postcodes near its postcode (core/postcodes.ts). */
export interface CandidateProbe {
  /** The client itself when it is saved (never its own candidate). */
  id: number | null;
  phoneE164: string | null;
  mobilePhoneE164: string | null;
  email: string | null;
  zipcode: string | null;
  name: string | null;
  surname: string | null;
  city: string | null;
  address: string | null;
  near: string[];
}

/**
 * The most rows one key of one probe brings (a safety valve: a common surname in a big place). The
 * largest block on the million clients of the bench is far below it (docs/performance.md).
 */
export const BLOCK_LIMIT = 500;

const CLIENT_ROLE_ID = roleByCode('user').id;
/** The same alias as clientSummaryColumns' agent (list.repo.ts). */
const agent = alias(users, 'linked_agent');

/** The clients table as each key's lookup names it (`users u`), for the scope's condition. */
const lookedUp = alias(users, 'u');
/** The columns the engine compares, as the lookups return them with `columns`. */
const MATCH_COLUMNS = [
  'id',
  'name',
  'surname',
  'email',
  'phone',
  'mobile_phone',
  'zipcode',
  'city',
  'address',
  // The phones' stored E.164 forms: the scorer takes them instead of parsing each candidate's phones.
  'phone_e164',
  'mobile_phone_e164',
] as const;

/**
 * The nearby postcodes as the statement takes them: joined, and their lowest and highest (four digits:
 * as text in the order of numbers). Made once per list: the lists are kept per postcode
 * (core/postcodes.ts), and a thousand probes share a few hundred of them.
 */
function nearParts(near: string[]): { joined: string; low: string | null; high: string | null } {
  let parts = nearMade.get(near);
  if (!parts) {
    let low: string | null = null;
    let high: string | null = null;
    for (const postcode of near) {
      if (low === null || postcode < low) {
        low = postcode;
      }
      if (high === null || postcode > high) {
        high = postcode;
      }
    }
    parts = { joined: near.join(','), low, high };
    nearMade.set(near, parts);
  }
  return parts;
}

const nearMade = new WeakMap<string[], { joined: string; low: string | null; high: string | null }>();

/**
 * The probes of the lookups as array parameters, with their keys (keysCtes): the common table
 * expressions `p` and `k` of candidatesSql.
 */
function probeKeysCtes(probes: CandidateProbe[]): SQL {
  const col = <T>(f: (p: CandidateProbe, i: number) => T) => sql.param(probes.map(f));
  return keysCtes(sql`
      SELECT * FROM unnest(${col((_, i) => i)}::int[], ${col((p) => p.id)}::int[], ${col((p) => p.phoneE164)}::text[],
                           ${col((p) => p.mobilePhoneE164)}::text[], ${col((p) => p.email)}::text[], ${col((p) => p.zipcode)}::text[],
                           ${col((p) => p.name)}::text[], ${col((p) => p.surname)}::text[], ${col((p) => p.city)}::text[],
                           ${col((p) => p.address)}::text[], ${col((p) => nearParts(p.near).joined)}::text[],
                           ${col((p) => nearParts(p.near).low)}::text[], ${col((p) => nearParts(p.near).high)}::text[])
        AS p(i, self_id, ph1, ph2, email, zipcode, name, surname, city, address, near, near_low, near_high)`);
}

/**
 * The common table expressions `p` (the probes, from `probes`: rows of the columns i, self_id, ph1,
 * ph2, email, zipcode, name, surname, city, address, near, near_low, near_high) and `k` (each probe's
 * keys, computed by the same expressions as the clients' stored key columns). Shared by the lookups
 * (candidatesSql) and the scan of every client (probeKeys), so a key is defined once.
 */
function keysCtes(probes: SQL): SQL {
  return sql`
    WITH p AS (${probes}), k AS MATERIALIZED (
      SELECT p.i, p.self_id, p.ph1, p.ph2,
             nullif(lower(btrim(p.email)), '') AS email,
             nullif(btrim(p.zipcode), '') AS zipcode,
             -- How each name sounds, and each word of them: the full name typed in one field, double names.
             -- Names of one word each (most) are the two sounds themselves, without splitting anything.
             CASE WHEN coalesce(p.name, '') || coalesce(p.surname, '') ~ '[[:space:]-]' THEN
               ARRAY(SELECT DISTINCT s FROM (
                       SELECT nullif(${surnameSound(sql`btrim(w)`)}, '') AS s
                       FROM unnest(ARRAY[p.surname, p.name] || regexp_split_to_array(btrim(coalesce(p.name, '') || ' ' || coalesce(p.surname, '')), '[[:space:]-]+')) AS w
                     ) words WHERE s IS NOT NULL)
             ELSE array_remove(ARRAY[p.surname_sound, CASE WHEN p.given_sound IS DISTINCT FROM p.surname_sound THEN p.given_sound END], NULL)
             END AS sounds,
             nullif(${localityKey(sql`p.city`)}, '') AS locality,
             CASE WHEN p.street_key ~ '[0-9]' THEN p.street_key END AS street,
             nullif(${streetNameOfKey(sql`p.street_key`)}, '') AS street_name,
             ${houseNumberKey(sql`p.address`)} AS number,
             string_to_array(nullif(p.near, ''), ',') AS near,
             -- The nearby postcodes' range: one index range per street key (the list itself is checked
             -- on the few rows inside it; as an index condition it would be one descent per postcode).
             p.near_low, p.near_high
      -- The street key and the names' sounds computed once per probe (OFFSET 0: not folded into the
      -- expressions that use them).
      FROM (SELECT p.*, ${streetKey(sql`p.address`)} AS street_key, nullif(${surnameSound(sql`p.surname`)}, '') AS surname_sound,
                   nullif(${surnameSound(sql`p.name`)}, '') AS given_sound
            FROM p OFFSET 0) p
    )`;
}

/**
 * Every client's `columns` (expressions of users), in PostgreSQL's binary COPY format as the database
 * sends it, chunk by chunk (matches.scan.ts reads the rows): on the transaction's connection, or on one
 * of the pool's, given back when the scan ends (dropped when it ends early, in the middle of the COPY).
 */
export async function* scannedClients(tx: Tx, columns: readonly string[]): AsyncGenerator<Buffer> {
  const own = !(tx instanceof PgTransaction);
  const client: pg.PoolClient = own ? await poolConnection(tx) : transactionClient(tx);
  let whole = false;
  try {
    const stream = client.query(
      copyTo(`COPY (SELECT ${columns.join(', ')} FROM users WHERE role_id = ${CLIENT_ROLE_ID}) TO STDOUT (FORMAT binary)`),
    );
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      yield chunk;
    }
    whole = true;
  } finally {
    if (own) {
      client.release(!whole);
    }
  }
}

/** How many rows the users table holds, as the planner estimates it (0 before it was ever counted). */
export async function usersEstimate(tx: Tx): Promise<number> {
  const res = await tx.execute<{ n: number }>(sql`SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'users'::regclass`);
  return Number(res.rows[0]?.n ?? 0);
}

/** A probe's keys as the database computed them (probeKeys); null where the probe has no such key. */
export type ProbeKeys = {
  i: number;
  email: string | null;
  zipcode: string | null;
  sounds: string[];
  locality: string | null;
  /** The street with its number (only when it holds a digit). */
  street: string | null;
  streetName: string | null;
  number: string | null;
};

/** The keys of each probe (its index in `probes`), computed by the database as the lookups compute them. */
export async function probeKeys(tx: Tx, probes: CandidateProbe[]): Promise<ProbeKeys[]> {
  if (probes.length === 0) {
    return [];
  }
  // The probes as one JSON parameter (a hundred thousand of them: one text made natively, where ten
  // arrays were written element by element); the nearby postcodes are no key of their own here.
  const json = JSON.stringify(
    probes.map((p, i) => ({
      i,
      self_id: p.id,
      ph1: p.phoneE164,
      ph2: p.mobilePhoneE164,
      email: p.email,
      zipcode: p.zipcode,
      name: p.name,
      surname: p.surname,
      city: p.city,
      address: p.address,
    })),
  );
  const res = await tx.execute<ProbeKeys>(
    sql`${keysCtes(sql`
          SELECT * FROM json_to_recordset(${json}::json)
            AS p(i int, self_id int, ph1 text, ph2 text, email text, zipcode text, name text, surname text, city text, address text,
                 near text, near_low text, near_high text)`)}
        SELECT k.i, k.email, k.zipcode, k.sounds, k.locality, k.street, k.street_name AS "streetName", k.number FROM k ORDER BY k.i`,
  );
  return res.rows;
}

/** lower() of each text, as the database computes it under its own collation (in the same order). */
export async function lowerCases(tx: Tx, texts: readonly string[]): Promise<string[]> {
  const res = await tx.execute<{ lower: string[] | null }>(
    sql`SELECT array_agg(lower(t.text) ORDER BY t.n) AS lower FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS t(text, n)`,
  );
  return res.rows[0]?.lower ?? [];
}

/**
 * The statement of the candidates: rows (i, id), `i` the probe's index in `probes`. With `scope`, each
 * key's lookup keeps only the clients of that scope; with `columns`, it answers the columns the engine
 * compares as well, read by the lookup itself (no second visit of each candidate's row). Exported for
 * bench/duplicate-counts.ts, which explains it. The clients' side of each key is its stored column
 * (users.match_*, the same expressions computed when the client was written).
 */
export function candidatesSql(probes: CandidateProbe[], opts: { scope?: ClientScope; columns?: boolean } = {}): SQL {
  const k = (name: string) => sql.raw(`k.${name}`);
  const u = (name: string) => sql.raw(`u.${name}`);
  const limit = sql.raw(String(BLOCK_LIMIT));
  const scoped = opts.scope ? sql` AND ${clientScopeCondition(opts.scope, lookedUp)}` : sql``;
  const client = sql`${u('role_id')} = ${sql.raw(String(CLIENT_ROLE_ID))} AND ${u('id')} IS DISTINCT FROM ${k('self_id')}${scoped}`;
  const returned = sql.raw((opts.columns ? MATCH_COLUMNS : (['id'] as const)).map((c) => `u.${c}`).join(', '));
  const answered = sql.raw((opts.columns ? MATCH_COLUMNS : (['id'] as const)).map((c) => `c.${c}`).join(', '));
  return sql`${probeKeysCtes(probes)}
    SELECT k.i, ${answered}
    FROM k CROSS JOIN LATERAL (
      (SELECT ${returned} FROM users u WHERE ${u('phone_e164')} IN (${k('ph1')}, ${k('ph2')}) AND ${client} LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE ${u('mobile_phone_e164')} IN (${k('ph1')}, ${k('ph2')}) AND ${client} LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE lower(${u('email')}) = ${k('email')} AND ${client} LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE ${u('zipcode')} = ${k('zipcode')} AND ${u('match_surname_sound')} = ANY(${k('sounds')})
         AND ${client} LIMIT ${limit})
      UNION
      -- One lookup per sound: with "= ANY(sounds)" the planner checks the sound on the table's rows (every
      -- client of the street or number in the postcode read), with "= s.sound" the index decides all.
      (SELECT ${returned} FROM unnest(${k('sounds')}) AS s(sound) CROSS JOIN LATERAL (
         SELECT ${returned} FROM users u WHERE ${u('zipcode')} = ${k('zipcode')} AND ${u('match_given_sound')} = s.sound
           AND ${u('match_street_name')} = ${k('street_name')} AND ${client} LIMIT ${limit}) u LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM unnest(${k('sounds')}) AS s(sound) CROSS JOIN LATERAL (
         SELECT ${returned} FROM users u WHERE ${u('zipcode')} = ${k('zipcode')} AND ${u('match_given_sound')} = s.sound
           AND ${u('match_number')} = ${k('number')} AND ${client} LIMIT ${limit}) u LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE ${u('match_locality')} = ${k('locality')} AND ${u('match_surname_sound')} = ANY(${k('sounds')})
         AND ${client} LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE ${u('match_street')} = ${k('street')}
         AND ${u('zipcode')} BETWEEN ${k('near_low')} AND ${k('near_high')} AND (${u('zipcode')} || '') = ANY(${k('near')})
         AND ${client} LIMIT ${limit})
      UNION
      (SELECT ${returned} FROM users u WHERE ${u('match_locality')} = ${k('locality')} AND ${u('match_street')} = ${k('street')}
         AND ${client} LIMIT ${limit})
    ) c`;
}

/** Per probe (its index in `probes`), the ids of the clients sharing a key with it, whatever the scope. */
export async function candidateIds(tx: Tx, probes: CandidateProbe[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (probes.length === 0) {
    return out;
  }
  const res = await tx.execute<{ i: number; id: number }>(candidatesSql(probes));
  for (const r of res.rows) {
    const list = out.get(r.i) ?? [];
    list.push(r.id);
    out.set(r.i, list);
  }
  return out;
}

/**
 * The candidates of every probe inside the viewer's scope, each with the columns a client summary
 * shows (clientSummaryColumns): one statement. `probe` is the probe's index in `probes`. Each key's
 * lookup keeps only the scope's clients (before its BLOCK_LIMIT), as matchCandidates does, so a count
 * and a list of duplicates agree.
 */
export async function candidates(tx: Tx, scope: ClientScope, probes: CandidateProbe[]) {
  if (probes.length === 0) {
    return [];
  }
  const c = tx
    .$with('candidate', { probe: sql<number>`i`.as('probe'), id: sql<number>`id`.as('candidate_id') })
    .as(sql`SELECT i AS probe, id AS candidate_id FROM (${candidatesSql(probes, { scope })}) AS blocked`);
  const run = (t: Tx) =>
    t
      .with(c)
      .select({ probe: c.probe, ...clientSummaryColumns })
      .from(c)
      .innerJoin(users, eq(users.id, c.id))
      .leftJoin(locations, eq(locations.id, users.leadLocationId))
      .leftJoin(agent, eq(agent.id, users.linkedAgentId))
      .where(clientScopeCondition(scope))
      // Named: the text is the same for any number of probes of one kind of scope (the probes are array
      // parameters), so a connection parses it once.
      .prepare(`client_matches_${scope.kind}`)
      .execute();
  return withGenericPlan(tx, run);
}

/**
 * The same candidates as `candidates` (the same blocking keys and scope), with only the columns the
 * engine compares, read by the key lookups themselves: what counting duplicates needs (a list page's
 * rows), without the summaries and without visiting each candidate's row a second time.
 */
export async function matchCandidates(tx: Tx, scope: ClientScope, probes: CandidateProbe[]) {
  if (probes.length === 0) {
    return [];
  }
  const field = <T>(name: string) => sql<T>`${sql.identifier(name)}`.as(name === 'id' ? 'candidate_id' : `candidate_${name}`);
  const c = tx
    .$with('candidate', {
      probe: sql<number>`i`.as('probe'),
      id: field<number>('id'),
      name: field<string>('name'),
      surname: field<string>('surname'),
      email: field<string | null>('email'),
      phone: field<string | null>('phone'),
      mobilePhone: field<string | null>('mobile_phone'),
      zipcode: field<string | null>('zipcode'),
      city: field<string | null>('city'),
      address: field<string | null>('address'),
      phoneE164: field<string | null>('phone_e164'),
      mobilePhoneE164: field<string | null>('mobile_phone_e164'),
    })
    .as(
      sql`SELECT i AS probe, ${sql.raw(MATCH_COLUMNS.map((m) => `${m} AS ${m === 'id' ? 'candidate_id' : `candidate_${m}`}`).join(', '))}
          FROM (${candidatesSql(probes, { scope, columns: true })}) AS blocked`,
    );
  const run = (t: Tx) =>
    t
      .with(c)
      .select({
        probe: c.probe,
        user: {
          id: c.id,
          name: c.name,
          surname: c.surname,
          email: c.email,
          phone: c.phone,
          mobilePhone: c.mobilePhone,
          zipcode: c.zipcode,
          city: c.city,
          address: c.address,
          phoneE164: c.phoneE164,
          mobilePhoneE164: c.mobilePhoneE164,
        },
      })
      .from(c)
      .prepare(`client_match_fields_${scope.kind}`)
      .execute();
  return withGenericPlan(tx, run);
}

/** The columns of a stored client the engine compares (a users row, or the summary columns of one). */
export interface ClientMatchFields {
  id: number;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  /** The stored E.164 forms of the phones, where the caller read them (saves parsing the phones). */
  phoneE164?: string | null;
  mobilePhoneE164?: string | null;
}

/** A candidate of matchCandidateRows: the probe's index and the compared columns of the client, as the engine's record. */
export type CandidateRow = { i: number; id: number } & Omit<MatchRecord, 'id'>;

/**
 * matchCandidates among all clients for a batch of probes (an import's thousand rows): the same
 * statement, its rows taken as the driver answers them: their columns are named as the engine's record
 * names them, so each row is the candidate's record as it is (a hundred thousand probes bring half a
 * million candidates; no object is made per row beside the driver's). A batch is planned each time
 * (2 ms for a thousand probes, against 200 ms of work), so it needs no prepared statement.
 */
export async function matchCandidateRows(tx: Tx, probes: CandidateProbe[]): Promise<CandidateRow[]> {
  if (probes.length === 0) {
    return [];
  }
  const res = await tx.execute<CandidateRow>(candidatesSql(probes, { columns: true }));
  return res.rows;
}

/**
 * Runs `fn` with PostgreSQL's generic plans for prepared statements. Planning the candidates'
 * statement (seven index lookups on a table of thirty indexes) takes about 10 ms, running it about
 * 1 ms (docs/performance.md "Duplicate engine"); the generic plan is the same nested loop of index
 * lookups, made once per connection. The setting is local: inside the caller's transaction it is put
 * back afterwards, on the database it lives in a transaction of its own.
 */
async function withGenericPlan<T>(tx: Tx, fn: (t: Tx) => Promise<T>): Promise<T> {
  const force = sql`SELECT current_setting('plan_cache_mode') AS before, set_config('plan_cache_mode', 'force_generic_plan', true)`;
  if (!(tx instanceof PgTransaction)) {
    return tx.transaction(async (t) => {
      await t.execute(force);
      return fn(t);
    });
  }
  const res = await tx.execute<{ before: string }>(force);
  try {
    return await fn(tx);
  } finally {
    await tx.execute(sql`SELECT set_config('plan_cache_mode', ${res.rows[0]?.before ?? 'auto'}, true)`);
  }
}
