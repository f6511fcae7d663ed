import type { Tx } from '../../db/client.ts';
import { plannedPresentations } from './referrals.repo.ts';

/** The earliest planned presentation of each client, for the partner statuses of the referral programme. */
export function plannedPresentationsOf(tx: Tx, clientIds: readonly number[]): Promise<Map<number, Date>> {
  return plannedPresentations(tx, clientIds);
}
