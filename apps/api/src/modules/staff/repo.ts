import type { UserOrderField } from '@bo/domain';
import { and, asc, count, desc, eq, ilike, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/sql-helpers.ts';
import { users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

/** The expression of users_search_trgm_idx: the planner uses that index only for this very expression. */
const searchText = sql`(${users.name} || ' ' || ${users.surname} || ' ' || coalesce(${users.email}, ''))`;

/** Every word must occur in the name, surname or e-mail ("Meier Claudia" finds Claudia Meier). */
export function userSearch(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  return words.length === 0 ? undefined : and(...words.map((w) => ilike(searchText, containsPattern(w))));
}

export interface UserFilter {
  roleIds: readonly number[];
  search?: string | undefined;
  isActive?: boolean | undefined;
}

export interface UserPage {
  limit: number;
  offset: number;
  orderBy: UserOrderField;
  orderMethod: 'asc' | 'desc';
}

/** The user columns the lists read; `signed_up` says whether a password was chosen, never the hash. */
export const userListColumns = {
  id: users.id,
  roleId: users.roleId,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phone: users.phone,
  mobilePhone: users.mobilePhone,
  zipcode: users.zipcode,
  city: users.city,
  locale: users.locale,
  isActive: users.isActive,
  signedUp: sql<boolean>`${users.passwordHash} IS NOT NULL`.as('signed_up'),
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export interface UserListRow {
  id: number;
  roleId: number;
  email: string | null;
  name: string;
  surname: string;
  phone: string | null;
  mobilePhone: string | null;
  zipcode: string | null;
  city: string | null;
  locale: string;
  isActive: boolean;
  signedUp: boolean;
  createdAt: Date;
  updatedAt: Date;
}

type SortColumns = Record<'id' | 'name' | 'surname' | 'updatedAt', AnyColumn | SQL.Aliased>;

/**
 * The order of a page, written the way the indexes are: users_role_updated_id_idx holds updated_at
 * DESC NULLS LAST, id DESC (so "desc" must say NULLS LAST, "asc" NULLS FIRST, or PostgreSQL sorts the whole
 * role), users_role_name_idx holds (surname, name, id). The id breaks ties, so paging never repeats a row.
 */
function orderOf(c: SortColumns, page: Pick<UserPage, 'orderBy' | 'orderMethod'>): SQL[] {
  const dir = page.orderMethod === 'asc' ? asc : desc;
  switch (page.orderBy) {
    case 'updated_at':
      return [page.orderMethod === 'asc' ? sql`${c.updatedAt} asc nulls first` : sql`${c.updatedAt} desc nulls last`, dir(c.id)];
    case 'name':
      return [dir(c.surname), dir(c.name), dir(c.id)];
    case 'id':
      return [dir(c.id)];
  }
}

function whereOf(filter: Omit<UserFilter, 'roleIds'>): (SQL | undefined)[] {
  return [filter.isActive === undefined ? undefined : eq(users.isActive, filter.isActive), userSearch(filter.search)];
}

/**
 * A page of users of the given roles. With several roles, each role is read on its own along its
 * index (as many rows as the page needs) and the pieces are merged: a million clients are never
 * sorted as a whole just because a staff role was asked for as well.
 */
export async function listUsers(tx: Tx, filter: UserFilter, page: UserPage): Promise<{ rows: UserListRow[]; total: number }> {
  const rest = whereOf(filter);
  const branch = (roleId: number) =>
    tx
      .select(userListColumns)
      .from(users)
      .where(and(eq(users.roleId, roleId), ...rest))
      .orderBy(...orderOf({ id: users.id, name: users.name, surname: users.surname, updatedAt: users.updatedAt }, page));

  let rows: Promise<UserListRow[]>;
  const [first, second, ...others] = filter.roleIds;
  if (first === undefined) {
    return { rows: [], total: 0 };
  }
  if (second === undefined) {
    rows = branch(first).limit(page.limit).offset(page.offset);
  } else {
    const take = page.offset + page.limit;
    const merged = unionAll(branch(first).limit(take), branch(second).limit(take), ...others.map((r) => branch(r).limit(take))).as('u');
    rows = tx
      .select()
      .from(merged)
      .orderBy(...orderOf(merged, page))
      .limit(page.limit)
      .offset(page.offset);
  }
  const [found, totals] = await Promise.all([
    rows,
    tx
      .select({ total: count() })
      .from(users)
      .where(and(inArray(users.roleId, [...filter.roleIds]), ...rest)),
  ]);
  return { rows: found, total: totals[0]?.total ?? 0 };
}

export async function findUser(tx: Tx, id: number, opts: { lock?: boolean } = {}): Promise<UserListRow | undefined> {
  const base = tx.select(userListColumns).from(users).where(eq(users.id, id)).limit(1);
  const [row] = opts.lock ? await base.for('update') : await base;
  return row;
}

export async function emailTaken(tx: Tx, email: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

export async function insertUser(tx: Tx, values: NewUser): Promise<UserListRow> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return (await findUser(tx, row!.id))!;
}
