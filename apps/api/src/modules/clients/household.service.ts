import type { Tx } from '../../db/client.ts';
import { cohabitantLinks } from './household.repo.ts';

/** The client and their cohabitants (one household), the client first. */
export async function householdOf(tx: Tx, clientId: number): Promise<number[]> {
  const links = await cohabitantLinks(tx, clientId);
  const others = links.map((l) => (l.a === clientId ? l.b : l.a));
  return [clientId, ...new Set(others)];
}
