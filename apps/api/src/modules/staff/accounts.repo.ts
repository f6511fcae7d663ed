import type { AccountsQuery, ClientAccess } from '@bo/domain';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, users } from '../../db/schema/index.ts';
import { userListColumns, userSearch, type UserListRow } from './repo.ts';

export type AccountRow = typeof accounts.$inferSelect;
export interface AccountWithUser {
  account: AccountRow;
  user: UserListRow;
}

const accountWithUser = { account: accounts, user: userListColumns };

export interface AccountFilter {
  roleIds: readonly number[];
  search?: string | undefined;
  isActive?: boolean | undefined;
}

type AccountPage = Pick<AccountsQuery, 'limit' | 'offset' | 'orderBy' | 'orderMethod'>;

function orderOf(page: AccountPage): SQL[] {
  const dir = page.orderMethod === 'asc' ? asc : desc;
  const byName = [dir(users.surname), dir(users.name), dir(users.id)];
  switch (page.orderBy) {
    case 'name':
      return byName;
    case 'email':
      return [page.orderMethod === 'asc' ? sql`${users.email} asc nulls last` : sql`${users.email} desc nulls last`, dir(users.id)];
    case 'role':
      return [dir(users.roleId), ...byName];
    case 'updated_at':
      return [dir(accounts.updatedAt), dir(accounts.id)];
  }
}

/**
 * Accounts belong to staff only, a few hundred or thousand rows: the role filter goes through
 * users_role_updated_id_idx and the join through accounts_user_id_unique; nothing here touches the
 * million clients.
 */
export async function listAccounts(tx: Tx, filter: AccountFilter, page: AccountPage): Promise<{ rows: AccountWithUser[]; total: number }> {
  const where = and(
    inArray(users.roleId, [...filter.roleIds]),
    filter.isActive === undefined ? undefined : eq(users.isActive, filter.isActive),
    userSearch(filter.search),
  );
  const [rows, totals] = await Promise.all([
    tx
      .select(accountWithUser)
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(where)
      .orderBy(...orderOf(page))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findAccount(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<AccountWithUser | undefined> {
  const base = tx
    .select(accountWithUser)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.id, id))
    .limit(1);
  const [row] = opts.lock ? await base.for('update', { of: accounts }) : await base;
  return row;
}

export async function findAccountOfUser(tx: Tx, userId: number): Promise<AccountWithUser | undefined> {
  const [row] = await tx
    .select(accountWithUser)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.userId, userId))
    .limit(1);
  return row;
}

export async function findUserRole(tx: Tx, userId: number): Promise<{ id: number; roleId: number } | undefined> {
  const [row] = await tx.select({ id: users.id, roleId: users.roleId }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The account of a staff user; an existing one is kept as it is. */
export async function ensureAccount(tx: Tx, userId: number): Promise<number> {
  const [inserted] = await tx.insert(accounts).values({ userId }).onConflictDoNothing().returning({ id: accounts.id });
  if (inserted) {
    return inserted.id;
  }
  const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId)).limit(1);
  return existing!.id;
}

export interface AccountChanges {
  accessToClients?: ClientAccess;
  telephonyUserId?: string | null;
  telephonyNumber?: string | null;
}

export async function updateAccount(tx: Tx, id: number, changes: AccountChanges): Promise<void> {
  await tx
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accounts.id, id));
}

/** The staff user whose account holds this telephony user id (an active one first, then the oldest account). */
export async function findAgentOfTelephonyUser(
  tx: Tx,
  telephonyUserId: string,
): Promise<{ userId: number; roleId: number; isActive: boolean } | undefined> {
  const [row] = await tx
    .select({ userId: users.id, roleId: users.roleId, isActive: users.isActive })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.telephonyUserId, telephonyUserId))
    .orderBy(desc(users.isActive), accounts.id)
    .limit(1);
  return row;
}
