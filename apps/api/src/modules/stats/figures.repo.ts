import { CALL_TYPES, REACHED_CALL_STATUSES, roleByCode, type RoleCode } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * The SQL of the agents' statistics, one function per family of figures (docs/statistics.md holds the
 * definitions). Reporting reads the tables of several modules read-only and sends counts and sums, never
 * a row, as the clients' pie chart does. Every function groups in one pass by GROUPING SETS: per month
 * and agent, per month, per agent and the grand total, so a distinct count (leads called) is right at
 * every level, and every level adds up the same rows.
 *
 * Months are Zurich calendar months: the range is given as instants (`zurichInstant`) and the month of a
 * row is its instant's month in Europe/Zurich.
 */

/**
 * Runs one family's statement in a read-only transaction without JIT compilation: the planner's cost of
 * a year of orders is above the JIT threshold, and compiling took a second of the 1.5 s the statement
 * took at benchmark scale (docs/performance.md "Total statistics"); the statements are simple
 * aggregates that JIT does not speed up.
 */
export function withoutJit<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return read(tx);
    },
    { accessMode: 'read only' },
  );
}

export interface FigureRange {
  /** First instant of the period (included) and the instant after it (excluded). */
  from: Date;
  to: Date;
  /** Only this agent's rows, or every agent of the roles. */
  agentId: number | undefined;
  /** The roles whose agents the figures are about: rows of anyone else (or of a removed agent) do not count. */
  roles: readonly RoleCode[];
}

export type GroupLevel = 'month_agent' | 'month' | 'agent' | 'total';

export interface GroupedRow {
  level: GroupLevel;
  month: number | null;
  agentId: number | null;
  values: Record<string, number>;
}

const zurichMonth = (column: SQL) => sql`extract(month FROM ${column} AT TIME ZONE 'Europe/Zurich')::int`;
const inRange = (column: SQL, r: FigureRange) =>
  sql`${column} >= ${r.from.toISOString()}::timestamptz AND ${column} < ${r.to.toISOString()}::timestamptz`;

/** The agent column is one of the roles' agents (and the one asked for). */
function agentFilter(column: SQL, r: FigureRange): SQL {
  const roleIds = r.roles.map((code) => roleByCode(code).id);
  const roles = sql`${column} IN (SELECT id FROM users WHERE role_id IN (${sql.join(
    roleIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
  return r.agentId === undefined ? roles : sql`${column} = ${r.agentId} AND ${roles}`;
}

async function grouped(tx: Tx, source: SQL, aggregates: SQL): Promise<GroupedRow[]> {
  const res = await tx.execute<Record<string, unknown>>(sql`
    SELECT GROUPING(month) AS g_month, GROUPING(agent) AS g_agent, month, agent, ${aggregates}
    FROM (${source}) AS s
    GROUP BY GROUPING SETS ((month, agent), (month), (agent), ())`);
  return res.rows.map((r) => {
    const gMonth = Number(r.g_month);
    const gAgent = Number(r.g_agent);
    const level: GroupLevel = gMonth === 0 ? (gAgent === 0 ? 'month_agent' : 'month') : gAgent === 0 ? 'agent' : 'total';
    const values: Record<string, number> = {};
    for (const [key, value] of Object.entries(r)) {
      if (!['g_month', 'g_agent', 'month', 'agent'].includes(key)) {
        values[key] = Number(value ?? 0);
      }
    }
    return {
      level,
      month: gMonth === 0 ? (r.month as number) : null,
      agentId: gAgent === 0 ? (r.agent as number | null) : null,
      values,
    };
  });
}

/**
 * Orders made in the period (`orders.created_at`), by the selling agent (`agent_id`) or the call agent
 * who booked the demo (`call_agent_id`). sales: orders not canceled; sold: their sums; paid: what was
 * paid on them (any date); cancellations and canceled_sum: the period's orders that are canceled now.
 * An order's sum is the rule of `orderSum` in the domain, as the finances statistics add it up: lines
 * sold for money, less the recommendation discount (never below zero), plus the bank's commission.
 */
export function orderFigures(tx: Tx, r: FigureRange & { by: 'agent_id' | 'call_agent_id' }): Promise<GroupedRow[]> {
  const agent = sql.raw(`orders.${r.by}`);
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(sql`orders.created_at`)} AS month, ${agent} AS agent, orders.status,
               greatest(0, coalesce((
                 SELECT sum(ep.price::bigint * ep.quantity) FROM event_products ep WHERE ep.order_id = orders.id AND ep.status = 'sell'
               ), 0) - orders.discount_rec_sum) + orders.bank_processing_commission AS sum,
               coalesce((SELECT sum(op.amount::bigint) FROM order_payments op WHERE op.order_id = orders.id), 0) AS paid
        FROM orders
        WHERE ${inRange(sql`orders.created_at`, r)} AND ${agentFilter(agent, r)}`,
    sql`count(*) FILTER (WHERE status <> 'canceled') AS sales,
        coalesce(sum(sum) FILTER (WHERE status <> 'canceled'), 0) AS sold,
        coalesce(sum(paid) FILTER (WHERE status <> 'canceled'), 0) AS paid,
        count(*) FILTER (WHERE status = 'canceled') AS cancellations,
        coalesce(sum(sum) FILTER (WHERE status = 'canceled'), 0) AS canceled_sum`,
  );
}

/**
 * Presentations (demos). A sales agent's are theirs (`events.agent_id`) and dated when they take place
 * (`starts_at`); a call agent's are those they booked (`events.created_by_id`) and dated when booked
 * (`created_at`), so the show-up rate follows the demos booked in the period. booked: every status;
 * held: status success (the client was at home and the presentation was given); decided: held, canceled
 * or moved (remeet), whose outcome is known.
 */
export function demoFigures(tx: Tx, r: FigureRange & { by: 'agent' | 'booker' }): Promise<GroupedRow[]> {
  const agent = r.by === 'agent' ? sql`events.agent_id` : sql`events.created_by_id`;
  const at = r.by === 'agent' ? sql`events.starts_at` : sql`events.created_at`;
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(at)} AS month, ${agent} AS agent, events.status
        FROM events
        WHERE events.type = 'presentation' AND ${inRange(at, r)} AND ${agentFilter(agent, r)}`,
    sql`count(*) AS demos_booked,
        count(*) FILTER (WHERE status = 'success') AS demos_held,
        count(*) FILTER (WHERE status IN ('success', 'canceled', 'remeet')) AS demos_decided`,
  );
}

/** Leads (clients, role user) created in the period by the agent (`users.created_by_id`). */
export function leadFigures(tx: Tx, r: FigureRange): Promise<GroupedRow[]> {
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(sql`users.created_at`)} AS month, users.created_by_id AS agent
        FROM users
        WHERE users.role_id = ${roleByCode('user').id} AND ${inRange(sql`users.created_at`, r)}
          AND ${agentFilter(sql`users.created_by_id`, r)}`,
    sql`count(*) AS leads_created`,
  );
}

/**
 * Calls with leads: contact-history entries of a call type (call, inbound call, recall, automatic
 * call) in the lead flow, by the agent who made them, dated when made. reached: the entry left a status
 * of a reached lead (interested, call back, not interested); leads_called: distinct clients.
 */
export function callFigures(tx: Tx, r: FigureRange): Promise<GroupedRow[]> {
  const types = sql.join(
    CALL_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const reached = sql.join(
    REACHED_CALL_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(sql`ch.created_at`)} AS month, ch.agent_id AS agent, ch.user_id, ch.status
        FROM contact_history ch
        WHERE ch.type IN (${types}) AND ch.flow = 'lead_flow' AND ${inRange(sql`ch.created_at`, r)}
          AND ${agentFilter(sql`ch.agent_id`, r)}`,
    sql`count(*) AS calls,
        count(*) FILTER (WHERE status IN (${reached})) AS reached,
        count(DISTINCT user_id) AS leads_called`,
  );
}

/**
 * Commission rows written in the period (`commissions.created_at`), by the agent who earns them, per
 * reason and per status; a cancellation's reversing rows are negative and subtract.
 */
export function commissionFigures(tx: Tx, r: FigureRange): Promise<GroupedRow[]> {
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(sql`commissions.created_at`)} AS month, commissions.agent_id AS agent,
               commissions.reason, commissions.status, commissions.amount::bigint AS amount
        FROM commissions
        WHERE ${inRange(sql`commissions.created_at`, r)} AND ${agentFilter(sql`commissions.agent_id`, r)}`,
    sql`coalesce(sum(amount), 0) AS commissions,
        coalesce(sum(amount) FILTER (WHERE reason = 'sale'), 0) AS reason_sale,
        coalesce(sum(amount) FILTER (WHERE reason = 'l1'), 0) AS reason_l1,
        coalesce(sum(amount) FILTER (WHERE reason = 'l2'), 0) AS reason_l2,
        coalesce(sum(amount) FILTER (WHERE reason = 'l3'), 0) AS reason_l3,
        coalesce(sum(amount) FILTER (WHERE reason = 'ca'), 0) AS reason_ca,
        coalesce(sum(amount) FILTER (WHERE status = 'open'), 0) AS status_open,
        coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0) AS status_pending,
        coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0) AS status_paid,
        coalesce(sum(amount) FILTER (WHERE status = 'paid_as_discount'), 0) AS status_paid_as_discount`,
  );
}

/**
 * Returns: clients set to "bought and returned" (`status_history`, status buy_and_return) in the period,
 * by the sales agent linked to the client (`users.linked_agent_id`).
 */
export function returnFigures(tx: Tx, r: FigureRange): Promise<GroupedRow[]> {
  return grouped(
    tx,
    sql`SELECT ${zurichMonth(sql`sh.created_at`)} AS month, u.linked_agent_id AS agent
        FROM status_history sh JOIN users u ON u.id = sh.user_id
        WHERE sh.status = 'buy_and_return' AND ${inRange(sql`sh.created_at`, r)} AND ${agentFilter(sql`u.linked_agent_id`, r)}`,
    sql`count(*) AS returns`,
  );
}

/** Name and surname of the agents (staff users), by id. */
export async function agentNames(tx: Tx, ids: number[]): Promise<{ id: number; name: string; surname: string }[]> {
  if (ids.length === 0) {
    return [];
  }
  const res = await tx.execute<{ id: number; name: string; surname: string }>(
    sql`SELECT id, name, surname FROM users WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return res.rows;
}
