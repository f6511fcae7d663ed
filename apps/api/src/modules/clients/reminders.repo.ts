import { REMINDER_LEAD_STATUS, roleByCode, type ClientScope, type EmailReminderTarget } from '@bo/domain';
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { emailReminderMails, emailReminderOptouts, users } from '../../db/schema/index.ts';
import { clientScopeCondition } from './scope.repo.ts';

const CLIENT_ROLE_ID = roleByCode('user').id;

/** What the reminder rule and the mail need of a client. */
export const reminderLeadColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  email: users.email,
  locale: users.locale,
  status: users.status,
  callsCount: users.callsCount,
  stage: users.emailReminderStage,
  stageAt: users.emailReminderStageAt,
  optedOutAt: emailReminderOptouts.optedOutAt,
};
export type ReminderLeadRow = {
  id: number;
  name: string;
  surname: string;
  email: string | null;
  locale: string | null;
  status: string | null;
  callsCount: number;
  stage: string | null;
  stageAt: Date | null;
  optedOutAt: Date | null;
};

/**
 * The clients the sweep may have to move, locked (others skip them, so two sweeps never move the same
 * client): not reached, with an e-mail, not stopped or expired, and past the shortest wait of their
 * stage. The domain rule decides for each; this only keeps the scan short.
 */
export async function lockSweepCandidates(
  tx: Tx,
  opts: { minCalls: number; minDays: number; now: Date; limit: number; afterId: number },
): Promise<ReminderLeadRow[]> {
  const waited = new Date(opts.now.getTime() - opts.minDays * 24 * 3600_000);
  const rows = await tx
    .select(reminderLeadColumns)
    .from(users)
    .leftJoin(emailReminderOptouts, eq(emailReminderOptouts.userId, users.id))
    .where(
      and(
        eq(users.roleId, CLIENT_ROLE_ID),
        eq(users.status, REMINDER_LEAD_STATUS),
        isNotNull(users.email),
        sql`${users.id} > ${opts.afterId}`,
        isNull(emailReminderOptouts.optedOutAt),
        or(
          and(isNull(users.emailReminderStage), sql`${users.callsCount} >= ${opts.minCalls}`),
          and(inArray(users.emailReminderStage, ['first', 'second', 'third']), lte(users.emailReminderStageAt, waited)),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(opts.limit)
    .for('update', { of: users, skipLocked: true });
  return rows;
}

/** The clients with these ids in the viewer's scope, locked for a change of stage. */
export async function lockLeadsInScope(tx: Tx, scope: ClientScope, ids: number[]): Promise<ReminderLeadRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return tx
    .select(reminderLeadColumns)
    .from(users)
    .leftJoin(emailReminderOptouts, eq(emailReminderOptouts.userId, users.id))
    .where(and(clientScopeCondition(scope), inArray(users.id, ids)))
    .orderBy(users.id)
    .for('update', { of: users });
}

export async function setStage(tx: Tx, ids: number[], stage: EmailReminderTarget, at: Date): Promise<void> {
  if (ids.length > 0) {
    await tx.update(users).set({ emailReminderStage: stage, emailReminderStageAt: at }).where(inArray(users.id, ids));
  }
}

/** Claims the (client, stage) mail: true the first time, false when it was written before (a no-op). */
export async function claimReminderMail(tx: Tx, userId: number, stage: 'first' | 'second' | 'third'): Promise<number | null> {
  const [row] = await tx
    .insert(emailReminderMails)
    .values({ userId, stage })
    .onConflictDoNothing({ target: [emailReminderMails.userId, emailReminderMails.stage] })
    .returning({ id: emailReminderMails.id });
  return row?.id ?? null;
}

export async function setReminderMailId(tx: Tx, id: number, mailId: number): Promise<void> {
  await tx.update(emailReminderMails).set({ mailId }).where(eq(emailReminderMails.id, id));
}

/** The client's unsubscribe token, made with `fresh` the first time. */
export async function tokenOf(tx: Tx, userId: number, fresh: string): Promise<string> {
  await tx.insert(emailReminderOptouts).values({ userId, token: fresh }).onConflictDoNothing({ target: emailReminderOptouts.userId });
  const [row] = await tx
    .select({ token: emailReminderOptouts.token })
    .from(emailReminderOptouts)
    .where(eq(emailReminderOptouts.userId, userId));
  return row!.token;
}

/** Marks the token's client as unsubscribed and stops their reminders; null for an unknown token. */
export async function optOutByToken(tx: Tx, token: string, at: Date): Promise<{ userId: number } | null> {
  const [row] = await tx
    .update(emailReminderOptouts)
    .set({ optedOutAt: sql`coalesce(${emailReminderOptouts.optedOutAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(emailReminderOptouts.token, token))
    .returning({ userId: emailReminderOptouts.userId });
  if (!row) {
    return null;
  }
  await tx.update(users).set({ emailReminderStage: 'stopped', emailReminderStageAt: at }).where(eq(users.id, row.userId));
  return row;
}

/** One page of the clients in a reminder stage within the scope, newest stage change first. */
export async function listReminderLeads(
  tx: Tx,
  scope: ClientScope,
  opts: { stage?: EmailReminderTarget | undefined; limit: number; offset: number },
) {
  const where: SQL = and(
    clientScopeCondition(scope),
    opts.stage ? eq(users.emailReminderStage, opts.stage) : isNotNull(users.emailReminderStage),
  )!;
  const rows = await tx
    .select({
      ...reminderLeadColumns,
      mailedStages: sql<
        string[]
      >`coalesce((SELECT array_agg(m.stage ORDER BY m.id) FROM email_reminder_mails m WHERE m.user_id = ${users.id}), '{}')`,
    })
    .from(users)
    .leftJoin(emailReminderOptouts, eq(emailReminderOptouts.userId, users.id))
    .where(where)
    .orderBy(desc(users.emailReminderStageAt), desc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}
