import { orderSum, type EventDetailDto, type ProductLineDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { clientInScope } from '../clients/service.ts';
import { globalSettings } from '../settings/service.ts';
import { productOf } from './dto.ts';
import { receiptTexts, type ReceiptTexts } from './receipt-texts.ts';
import * as repo from './repo.ts';
import { eventDetail } from './read.ts';

/** GET /api/user-products/{id}: a client reads their own; staff those of clients in their scope. Canceled orders are left out. */
export async function userProducts(db: Db, actor: Actor, clientId: number) {
  if (actor.role === 'user' ? actor.userId !== clientId : !(await clientInScope(db, actor, clientId))) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  const rows = await repo.purchasesOf(db, clientId);
  return rows.map((r) => ({
    id: r.line.id,
    order_id: r.order.id,
    product: productOf(r.product),
    status: r.line.status,
    quantity: r.line.quantity,
    price: r.line.price,
    years_of_guarantee: r.line.yearsOfGuarantee,
    bought_at: (r.startsAt ?? r.order.createdAt).toISOString(),
    delivered: r.line.delivered || r.order.deliveryStatus === 'delivered',
  }));
}

export interface Receipt {
  presentation: EventDetailDto;
  lines: ProductLineDto[];
  totals: { sold: number; discount: number; bank_commission: number; total: number };
  company: Record<string, string>;
}

/**
 * The receipt of a presentation: what was sold, in Rappen. Sold is the sum of the lines paid in money
 * (price × quantity); lines paid by recommendations and gifts are listed at no charge. The total is sold
 * less the recommendation discount, plus the bank's processing commission.
 */
export async function receiptOf(db: Db, actor: Actor, id: number): Promise<Receipt> {
  const presentation = await eventDetail(db, actor, id, 'presentation');
  if (presentation.status !== 'success') {
    throw new AppError('NOT_FOUND', { message: 'Only a successful presentation has a receipt.' });
  }
  const lines = presentation.presentation_products;
  const sold = orderSum(lines, 0, 0);
  const discount = presentation.discount_rec_sum ?? 0;
  const bank = presentation.bank_processing_commission;
  const settings = await globalSettings(db);
  return {
    presentation,
    lines,
    totals: { sold, discount, bank_commission: bank, total: orderSum(lines, discount, bank) },
    company: { ...settings },
  };
}

/** The receipt's words, in the language of the client it is handed to. */
export async function receiptTextsOf(db: Db, r: Receipt): Promise<ReceiptTexts> {
  const client = r.presentation.client ? await repo.userById(db, r.presentation.client.id) : null;
  return receiptTexts(client?.locale);
}
