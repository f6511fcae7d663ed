import { roleByCode, type ClientScope } from '@bo/domain';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { clientLinks, locations, recommendations, users } from '../../db/schema/index.ts';
import { clientScopeCondition } from './scope.repo.ts';

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
