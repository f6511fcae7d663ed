import { zurichInstant, type EarningsSourceRow, type EarningsSourcesQuery } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { earningsByReason } from './earnings-sources.repo.ts';

const dayStart = (day: string, plus = 0) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return zurichInstant(y, m, d + plus);
};

const shareOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 10_000) / 10_000 : null);

/**
 * The earnings-sources report (UWG art. 3 para. 1 lit. r: a scheme whose earnings come mainly from
 * recruiting rather than from sales is unfair): per agent, the commissions of their own sales against
 * those of their downline's sales (L1–L3), over the Zurich days from–to. Commissions arise only from
 * orders; nothing else (a licence fee among them) ever pays one, so every franc here is from a sale.
 */
export async function earningsSources(tx: Tx, q: EarningsSourcesQuery) {
  const rows = await earningsByReason(tx, { from: q.from ? dayStart(q.from) : undefined, to: q.to ? dayStart(q.to, 1) : undefined });
  const data: EarningsSourceRow[] = rows.map((r) => {
    const downline = r.l1 + r.l2 + r.l3;
    const total = r.own + downline;
    const share = shareOf(downline, total);
    return {
      agent: r.agent,
      own_sales: r.own,
      l1: r.l1,
      l2: r.l2,
      l3: r.l3,
      downline,
      total,
      downline_share: share,
      mainly_downline: share !== null && share > 0.5,
    };
  });
  const own = data.reduce((s, r) => s + r.own_sales, 0);
  const downline = data.reduce((s, r) => s + r.downline, 0);
  return { data, totals: { own_sales: own, downline, downline_share: shareOf(downline, own + downline) } };
}
