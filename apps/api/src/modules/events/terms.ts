import { type EventDetailDto } from '@bo/domain';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../auth/service.ts';
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

/** Spec 3 "Presentation update payload": discount, comments and contract number; an open order follows. */
export async function updatePresentationTerms(deps: EventsDeps, actor: Actor, id: number, body: TermsChange): Promise<EventDetailDto> {
  await deps.db.transaction(async (tx) => {
    const e = await repo.lockEvent(tx, id, performCondition(actor), 'presentation');
    if (!e) {
      throw new AppError('NOT_FOUND');
    }
    if (e.status === 'canceled') {
      throw new AppError('EVENT_NOT_PLANNED');
    }
    await repo.updateEvent(tx, id, {
      discountRecSum: body.discount_rec_sum === undefined ? e.discountRecSum : body.discount_rec_sum,
      discountRecCount: body.discount_rec_count === undefined ? e.discountRecCount : body.discount_rec_count,
      contractNumber: body.contract_number === undefined ? e.contractNumber : body.contract_number,
      comment: body.comments ?? e.comment,
      updatedById: actor.userId,
    });
    const order = await repo.orderOfEvent(tx, id);
    if (order && order.status === 'open') {
      await repo.updateOrder(tx, order.id, {
        ...(body.discount_rec_sum !== undefined ? { discountRecSum: body.discount_rec_sum ?? 0 } : {}),
        ...(body.discount_rec_count !== undefined ? { discountRecCount: body.discount_rec_count ?? 0 } : {}),
        ...(body.contract_number !== undefined ? { contractNumber: body.contract_number } : {}),
      });
    }
  });
  return eventDetail(deps.db, actor, id);
}
