import {
  becomesLead,
  canChangeRecommendationStatus,
  canDeleteRecommendation,
  canPayRecommendation,
  contactMissing,
  normalisePhone,
  recommendationCounters,
  type CreateRecommendationBody,
  type RecommendationAnswer,
  type RecommendationCounters,
  type RecommendationItemDto,
  type RecommendationListDto,
  type RecommendationsQuery,
  type RecommendationStatus,
  type UpdateRecommendationBody,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { audit } from '../audit/index.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { clientInScope, referralLeadFor } from '../clients/index.ts';
import { toRecommendationItem } from './dto.ts';
import { listOwner, recommendationInScope, recommenderOf, refuseChange, rightsOf } from './policy.ts';
import * as repo from './repo.ts';

export async function recommendationsPage(db: Db, actor: Actor, query: RecommendationsQuery): Promise<RecommendationListDto> {
  const owner = await listOwner(db, actor, query.user_id);
  const { rows, total } = await repo.listRecommendations(db, owner, query);
  const rights = rightsOf(actor);
  return {
    data: rows.map((r) => toRecommendationItem(r.rec, r.recommender, rights)),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export async function recommendation(db: Db, actor: Actor, id: number): Promise<RecommendationItemDto> {
  const found = await recommendationInScope(db, actor, id);
  return toRecommendationItem(found.rec, found.recommender, rightsOf(actor));
}

const orNull = (v: string | undefined | null): string | null => (v ? v : null);

/**
 * The columns of the typed fields of a create or a change: empty texts and nulls (an optional field
 * read as null and sent back) are none, the phone also in E.164.
 */
function columnsOf(fields: UpdateRecommendationBody): Partial<repo.RecommendationValues> {
  const out: Partial<repo.RecommendationValues> = {};
  if (fields.name !== undefined) {
    out.name = fields.name;
  }
  if (fields.surname !== undefined) {
    out.surname = fields.surname;
  }
  if (fields.phone !== undefined) {
    out.phone = orNull(fields.phone);
    out.phoneE164 = normalisePhone(fields.phone) ?? null;
  }
  for (const key of ['email', 'city', 'zipcode', 'address'] as const) {
    if (fields[key] !== undefined) {
      out[key] = orNull(fields[key]);
    }
  }
  if (fields.comment !== undefined) {
    out.comment = fields.comment;
  }
  return out;
}

/**
 * Spec 8 "duplicated phone": a client recommends a person once. A number the client recommended already
 * (by its E.164 form, in any writing) is refused at the phone field; a recommendation may keep its own.
 */
async function refuseRecommendedTwice(tx: Tx, userId: number, e164: string | null | undefined, exceptId: number | null): Promise<void> {
  if (e164 && (await repo.recommendedAlready(tx, userId, e164, exceptId))) {
    throw new AppError('duplicated phone', {
      message: 'This client has recommended this phone number already.',
      fieldValidation: { phone: 'already_taken' },
    });
  }
}

export async function createRecommendation(
  db: Db,
  actor: Actor,
  body: CreateRecommendationBody,
  meta: RequestMeta,
): Promise<RecommendationItemDto> {
  const userId = recommenderOf(actor, body.user_id);
  return db.transaction(async (tx) => {
    const client = await clientInScope(tx, actor, userId);
    const columns = columnsOf(body) as repo.RecommendationValues;
    await refuseRecommendedTwice(tx, userId, columns.phoneE164, null);
    const row = await repo.insertRecommendation(tx, {
      ...columns,
      userId,
      createdById: actor.userId,
    });
    await audit(tx, {
      action: 'recommendation.created',
      actorId: actor.userId,
      targetUserId: userId,
      ip: meta.ip,
      details: { id: row.id, name: row.name, surname: row.surname },
    });
    return toRecommendationItem(row, { id: client.id, name: client.name, surname: client.surname }, rightsOf(actor));
  });
}

/**
 * The lead the confirmed recommendation becomes: the client who already has that phone number (as
 * phone or mobile), or a new client with status user_rec and lead source referral.
 */
async function leadFor(tx: Tx, actor: Actor, rec: repo.RecommendationRow, meta: RequestMeta): Promise<{ id: number; created: boolean }> {
  const lead = await referralLeadFor(tx, {
    name: rec.name,
    surname: rec.surname,
    phone: rec.phone,
    phoneE164: rec.phoneE164,
    email: rec.email,
    address: rec.address,
    zipcode: rec.zipcode,
    city: rec.city,
    createdById: actor.userId,
  });
  await audit(tx, {
    action: lead.created ? 'recommendation.lead_created' : 'recommendation.lead_linked',
    actorId: actor.userId,
    targetUserId: lead.id,
    ip: meta.ip,
    details: lead.created
      ? { recommendation_id: rec.id, recommender_id: rec.userId, email_left_out: lead.emailLeftOut }
      : { recommendation_id: rec.id, recommender_id: rec.userId, phone: rec.phoneE164 },
  });
  return { id: lead.id, created: lead.created };
}

function changesOf(before: repo.RecommendationRow, after: repo.RecommendationRow): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of ['name', 'surname', 'phone', 'email', 'city', 'zipcode', 'address', 'comment', 'status', 'paidAt', 'leadId'] as const) {
    const from = before[key] instanceof Date ? before[key].toISOString() : before[key];
    const to = after[key] instanceof Date ? after[key].toISOString() : after[key];
    if (from !== to) {
      out[key] = { from, to };
    }
  }
  return out;
}

export async function updateRecommendation(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateRecommendationBody,
  meta: RequestMeta,
): Promise<RecommendationAnswer> {
  const rights = rightsOf(actor);
  return db.transaction(async (tx) => {
    const { rec: before, recommender } = await recommendationInScope(tx, actor, id, { lock: true });
    const from = before.status as RecommendationStatus;
    const to = body.status ?? from;
    refuseChange(rights, { from, to, paying: body.paid !== undefined });
    if (!canChangeRecommendationStatus(from, to)) {
      throw new AppError('RECOMMENDATION_STATUS_NOT_ALLOWED', {
        message: `A recommendation cannot go from ${from} to ${to}.`,
        fieldValidation: { status: 'invalid_value' },
      });
    }
    if (body.paid !== undefined && !canPayRecommendation(to)) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'Only the reward of an approved recommendation can be paid.',
        fieldValidation: { paid: 'invalid_value' },
      });
    }
    const { paid } = body;
    const columns = columnsOf(body);
    const merged = {
      phone: columns.phone !== undefined ? columns.phone : before.phone,
      email: columns.email !== undefined ? columns.email : before.email,
    };
    if (contactMissing(merged)) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { phone: 'field_is_required', email: 'field_is_required' } });
    }
    if (columns.phoneE164 !== before.phoneE164) {
      await refuseRecommendedTwice(tx, before.userId, columns.phoneE164, id);
    }
    const paidAt = paid === undefined ? before.paidAt : paid ? (before.paidAt ?? new Date()) : null;
    let row = await repo.updateRecommendation(tx, id, { ...columns, status: to, paidAt });
    let lead: RecommendationAnswer['lead'];
    if (becomesLead(from, to, before.leadId !== null)) {
      lead = await leadFor(tx, actor, row, meta);
      row = await repo.updateRecommendation(tx, id, { leadId: lead.id });
    }
    await audit(tx, {
      action: 'recommendation.updated',
      actorId: actor.userId,
      targetUserId: before.userId,
      ip: meta.ip,
      details: { id, changes: changesOf(before, row) },
    });
    const data = toRecommendationItem(row, recommender, rights);
    return lead ? { data, lead } : { data };
  });
}

export async function deleteRecommendation(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const { rec } = await recommendationInScope(tx, actor, id, { lock: true });
    if (!canDeleteRecommendation(rec.status as RecommendationStatus)) {
      throw new AppError('ONLY_UNCONFIRMED_CAN_BE_DELETED', { message: `The recommendation is ${rec.status} and stays for the record.` });
    }
    await repo.deleteRecommendation(tx, id);
    await audit(tx, {
      action: 'recommendation.deleted',
      actorId: actor.userId,
      targetUserId: rec.userId,
      ip: meta.ip,
      details: {
        recommendation: { id, name: rec.name, surname: rec.surname, phone: rec.phone, email: rec.email, comment: rec.comment },
      },
    });
    return { id };
  });
}

/** GET /api/user-rec-count/{id}: the counters of spec 3 for a client of the actor's scope. */
export async function recommendationCountersOf(db: Db, actor: Actor, userId: number): Promise<RecommendationCounters> {
  await clientInScope(db, actor, userId);
  return recommendationCounters(await repo.countersOf(db, userId));
}
