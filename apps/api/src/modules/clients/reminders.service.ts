import { randomBytes } from 'node:crypto';
import {
  dueReminderStage,
  reminderCadenceFrom,
  reminderStageSendsMail,
  type EmailReminderRowDto,
  type EmailRemindersQuery,
  type EmailReminderTarget,
  type GlobalSettingsDto,
  type UpdateEmailRemindersBody,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { queueMail } from '../mail/index.ts';
import { globalSettings } from '../settings/index.ts';
import { viewerOf } from './policy.ts';
import * as repo from './reminders.repo.ts';

/**
 * E-mail reminders for leads the call agents could not reach (docs/reminders.md). The stages follow
 * the domain's rule (`dueReminderStage`) with the cadence of the global settings; each stage's mail is
 * written once per client, keyed by (client, stage) in the same transaction as the outbox row.
 */

export interface RemindersDeps {
  db: Db;
  /** The app's address: the unsubscribe link points at its `/unsubscribe/<token>` page. */
  publicUrl: string;
  /** Called after a commit that queued mails, so the delivery job runs now. */
  onMailQueued?: () => void;
}

const SWEEP_BATCH = 200;

/** Writes the stage's mail for the client unless it was written before or they unsubscribed; true when written. */
async function mailStage(
  tx: Tx,
  deps: RemindersDeps,
  settings: GlobalSettingsDto,
  lead: repo.ReminderLeadRow,
  stage: EmailReminderTarget,
): Promise<boolean> {
  if (!reminderStageSendsMail(stage) || !lead.email || lead.optedOutAt) {
    return false;
  }
  const claimed = await repo.claimReminderMail(tx, lead.id, stage);
  if (claimed === null) {
    return false;
  }
  const token = await repo.tokenOf(tx, lead.id, randomBytes(24).toString('base64url'));
  const mailId = await queueMail(tx, {
    kind: 'email_reminder',
    to: lead.email,
    locale: lead.locale,
    userId: lead.id,
    vars: {
      name: [lead.name, lead.surname].filter(Boolean).join(' '),
      stage,
      company: settings.company_name,
      phone: settings.company_phone,
      unsubscribe: `${deps.publicUrl.replace(/\/+$/, '')}/unsubscribe/`,
      token,
    },
  });
  await repo.setReminderMailId(tx, claimed, mailId);
  return true;
}

/**
 * Moves every client that is due to their next stage and writes its mail. Safe to run twice or in two
 * processes at once: the candidates are locked (skipped by the other sweep), the rule is read again
 * under the lock, and the (client, stage) key lets each mail be written once.
 */
export async function sweepEmailReminders(deps: RemindersDeps, now = new Date()): Promise<{ moved: number; mailed: number }> {
  let moved = 0;
  let mailed = 0;
  let afterId = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const settings = await globalSettings(tx);
      const cadence = reminderCadenceFrom(settings);
      const rows = await repo.lockSweepCandidates(tx, {
        minCalls: cadence.firstAfterCalls,
        minDays: Math.min(cadence.secondAfterDays, cadence.thirdAfterDays, cadence.expiredAfterDays),
        now,
        limit: SWEEP_BATCH,
        afterId,
      });
      let batchMailed = 0;
      let batchMoved = 0;
      for (const lead of rows) {
        const due = dueReminderStage(
          {
            stage: lead.stage as EmailReminderTarget | null,
            stageAt: lead.stageAt,
            status: lead.status,
            callsCount: lead.callsCount,
            hasEmail: Boolean(lead.email),
            optedOut: lead.optedOutAt !== null,
          },
          cadence,
          now,
        );
        if (!due) {
          continue;
        }
        await repo.setStage(tx, [lead.id], due, now);
        batchMoved += 1;
        if (await mailStage(tx, deps, settings, lead, due)) {
          batchMailed += 1;
        }
      }
      return { count: rows.length, lastId: rows.at(-1)?.id ?? afterId, moved: batchMoved, mailed: batchMailed };
    });
    moved += batch.moved;
    mailed += batch.mailed;
    if (batch.mailed > 0) {
      deps.onMailQueued?.();
    }
    if (batch.count < SWEEP_BATCH) {
      return { moved, mailed };
    }
    afterId = batch.lastId;
  }
}

function toRow(r: repo.ReminderLeadRow & { mailedStages: string[] }): EmailReminderRowDto {
  return {
    id: r.id,
    name: r.name,
    surname: r.surname,
    email: r.email,
    locale: r.locale,
    status: r.status,
    calls_count: r.callsCount,
    stage: (r.stage ?? 'first') as EmailReminderTarget,
    stage_at: r.stageAt?.toISOString() ?? null,
    mailed_stages: r.mailedStages as EmailReminderTarget[],
    unsubscribed: r.optedOutAt !== null,
  };
}

/** GET /api/email-reminders-list: the clients of the actor's scope that are in a reminder stage. */
export async function emailRemindersPage(db: Db, actor: Actor, query: EmailRemindersQuery) {
  const viewer = await viewerOf(db, actor);
  const { rows, total } = await repo.listReminderLeads(db, viewer.scope, query);
  return { data: rows.map(toRow), total, limit: query.limit, offset: query.offset };
}

/**
 * POST /api/update-email-reminders: the selected clients move to the stage (its mail is written if that
 * client never had it and did not unsubscribe), or stop. A client outside the scope refuses the whole
 * request; an empty selection changes nothing.
 */
export async function updateEmailReminders(deps: RemindersDeps, actor: Actor, body: UpdateEmailRemindersBody, now = new Date()) {
  const ids = [...new Set(body.ids)];
  if (ids.length === 0) {
    return { updated: 0, mails_queued: 0 };
  }
  const result = await deps.db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor);
    const leads = await repo.lockLeadsInScope(tx, viewer.scope, ids);
    if (leads.length !== ids.length) {
      throw new AppError('UNKNOWN_USER_ID', { message: 'A selected client is unknown or outside your clients.' });
    }
    await repo.setStage(tx, ids, body.stage, now);
    const settings = await globalSettings(tx);
    let mailsQueued = 0;
    for (const lead of leads) {
      if (await mailStage(tx, deps, settings, lead, body.stage)) {
        mailsQueued += 1;
      }
    }
    return { updated: leads.length, mails_queued: mailsQueued };
  });
  if (result.mails_queued > 0) {
    deps.onMailQueued?.();
  }
  return result;
}

/** The unsubscribe page's button: the token's client gets no more reminders. Unknown tokens: 404. */
export async function unsubscribeFromReminders(db: Db, token: string, now = new Date()) {
  const done = await db.transaction((tx) => repo.optOutByToken(tx, token, now));
  if (!done) {
    throw new AppError('NOT_FOUND', { message: 'This unsubscribe link is not valid.' });
  }
  return { unsubscribed: true };
}
