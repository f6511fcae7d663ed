import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
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

/** Takes queued messages for delivery; SKIP LOCKED lets several workers share the queue. */
export async function claimQueued(tx: Tx, limit: number): Promise<MailRow[]> {
  const result = await tx.execute<{ id: number }>(
    sql`SELECT id FROM mail_outbox WHERE status = 'queued' ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  );
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) {
    return [];
  }
  return tx.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}

export async function markSent(tx: Tx, id: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
    .where(eq(mailOutbox.id, id));
}

/** After five failed attempts a message is parked as failed; it stays readable in the outbox. */
export async function markFailed(tx: Tx, id: number, error: string): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      status: sql`CASE WHEN ${mailOutbox.attempts} + 1 >= 5 THEN 'failed' ELSE 'queued' END`,
    })
    .where(and(eq(mailOutbox.id, id)));
}
