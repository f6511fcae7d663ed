import { zurichClock, zurichInstant, type FinanceFigures, type FinanceStatsDto, type FinanceStatsQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { moneyScope, statsAgentOf } from './policy.ts';
import * as repo from './stats.repo.ts';

const zero = (): FinanceFigures => ({ orders: 0, sold: 0, paid: 0, owed: 0, commissions: 0 });

/**
 * GET /api/stats/finances/: a year of money per month and per agent. Admins see everyone and may narrow
 * to one agent; an independent agent sees only their own figures (what they sold and what they earned),
 * so asking for another agent is refused. The year runs from 1 January in Zurich (spec 9: the current
 * year by default).
 */
export async function financeStats(db: Db, actor: Actor, q: FinanceStatsQuery, now = new Date()): Promise<FinanceStatsDto> {
  const agentId = statsAgentOf(actor, q.agent_id);
  const year = q.year ?? zurichClock(now).year;
  const range = { from: zurichInstant(year, 1, 1), to: zurichInstant(year + 1, 1, 1), agentId };
  const [orderRows, commissionRows] = await Promise.all([
    repo.orderFigures(db, { ...range, scope: moneyScope(actor) }),
    repo.commissionFigures(db, { ...range, scope: moneyScope(actor) }),
  ]);

  const months = Array.from({ length: 12 }, (_, i) => ({ month: `${year}-${String(i + 1).padStart(2, '0')}`, ...zero() }));
  const byAgent = new Map<number, FinanceFigures>();
  const agentRow = (id: number) => byAgent.get(id) ?? byAgent.set(id, zero()).get(id)!;
  for (const r of orderRows) {
    const figures = { orders: r.orders, sold: r.sold, paid: r.paid, owed: r.owed };
    if (r.month !== null) {
      Object.assign(months[r.month - 1]!, figures);
    } else if (r.agentId !== null) {
      // Orders whose agent was removed count in the months, not in the table.
      Object.assign(agentRow(r.agentId), figures);
    }
  }
  for (const r of commissionRows) {
    if (r.month !== null) {
      months[r.month - 1]!.commissions = r.amount;
    } else if (r.agentId !== null) {
      agentRow(r.agentId).commissions = r.amount;
    }
  }

  const people = new Map((await repo.peopleByIds(db, [...byAgent.keys()])).map((p) => [p.id, p]));
  const table = [...byAgent.entries()]
    .flatMap(([id, figures]) => {
      const agent = people.get(id);
      return agent ? [{ agent, ...figures }] : [];
    })
    .sort((a, b) => b.sold - a.sold || b.commissions - a.commissions || a.agent.surname.localeCompare(b.agent.surname, 'de-CH'));
  const totals = months.reduce((t, m) => {
    for (const key of ['orders', 'sold', 'paid', 'owed', 'commissions'] as const) {
      t[key] += m[key];
    }
    return t;
  }, zero());
  return { data: { year, agent_id: agentId ?? null, charts: { months }, table, totals } };
}
