import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, authTokens, loginFailures, mailRequests, roles, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export interface UserWithRole {
  user: UserRow;
  roleCode: string;
}

const userWithRole = { user: users, roleCode: roles.code };

export async function findUserByEmail(tx: Tx, email: string): Promise<UserWithRole | undefined> {
  const [row] = await tx
    .select(userWithRole)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function findUserById(tx: Tx, id: number): Promise<UserWithRole | undefined> {
  const [row] = await tx.select(userWithRole).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(tx: Tx, values: NewUser): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function insertAccount(tx: Tx, userId: number): Promise<void> {
  await tx.insert(accounts).values({ userId }).onConflictDoNothing();
}

export async function updateUser(tx: Tx, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export interface SessionRow {
  sessionId: string;
  impersonatorId: number | null;
  expiresAt: Date;
  user: UserRow;
  roleCode: string;
}

export async function findLiveSession(tx: Tx, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select({
      sessionId: sessions.id,
      impersonatorId: sessions.impersonatorId,
      expiresAt: sessions.expiresAt,
      user: users,
      roleCode: roles.code,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

export async function insertSession(
  tx: Tx,
  values: { id: string; userId: number; impersonatorId?: number | null; ip: string; userAgent?: string | undefined; expiresAt: Date },
): Promise<void> {
  await tx.insert(sessions).values({ ...values, impersonatorId: values.impersonatorId ?? null, userAgent: values.userAgent ?? null });
}

export async function deleteSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user, including those in which they act as someone else through login-by. */
export async function deleteSessionsOfUser(tx: Tx, userId: number): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Every session of the user but the one given; answers the ids it ended. */
export async function deleteOtherSessionsOfUser(tx: Tx, userId: number, keepSessionId: string): Promise<string[]> {
  const rows = await tx
    .delete(sessions)
    .where(and(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(tx: Tx): Promise<number> {
  const rows = await tx
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now()`)
    .returning({ id: sessions.id });
  return rows.length;
}

/** Failed sign-ins of the address since then: for this account, and for every account together. */
export async function countFailuresSince(tx: Tx, ip: string, email: string, since: Date): Promise<{ account: number; address: number }> {
  const [row] = await tx
    .select({ account: sql<number>`count(*) FILTER (WHERE ${loginFailures.email} = ${email})`.mapWith(Number), address: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return { account: row?.account ?? 0, address: row?.address ?? 0 };
}

/** Mails asked for since then: to this recipient (from anywhere), and by this client address (to anyone). */
export async function countMailRequestsSince(
  tx: Tx,
  email: string,
  ip: string,
  since: Date,
): Promise<{ recipient: number; address: number }> {
  const [recipient] = await tx
    .select({ n: count() })
    .from(mailRequests)
    .where(and(eq(mailRequests.email, email), gt(mailRequests.createdAt, since)));
  const [address] = await tx
    .select({ n: count() })
    .from(mailRequests)
    .where(and(eq(mailRequests.ip, ip), gt(mailRequests.createdAt, since)));
  return { recipient: recipient?.n ?? 0, address: address?.n ?? 0 };
}

export async function insertMailRequest(tx: Tx, values: { kind: string; email: string; ip: string }): Promise<void> {
  await tx.insert(mailRequests).values(values);
}

/** Failed sign-ins and mail requests older than any window: they count for nothing any more. */
export async function deleteThrottleRowsBefore(tx: Tx, before: Date): Promise<void> {
  await tx.delete(loginFailures).where(lt(loginFailures.createdAt, before));
  await tx.delete(mailRequests).where(lt(mailRequests.createdAt, before));
}

export async function insertFailure(tx: Tx, ip: string, email: string): Promise<void> {
  await tx.insert(loginFailures).values({ ip, email });
}

export async function insertToken(
  tx: Tx,
  values: { kind: string; tokenHash: string; userId?: number | null; email?: string | null; expiresAt: Date },
): Promise<void> {
  await tx.insert(authTokens).values({ ...values, userId: values.userId ?? null, email: values.email ?? null });
}

/** An unused, unexpired token; locked so that two requests cannot both use it. */
export async function takeToken(tx: Tx, kind: string, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(
      and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, tokenHash), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)),
    )
    .for('update')
    .limit(1);
  if (row) {
    await tx.update(authTokens).set({ usedAt: new Date() }).where(eq(authTokens.id, row.id));
  }
  return row;
}

/** A newer code replaces older ones: only the last mailed code works. */
export async function retireTokens(tx: Tx, kind: string, match: { email?: string; userId?: number }): Promise<void> {
  const where = match.userId !== undefined ? eq(authTokens.userId, match.userId) : eq(authTokens.email, match.email ?? '');
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.kind, kind), where, isNull(authTokens.usedAt)));
}
