/**
 * The arithmetic of the statistics screens (docs/statistics.md): rates in percent rounded to one
 * decimal, averages in whole Rappen, and the months of a period. The database counts and sums; these
 * turn the counts into the figures every screen shows, so a rate is computed the same way everywhere.
 */

/** Half away from zero to one decimal: 12.25 → 12.3, -0.05 → -0.1. */
export function round1(value: number): number {
  const scaled = Math.round(Math.abs(value) * 10 + 1e-9) / 10;
  return value < 0 ? -scaled : scaled;
}

/** `part` as a percentage of `whole`, one decimal; null when there is nothing to divide by. */
export function ratePercent(part: number, whole: number): number | null {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) {
    return null;
  }
  return round1((part / whole) * 100);
}

/** The average of a sum in Rappen over a count, in whole Rappen (half up); null for no items. */
export function averageRappen(sumRappen: number, count: number): number | null {
  if (!Number.isInteger(sumRappen) || !Number.isInteger(count) || count <= 0) {
    return null;
  }
  const q = Math.floor(sumRappen / count);
  const rest = sumRappen - q * count;
  return rest * 2 >= count ? q + 1 : q;
}

/** The months of a period within a year, "YYYY-MM", from `from` to `to` (1–12, both included). */
export function periodMonths(year: number, from: number, to: number): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m += 1) {
    out.push(`${year}-${String(m).padStart(2, '0')}`);
  }
  return out;
}

/** Commission reasons and statuses as the commissions table holds them. */
export const COMMISSION_REASONS_STATS = ['sale', 'l1', 'l2', 'l3', 'ca'] as const;
export const COMMISSION_STATUSES_STATS = ['open', 'pending', 'paid', 'paid_as_discount'] as const;

/**
 * The statuses a call with a lead leaves when the lead was reached (lead-flow outcomes "reached,
 * interested", "recall" and "not interested"); "not reached" and "wrong number" were not.
 */
export const REACHED_CALL_STATUSES = ['sale_agents', 'call_agents', 'not_interested'] as const;
