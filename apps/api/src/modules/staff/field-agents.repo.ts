import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Active users of these roles (or only these ids), by id. */
export function activeUsersOfRoles(tx: Tx, roleIds: readonly number[], ids: readonly number[] | null) {
  return tx
    .select({ id: users.id, name: users.name, surname: users.surname, roleId: users.roleId })
    .from(users)
    .where(and(inArray(users.roleId, [...roleIds]), eq(users.isActive, true), ids === null ? undefined : inArray(users.id, [...ids])))
    .orderBy(asc(users.id));
}
