import { roleByCode, type ClientScope } from '@bo/domain';
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { contactHistory, statusHistory, subUsers, userInfo, users } from '../../db/schema/index.ts';
import { clientScopeCondition } from './scope.repo.ts';

const person = alias(users, 'person');
const personColumns = { id: person.id, name: person.name, surname: person.surname };

export type UserInsert = typeof users.$inferInsert;

export async function insertClient(tx: Tx, values: Omit<UserInsert, 'roleId'>): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, roleId: roleByCode('user').id })
    .returning({ id: users.id });
  return row!.id;
}

/** Changes a client inside the scope; false when it is not there (or outside the scope). */
export async function updateClient(tx: Tx, scope: ClientScope, id: number, values: Partial<UserInsert>): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(clientScopeCondition(scope), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A user (any role) with this e-mail in any letter case, other than `exceptId`. */
export async function emailTaken(tx: Tx, email: string, exceptId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptId === null ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** A client that already has one of these phones (E.164), other than `exceptId`. */
export async function phoneTaken(tx: Tx, phones: string[], exceptId: number | null): Promise<boolean> {
  if (phones.length === 0) {
    return false;
  }
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.roleId, roleByCode('user').id),
        exceptId === null ? undefined : ne(users.id, exceptId),
        or(inArray(users.phoneE164, phones), inArray(users.mobilePhoneE164, phones)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function personById(tx: Tx, id: number | null) {
  if (id === null) {
    return null;
  }
  const [row] = await tx.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Contacts with the agent who made them. */
function contacts(tx: Tx) {
  return tx
    .select({ entry: contactHistory, agent: personColumns })
    .from(contactHistory)
    .leftJoin(person, eq(person.id, contactHistory.agentId));
}

export function contactHistoryOf(tx: Tx, userId: number) {
  return contacts(tx)
    .where(eq(contactHistory.userId, userId))
    .orderBy(sql`${contactHistory.createdAt} desc nulls last`, desc(contactHistory.id));
}

export async function contactEntry(tx: Tx, id: number) {
  const [row] = await contacts(tx).where(eq(contactHistory.id, id)).limit(1);
  return row;
}

export function statusHistoryOf(tx: Tx, userId: number) {
  return tx
    .select({ entry: statusHistory, changedBy: personColumns })
    .from(statusHistory)
    .leftJoin(person, eq(person.id, statusHistory.changedById))
    .where(eq(statusHistory.userId, userId))
    .orderBy(sql`${statusHistory.createdAt} desc nulls last`, desc(statusHistory.id));
}

export function userInfoOf(tx: Tx, userId: number) {
  return tx
    .select({ entry: userInfo, author: personColumns })
    .from(userInfo)
    .leftJoin(person, eq(person.id, userInfo.authorId))
    .where(eq(userInfo.userId, userId))
    .orderBy(sql`${userInfo.createdAt} desc nulls last`, desc(userInfo.id));
}

export async function subUserOf(tx: Tx, userId: number) {
  const [row] = await tx.select().from(subUsers).where(eq(subUsers.userId, userId)).limit(1);
  return row ?? null;
}

export async function insertContact(tx: Tx, values: typeof contactHistory.$inferInsert): Promise<number> {
  const [row] = await tx.insert(contactHistory).values(values).returning({ id: contactHistory.id });
  return row!.id;
}

export async function updateContact(tx: Tx, id: number, values: Partial<typeof contactHistory.$inferInsert>): Promise<void> {
  await tx
    .update(contactHistory)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(contactHistory.id, id));
}

/** A call closes the recalls that were due; those still ahead stay open. */
export async function closeDueRecalls(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(contactHistory)
    .set({ recallDone: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(contactHistory.userId, userId),
        eq(contactHistory.type, 'recall'),
        eq(contactHistory.recallDone, false),
        sql`${contactHistory.recallAt} <= now()`,
      ),
    );
}

/** The client's counters, read again from the contact history (the lists filter and sort by them). */
export async function refreshContactCounters(tx: Tx, userId: number, callTypes: readonly string[]): Promise<void> {
  await tx.execute(sql`
    UPDATE users SET
      calls_count = (SELECT count(*)::int FROM contact_history c WHERE c.user_id = ${userId} AND c.type IN ${[...callTypes]}),
      last_contact_at = (SELECT max(c.created_at) FROM contact_history c WHERE c.user_id = ${userId}),
      next_recall_at = (SELECT min(c.recall_at) FROM contact_history c WHERE c.user_id = ${userId} AND c.type = 'recall' AND NOT c.recall_done),
      updated_at = now()
    WHERE id = ${userId}`);
}

/** Sets the status and writes its history when it changes; answers whether it changed. */
export async function setStatus(tx: Tx, userId: number, status: string, changedById: number): Promise<boolean> {
  const [current] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!current || current.status === status) {
    return false;
  }
  await tx
    .update(users)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await tx.insert(statusHistory).values({ userId, status, previousStatus: current.status, changedById });
  return true;
}

export async function upsertSubUser(tx: Tx, userId: number, values: Omit<typeof subUsers.$inferInsert, 'userId'>) {
  const [row] = await tx
    .insert(subUsers)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: subUsers.userId, set: values })
    .returning();
  return row!;
}

export async function deleteSubUser(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx.delete(subUsers).where(eq(subUsers.userId, userId)).returning({ id: subUsers.id });
  return rows.length > 0;
}

export async function insertUserInfo(tx: Tx, userId: number, text: string, authorId: number): Promise<number> {
  const [row] = await tx.insert(userInfo).values({ userId, text, authorId }).returning({ id: userInfo.id });
  return row!.id;
}

export async function userInfoEntry(tx: Tx, id: number) {
  const [row] = await tx.select().from(userInfo).where(eq(userInfo.id, id)).limit(1);
  return row;
}

export async function updateUserInfo(tx: Tx, id: number, text: string): Promise<void> {
  await tx
    .update(userInfo)
    .set({ text, updatedAt: sql`now()` })
    .where(eq(userInfo.id, id));
}

export async function deleteUserInfo(tx: Tx, id: number): Promise<void> {
  await tx.delete(userInfo).where(eq(userInfo.id, id));
}

/** The first entry of a new client's status history. */
/** The client's responsible sales agent (`linked_agent_id`) when the client has none yet; whether it was set. */
export async function setLinkedAgentIfNone(tx: Tx, userId: number, agentId: number): Promise<boolean> {
  const set = await tx
    .update(users)
    .set({ linkedAgentId: agentId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.linkedAgentId} IS NULL`))
    .returning({ id: users.id });
  return set.length > 0;
}

export async function setStatusHistoryOfNew(tx: Tx, userId: number, status: string, changedById: number): Promise<void> {
  await tx.insert(statusHistory).values({ userId, status, previousStatus: null, changedById });
}
