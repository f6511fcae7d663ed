import { and, asc, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plannerBlockedDays, plannerPrivateAppointments } from '../../db/schema/index.ts';

/** The blocked days of these agents (null: all) from `from` to `to` (YYYY-MM-DD, inclusive). */
export function blockedDaysBetween(tx: Tx, agentIds: readonly number[] | null, from: string, to: string) {
  return tx
    .select({ agentId: plannerBlockedDays.agentId, day: plannerBlockedDays.day })
    .from(plannerBlockedDays)
    .where(
      and(
        gte(plannerBlockedDays.day, from),
        lte(plannerBlockedDays.day, to),
        agentIds === null ? undefined : inArray(plannerBlockedDays.agentId, [...agentIds]),
      ),
    );
}

/** The private appointments of these agents (null: all) that start in [from, to). */
export function privateAppointmentsBetween(tx: Tx, agentIds: readonly number[] | null, from: Date, to: Date) {
  return tx
    .select({
      id: plannerPrivateAppointments.id,
      agentId: plannerPrivateAppointments.agentId,
      startsAt: plannerPrivateAppointments.startsAt,
      endsAt: plannerPrivateAppointments.endsAt,
    })
    .from(plannerPrivateAppointments)
    .where(
      and(
        gte(plannerPrivateAppointments.startsAt, from),
        lt(plannerPrivateAppointments.startsAt, to),
        agentIds === null ? undefined : inArray(plannerPrivateAppointments.agentId, [...agentIds]),
      ),
    )
    .orderBy(asc(plannerPrivateAppointments.agentId), asc(plannerPrivateAppointments.startsAt));
}

export async function insertBlockedDays(tx: Tx, rows: (typeof plannerBlockedDays.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(plannerBlockedDays).values(rows);
  }
}

export async function insertPrivateAppointments(tx: Tx, rows: (typeof plannerPrivateAppointments.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) {
    await tx.insert(plannerPrivateAppointments).values(rows);
  }
}
