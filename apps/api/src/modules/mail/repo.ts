import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(
  tx: Tx,
  mail: { to: string; subject: string; text: string; maskedText: string; html?: string | null; kind: string; userId?: number | null },
): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...mail, html: mail.html ?? null, userId: mail.userId ?? null })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

export async function listMail(tx: Tx, opts: { limit: number; offset: number; to?: string }) {
  const where = opts.to ? eq(mailOutbox.to, opts.to.toLowerCase()) : undefined;
  const [rows, totals] = await Promise.all([
    tx
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(opts.limit)
      .offset(opts.offset),
    tx.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Takes the next mail due at `now` and leases it (status `sending` until `now + leaseMs`, committed at
 * once): a mail whose lease ran out because its worker died, else the oldest queued mail whose next try
 * has come. SKIP LOCKED lets several workers claim at once without ever taking the same mail.
 *
 * Each kind is one walk of its own partial index, stopped at the first row: with both kinds in one
 * condition ("queued … OR sending …") the planner read every queued mail and sorted them for each
 * claim, 5–7 ms a mail with 2,000 queued (docs/performance.md "Under load"), so a day's reminders
 * cost the database more the longer their queue. The second walk runs only when the first found none.
 */
export async function claimNext(db: Tx, now: Date, leaseMs: number): Promise<MailRow | null> {
  const at = now.toISOString();
  const result = await db.execute<{ id: number }>(sql`
    WITH lapsed AS (
      SELECT id FROM mail_outbox WHERE status = 'sending' AND lease_until <= ${at}
      ORDER BY lease_until LIMIT 1 FOR UPDATE SKIP LOCKED
    ), queued AS (
      SELECT id FROM mail_outbox WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ${at})
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
    ), due AS (
      SELECT coalesce((SELECT id FROM lapsed), (SELECT id FROM queued)) AS id
    )
    UPDATE mail_outbox m SET status = 'sending', lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}
    FROM due WHERE m.id = due.id
    RETURNING m.id`);
  const claimed = result.rows[0];
  if (!claimed) {
    return null;
  }
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, claimed.id));
  return row ?? null;
}

export async function markSent(db: Tx, id: number, at: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: at, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, leaseUntil: null, nextAttemptAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** A failed try, counted: queued again for `retryAt`, or (null) `failed` for good, in the dead-letter list. */
export async function markFailed(db: Tx, id: number, failure: { error: string; retryAt: Date | null; at: Date }): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: failure.error.slice(0, 1000),
      leaseUntil: null,
      ...(failure.retryAt ? { status: 'queued', nextAttemptAt: failure.retryAt } : { status: 'failed', deadAt: failure.at }),
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** An admin sends a failed mail again: queued now, its tries counted anew. Null when it is not (or no longer) failed. */
export async function retryDeadMail(db: Tx, id: number): Promise<MailRow | null> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'queued', attempts: 0, deadAt: null, nextAttemptAt: null, leaseUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning();
  return rows[0] ?? null;
}

export async function mailExists(db: Tx, id: number): Promise<boolean> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return rows.length > 0;
}

/** The next time a mail comes due (a retry after its pause, or a lease running out); null when none waits. */
export async function nextMailDueAt(db: Tx): Promise<Date | null> {
  const result = await db.execute<{ at: Date | string | null }>(sql`
    SELECT least(
      (SELECT min(coalesce(next_attempt_at, created_at)) FROM mail_outbox WHERE status = 'queued'),
      (SELECT min(lease_until) FROM mail_outbox WHERE status = 'sending')) AS at`);
  const at = result.rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
}
