import { normaliseProductLine, type ProductLineInput } from '@bo/domain';
import type { eventProducts } from './schema/index.ts';

/** A product line's stored values (table event_products), by the domain's rules for prices and repayment. */
export type ProductLineValues = Omit<typeof eventProducts.$inferInsert, 'eventId'>;

/**
 * The columns of a product line as sent: one mapping for the presentation's lines (events) and the
 * order's (finances), both normalised by the domain's `normaliseProductLine`.
 */
export function productLineValues(line: ProductLineInput, defaultPrice: number): ProductLineValues {
  const n = normaliseProductLine(line, defaultPrice);
  return {
    productId: n.product_id,
    status: n.status,
    repaymentType: n.repayment_type,
    quantity: n.quantity,
    yearsOfGuarantee: n.years_of_guarantee,
    price: n.price,
    recPrice: n.rec_price,
  };
}
