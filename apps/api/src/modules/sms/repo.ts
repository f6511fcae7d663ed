import { smsStatusesBefore, type SmsOutboxQuery, type SmsStatus } from '@bo/domain';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events, smsOutbox } from '../../db/schema/index.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;
export type ListedSms = SmsRow & { eventType: 'presentation' | 'service' | null };

export async function listSms(
  tx: Tx,
  query: Partial<SmsOutboxQuery> & { id?: number; offset: number; limit: number },
): Promise<{ rows: ListedSms[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.id !== undefined) {
    conditions.push(eq(smsOutbox.id, query.id));
  }
  if (query.status) {
    conditions.push(eq(smsOutbox.status, query.status));
  }
  if (query.type) {
    conditions.push(eq(smsOutbox.type, query.type));
  }
  if (query.event_id) {
    conditions.push(eq(smsOutbox.eventId, query.event_id));
  }
  if (query.dead_letter !== undefined) {
    conditions.push(query.dead_letter ? isNotNull(smsOutbox.deadAt) : isNull(smsOutbox.deadAt));
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

/** A message taken for sending, with the state of its event (null without one) to decide whether it still makes sense. */
export interface DueSms {
  id: number;
  to: string;
  text: string;
  attempts: number;
  eventStatus: string | null;
  eventStartsAt: Date | null;
  /**
   * When an earlier try of this message may have reached the provider without the outbox learning it
   * (its worker died, or the provider did not answer): since when the provider could have it (the row's
   * creation, a safe lower bound). The provider is asked before the message is sent again. Null for a
   * message never handed to the provider.
   */
  uncertainSince: Date | null;
}

/**
 * Takes the next message due at `now` and leases it to the caller: status `sending` until `now + leaseMs`,
 * committed at once, so the provider is asked outside any transaction and a crash loses no lock. Due
 * are planned messages whose time has come and messages whose lease ran out (their worker died, or a
 * try whose outcome is unknown waits for its next look). SKIP LOCKED lets several workers claim at
 * once without ever taking the same row.
 */
export async function claimDue(db: Tx, now: Date, leaseMs: number): Promise<DueSms | null> {
  const result = await db.execute<{
    id: number;
    to: string;
    text: string;
    attempts: number;
    created_at: Date | string;
    prior_lease: Date | string | null;
    event_status: string | null;
    event_starts_at: Date | string | null;
  }>(sql`
    WITH due AS (
      SELECT s.id, CASE WHEN s.status = 'sending' THEN s.lease_until END AS prior_lease
      FROM sms_outbox s
      WHERE (s.status = 'planned' AND s.send_at <= ${now.toISOString()})
         OR (s.status = 'sending' AND s.lease_until <= ${now.toISOString()})
      ORDER BY s.send_at, s.id
      LIMIT 1
      FOR UPDATE SKIP LOCKED)
    UPDATE sms_outbox s
    SET status = 'sending', lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}
    FROM due
    WHERE s.id = due.id
    RETURNING s.id, s."to", s.text, s.attempts, s.created_at, due.prior_lease,
      (SELECT e.status FROM events e WHERE e.id = s.event_id) AS event_status,
      (SELECT e.starts_at FROM events e WHERE e.id = s.event_id) AS event_starts_at`);
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
    uncertainSince: row.prior_lease === null ? null : new Date(row.created_at),
  };
}

/**
 * The provider took the message. Its status is the provider's unless a status callback, faster than
 * this write, already moved the row further; the provider id is kept if the callback set it first.
 */
export async function markSent(db: Tx, id: number, sent: { providerId: string; status: SmsStatus; at: Date }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({
      status: sql`CASE WHEN ${smsOutbox.status} IN ('planned', 'sending') THEN ${sent.status} ELSE ${smsOutbox.status} END`,
      providerId: sql`coalesce(${smsOutbox.providerId}, ${sent.providerId})`,
      sentAt: sent.at,
      attempts: sql`${smsOutbox.attempts} + 1`,
      lastError: null,
      leaseUntil: null,
    })
    .where(eq(smsOutbox.id, id));
}

/**
 * A failed try, counted. `retryAt`: planned again then; `uncertain`: the provider may have taken it, so it
 * stays `sending` with its lease ending at `retryAt` and the provider is asked before the next try.
 * `retryAt` null: the outbox gives up, the message is `failed` and in the dead-letter list.
 */
export async function markAttemptFailed(
  db: Tx,
  id: number,
  failure: { error: string; retryAt: Date | null; uncertain: boolean; at: Date },
): Promise<void> {
  const next =
    failure.retryAt === null
      ? { status: 'failed', deadAt: failure.at, leaseUntil: null }
      : failure.uncertain
        ? { status: 'sending', leaseUntil: failure.retryAt }
        : { status: 'planned', sendAt: failure.retryAt, leaseUntil: null };
  await db
    .update(smsOutbox)
    .set({ attempts: sql`${smsOutbox.attempts} + 1`, lastError: failure.error.slice(0, 1000), ...next })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/** Not sent on purpose (its event ended or began); the reason stays readable in the outbox. */
export async function markCanceled(db: Tx, id: number, reason: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'canceled', lastError: reason, leaseUntil: null })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending')));
}

/**
 * An admin sends a dead letter again: planned for `now` with its tries counted anew. Null when the
 * message is not (or no longer) in the dead-letter list; one UPDATE, so two clicks plan it once.
 */
export async function retryDeadLetter(db: Tx, id: number, now: Date): Promise<{ id: number } | null> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'planned', sendAt: now, attempts: 0, deadAt: null, leaseUntil: null })
    .where(and(eq(smsOutbox.id, id), isNotNull(smsOutbox.deadAt), eq(smsOutbox.status, 'failed')))
    .returning({ id: smsOutbox.id });
  return rows[0] ?? null;
}

export async function smsExists(db: Tx, id: number): Promise<boolean> {
  const rows = await db.select({ id: smsOutbox.id }).from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1);
  return rows.length > 0;
}

/** The next time a message comes due (planned, or a lease running out), for the job to wake then. */
export async function nextDueAt(db: Tx): Promise<Date | null> {
  const result = await db.execute<{ at: Date | string | null }>(sql`
    SELECT least(
      (SELECT min(send_at) FROM sms_outbox WHERE status = 'planned'),
      (SELECT min(lease_until) FROM sms_outbox WHERE status = 'sending')) AS at`);
  const at = result.rows[0]?.at ?? null;
  return at === null ? null : new Date(at);
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
