import { smsStatusesBefore, type SmsOutboxQuery, type SmsStatus } from '@bo/domain';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events, smsOutbox } from '../../db/schema/index.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;
export type ListedSms = SmsRow & { eventType: 'presentation' | 'service' | null };

export async function listSms(tx: Tx, query: SmsOutboxQuery): Promise<{ rows: ListedSms[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) {
    conditions.push(eq(smsOutbox.status, query.status));
  }
  if (query.type) {
    conditions.push(eq(smsOutbox.type, query.type));
  }
  if (query.event_id) {
    conditions.push(eq(smsOutbox.eventId, query.event_id));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    tx
      .select({ sms: smsOutbox, eventType: events.type })
      .from(smsOutbox)
      .leftJoin(events, eq(events.id, smsOutbox.eventId))
      .where(where)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    tx.select({ total: count() }).from(smsOutbox).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.sms, eventType: r.eventType })), total: totals[0]?.total ?? 0 };
}

/** A due message, with the state of its event (null without one) to decide whether it still makes sense. */
export interface DueSms {
  id: number;
  to: string;
  text: string;
  attempts: number;
  eventStatus: string | null;
  eventStartsAt: Date | null;
}

/**
 * Takes the next planned message due at `now` and locks it until the caller's transaction ends. SKIP LOCKED
 * lets several workers share the queue without ever taking the same row; `OF s` leaves the event unlocked,
 * so moving or canceling it does not wait for the provider.
 */
export async function claimDue(tx: Tx, now: Date): Promise<DueSms | null> {
  const result = await tx.execute<{
    id: number;
    to: string;
    text: string;
    attempts: number;
    event_status: string | null;
    event_starts_at: Date | string | null;
  }>(sql`
    SELECT s.id, s."to", s.text, s.attempts, e.status AS event_status, e.starts_at AS event_starts_at
    FROM sms_outbox s LEFT JOIN events e ON e.id = s.event_id
    WHERE s.status = 'planned' AND s.send_at <= ${now.toISOString()}
    ORDER BY s.send_at, s.id
    LIMIT 1
    FOR UPDATE OF s SKIP LOCKED`);
  const row = result.rows[0];
  if (!row) {
    return null;
  }
  return {
    id: row.id,
    to: row.to,
    text: row.text,
    attempts: row.attempts,
    eventStatus: row.event_status,
    eventStartsAt: row.event_starts_at === null ? null : new Date(row.event_starts_at),
  };
}

export async function markSent(tx: Tx, id: number, sent: { providerId: string; status: SmsStatus; at: Date }): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({
      status: sent.status,
      providerId: sent.providerId,
      sentAt: sent.at,
      attempts: sql`${smsOutbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(smsOutbox.id, id));
}

/** A failed try: planned again at `retryAt`, or `failed` for good when `retryAt` is null. */
export async function markAttemptFailed(tx: Tx, id: number, error: string, retryAt: Date | null): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({
      attempts: sql`${smsOutbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
      ...(retryAt ? { sendAt: retryAt } : { status: 'failed' }),
    })
    .where(eq(smsOutbox.id, id));
}

/** Not sent on purpose (its event ended or began); the reason stays readable in the outbox. */
export async function markCanceled(tx: Tx, id: number, reason: string): Promise<void> {
  await tx.update(smsOutbox).set({ status: 'canceled', lastError: reason }).where(eq(smsOutbox.id, id));
}

/**
 * A provider's status for the message it knows as `providerId`, in one conditional UPDATE: only from a
 * status the order rule lets it replace (packages/domain sms-status.ts), so callbacks that arrive late,
 * twice or at the same time never move a message backwards. `lastError` replaces the kept error when
 * given. Null when nothing changed.
 */
export async function advanceStatus(
  tx: Tx,
  providerId: string,
  to: SmsStatus,
  lastError: string | null,
  outboxId: number | null,
): Promise<{ id: number; status: SmsStatus } | null> {
  // By its outbox id, a message whose send is still being committed matches with no provider id yet:
  // the UPDATE waits for that transaction's row lock, then checks again against the committed row.
  // Should that transaction have died after the provider took the message, the callback records it.
  const which =
    outboxId === null
      ? eq(smsOutbox.providerId, providerId)
      : or(eq(smsOutbox.providerId, providerId), and(eq(smsOutbox.id, outboxId), isNull(smsOutbox.providerId)));
  const rows = await tx
    .update(smsOutbox)
    .set({
      status: to,
      providerId: sql`coalesce(${smsOutbox.providerId}, ${providerId})`,
      ...(lastError === null ? {} : { lastError: lastError.slice(0, 1000) }),
    })
    .where(and(which, inArray(smsOutbox.status, smsStatusesBefore(to))))
    .returning({ id: smsOutbox.id });
  const row = rows[0];
  return row ? { id: row.id, status: to } : null;
}

export async function hasProviderId(tx: Tx, providerId: string): Promise<boolean> {
  const rows = await tx.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.providerId, providerId)).limit(1);
  return rows.length > 0;
}
