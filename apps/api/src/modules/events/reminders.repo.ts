import { reminderSchedule, reminderText, type SmsType } from '@bo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

export interface ReminderTarget {
  eventId: number;
  userId: number;
  phone: string | null;
  clientName: string;
  agentName: string;
  startsAt: Date;
  company: string;
  /** The client's locale: the language the texts are written in. */
  locale: string;
}

function textOf(type: SmsType, t: ReminderTarget): string {
  return reminderText(type, t.locale, t);
}

/** Writes the reminders of a booked event into the SMS outbox (the delivery job sends them when due). */
export async function scheduleReminders(tx: Tx, target: ReminderTarget, now: Date): Promise<void> {
  if (!target.phone) {
    return;
  }
  const rows = reminderSchedule(target.startsAt, now)
    .filter((r) => r.sendAt !== null)
    .map((r) => ({
      to: target.phone!,
      text: textOf(r.type, target),
      type: r.type,
      status: 'planned',
      userId: target.userId,
      eventId: target.eventId,
      sendAt: r.sendAt,
    }));
  if (rows.length > 0) {
    await tx.insert(smsOutbox).values(rows).onConflictDoNothing({ target: PLANNED_ONCE.target, where: PLANNED_ONCE.where });
  }
}

/** sms_outbox_planned_once_idx: one planned message per event and kind. */
const PLANNED_ONCE = {
  target: [smsOutbox.eventId, smsOutbox.type],
  where: sql`${smsOutbox.status} = 'planned' AND ${smsOutbox.eventId} IS NOT NULL`,
};

/**
 * The event moved: its planned reminders move with it (their texts say the new time), one whose new
 * time has passed is canceled, a reminder already sent is written anew when it falls due again, and a
 * new confirmation tells the client the new time.
 */
export async function moveReminders(tx: Tx, target: ReminderTarget, now: Date): Promise<void> {
  if (!target.phone) {
    await cancelReminders(tx, target.eventId);
    return;
  }
  for (const r of reminderSchedule(target.startsAt, now)) {
    const planned =
      r.type === 'appointment'
        ? []
        : await tx
            .update(smsOutbox)
            .set(r.sendAt ? { sendAt: r.sendAt, text: textOf(r.type, target), to: target.phone } : { status: 'canceled' })
            .where(and(eq(smsOutbox.eventId, target.eventId), eq(smsOutbox.type, r.type), eq(smsOutbox.status, 'planned')))
            .returning({ id: smsOutbox.id });
    if (planned.length === 0 && r.sendAt) {
      // A confirmation of the old time still waiting is replaced by the new one.
      await tx
        .insert(smsOutbox)
        .values({
          to: target.phone,
          text: textOf(r.type, target),
          type: r.type,
          status: 'planned',
          userId: target.userId,
          eventId: target.eventId,
          sendAt: r.sendAt,
        })
        .onConflictDoUpdate({
          target: PLANNED_ONCE.target,
          targetWhere: PLANNED_ONCE.where,
          set: { to: target.phone, text: textOf(r.type, target), sendAt: r.sendAt },
        });
    }
  }
}

/** The event is canceled, performed or deleted: reminders not yet sent are not sent. */
export async function cancelReminders(tx: Tx, eventId: number): Promise<void> {
  await tx
    .update(smsOutbox)
    .set({ status: 'canceled' })
    .where(and(eq(smsOutbox.eventId, eventId), eq(smsOutbox.status, 'planned')));
}
