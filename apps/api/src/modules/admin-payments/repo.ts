import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { commissions, users } from '../../db/schema/index.ts';

/** Per agent, their open commissions not on a receipt yet, the largest sum first. */
export function unreceiptedByAgent(tx: Tx) {
  const total = sql<number>`sum(${commissions.amount})::int`;
  return tx
    .select({
      agent: { id: users.id, name: users.name, surname: users.surname },
      total,
      count: sql<number>`count(*)::int`,
      oldest: sql<string>`to_char(min(${commissions.createdAt}) AT TIME ZONE 'Europe/Zurich', 'YYYY-MM-DD')`,
    })
    .from(commissions)
    .innerJoin(users, eq(users.id, commissions.agentId))
    .where(and(eq(commissions.status, 'open'), isNull(commissions.receiptId)))
    .groupBy(users.id, users.name, users.surname)
    .orderBy(desc(total), users.id);
}
