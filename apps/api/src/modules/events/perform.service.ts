import {
  clientStatusAfterPresentation,
  discountExceedsSale,
  presentationDraftProblems,
  roleById,
  serviceFinishProblems,
  statusAfterOutcome,
  termsAfterLines,
  toCommaList,
  type EventDetailDto,
  type PresentationDraftBody,
  type ServiceFinishBody,
} from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import {
  addRecallIn,
  announceClientUpdated,
  setClientStatusIn,
  setResponsibleAgentIn,
  setSubUserIn,
  updateClientOfEventIn,
} from '../clients/index.ts';
import { changeOrderTerms, createOrderForPresentation } from '../finances/index.ts';
import { insertBookedEvent, type EventsDeps } from './calendar.service.ts';
import { linesFromBodies as linesFrom, type LineInsert } from './lines.service.ts';
import { cancelReminders } from './reminders.repo.ts';
import * as repo from './repo.ts';
import { performCondition } from './scope.repo.ts';
import { eventDetail } from './service.ts';

/*
 * Performing an event: finishing a presentation's draft or a service (the order when something was
 * sold), and the presentation's terms changed afterwards.
 */

/** The planned event the actor may perform, locked; NOT_FOUND or EVENT_NOT_PLANNED otherwise. */
async function plannedForPerforming(tx: Tx, actor: Actor, id: number, type: 'presentation' | 'service') {
  const e = await repo.lockEvent(tx, id, performCondition(actor), type);
  if (!e) {
    throw new AppError('NOT_FOUND');
  }
  if (e.status !== 'planned') {
    throw new AppError('EVENT_NOT_PLANNED');
  }
  return e;
}

/**
 * PUT /api/finish-presentation/{id}: the whole draft in one transaction. The event takes the answers
 * and its status; the lines are written and, when something was sold, become an order (open, payment
 * open, not delivered); the client's profile, sub-user, documents and status change; a recall or a
 * remeet writes its follow-up. Any refusal on the way leaves nothing written.
 */
export async function finishPresentation(deps: EventsDeps, actor: Actor, id: number, d: PresentationDraftBody): Promise<EventDetailDto> {
  const now = deps.now ? deps.now() : new Date();
  // The cross-field rules the browser's flow checks too.
  const problems = presentationDraftProblems(d, now);
  if (Object.keys(problems).length > 0) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: problems });
  }
  const clientId = await deps.db.transaction(async (tx) => {
    const e = await plannedForPerforming(tx, actor, id, 'presentation');
    const status = statusAfterOutcome(d.was_at_home, d.demo_outcome);
    const { rows, types } = await linesFrom(tx, d.order_products);
    let giftLine: LineInsert | null = null;
    if (status === 'success' && d.got_gift && d.gift) {
      const [gift] = await repo.productsByIds(tx, [d.gift]);
      if (!gift || gift.type !== 'gift' || gift.status !== 'active') {
        throw new AppError('UNKNOWN_PRODUCT_ID', { fieldValidation: { gift: 'invalid_value' } });
      }
      if (!rows.some((r) => r.productId === gift.id && r.status === 'gift')) {
        giftLine = {
          productId: gift.id,
          status: 'gift',
          repaymentType: null,
          quantity: 1,
          price: 0,
          recPrice: null,
          yearsOfGuarantee: null,
        };
      }
    }
    const terms = termsAfterLines(
      {
        discount_rec_sum: d.discount_rec_sum,
        discount_rec_count: d.discount_rec_count,
        payment_method: d.payment_method,
        contract_number: d.contract_number,
        bank_processing_commission: d.bank_processing_commission,
      },
      types,
    );
    const moneyLines = rows.map((r) => ({ status: r.status, price: r.price, quantity: r.quantity ?? 1 }));
    if (discountExceedsSale(moneyLines, terms.discount_rec_sum ?? 0)) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { discount_rec_sum: 'discount_exceeds_sale' } });
    }
    const sold = rows.some((r) => r.status !== 'gift');
    await repo.replaceLines(tx, e.id, giftLine ? [...rows, giftLine] : rows);
    await repo.updateEvent(tx, e.id, {
      status,
      wasAtHome: d.was_at_home,
      hasOrder: sold,
      quality: d.quality,
      badQualityReasons: toCommaList(d.bad_quality_reason),
      badQualityReasonDesc: d.bad_quality_reason_desc,
      gotGift: d.got_gift,
      giftProductId: d.got_gift ? d.gift : null,
      rejGiftReasons: toCommaList(d.rej_gift_reason_desc),
      sawPresentation: d.saw_presentation,
      dontSawReasons: toCommaList(d.dont_saw_reason),
      dontSawReasonDesc: d.dont_saw_reason_desc,
      boughtProduct: types.includes('main') || d.bought_product,
      boughtOtherProducts: types.some((t) => t !== 'main') || d.bought_other_products,
      dontBuyReasons: toCommaList(d.dont_buy_reason),
      discountRecSum: terms.discount_rec_sum,
      discountRecCount: terms.discount_rec_count,
      paymentMethod: terms.payment_method,
      contractNumber: terms.contract_number,
      bankProcessingCommission: terms.bank_processing_commission,
      firstPaymentMonth: d.first_payment_month,
      paymentInstallments: d.payment_installments,
      comment: d.comments || e.comment,
      flowStep: status === 'success' ? '18' : '04',
      finishedAt: now,
      updatedById: actor.userId,
    });
    await cancelReminders(tx, e.id);
    if (d.user) {
      await updateClientOfEventIn(tx, e.clientId, d.user).catch((err: unknown) => {
        // The draft nests the client under `user`: its field errors name the draft's fields.
        if (err instanceof AppError && err.fieldValidation) {
          const prefixed = Object.fromEntries(Object.entries(err.fieldValidation).map(([k, v]) => [`user.${k}`, v]));
          throw new AppError(err.code, { message: err.message, fieldValidation: prefixed });
        }
        throw err;
      });
    }
    if (d.sub_user) {
      await setSubUserIn(tx, e.clientId, d.sub_user);
    }
    await attachDocuments(tx, actor, e.clientId, e.id, d.user_documents);
    if (d.demo_outcome === 'recall' && d.recall_time) {
      await repo.insertRecall(tx, { eventId: e.id, recallAt: new Date(d.recall_time), comment: d.comments, createdById: actor.userId });
      await addRecallIn(tx, actor, e.clientId, new Date(d.recall_time), d.comments);
    }
    if (d.demo_outcome === 'remeet' && d.remeet_time) {
      // The performer is an admin or the event's agent (events.perform), so may book into that calendar.
      const followUp = await insertBookedEvent(
        tx,
        actor,
        {
          type: 'presentation',
          clientId: e.clientId,
          agentId: e.agentId,
          start: new Date(d.remeet_time),
          comment: d.comments,
          relatedEventId: e.id,
        },
        now,
      );
      await repo.updateEvent(tx, e.id, { remeetEventId: followUp });
    }
    if (sold) {
      await makeOrder(tx, e, terms, d, now);
      await setResponsibleAgentIn(tx, e.clientId, e.agentId);
    }
    const next = clientStatusAfterPresentation(status, { main: types.includes('main'), other: types.some((t) => t !== 'main') });
    if (next && !(d.demo_outcome === 'remeet')) {
      await setClientStatusIn(tx, e.clientId, next, actor.userId);
    }
    return e.clientId;
  });
  await announceClientUpdated(deps, actor, clientId);
  return eventDetail(deps.db, actor, id);
}

/** Contract files the actor uploaded become the client's documents. */
async function attachDocuments(tx: Tx, actor: Actor, clientId: number, eventId: number, fileIds: readonly string[]): Promise<void> {
  const ids = [...new Set(fileIds)];
  const usable = await repo.ownContractFiles(tx, ids, actor.role === 'admin' ? null : actor.userId);
  if (usable.length !== ids.length) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { user_documents: 'invalid_value' } });
  }
  await repo.insertDocuments(
    tx,
    ids.map((fileId) => ({ userId: clientId, fileId, kind: 'contract', eventId, createdById: actor.userId })),
  );
}

/**
 * The order of a finished event, made by finances: open, not delivered, its payment status following its
 * sum; the booking call agent and the referrer recorded for commissions.
 */
async function makeOrder(
  tx: Tx,
  e: NonNullable<Awaited<ReturnType<typeof repo.eventById>>>,
  terms: {
    discount_rec_sum: number | null;
    discount_rec_count: number | null;
    payment_method: string | null;
    contract_number: string | null;
    bank_processing_commission: number;
  },
  d: { first_payment_month: string | null; payment_installments: number | null },
  now: Date,
): Promise<number> {
  const client = await repo.userById(tx, e.clientId);
  const booker = e.createdById ? await repo.userById(tx, e.createdById) : null;
  const bookerRole = booker ? roleById(booker.roleId)?.code : undefined;
  return createOrderForPresentation(
    tx,
    {
      clientId: e.clientId,
      eventId: e.id,
      agentId: e.agentId,
      callAgentId: bookerRole === 'call_agent' ? booker!.id : null,
      partnerId: client?.referredById ?? null,
      paymentMethod: terms.payment_method,
      contractNumber: terms.contract_number,
      discountRecSum: terms.discount_rec_sum ?? 0,
      discountRecCount: terms.discount_rec_count ?? 0,
      bankProcessingCommission: terms.bank_processing_commission,
      firstPaymentMonth: d.first_payment_month,
      paymentInstallments: d.payment_installments,
    },
    now,
  );
}

/** POST /api/event/perform-service/{id}: at home or not (then a recall), and an order when there is one. */
export async function performService(deps: EventsDeps, actor: Actor, id: number, body: ServiceFinishBody): Promise<EventDetailDto> {
  const now = deps.now ? deps.now() : new Date();
  const problems = serviceFinishProblems(body, now);
  if (Object.keys(problems).length > 0) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: problems });
  }
  const clientId = await deps.db.transaction(async (tx) => {
    const e = await plannedForPerforming(tx, actor, id, 'service');
    const { rows, types } = await linesFrom(tx, body.has_order ? body.order_products : []);
    const sold = rows.some((r) => r.status !== 'gift');
    const status = body.was_at_home ? 'success' : body.recall_time ? 'remeet' : 'canceled';
    await repo.replaceLines(tx, e.id, rows);
    await repo.updateEvent(tx, e.id, {
      status,
      wasAtHome: body.was_at_home,
      hasOrder: sold,
      comment: body.comments || e.comment,
      finishedAt: now,
      updatedById: actor.userId,
    });
    await cancelReminders(tx, e.id);
    if (!body.was_at_home && body.recall_time) {
      await repo.insertRecall(tx, {
        eventId: e.id,
        recallAt: new Date(body.recall_time),
        comment: body.comments,
        createdById: actor.userId,
      });
      await addRecallIn(tx, actor, e.clientId, new Date(body.recall_time), body.comments);
    }
    if (sold) {
      await makeOrder(
        tx,
        e,
        { discount_rec_sum: null, discount_rec_count: null, payment_method: null, contract_number: null, bank_processing_commission: 0 },
        { first_payment_month: null, payment_installments: null },
        now,
      );
      await setResponsibleAgentIn(tx, e.clientId, e.agentId);
      await setClientStatusIn(tx, e.clientId, types.includes('main') ? 'buy_product' : 'buy_other_products', actor.userId);
    } else if (body.was_at_home) {
      await setClientStatusIn(tx, e.clientId, 'accept_service', actor.userId);
    }
    return e.clientId;
  });
  await announceClientUpdated(deps, actor, clientId);
  return eventDetail(deps.db, actor, id);
}

export interface TermsChange {
  discount_rec_sum?: number | null | undefined;
  discount_rec_count?: number | null | undefined;
  comments?: string | undefined;
  contract_number?: string | null | undefined;
}

/**
 * Spec 3 "Presentation update payload": discount, comments and contract number. The discount may not be
 * more than the presentation sold; its order follows through finances, which works out its sum and
 * payment status again (and keeps the money of a closed or canceled order).
 */
export async function updatePresentationTerms(deps: EventsDeps, actor: Actor, id: number, body: TermsChange): Promise<EventDetailDto> {
  const now = deps.now ? deps.now() : new Date();
  await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, id, performCondition(actor), 'presentation');
    if (!e) {
      throw new AppError('NOT_FOUND');
    }
    if (e.status === 'canceled') {
      throw new AppError('EVENT_NOT_PLANNED');
    }
    const discount = body.discount_rec_sum === undefined ? e.discountRecSum : body.discount_rec_sum;
    if (body.discount_rec_sum !== undefined && discount !== null) {
      const lines = await repo.linesOf(tx, [id]);
      if (
        discountExceedsSale(
          lines.map((l) => l.line),
          discount,
        )
      ) {
        throw new AppError('VALIDATION_ERROR', { fieldValidation: { discount_rec_sum: 'discount_exceeds_sale' } });
      }
    }
    await repo.updateEvent(tx, id, {
      discountRecSum: discount,
      discountRecCount: body.discount_rec_count === undefined ? e.discountRecCount : body.discount_rec_count,
      contractNumber: body.contract_number === undefined ? e.contractNumber : body.contract_number,
      comment: body.comments ?? e.comment,
      updatedById: actor.userId,
    });
    await changeOrderTerms(
      tx,
      id,
      { discount_rec_sum: body.discount_rec_sum, discount_rec_count: body.discount_rec_count, contract_number: body.contract_number },
      now,
    );
  });
  return eventDetail(deps.db, actor, id);
}
