import { and, eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clientLinks } from '../../db/schema/index.ts';

export function cohabitantLinks(tx: Tx, clientId: number) {
  return tx
    .select({ a: clientLinks.userAId, b: clientLinks.userBId })
    .from(clientLinks)
    .where(and(eq(clientLinks.kind, 'cohabitant'), or(eq(clientLinks.userAId, clientId), eq(clientLinks.userBId, clientId))));
}
