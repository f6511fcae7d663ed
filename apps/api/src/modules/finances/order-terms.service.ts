import { discountExceedsSale, isRunningOrder } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import { settle } from './orders.service.ts';
import * as repo from './orders.repo.ts';

/** What a finished presentation or service sold, and on which terms. */
export interface PresentationOrder {
  eventId: number;
  clientId: number;
  agentId: number | null;
  /** The call agent who booked the demo, for the ca commission. */
  callAgentId: number | null;
  /** The partner or independent agent who brought the client. */
  partnerId: number | null;
  paymentMethod: string | null;
  contractNumber: string | null;
  discountRecSum: number;
  discountRecCount: number;
  bankProcessingCommission: number;
  firstPaymentMonth: string | null;
  paymentInstallments: number | null;
}

const discountTooLarge = () => new AppError('VALIDATION_ERROR', { fieldValidation: { discount_rec_sum: 'discount_exceeds_sale' } });

/**
 * The order of a finished event, inside the caller's transaction: the event's sold, recommended and gift
 * lines become its lines, and its payment and delivery statuses and commissions follow from them as for
 * any change on the finances screens. A discount larger than the sale is refused.
 */
export async function createOrderForPresentation(tx: Tx, o: PresentationOrder, now: Date): Promise<number> {
  const orderId = await repo.insertOrder(tx, o);
  await repo.attachEventLines(tx, o.eventId, orderId);
  const lines = await repo.linesOfOrders(tx, [orderId]);
  if (
    discountExceedsSale(
      lines.map((l) => l.line),
      o.discountRecSum,
    )
  ) {
    throw discountTooLarge();
  }
  await settle(tx, orderId, now);
  return orderId;
}

export interface OrderTermsChange {
  discount_rec_sum?: number | null | undefined;
  discount_rec_count?: number | null | undefined;
  contract_number?: string | null | undefined;
}

/**
 * The presentation's terms changed (PUT /api/presentation/{id}): its order follows, inside the caller's
 * transaction, and its sum and payment status are worked out again. An order still running (open,
 * pending, on hold) takes the change; a closed or canceled one keeps its money, so a new discount is
 * refused. A discount larger than the order's sale is refused. Nothing happens to an event without order.
 */
export async function changeOrderTerms(tx: Tx, eventId: number, change: OrderTermsChange, now: Date): Promise<void> {
  const order = await repo.lockOrderOfEvent(tx, eventId);
  if (!order) {
    return;
  }
  const discount = change.discount_rec_sum === undefined ? order.discountRecSum : (change.discount_rec_sum ?? 0);
  const running = isRunningOrder(order.status);
  if (!running && discount !== order.discountRecSum) {
    throw refused('order_terms_locked', 'The discount of a closed or canceled order does not change.', {
      fieldValidation: { discount_rec_sum: 'invalid_value' },
    });
  }
  const lines = await repo.linesOfOrders(tx, [order.id]);
  if (
    running &&
    discountExceedsSale(
      lines.map((l) => l.line),
      discount,
    )
  ) {
    throw discountTooLarge();
  }
  await repo.updateOrder(tx, order.id, {
    discountRecSum: discount,
    ...(change.discount_rec_count !== undefined ? { discountRecCount: change.discount_rec_count ?? 0 } : {}),
    ...(change.contract_number !== undefined ? { contractNumber: change.contract_number } : {}),
  });
  if (running) {
    await settle(tx, order.id, now);
  }
}
