import type { Tx } from '../../db/client.ts';
import { downlineEarnings } from './downline-earnings.repo.ts';

/**
 * What an agent earned from their downline's sales, per seller and level (l1, l2, l3), in Rappen: the
 * commission rows the engine wrote (reconcileCommissions), never recomputed here.
 */
export async function downlineEarningsOf(
  tx: Tx,
  earnerId: number,
): Promise<{ sellerId: number; reason: 'l1' | 'l2' | 'l3'; amount: number }[]> {
  const rows = await downlineEarnings(tx, earnerId);
  return rows.filter((r): r is typeof r & { sellerId: number } => r.sellerId !== null);
}
