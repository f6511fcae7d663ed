import { CALL_TYPES, REACHED_CALL_STATUSES, roleByCode, zurichInstant } from '@bo/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The pre-aggregated figures (docs/statistics.md "Pre-aggregated figures"): a year of every family of
 * figures summed per Zurich month and agent, with the same definitions as the plain statements of
 * `figures.repo.ts` (the property test holds both answers equal). Attribution to an agent is kept
 * whatever the agent's role; the reader keeps the rows of the tab's roles, as the plain statements do.
 * Only the distinct leads called need more than a sum: they are kept as "spans" (see `leadsCalled`).
 */

/** The families of `stats_monthly` and the figures each row carries. */
export const FAMILIES = [
  'leads',
  'lead_dims',
  'demos_agent',
  'demos_booker',
  'orders_agent',
  'orders_call_agent',
  'commissions',
  'returns',
  'calls',
  'leads_called',
  'leads_called_team',
] as const;
export type Family = (typeof FAMILIES)[number];

const zurichMonth = (column: SQL) => sql`extract(month FROM ${column} AT TIME ZONE 'Europe/Zurich')::int`;

function yearRange(column: SQL, year: number): SQL {
  const from = zurichInstant(year, 1, 1).toISOString();
  const to = zurichInstant(year + 1, 1, 1).toISOString();
  return sql`${column} >= ${from}::timestamptz AND ${column} < ${to}::timestamptz`;
}

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );

/** One INSERT … SELECT per family: the rows are summed in the database and never travel. */
function familyStatements(year: number): { family: Family; statement: SQL }[] {
  const insert = (family: Family, select: SQL) =>
    sql`INSERT INTO stats_monthly (year, month, family, agent_id, key, values)
        SELECT ${year}, month, ${family}, agent, key, v FROM (${select}) AS f`;
  const userRole = roleByCode('user').id;
  const orders = (by: 'agent_id' | 'call_agent_id') =>
    sql`SELECT month, agent, '' AS key, jsonb_build_object(
          'sales', count(*) FILTER (WHERE status <> 'canceled'),
          'sold', coalesce(sum(sum) FILTER (WHERE status <> 'canceled'), 0),
          'paid', coalesce(sum(paid) FILTER (WHERE status <> 'canceled'), 0),
          'owed', coalesce(sum(greatest(0, sum - paid)) FILTER (WHERE status <> 'canceled'), 0),
          'cancellations', count(*) FILTER (WHERE status = 'canceled'),
          'canceled_sum', coalesce(sum(sum) FILTER (WHERE status = 'canceled'), 0)) AS v
        FROM (
          SELECT ${zurichMonth(sql`orders.created_at`)} AS month, ${sql.raw(`orders.${by}`)} AS agent, orders.status,
                 greatest(0, coalesce((
                   SELECT sum(ep.price::bigint * ep.quantity) FROM event_products ep WHERE ep.order_id = orders.id AND ep.status = 'sell'
                 ), 0) - orders.discount_rec_sum) + orders.bank_processing_commission AS sum,
                 coalesce((SELECT sum(op.amount::bigint) FROM order_payments op WHERE op.order_id = orders.id), 0) AS paid
          FROM orders WHERE ${yearRange(sql`orders.created_at`, year)}
        ) AS o GROUP BY month, agent`;
  const demos = (agent: SQL, at: SQL) =>
    sql`SELECT ${zurichMonth(at)} AS month, ${agent} AS agent, '' AS key, jsonb_build_object(
          'demos_booked', count(*),
          'demos_held', count(*) FILTER (WHERE status = 'success'),
          'demos_decided', count(*) FILTER (WHERE status IN ('success', 'canceled', 'remeet'))) AS v
        FROM events WHERE events.type = 'presentation' AND ${yearRange(at, year)} GROUP BY 1, 2`;
  const calls = sql`contact_history ch WHERE ch.type IN (${list(CALL_TYPES)}) AND ch.flow = 'lead_flow'
                    AND ${yearRange(sql`ch.created_at`, year)}`;
  const callAgents = sql`SELECT id FROM users WHERE role_id = ${roleByCode('call_agent').id}`;
  return [
    {
      family: 'leads',
      statement: insert(
        'leads',
        sql`SELECT ${zurichMonth(sql`created_at`)} AS month, created_by_id AS agent, '' AS key,
                   jsonb_build_object('leads_created', count(*)) AS v
            FROM users WHERE role_id = ${userRole} AND ${yearRange(sql`created_at`, year)} GROUP BY 1, 2`,
      ),
    },
    {
      // The leads statistics: leads created per month by source, location and current status.
      family: 'lead_dims',
      statement: insert(
        'lead_dims',
        sql`SELECT ${zurichMonth(sql`created_at`)} AS month, NULL::int AS agent,
                   concat_ws('|', coalesce(lead_source, ''), coalesce(lead_location_id::text, ''), coalesce(status, '')) AS key,
                   jsonb_build_object('leads', count(*)) AS v
            FROM users WHERE role_id = ${userRole} AND ${yearRange(sql`created_at`, year)} GROUP BY 1, 3`,
      ),
    },
    { family: 'demos_agent', statement: insert('demos_agent', demos(sql`events.agent_id`, sql`events.starts_at`)) },
    { family: 'demos_booker', statement: insert('demos_booker', demos(sql`events.created_by_id`, sql`events.created_at`)) },
    { family: 'orders_agent', statement: insert('orders_agent', orders('agent_id')) },
    { family: 'orders_call_agent', statement: insert('orders_call_agent', orders('call_agent_id')) },
    {
      family: 'commissions',
      statement: insert(
        'commissions',
        sql`SELECT ${zurichMonth(sql`created_at`)} AS month, agent_id AS agent, '' AS key, jsonb_build_object(
              'commissions', coalesce(sum(amount::bigint), 0),
              'reason_sale', coalesce(sum(amount::bigint) FILTER (WHERE reason = 'sale'), 0),
              'reason_l1', coalesce(sum(amount::bigint) FILTER (WHERE reason = 'l1'), 0),
              'reason_l2', coalesce(sum(amount::bigint) FILTER (WHERE reason = 'l2'), 0),
              'reason_l3', coalesce(sum(amount::bigint) FILTER (WHERE reason = 'l3'), 0),
              'reason_ca', coalesce(sum(amount::bigint) FILTER (WHERE reason = 'ca'), 0),
              'status_open', coalesce(sum(amount::bigint) FILTER (WHERE status = 'open'), 0),
              'status_pending', coalesce(sum(amount::bigint) FILTER (WHERE status = 'pending'), 0),
              'status_paid', coalesce(sum(amount::bigint) FILTER (WHERE status = 'paid'), 0),
              'status_paid_as_discount', coalesce(sum(amount::bigint) FILTER (WHERE status = 'paid_as_discount'), 0)) AS v
            FROM commissions WHERE ${yearRange(sql`created_at`, year)} GROUP BY 1, 2`,
      ),
    },
    {
      family: 'returns',
      statement: insert(
        'returns',
        sql`SELECT ${zurichMonth(sql`sh.created_at`)} AS month, u.linked_agent_id AS agent, '' AS key,
                   jsonb_build_object('returns', count(*)) AS v
            FROM status_history sh JOIN users u ON u.id = sh.user_id
            WHERE sh.status = 'buy_and_return' AND ${yearRange(sql`sh.created_at`, year)} GROUP BY 1, 2`,
      ),
    },
    {
      family: 'calls',
      statement: insert(
        'calls',
        sql`SELECT ${zurichMonth(sql`ch.created_at`)} AS month, ch.agent_id AS agent, '' AS key, jsonb_build_object(
              'calls', count(*), 'reached', count(*) FILTER (WHERE ch.status IN (${list(REACHED_CALL_STATUSES)}))) AS v
            FROM ${calls} GROUP BY 1, 2`,
      ),
    },
    {
      /*
       * Leads called are distinct clients, not a sum. Each (agent, client) pair is kept as the months it
       * was called in, counted by (month, previous month called, 0 if none): the pair counts in a
       * period of months [from, to] once, at the first month it was called in the period, i.e. in the
       * row with from ≤ month ≤ to and previous < from. So any period's distinct count is a sum.
       */
      family: 'leads_called',
      statement: insert(
        'leads_called',
        sql`SELECT month, agent, prev::text AS key, jsonb_build_object('leads_called', count(*)) AS v FROM (
              SELECT month, agent, coalesce(lag(month) OVER (PARTITION BY agent, user_id ORDER BY month), 0) AS prev
              FROM (SELECT DISTINCT ${zurichMonth(sql`ch.created_at`)} AS month, ch.agent_id AS agent, ch.user_id FROM ${calls}) AS d
            ) AS spans GROUP BY month, agent, prev`,
      ),
    },
    {
      // The same for the team of call agents (their calls only): a lead called by two agents is one lead.
      family: 'leads_called_team',
      statement: insert(
        'leads_called_team',
        sql`SELECT month, NULL::int AS agent, prev::text AS key, jsonb_build_object('leads_called', count(*)) AS v FROM (
              SELECT month, coalesce(lag(month) OVER (PARTITION BY user_id ORDER BY month), 0) AS prev
              FROM (SELECT DISTINCT ${zurichMonth(sql`ch.created_at`)} AS month, ch.user_id FROM ${calls}
                    AND ch.agent_id IN (${callAgents})) AS d
            ) AS spans GROUP BY month, prev`,
      ),
    },
  ];
}

/**
 * Computes a year's pre-aggregated figures and replaces the stored ones in one transaction (readers
 * see the old year or the new one, never half of it); `computedAt` is the instant the snapshot was
 * taken, the figures are as of then. The statements run without JIT, as the plain ones do.
 */
export async function refreshYear(tx: Tx, year: number, computedAt: Date, tookMs: () => number): Promise<void> {
  await tx.execute(sql`SET LOCAL jit = off`);
  // Two refreshes of the same year wait for each other instead of writing the year twice.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stats_monthly'), ${year})`);
  // A change reaching the year from now on marks it again (after this transaction, so it is not lost).
  await tx.execute(sql`DELETE FROM stats_dirty_years WHERE year = ${year}`);
  await tx.execute(sql`DELETE FROM stats_monthly WHERE year = ${year}`);
  for (const { statement } of familyStatements(year)) {
    await tx.execute(statement);
  }
  await tx.execute(sql`
    INSERT INTO stats_refresh (year, computed_at, took_ms) VALUES (${year}, ${computedAt.toISOString()}::timestamptz, ${tookMs()})
    ON CONFLICT (year) DO UPDATE SET computed_at = excluded.computed_at, took_ms = excluded.took_ms`);
}

export interface MonthlyRow {
  month: number;
  family: Family;
  agentId: number | null;
  key: string;
  values: Record<string, number>;
}

/** When the year was last computed, and since when a change not in its figures waits (null: none); null if never. */
export async function snapshotState(tx: Tx, year: number): Promise<{ computedAt: Date; changedAt: Date | null } | null> {
  const res = await tx.execute<{ computed_at: string | Date; marked_at: string | Date | null }>(sql`
    SELECT r.computed_at, d.marked_at FROM stats_refresh r LEFT JOIN stats_dirty_years d ON d.year = r.year WHERE r.year = ${year}`);
  const row = res.rows[0];
  return row ? { computedAt: new Date(row.computed_at), changedAt: row.marked_at === null ? null : new Date(row.marked_at) } : null;
}

/**
 * Past years to compute: those a change reached since their figures were computed (oldest change first),
 * then those never computed from the first year with a demo or an order on (both indexed by date).
 */
export async function pastYearsDue(tx: Tx, before: number): Promise<number[]> {
  const res = await tx.execute<{ year: number }>(sql`
    SELECT year FROM (
      SELECT year, 0 AS rank, marked_at FROM stats_dirty_years WHERE year < ${before}
      UNION ALL
      SELECT y, 1, NULL FROM generate_series(
        (SELECT extract(year FROM least((SELECT min(starts_at) FROM events), (SELECT min(created_at) FROM orders)) AT TIME ZONE 'Europe/Zurich')::int),
        ${before} - 1) AS y
      WHERE y >= 2000 AND NOT EXISTS (SELECT 1 FROM stats_refresh r WHERE r.year = y)
    ) AS due ORDER BY rank, marked_at, year DESC`);
  return res.rows.map((r) => Number(r.year));
}

/** The stored rows of some families of a year, months `from`–`to`. */
export async function monthlyRows(tx: Tx, year: number, from: number, to: number, families: readonly Family[]): Promise<MonthlyRow[]> {
  const res = await tx.execute<{ month: number; family: Family; agent_id: number | null; key: string; values: Record<string, number> }>(sql`
    SELECT month, family, agent_id, key, values FROM stats_monthly
    WHERE year = ${year} AND family IN (${list(families)}) AND month BETWEEN ${from} AND ${to}`);
  return res.rows.map((r) => ({ month: r.month, family: r.family, agentId: r.agent_id, key: r.key, values: r.values }));
}

/** The ids of the users of some roles (the agents whose rows a tab counts). */
export async function idsOfRoles(tx: Tx, roleIds: number[]): Promise<Set<number>> {
  const res = await tx.execute<{ id: number }>(
    sql`SELECT id FROM users WHERE role_id IN (${sql.join(
      roleIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(res.rows.map((r) => r.id));
}
