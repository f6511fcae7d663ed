import type { CommissionReason } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { audit } from '../audit/service.ts';
import * as repo from './commissions.repo.ts';

export interface RateDto {
  product_type: 'main' | 'other' | 'gift' | 'hula';
  reason: CommissionReason;
  kind: 'percent' | 'fixed';
  value: number;
}

export async function commissionRates(db: Db): Promise<RateDto[]> {
  return (await repo.ratesAll(db)).map((r) => ({
    product_type: r.productType as RateDto['product_type'],
    reason: r.reason as CommissionReason,
    kind: r.kind,
    value: r.value,
  }));
}

/** The whole rate table at once; orders already earning keep their rows until one of them changes. */
export async function saveCommissionRates(db: Db, actor: Actor, rates: RateDto[]): Promise<RateDto[]> {
  const seen = new Set<string>();
  const unique = rates.filter((r) => {
    const key = `${r.product_type}:${r.reason}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  await db.transaction(async (tx) => {
    await repo.replaceRates(
      tx,
      unique.map((r) => ({ productType: r.product_type, reason: r.reason, kind: r.kind, value: r.value })),
    );
    await audit(tx, { actorId: actor.userId, action: 'finances.rates', details: { rates: unique } });
  });
  return commissionRates(db);
}
