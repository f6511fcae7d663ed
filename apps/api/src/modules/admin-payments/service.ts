import type { ReceiptRowDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { receiptById, receiptsPage, setReceiptStatus } from '../finances/index.ts';
import * as repo from './repo.ts';

/** GET /api/admin-payments: the open receipts and, per agent, the open commissions no receipt holds yet. */
export async function adminPayments(db: Db, actor: Actor, q: { limit: number; offset: number }) {
  const [receipts, unreceipted] = await Promise.all([
    receiptsPage(db, actor, { status: ['open'], limit: q.limit, offset: q.offset }),
    repo.unreceiptedByAgent(db),
  ]);
  return { receipts, unreceipted };
}

/**
 * The finances services take the database and open their own transaction; handed our transaction,
 * drizzle opens a savepoint instead, so they commit or roll back with it.
 */
const within = (tx: Tx) => tx as Db;

/**
 * POST /api/admin-payments/mark-paid: each receipt paid as the finances module pays one (its commissions
 * with it), all in one transaction: an unknown id leaves every receipt as it was. No ids: nothing happens.
 */
export async function markPaid(db: Db, actor: Actor, ids: number[]): Promise<{ updated: number; receipts: ReceiptRowDto[] }> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) {
    return { updated: 0, receipts: [] };
  }
  return db.transaction(async (tx) => {
    let updated = 0;
    const receipts: ReceiptRowDto[] = [];
    for (const id of unique) {
      const before = await receiptById(tx, actor, id);
      receipts.push(await setReceiptStatus(within(tx), actor, id, 'paid'));
      updated += before.status === 'open' ? 1 : 0;
    }
    return { updated, receipts };
  });
}
