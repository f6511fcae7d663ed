import type { OrderTerms } from '@bo/domain';
import type { LineDraft } from './draft.ts';

export interface OrderTotals {
  /** What the sold lines cost, in Rappen. */
  sold: number;
  discount: number;
  commission: number;
  /** What the client pays in money: sold less the discount for recommendations, plus the bank's commission. */
  total: number;
}

/**
 * Only lines paid in money count: a rec line is paid by recommendations, a gift costs nothing. A line
 * without its own price costs the product's default price.
 */
export function orderTotals(
  lines: readonly Pick<LineDraft, 'status' | 'quantity' | 'price' | 'product_id'>[],
  terms: Pick<OrderTerms, 'discount_rec_sum' | 'bank_processing_commission'>,
  defaultPrice: (productId: number) => number,
): OrderTotals {
  const finite = (n: number | null | undefined) => (n !== null && n !== undefined && Number.isFinite(n) ? n : 0);
  const sold = lines
    .filter((l) => l.status === 'sell')
    .reduce((sum, l) => sum + (l.price === null ? defaultPrice(l.product_id) : finite(l.price)) * l.quantity, 0);
  const discount = finite(terms.discount_rec_sum);
  const commission = finite(terms.bank_processing_commission);
  // As the receipt counts it (GET /api/receipt): the discount never makes the goods cost less than nothing.
  return { sold, discount, commission, total: Math.max(0, sold - discount) + commission };
}

/**
 * The monthly instalments from `firstMonth` (YYYY-MM): equal parts in whole Rappen; the Rappen that do
 * not divide evenly are paid with the first instalment, so the parts add up to the total exactly.
 */
export function instalmentSchedule(total: number, firstMonth: string, count: number): { month: string; amount: number }[] {
  const m = /^(\d{4})-(\d{2})$/.exec(firstMonth);
  if (!m || !Number.isInteger(count) || count < 1 || count > 120 || total < 0) {
    return [];
  }
  const base = Math.floor(total / count);
  const rest = total - base * count;
  const start = Number(m[1]) * 12 + Number(m[2]) - 1;
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return { month: `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`, amount: base + (i === 0 ? rest : 0) };
  });
}

/** YYYY-MM → MM.YYYY, as the dates of spec 9 read. */
export const formatMonth = (month: string) => month.replace(/^(\d{4})-(\d{2})$/, '$2.$1');
