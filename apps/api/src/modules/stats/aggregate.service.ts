import { roleByCode, zurichClock, type RoleCode } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import * as agg from './aggregate.repo.ts';
import type { Family, MonthlyRow } from './aggregate.repo.ts';
import type { GroupedRow } from './figures.repo.ts';

/**
 * The pre-aggregated figures: a refresh job computes the current Zurich year (`refreshedYears`) per
 * month and agent (`stats_monthly`), and a statistics request for such a year reads them instead of
 * the year's rows when they are at most `MAX_AGE_MS` old; the answer's `computed_at` is the instant they
 * were computed. A past year is computed once and again only when a change reaches its rows (marked by
 * triggers in `stats_dirty_years`); its figures answer until such a change is `MAX_AGE_MS` old. Without
 * a usable snapshot (the job is not running, a year not computed yet) the request runs the plain
 * statements, as exact and slower.
 */
export const MAX_AGE_MS = 60_000;
/** Past years computed per run of the job at most, so a run stays short (each takes about a current year's time). */
const PAST_YEARS_PER_RUN = 2;

/** Recomputes the years' figures (each in its own transaction); returns how long each took. */
export async function refreshStats(db: Db, years: number[], now: () => Date = () => new Date()): Promise<{ year: number; ms: number }[]> {
  const out: { year: number; ms: number }[] = [];
  for (const year of years) {
    const started = performance.now();
    const at = now();
    await db.transaction((tx) => agg.refreshYear(tx, year, at, () => Math.round(performance.now() - started)));
    out.push({ year, ms: Math.round(performance.now() - started) });
  }
  return out;
}

/**
 * The years the job keeps fresh: this Zurich year, and in January the one before too (its closing
 * figures are looked at then). Any other year is answered by the plain statements: exact, slower.
 */
export function refreshedYears(now: Date): number[] {
  const { year, month } = zurichClock(now);
  return month === 1 ? [year, year - 1] : [year];
}

/** The years a run of the job computes: the current ones, then past years a change reached or never computed. */
export async function yearsDue(db: Db, now: Date): Promise<number[]> {
  const current = refreshedYears(now);
  const past = await agg.pastYearsDue(db, Math.min(...current));
  return [...current, ...past.slice(0, PAST_YEARS_PER_RUN)];
}

/**
 * The instant the year's snapshot was taken, if it may answer: for a year the job keeps current, taken at
 * most `MAX_AGE_MS` ago; for a past year, as long as no change reached it, or the oldest such change is
 * at most `MAX_AGE_MS` old.
 */
export async function freshSnapshot(db: Db, year: number, now: Date): Promise<Date | null> {
  const state = await agg.snapshotState(db, year);
  if (!state) {
    return null;
  }
  const current = refreshedYears(now);
  if (year >= Math.min(...current)) {
    return now.getTime() - state.computedAt.getTime() <= MAX_AGE_MS ? state.computedAt : null;
  }
  return state.changedAt === null || now.getTime() - state.changedAt.getTime() <= MAX_AGE_MS ? state.computedAt : null;
}

export interface Narrowing {
  year: number;
  from: number;
  to: number;
  /** Only this agent's rows, or every agent of the roles. */
  agentId: number | undefined;
  roles: readonly RoleCode[];
}

/** The ids of the agents of the roles, read once per request (a role may change; the rows stay). */
export async function agentsOf(db: Db, roles: readonly RoleCode[]): Promise<Set<number>> {
  return agg.idsOfRoles(
    db,
    roles.map((r) => roleByCode(r).id),
  );
}

function addInto(target: Record<string, number>, values: Record<string, number>): void {
  for (const [k, v] of Object.entries(values)) {
    target[k] = (target[k] ?? 0) + Number(v);
  }
}

/**
 * A family's rows as the plain statement groups them (per month and agent, per month, per agent, the
 * total), summed from the stored rows of the agents of the roles (and the one asked for).
 */
export function grouped(rows: MonthlyRow[], family: Family, n: Narrowing, agents: Set<number>): GroupedRow[] {
  const monthAgent = new Map<string, GroupedRow>();
  const months = new Map<number, Record<string, number>>();
  const byAgent = new Map<number, Record<string, number>>();
  const total: Record<string, number> = {};
  for (const r of rows) {
    if (r.family !== family || r.agentId === null || !agents.has(r.agentId) || (n.agentId !== undefined && r.agentId !== n.agentId)) {
      continue;
    }
    const key = `${r.month}:${r.agentId}`;
    const cell = monthAgent.get(key) ?? { level: 'month_agent', month: r.month, agentId: r.agentId, values: {} };
    addInto(cell.values, r.values);
    monthAgent.set(key, cell);
    addInto(months.get(r.month) ?? months.set(r.month, {}).get(r.month)!, r.values);
    addInto(byAgent.get(r.agentId) ?? byAgent.set(r.agentId, {}).get(r.agentId)!, r.values);
    addInto(total, r.values);
  }
  return [
    ...monthAgent.values(),
    ...[...months].map(([month, values]): GroupedRow => ({ level: 'month', month, agentId: null, values })),
    ...[...byAgent].map(([agentId, values]): GroupedRow => ({ level: 'agent', month: null, agentId, values })),
    { level: 'total', month: null, agentId: null, values: total },
  ];
}

/**
 * The distinct leads called from their spans (aggregate.repo.ts): in a month, every span ending in it;
 * over the period, the spans whose previous month lies before the period. The month and total levels
 * are the team's (or, narrowed to one agent, that agent's).
 */
export function leadsCalled(rows: MonthlyRow[], n: Narrowing, agents: Set<number>): GroupedRow[] {
  const own = rows.filter(
    (r) =>
      r.family === 'leads_called' && r.agentId !== null && agents.has(r.agentId) && (n.agentId === undefined || r.agentId === n.agentId),
  );
  const team = n.agentId === undefined ? rows.filter((r) => r.family === 'leads_called_team') : own;
  const count = (xs: MonthlyRow[]) => xs.reduce((s, r) => s + Number(r.values.leads_called ?? 0), 0);
  const firstInPeriod = (r: MonthlyRow) => Number(r.key) < n.from;
  const out: GroupedRow[] = [];
  const agentIds = [...new Set(own.map((r) => r.agentId!))];
  const monthsOf = (xs: MonthlyRow[]) => [...new Set(xs.map((r) => r.month))];
  for (const agentId of agentIds) {
    const mine = own.filter((r) => r.agentId === agentId);
    for (const month of monthsOf(mine)) {
      out.push({ level: 'month_agent', month, agentId, values: { leads_called: count(mine.filter((r) => r.month === month)) } });
    }
    out.push({ level: 'agent', month: null, agentId, values: { leads_called: count(mine.filter(firstInPeriod)) } });
  }
  for (const month of monthsOf(team)) {
    out.push({ level: 'month', month, agentId: null, values: { leads_called: count(team.filter((r) => r.month === month)) } });
  }
  out.push({ level: 'total', month: null, agentId: null, values: { leads_called: count(team.filter(firstInPeriod)) } });
  return out;
}

/** The stored rows of the families for the period. */
export function rowsOf(db: Db, n: Narrowing, families: readonly Family[]): Promise<MonthlyRow[]> {
  return agg.monthlyRows(db, n.year, n.from, n.to, families);
}

export interface MoneyRow {
  /** Orders (not canceled) or commission rows. */
  kind: 'orders' | 'commissions';
  month: number;
  /** The selling agent (orders) or the earning agent (commissions); null when removed. */
  agentId: number | null;
  orders: number;
  sold: number;
  paid: number;
  owed: number;
  commissions: number;
}

/**
 * The finances statistics' money per month and agent from the year's snapshot, whatever the agent's
 * role (the finances screen shows every seller): orders not canceled, their sums, payments and what is
 * still owed, by `orders.created_at` and `orders.agent_id`; commissions by `created_at` and `agent_id`.
 * Null when the snapshot is not fresh: the finances module runs its own statements then.
 */
export async function monthlyMoney(
  db: Db,
  q: { year: number; agentId: number | undefined },
  now: Date,
): Promise<{ rows: MoneyRow[]; computedAt: Date } | null> {
  const at = await freshSnapshot(db, q.year, now);
  if (!at) {
    return null;
  }
  const stored = await agg.monthlyRows(db, q.year, 1, 12, ['orders_agent', 'commissions']);
  const rows = stored
    // A month and agent whose orders are all canceled has no order to show, as in the plain statement.
    .filter((r) => (q.agentId === undefined || r.agentId === q.agentId) && (r.family === 'commissions' || Number(r.values.sales) > 0))
    .map((r): MoneyRow => {
      const v = (k: string) => Number(r.values[k] ?? 0);
      return r.family === 'orders_agent'
        ? {
            kind: 'orders',
            month: r.month,
            agentId: r.agentId,
            orders: v('sales'),
            sold: v('sold'),
            paid: v('paid'),
            owed: v('owed'),
            commissions: 0,
          }
        : { kind: 'commissions', month: r.month, agentId: r.agentId, orders: 0, sold: 0, paid: 0, owed: 0, commissions: v('commissions') };
    });
  return { rows, computedAt: at };
}
