import { normaliseProductLine, type ProductLineBody } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import type { eventProducts } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import * as repo from './repo.ts';

export type LineInsert = Omit<typeof eventProducts.$inferInsert, 'eventId'>;

/** The lines as stored: each product must exist and be active; prices and repayment follow the domain rules. */
export async function linesFromBodies(tx: Tx, lines: readonly ProductLineBody[]): Promise<{ rows: LineInsert[]; types: string[] }> {
  const found = new Map((await repo.productsByIds(tx, [...new Set(lines.map((l) => l.product_id))])).map((p) => [p.id, p]));
  const rows: LineInsert[] = [];
  const types: string[] = [];
  lines.forEach((l, i) => {
    const product = found.get(l.product_id);
    if (!product || product.status !== 'active') {
      throw new AppError('UNKNOWN_PRODUCT_ID', { fieldValidation: { [`order_products.${i}.product_id`]: 'invalid_value' } });
    }
    const n = normaliseProductLine(l, product.defaultPrice);
    rows.push({
      productId: n.product_id,
      status: n.status,
      repaymentType: n.repayment_type,
      quantity: n.quantity,
      yearsOfGuarantee: n.years_of_guarantee,
      price: n.price,
      recPrice: n.rec_price,
    });
    if (n.status !== 'gift') {
      types.push(product.type);
    }
  });
  return { rows, types };
}
