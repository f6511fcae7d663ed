import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { commissions, roles, users } from '../../db/schema/index.ts';

const sumOf = (reasons: string[]) =>
  sql<number>`coalesce(sum(${commissions.amount}) FILTER (WHERE ${commissions.reason} IN (${sql.join(
    reasons.map((r) => sql`${r}`),
    sql`, `,
  )})), 0)::int`;

/**
 * Per agent, the net commissions (clawbacks included) by where they came from: their own work (their
 * sales, the calls that booked them) and their downline's sales at each level; created in [from, to).
 */
export function earningsByReason(tx: Tx, range: { from?: Date; to?: Date }) {
  const where: SQL[] = [];
  if (range.from) {
    where.push(gte(commissions.createdAt, range.from));
  }
  if (range.to) {
    where.push(lt(commissions.createdAt, range.to));
  }
  return tx
    .select({
      agent: { id: users.id, name: users.name, surname: users.surname, role: roles.code },
      own: sumOf(['sale', 'ca']),
      l1: sumOf(['l1']),
      l2: sumOf(['l2']),
      l3: sumOf(['l3']),
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.agentId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where.length > 0 ? and(...where) : undefined)
    .groupBy(users.id, users.name, users.surname, roles.code)
    .orderBy(users.surname, users.name, users.id);
}
