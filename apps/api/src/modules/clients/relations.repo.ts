import { roleByCode, type ClientScope } from '@bo/domain';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { clientLinks, locations, recommendations, surnameSound, users } from '../../db/schema/index.ts';
import { clientScopeCondition, type ClientColumns } from './scope.repo.ts';

const agent = alias(users, 'linked_agent');
const summaryColumns = {
  user: users,
  location: { id: locations.id, code: locations.code, displayName: locations.displayName },
  agent: { id: agent.id, name: agent.name, surname: agent.surname },
};

function summaries(tx: Tx) {
  return tx
    .select(summaryColumns)
    .from(users)
    .leftJoin(locations, eq(locations.id, users.leadLocationId))
    .leftJoin(agent, eq(agent.id, users.linkedAgentId));
}

export type ClientSummaryRow = Awaited<ReturnType<typeof findClient>> & {};

/** One client inside the viewer's scope, or undefined (outside it is the same as not there). */
export async function findClient(tx: Tx, scope: ClientScope, id: number, opts: { lock?: boolean } = {}) {
  const query = summaries(tx)
    .where(and(clientScopeCondition(scope), eq(users.id, id)))
    .limit(1);
  const [row] = await (opts.lock ? query.for('update', { of: users }) : query);
  return row;
}

/** The agents of the client's presentations and services, whose scope holds it (scope.repo.ts, linked). */
export async function eventAgentIdsOf(tx: Tx, clientId: number): Promise<number[]> {
  // The same condition as the scope's EXISTS, on the events' client index.
  const res = await tx.execute<{ agent_id: number }>(sql`SELECT DISTINCT e.agent_id FROM events e WHERE e.client_id = ${clientId}`);
  return res.rows.map((r) => r.agent_id);
}

/** Names at least this similar (pg_trgm) within one postcode count as the same person. */
export const NAME_SIMILARITY = 0.5;
/**
 * The most duplicates a tab lists and a list row counts (the count stops there, so a row costs at most
 * this many matches): count and tab stay equal.
 */
export const DUPLICATES_LIMIT = 50;

/** What a duplicate is looked for by, as SQL: the columns of a saved client, or the values of a form. */
export interface DuplicateProbe {
  /** The client itself (never its own duplicate); NULL for one not yet saved. */
  id: SQL;
  phoneE164: SQL;
  mobilePhoneE164: SQL;
  email: SQL;
  zipcode: SQL;
  address: SQL;
  surname: SQL;
  /** `name || ' ' || surname`, as fullNameOf writes it. */
  fullName: SQL;
}

const fullNameOf = (t: ClientColumns) => sql`(${t.name} || ' ' || ${t.surname})`;
/** The same normalisation as users_address_key_idx: lower case, only letters and digits. */
const addressKey = (address: SQL) => sql`lower(regexp_replace(${address}, '[^[:alnum:]]+', '', 'g'))`;

/** The probe of a saved client, read from its row (the list counts: `t` is the row of the page). */
export function probeOfRow(t: ClientColumns): DuplicateProbe {
  return {
    id: sql`${t.id}`,
    phoneE164: sql`${t.phoneE164}`,
    mobilePhoneE164: sql`${t.mobilePhoneE164}`,
    email: sql`${t.email}`,
    zipcode: sql`${t.zipcode}`,
    address: sql`${t.address}`,
    surname: sql`${t.surname}`,
    fullName: fullNameOf(t),
  };
}

export interface ProbeValues {
  id: number | null;
  phoneE164: string | null;
  mobilePhoneE164: string | null;
  email: string | null;
  zipcode: string | null;
  address: string | null;
  name: string;
  surname: string;
}

/** The probe of values held in hand: a client read already, or a form not yet saved. */
export function probeOfValues(v: ProbeValues): DuplicateProbe {
  const text = (value: string | null) => sql`${value}::text`;
  return {
    id: sql`${v.id}::int`,
    phoneE164: text(v.phoneE164),
    mobilePhoneE164: text(v.mobilePhoneE164),
    email: text(v.email),
    zipcode: text(v.zipcode),
    address: text(v.address),
    surname: text(v.surname),
    fullName: text(`${v.name} ${v.surname}`),
  };
}

/** The other client of a duplicate pair: the conditions below are written on it. */
const other = alias(users, 'dup');

/**
 * The four ways another client `d` may be the same person (docs/clients.md "Duplicates"): a phone in
 * either field (E.164), the e-mail in any letter case, the postcode with street and number, or a
 * similar name within the postcode: a surname that sounds alike (surnameSound) and a full name at
 * least NAME_SIMILARITY similar. Each is answered by an index on `d` (users_phone_e164_idx,
 * users_mobile_phone_e164_idx, users_email_lower_idx, users_address_key_idx,
 * users_zipcode_surname_sound_idx); the similarity only runs over the few clients of the postcode
 * whose surname sounds alike, so a list row's count costs a handful of index probes.
 */
function duplicateParts(p: DuplicateProbe, d: ClientColumns) {
  const phones = sql`ARRAY[${p.phoneE164}, ${p.mobilePhoneE164}]`;
  return {
    phone: sql`(${d.phoneE164} = ANY(${phones}) OR ${d.mobilePhoneE164} = ANY(${phones}))`,
    email: sql`(lower(${d.email}) = lower(${p.email}))`,
    address: sql`(${d.zipcode} = ${p.zipcode} AND ${addressKey(sql`${d.address}`)} = ${addressKey(p.address)} AND ${addressKey(p.address)} <> '')`,
    name: sql`(${d.zipcode} = ${p.zipcode} AND ${surnameSound(d.surname)} = ${surnameSound(p.surname)}
      AND btrim(${p.fullName}) <> '' AND similarity(${fullNameOf(d)}, ${p.fullName}) >= ${NAME_SIMILARITY})`,
  };
}

/**
 * The one definition of a duplicate: another client inside the viewer's scope that matches the probe
 * in any of the four ways. The tab, the count on a list row, the check before a client is saved and the
 * merge all use it.
 */
export function duplicateCondition(scope: ClientScope, p: DuplicateProbe, d: ClientColumns = other): SQL {
  const parts = duplicateParts(p, d);
  return and(
    clientScopeCondition(scope, d),
    sql`${d.id} IS DISTINCT FROM ${p.id}`,
    or(parts.phone, parts.email, parts.address, parts.name),
  )!;
}

/** How many duplicates the client of row `t` has inside the scope, up to DUPLICATES_LIMIT (a list row's count). */
export function duplicateCountOf(scope: ClientScope, t: ClientColumns): SQL {
  return sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${users} AS ${sql.identifier('dup')}
    WHERE ${duplicateCondition(scope, probeOfRow(t))} LIMIT ${DUPLICATES_LIMIT}) AS capped)`;
}

/** Whether `otherId` is a duplicate of the client of `probe` (the merge of two duplicates). */
export async function isDuplicateOf(tx: Tx, probe: ProbeValues, otherId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: other.id })
    .from(other)
    .where(and(eq(other.id, otherId), duplicateCondition({ kind: 'all' }, probeOfValues(probe))))
    .limit(1);
  return row !== undefined;
}

/** The duplicates of a probe inside the viewer's scope, the most similar name first, with what matched. */
export async function findDuplicates(tx: Tx, scope: ClientScope, probe: ProbeValues, limit = DUPLICATES_LIMIT) {
  const p = probeOfValues(probe);
  const parts = duplicateParts(p, other);
  const flag = (c: SQL) => sql<boolean>`coalesce(${c}, false)`;
  const similarity = sql`similarity(${fullNameOf(other)}, ${p.fullName})`;
  return tx
    .select({
      user: other,
      location: summaryColumns.location,
      agent: summaryColumns.agent,
      phone: flag(parts.phone),
      email: flag(parts.email),
      address: flag(parts.address),
      name: flag(parts.name),
      similarity: sql<number>`${similarity}::float8`,
    })
    .from(other)
    .leftJoin(locations, eq(locations.id, other.leadLocationId))
    .leftJoin(agent, eq(agent.id, other.linkedAgentId))
    .where(duplicateCondition(scope, p))
    .orderBy(desc(similarity), other.id)
    .limit(limit);
}

export type LinkKind = 'cohabitant' | 'block_neighbor';

/** The other clients linked to one, inside the viewer's scope. */
export async function linkedClients(tx: Tx, scope: ClientScope, id: number, kind: LinkKind) {
  const other = sql`CASE WHEN ${clientLinks.userAId} = ${id} THEN ${clientLinks.userBId} ELSE ${clientLinks.userAId} END`;
  const linked = tx
    .select({ id: sql<number>`${other}`.as('other_id') })
    .from(clientLinks)
    .where(and(eq(clientLinks.kind, kind), or(eq(clientLinks.userAId, id), eq(clientLinks.userBId, id))));
  return summaries(tx)
    .where(and(clientScopeCondition(scope), inArray(users.id, linked)))
    .orderBy(users.surname, users.name, users.id);
}

/** Links the pair (stored once, lower id first); false when it was linked already. */
export async function link(tx: Tx, kind: LinkKind, a: number, b: number, createdById: number): Promise<boolean> {
  const rows = await tx
    .insert(clientLinks)
    .values({ kind, userAId: Math.min(a, b), userBId: Math.max(a, b), createdById })
    .onConflictDoNothing()
    .returning({ id: clientLinks.id });
  return rows.length > 0;
}

export async function unlink(tx: Tx, kind: LinkKind, a: number, b: number): Promise<boolean> {
  const rows = await tx
    .delete(clientLinks)
    .where(and(eq(clientLinks.kind, kind), eq(clientLinks.userAId, Math.min(a, b)), eq(clientLinks.userBId, Math.max(a, b))))
    .returning({ id: clientLinks.id });
  return rows.length > 0;
}

export function recommendationsOf(tx: Tx, userId: number) {
  return tx
    .select()
    .from(recommendations)
    .where(eq(recommendations.userId, userId))
    .orderBy(desc(recommendations.createdAt), desc(recommendations.id));
}

/** Sets the sales agent of clients inside the scope; answers the ids that changed. */
export async function setLinkedAgent(tx: Tx, scope: ClientScope, ids: number[], agentId: number | null): Promise<number[]> {
  const rows = await tx
    .update(users)
    .set({ linkedAgentId: agentId, updatedAt: sql`now()` })
    .where(and(clientScopeCondition(scope), inArray(users.id, ids)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Whether the id is an active sales agent. */
export async function isSalesAgent(tx: Tx, id: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, roleByCode('sales_agent').id), eq(users.isActive, true)))
    .limit(1);
  return row !== undefined;
}

export async function deleteClient(tx: Tx, scope: ClientScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(users)
    .where(and(clientScopeCondition(scope), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Clients by id inside the scope, in the order asked (the export). */
export function clientsByIds(tx: Tx, scope: ClientScope, ids: number[]) {
  return summaries(tx)
    .where(and(clientScopeCondition(scope), inArray(users.id, ids)))
    .orderBy(users.id);
}
