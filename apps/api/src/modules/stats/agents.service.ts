import {
  averageRappen,
  periodMonths,
  ratePercent,
  zurichClock,
  zurichInstant,
  type AgentStatsQuery,
  type CallAgentFigures,
  type CallAgentStatsDto,
  type RoleCode,
  type SalesAgentFigures,
  type SalesAgentStatsDto,
} from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { Db } from '../../db/client.ts';
import * as pre from './aggregate.service.ts';
import type { Family } from './aggregate.repo.ts';
import * as repo from './figures.repo.ts';
import type { FigureRange, GroupedRow } from './figures.repo.ts';

/** Who the tab is about and who may open it besides the admin. */
const SALES_ROLES: readonly RoleCode[] = ['sales_agent', 'independent_agent'];
const CALL_ROLES: readonly RoleCode[] = ['call_agent'];

interface Period {
  year: number;
  from: number;
  to: number;
  /** One day instead of the months (YYYY-MM-DD): only the plain statements answer it. */
  day: string | null;
  /** The agent the figures are narrowed to (admins), or null. */
  agentId: number | null;
  /** `own`: an agent sees their own months and row beside the team total, nobody else's name. */
  scope: 'everyone' | 'own';
  range: FigureRange;
}

/**
 * The period and scope of a statistics request. Admins see everyone and may narrow to one agent; an
 * agent of the tab's roles sees their own months and row and the team total (no other names), so asking
 * for another agent is refused; any other role was refused by the route's permission already.
 */
function periodOf(actor: Actor, q: AgentStatsQuery, roles: readonly RoleCode[], now: Date): Period {
  const [dayYear, dayMonth, dayOfMonth] = q.day ? q.day.split('-').map(Number) : [];
  const year = dayYear ?? q.year ?? zurichClock(now).year;
  const from = dayMonth ?? q.from ?? 1;
  const to = dayMonth ?? q.to ?? 12;
  const bounds = dayOfMonth
    ? { from: zurichInstant(year, from, dayOfMonth), to: zurichInstant(year, from, dayOfMonth + 1) }
    : { from: zurichInstant(year, from, 1), to: zurichInstant(year, to + 1, 1) };
  const day = q.day ?? null;
  if (actor.role === 'admin') {
    return { year, from, to, day, agentId: q.agent_id ?? null, scope: 'everyone', range: { ...bounds, agentId: q.agent_id, roles } };
  }
  if (!roles.includes(actor.role) || (q.agent_id !== undefined && q.agent_id !== actor.userId)) {
    throw new AppError('Not allowed.', { fieldValidation: { agent_id: 'invalid_value' } });
  }
  // The team total needs every agent's rows; the agent's own months and row are picked from them.
  return { year, from, to, day, agentId: actor.userId, scope: 'own', range: { ...bounds, agentId: undefined, roles } };
}

/** The groups of a period, as the screen needs them: months, rows per agent, the total. */
class Groups {
  readonly months = new Map<number, Record<string, number>>();
  readonly agents = new Map<number, Record<string, number>>();
  total: Record<string, number> = {};

  constructor(private readonly p: Period) {}

  add(rows: GroupedRow[]): this {
    const own = this.p.scope === 'own' ? this.p.agentId : null;
    for (const r of rows) {
      if (r.level === 'total') {
        Object.assign(this.total, r.values);
      } else if (r.level === 'agent' && r.agentId !== null && (own === null || r.agentId === own)) {
        this.agents.set(r.agentId, { ...this.agents.get(r.agentId), ...r.values });
      } else if (r.month !== null && (own === null ? r.level === 'month' : r.level === 'month_agent' && r.agentId === own)) {
        this.months.set(r.month, { ...this.months.get(r.month), ...r.values });
      }
    }
    if (own !== null && !this.agents.has(own)) {
      this.agents.set(own, {});
    }
    return this;
  }
}

const v = (values: Record<string, number> | undefined, key: string) => values?.[key] ?? 0;

function salesFigures(x: Record<string, number> | undefined): SalesAgentFigures {
  const sales = v(x, 'sales');
  const sold = v(x, 'sold');
  return {
    leads_created: v(x, 'leads_created'),
    demos_booked: v(x, 'demos_booked'),
    demos_held: v(x, 'demos_held'),
    sales,
    demo_to_sale: ratePercent(sales, v(x, 'demos_held')),
    sold,
    paid: v(x, 'paid'),
    average_order: averageRappen(sold, sales),
    cancellations: v(x, 'cancellations'),
    canceled_sum: v(x, 'canceled_sum'),
    returns: v(x, 'returns'),
    commissions: v(x, 'commissions'),
    commissions_by_reason: {
      sale: v(x, 'reason_sale'),
      l1: v(x, 'reason_l1'),
      l2: v(x, 'reason_l2'),
      l3: v(x, 'reason_l3'),
      ca: v(x, 'reason_ca'),
    },
    commissions_by_status: {
      open: v(x, 'status_open'),
      pending: v(x, 'status_pending'),
      paid: v(x, 'status_paid'),
      paid_as_discount: v(x, 'status_paid_as_discount'),
    },
  };
}

function callFigures(x: Record<string, number> | undefined): CallAgentFigures {
  const calls = v(x, 'calls');
  const reached = v(x, 'reached');
  const sales = v(x, 'sales');
  return {
    calls,
    reached,
    reach_rate: ratePercent(reached, calls),
    leads_called: v(x, 'leads_called'),
    demos_booked: v(x, 'demos_booked'),
    demos_held: v(x, 'demos_held'),
    demos_decided: v(x, 'demos_decided'),
    show_up_rate: ratePercent(v(x, 'demos_held'), v(x, 'demos_decided')),
    lead_to_demo: ratePercent(v(x, 'demos_booked'), v(x, 'leads_called')),
    sales,
    demo_to_sale: ratePercent(sales, v(x, 'demos_held')),
    sold: v(x, 'sold'),
    commissions: v(x, 'commissions'),
  };
}

async function assemble<F>(db: Db, p: Period, g: Groups, figures: (x: Record<string, number> | undefined) => F, computedAt: Date) {
  const names = new Map((await repo.agentNames(db, [...g.agents.keys()])).map((a) => [a.id, a]));
  const rows = [...g.agents.entries()]
    .flatMap(([id, values]) => {
      const agent = names.get(id);
      return agent ? [{ agent, ...figures(values) }] : [];
    })
    .sort((a, b) => a.agent.surname.localeCompare(b.agent.surname, 'de-CH') || a.agent.name.localeCompare(b.agent.name, 'de-CH'));
  return {
    data: {
      year: p.year,
      from: p.from,
      to: p.to,
      agent_id: p.agentId,
      day: p.day,
      scope: p.scope,
      charts: {
        months: periodMonths(p.year, p.from, p.to).map((month, i) => ({ month, ...figures(g.months.get(p.from + i)) })),
      },
      table: { rows, total: figures(g.total) },
      computed_at: computedAt.toISOString(),
    },
  };
}

/**
 * The families of a tab from the pre-aggregated figures when the year's snapshot is fresh
 * (aggregate.service.ts), with the instant it was computed; null when the plain statements must run.
 */
async function fromSnapshot(db: Db, p: Period, families: readonly Family[], now: Date): Promise<{ rows: GroupedRow[][]; at: Date } | null> {
  // The stored figures are per month: a day is counted from its rows.
  const at = p.day === null ? await pre.freshSnapshot(db, p.year, now) : null;
  if (!at) {
    return null;
  }
  const n = { year: p.year, from: p.from, to: p.to, agentId: p.range.agentId, roles: p.range.roles };
  const [rows, agents] = await Promise.all([pre.rowsOf(db, n, families), pre.agentsOf(db, p.range.roles)]);
  return {
    at,
    rows: families
      .filter((f) => f !== 'leads_called_team')
      .map((f) => (f === 'leads_called' ? pre.leadsCalled(rows, n, agents) : pre.grouped(rows, f, n, agents))),
  };
}

/** GET /api/stats/sales-agent: leads, demos, sales, money and commissions of the sales and independent agents. */
export async function salesAgentStats(db: Db, actor: Actor, q: AgentStatsQuery, now = new Date()): Promise<SalesAgentStatsDto> {
  const p = periodOf(actor, q, SALES_ROLES, now);
  const snapshot = await fromSnapshot(db, p, ['leads', 'demos_agent', 'orders_agent', 'commissions', 'returns'], now);
  const families =
    snapshot?.rows ??
    (await Promise.all([
      repo.withoutJit(db, (tx) => repo.leadFigures(tx, p.range)),
      repo.withoutJit(db, (tx) => repo.demoFigures(tx, { ...p.range, by: 'agent' })),
      repo.withoutJit(db, (tx) => repo.orderFigures(tx, { ...p.range, by: 'agent_id' })),
      repo.withoutJit(db, (tx) => repo.commissionFigures(tx, p.range)),
      repo.withoutJit(db, (tx) => repo.returnFigures(tx, p.range)),
    ]));
  const g = families.reduce((groups, rows) => groups.add(rows), new Groups(p));
  return assemble(db, p, g, salesFigures, snapshot?.at ?? now);
}

/** GET /api/stats/call-agent: calls, reached leads, demos booked and held, and the sales they led to. */
export async function callAgentStats(db: Db, actor: Actor, q: AgentStatsQuery, now = new Date()): Promise<CallAgentStatsDto> {
  const p = periodOf(actor, q, CALL_ROLES, now);
  const snapshot = await fromSnapshot(
    db,
    p,
    ['calls', 'leads_called', 'leads_called_team', 'demos_booker', 'orders_call_agent', 'commissions'],
    now,
  );
  const families =
    snapshot?.rows ??
    (await Promise.all([
      repo.withoutJit(db, (tx) => repo.callFigures(tx, p.range)),
      repo.withoutJit(db, (tx) => repo.demoFigures(tx, { ...p.range, by: 'booker' })),
      repo.withoutJit(db, (tx) => repo.orderFigures(tx, { ...p.range, by: 'call_agent_id' })),
      repo.withoutJit(db, (tx) => repo.commissionFigures(tx, p.range)),
    ]));
  const g = families.reduce((groups, rows) => groups.add(rows), new Groups(p));
  return assemble(db, p, g, callFigures, snapshot?.at ?? now);
}
