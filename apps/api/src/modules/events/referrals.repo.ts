import { and, eq, inArray, min } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

/**
 * What the referral programme reads of events: the earliest planned presentation of each client (a
 * partner sees "waiting for the presentation" and its date). Read-only; one query for a page of clients.
 */
export async function plannedPresentations(tx: Tx, clientIds: readonly number[]): Promise<Map<number, Date>> {
  if (clientIds.length === 0) {
    return new Map();
  }
  const rows = await tx
    .select({ clientId: events.clientId, at: min(events.startsAt) })
    .from(events)
    .where(and(inArray(events.clientId, [...new Set(clientIds)]), eq(events.type, 'presentation'), eq(events.status, 'planned')))
    .groupBy(events.clientId);
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.clientId, r.at!]));
}
