import type { ClientScope } from '@bo/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { clientScopeCondition } from './scope.repo.ts';

export interface NumberMatchRow {
  id: number;
  name: string;
  surname: string;
  status: string | null;
  lastContactAt: Date | null;
  total: number;
}

/**
 * The clients of the scope whose phone or mobile is this E.164 number, last contacted first, with the
 * count of all of them (users_phone_e164_idx and users_mobile_phone_e164_idx; the scope filters the few found).
 */
export async function clientsWithNumber(tx: Tx, scope: ClientScope, e164: string, limit: number): Promise<NumberMatchRow[]> {
  return tx
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      status: users.status,
      lastContactAt: users.lastContactAt,
      total: sql<number>`(count(*) OVER ())::int`,
    })
    .from(users)
    .where(and(clientScopeCondition(scope), or(eq(users.phoneE164, e164), eq(users.mobilePhoneE164, e164))))
    .orderBy(sql`${users.lastContactAt} desc nulls last`, sql`${users.id} desc`)
    .limit(limit);
}

/** Name and surname of clients by id (any scope: the caller shows only the ids it holds). */
export async function clientNames(tx: Tx, ids: number[]): Promise<{ id: number; name: string; surname: string }[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(inArray(users.id, ids));
}
