import { discountExceedsSale, type EventDetailDto } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { changeOrderTerms } from '../finances/index.ts';
import type { EventsDeps } from './calendar.ts';
import { eventDetail } from './read.ts';
import * as repo from './repo.ts';
import { performCondition } from './scope.repo.ts';

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
