import { zurichClock, zurichInstant, type FinanceFigures, type FinanceStatsDto, type FinanceStatsQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { monthlyMoney, type MoneyRow } from '../stats/index.ts';
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
  const scope = moneyScope(actor);
  // The pre-aggregated money when it is fresh (at most a minute old, modules/stats); an independent agent
  // is narrowed to their own agent id above, which is their whole scope of the figures.
  const snapshot = scope.kind === 'none' ? null : await monthlyMoney(db, { year, agentId }, now);
  const [orderRows, commissionRows] = snapshot
    ? [groupMoney(snapshot.rows, 'orders'), groupMoney(snapshot.rows, 'commissions')]
    : await Promise.all([repo.orderFigures(db, { ...range, scope }), repo.commissionFigures(db, { ...range, scope })]);

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
  const computedAt = (snapshot?.computedAt ?? now).toISOString();
  return { data: { year, agent_id: agentId ?? null, charts: { months }, table, totals, computed_at: computedAt } };
}

/** The snapshot's rows per month and per agent, as the plain statements group them. */
function groupMoney(rows: MoneyRow[], kind: 'orders' | 'commissions'): (repo.OrderFiguresRow & repo.CommissionFiguresRow)[] {
  const months = new Map<number, MoneyRow>();
  const agents = new Map<number, MoneyRow>();
  const add = (map: Map<number, MoneyRow>, key: number, r: MoneyRow) => {
    const t = map.get(key) ?? map.set(key, { ...r, orders: 0, sold: 0, paid: 0, owed: 0, commissions: 0 }).get(key)!;
    t.orders += r.orders;
    t.sold += r.sold;
    t.paid += r.paid;
    t.owed += r.owed;
    t.commissions += r.commissions;
  };
  for (const r of rows) {
    if (r.kind !== kind) {
      continue;
    }
    add(months, r.month, r);
    if (r.agentId !== null) {
      add(agents, r.agentId, r);
    }
  }
  const out = (m: MoneyRow, month: number | null, agentId: number | null) => ({ ...m, month, agentId, amount: m.commissions });
  return [...[...months].map(([month, m]) => out(m, month, null)), ...[...agents].map(([agentId, m]) => out(m, null, agentId))];
}
