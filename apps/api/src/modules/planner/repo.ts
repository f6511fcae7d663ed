import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { plannerBlockedDays, plannerPrivateAppointments } from '../../db/schema/index.ts';

/** The blocked days of these agents (null: all) from `from` to `to` (YYYY-MM-DD, inclusive), with their notes, by agent and day. */
export function blockedDaysBetween(tx: Tx, agentIds: readonly number[] | null, from: string, to: string) {
  return tx
    .select({ id: plannerBlockedDays.id, agentId: plannerBlockedDays.agentId, day: plannerBlockedDays.day, note: plannerBlockedDays.note })
    .from(plannerBlockedDays)
    .where(
      and(
        gte(plannerBlockedDays.day, from),
        lte(plannerBlockedDays.day, to),
        agentIds === null ? undefined : inArray(plannerBlockedDays.agentId, [...agentIds]),
      ),
    )
    .orderBy(asc(plannerBlockedDays.agentId), asc(plannerBlockedDays.day), asc(plannerBlockedDays.id));
}

/** The private appointments of these agents (null: all) that start in [from, to), with their notes, by agent and start. */
export function privateAppointmentsBetween(tx: Tx, agentIds: readonly number[] | null, from: Date, to: Date) {
  return tx
    .select({
      id: plannerPrivateAppointments.id,
      agentId: plannerPrivateAppointments.agentId,
      startsAt: plannerPrivateAppointments.startsAt,
      endsAt: plannerPrivateAppointments.endsAt,
      note: plannerPrivateAppointments.note,
    })
    .from(plannerPrivateAppointments)
    .where(
      and(
        gte(plannerPrivateAppointments.startsAt, from),
        lt(plannerPrivateAppointments.startsAt, to),
        agentIds === null ? undefined : inArray(plannerPrivateAppointments.agentId, [...agentIds]),
      ),
    )
    .orderBy(asc(plannerPrivateAppointments.agentId), asc(plannerPrivateAppointments.startsAt), asc(plannerPrivateAppointments.id));
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

export async function insertBlockedDay(tx: Tx, row: typeof plannerBlockedDays.$inferInsert): Promise<number> {
  const [r] = await tx.insert(plannerBlockedDays).values(row).returning({ id: plannerBlockedDays.id });
  return r!.id;
}

export async function insertPrivateAppointment(tx: Tx, row: typeof plannerPrivateAppointments.$inferInsert): Promise<number> {
  const [r] = await tx.insert(plannerPrivateAppointments).values(row).returning({ id: plannerPrivateAppointments.id });
  return r!.id;
}

/** Deletes a blocked day of one of these agents (null: any); answers whether one was deleted. */
export async function deleteBlockedDay(tx: Tx, id: number, agentIds: readonly number[] | null): Promise<boolean> {
  const rows = await tx
    .delete(plannerBlockedDays)
    .where(and(eq(plannerBlockedDays.id, id), agentIds === null ? undefined : inArray(plannerBlockedDays.agentId, [...agentIds])))
    .returning({ id: plannerBlockedDays.id });
  return rows.length > 0;
}

/** Deletes a private appointment of one of these agents (null: any); answers whether one was deleted. */
export async function deletePrivateAppointment(tx: Tx, id: number, agentIds: readonly number[] | null): Promise<boolean> {
  const rows = await tx
    .delete(plannerPrivateAppointments)
    .where(
      and(
        eq(plannerPrivateAppointments.id, id),
        agentIds === null ? undefined : inArray(plannerPrivateAppointments.agentId, [...agentIds]),
      ),
    )
    .returning({ id: plannerPrivateAppointments.id });
  return rows.length > 0;
}

/** The planner's advisory lock space: absences of one agent are written one request at a time. */
const ABSENCES_LOCK = 7_170_001;

/** Waits for and holds (until the transaction ends) the lock of one agent's absences. */
export async function lockAgentAbsences(tx: Tx, agentId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ABSENCES_LOCK}, ${agentId})`);
}
