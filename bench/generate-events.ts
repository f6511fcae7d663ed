import type pg from 'pg';

/**
 * Presentations, services, orders and commissions at the volume five years of a direct-sales company
 * leave behind, made inside PostgreSQL with generate_series on top of the generated clients:
 *
 * - events: the sales agents the bench created (sa…@bench.test) and the demo sales agent, Monday to
 *   Saturday, five two-hour slots a day starting 08:00–16:00 Zurich time (the calendar's working hours),
 *   from five years ago to four weeks ahead. Nearly every slot is booked; in about half of them a first
 *   booking was canceled and the slot booked again. Only the last booking of a
 *   slot can be planned or held, so the busy events of an agent never overlap (`events_agent_no_overlap`);
 *   the demo agent's slots that would overlap the demo seed's events are left out.
 * - past events: presentations (88 %) and services; a held presentation sells in about 60 % of cases
 *   (an order with one to four lines: a main device sold or paid by recommendations, other products, a
 *   gift), services do not sell.
 * - orders: closed, canceled, on hold, pending or open by age; payments as their status says (full,
 *   part, none), deliveries of all or only the main lines, the contract checked on most.
 * - commissions of checked orders: the sale to the seller, `ca` to the call agent who booked the demo,
 *   l1–l3 to the partner above; the older ones paid through monthly receipts per agent.
 */

export interface EventCounts {
  events: number;
  orders: number;
  lines: number;
  payments: number;
  deliveries: number;
  commissions: number;
  receipts: number;
}

const DAYS_BACK = 5 * 365;
const DAYS_AHEAD = 28;

/** A text array literal of constant data (no user input). */
function arr(values: readonly string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;
}
const intArr = (ids: readonly number[]) => `ARRAY[${ids.join(',')}]::int[]`;
/** Picks from a literal array with a uniform random `u` in [0, 1). */
const pickText = (values: readonly string[], u: string) => `(${arr(values)})[1 + floor(${u} * ${values.length})::int]`;
const pickInt = (values: readonly number[], u: string) => `(${intArr(values)})[1 + floor(${u} * ${values.length})::int]`;

const TABLES = ['events', 'event_products', 'orders', 'order_payments', 'order_deliveries', 'commissions', 'commission_receipts'];

/**
 * The secondary indexes and the overlap constraint of the tables filled here are dropped while the rows
 * go in and built afterwards (one sorted build instead of 600,000 inserts into each); primary keys and
 * foreign keys stay and are checked as usual. The overlap constraint is validated when it is added back.
 */
async function withoutIndexes(client: pg.PoolClient, fill: () => Promise<void>): Promise<void> {
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes i
     WHERE schemaname = current_schema() AND tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [TABLES],
  );
  const { rows: exclusions } = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE contype = 'x' AND conrelid::regclass::text = ANY($1::text[])`,
    [TABLES],
  );
  for (const c of exclusions) {
    await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`);
  }
  for (const r of indexes) {
    await client.query(`DROP INDEX "${r.name}"`);
  }
  await fill();
  await client.query(`SET LOCAL maintenance_work_mem = '512MB'`);
  for (const r of indexes) {
    await client.query(r.def);
  }
  for (const c of exclusions) {
    await client.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`);
  }
}

/** Whether the events of the bench's sales agents are there (the demo seed's few are not enough). */
export async function hasGeneratedEvents(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM events e JOIN users u ON u.id = e.agent_id WHERE u.email LIKE '%@bench.test') AS found`,
  );
  return rows[0]!.found;
}

export async function generateEvents(pool: pg.Pool, log: (line: string) => void = () => {}): Promise<EventCounts> {
  const ids = async (sql: string) => (await pool.query<{ id: number }>(sql)).rows.map((r) => r.id);
  const benchSales = await ids(`SELECT id FROM users WHERE role_id = 3 AND email LIKE '%@bench.test' ORDER BY id`);
  const demoSales = await ids(`SELECT id FROM users WHERE email = 'sa@demo.test'`);
  const callAgents = await ids(
    `SELECT id FROM users WHERE role_id = 4 AND (email LIKE '%@bench.test' OR email = 'ca@demo.test') ORDER BY id`,
  );
  const referrers = await ids(`SELECT id FROM users WHERE role_id IN (6, 8) AND email LIKE '%@bench.test' ORDER BY id`);
  const admins = await ids(`SELECT id FROM users WHERE email = 'admin@demo.test'`);
  const agents = [...benchSales, ...demoSales];
  if (benchSales.length === 0 || callAgents.length === 0 || referrers.length === 0) {
    throw new Error('generateEvents: the bench staff is missing (generateStaff first)');
  }
  const { rows: range } = await pool.query<{ lo: number; hi: number }>(
    `SELECT min(id)::int AS lo, max(id)::int AS hi FROM users
     WHERE role_id = 2 AND id > (SELECT max(id) FROM users WHERE email LIKE '%@bench.test')`,
  );
  const { lo, hi } = range[0]!;
  const { rows: products } = await pool.query<{ id: number; type: string }>(
    `SELECT id, type FROM products WHERE status = 'active' ORDER BY id`,
  );
  const ofType = (type: string) => {
    const found = products.filter((p) => p.type === type).map((p) => p.id);
    if (found.length === 0) {
      throw new Error(`generateEvents: no active product of type ${type}`);
    }
    return found;
  };
  const mains = ofType('main');
  const others = ofType('other');
  const gifts = ofType('gift');
  const adminId = admins[0] ?? null;

  const client = await pool.connect();
  const step = async (name: string, sql: string, params: unknown[] = []) => {
    const started = Date.now();
    const res = await client.query(sql, params);
    log(`  ${name}: ${res.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  // One transaction: a failure leaves neither half the rows nor dropped indexes behind.
  await client.query('BEGIN');
  try {
    await client.query('SELECT setseed(0.2211)');
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query('DROP TABLE IF EXISTS gen_slots, gen_events, gen_orders, gen_lines, gen_commissions');
    await withoutIndexes(client, async () => {
      // Every slot of every agent, Monday to Saturday, starts at 08:00, 10:00, … 16:00 Zurich time.
      await step(
        'slots',
        `CREATE TEMP TABLE gen_slots AS
         SELECT a.agent_id, ((d::date + make_time(8 + 2 * s, 0, 0)) AT TIME ZONE 'Europe/Zurich') AS starts_at,
                random() AS r_fill, random() AS r_twice
         FROM unnest($1::int[]) AS a(agent_id)
         CROSS JOIN generate_series((now() AT TIME ZONE 'Europe/Zurich')::date - $2::int,
                                    (now() AT TIME ZONE 'Europe/Zurich')::date + $3::int, interval '1 day') AS d
         CROSS JOIN generate_series(0, 4) AS s
         WHERE extract(isodow FROM d) < 7`,
        [agents, DAYS_BACK, DAYS_AHEAD],
      );
      // One or two bookings a slot; the first of two was canceled, the last one decides.
      const base = (await client.query<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM events')).rows[0]!.m;
      await step(
        'events (draft)',
        `CREATE TEMP TABLE gen_events AS
         WITH booked AS (
           SELECT g.agent_id, g.starts_at, n, n = 1 AND g.r_twice < 0.55 AS superseded,
                  random() AS r_type, random() AS r_status, random() AS r_client, random() AS r_creator, random() AS r_order,
                  random() AS r_misc, random() AS r_misc2
           FROM gen_slots g CROSS JOIN LATERAL generate_series(1, CASE WHEN g.r_twice < 0.55 THEN 2 ELSE 1 END) AS n
           WHERE g.r_fill < 0.97),
         typed AS (
           SELECT b.*, CASE WHEN r_type < 0.88 THEN 'presentation' ELSE 'service' END AS type,
                  CASE WHEN superseded THEN 'canceled'
                       WHEN starts_at >= now() THEN 'planned'
                       WHEN r_type < 0.88 THEN CASE WHEN r_status < 0.80 THEN 'success' WHEN r_status < 0.87 THEN 'canceled'
                                                    WHEN r_status < 0.96 THEN 'remeet' ELSE 'planned' END
                       ELSE CASE WHEN r_status < 0.88 THEN 'success' WHEN r_status < 0.96 THEN 'canceled' ELSE 'planned' END END AS status
           FROM booked b)
         SELECT $1::int + row_number() OVER (ORDER BY starts_at, agent_id, n) AS id, t.*,
                $2::int + floor(r_client * ($3::int - $2::int + 1))::int AS client_id,
                CASE WHEN r_creator < 0.85 THEN ${pickInt(callAgents, 'r_creator / 0.85')} ELSE agent_id END AS created_by_id,
                type = 'presentation' AND status = 'success' AND r_order < 0.6 AS has_order,
                starts_at - CASE WHEN n = 1 THEN 3 + r_misc * 25 ELSE 1 + r_misc * 2 END * interval '1 day' AS booked_at,
                CASE WHEN starts_at < now() AND (status IN ('success', 'remeet') OR (status = 'canceled' AND NOT superseded))
                     THEN starts_at + interval '2 hours 20 minutes' END
                  AS finished_at
         FROM typed t`,
        [base, lo, hi],
      );
      // The demo sales agent's seeded events keep their slots: generated busy ones over them are left out.
      await step(
        'events over the demo seed left out',
        `DELETE FROM gen_events g WHERE g.status IN ('planned', 'success') AND EXISTS (
           SELECT 1 FROM events e WHERE e.agent_id = g.agent_id AND e.status IN ('planned', 'success')
             AND e.starts_at < g.starts_at + interval '2 hours' AND e.ends_at > g.starts_at)`,
      );
      await step(
        'events',
        `INSERT INTO events (id, type, client_id, agent_id, created_by_id, updated_by_id, status, starts_at, ends_at, comment,
                             was_at_home, has_order, quality, got_gift, gift_product_id, saw_presentation, bought_product,
                             bought_other_products, dont_buy_reasons, payment_method, contract_number, flow_step, finished_at,
                             created_at, updated_at)
         SELECT id, type, client_id, agent_id, created_by_id, CASE WHEN finished_at IS NOT NULL THEN agent_id ELSE created_by_id END,
                status, starts_at, starts_at + interval '2 hours',
                CASE WHEN r_misc2 < 0.15 THEN ${pickText(['Parkplatz vor dem Haus', 'Bitte vorher anrufen', 'Hund im Haus', 'Ehepaar anwesend', '2. Stock, kein Lift'], 'r_misc2 / 0.15')} ELSE '' END,
                CASE WHEN finished_at IS NULL THEN NULL ELSE status <> 'canceled' END,
                has_order,
                CASE WHEN status = 'success' AND type = 'presentation' THEN CASE WHEN r_misc < 0.9 THEN 'good' ELSE 'bad' END END,
                CASE WHEN status = 'success' AND type = 'presentation' THEN r_misc2 < 0.6 END,
                CASE WHEN status = 'success' AND type = 'presentation' AND r_misc2 < 0.6 THEN ${pickInt(gifts, 'r_misc2 / 0.6')} END,
                CASE WHEN status = 'success' AND type = 'presentation' THEN true END,
                CASE WHEN status = 'success' AND type = 'presentation' THEN has_order END,
                CASE WHEN status = 'success' AND type = 'presentation' THEN has_order AND r_misc < 0.3 END,
                CASE WHEN status = 'success' AND type = 'presentation' AND NOT has_order
                     THEN ${pickText(['not_enough_money', 'very_expensive', 'need_time_to_think', 'maybe_later', 'not_interested'], 'r_misc')} END,
                CASE WHEN has_order THEN ${pickText(['bill', 'bill', 'bill', 'cash', 'card', 'byjuno', 'omnicas'], 'r_misc2')} END,
                CASE WHEN has_order THEN 'V-' || extract(year FROM starts_at)::int || '-' || lpad(id::text, 7, '0') END,
                CASE WHEN status = 'success' AND type = 'presentation' THEN '18' WHEN finished_at IS NOT NULL THEN '04' END,
                finished_at, least(now(), booked_at), least(now(), coalesce(finished_at, CASE WHEN superseded THEN starts_at - interval '1 day' ELSE booked_at END))
         FROM gen_events ORDER BY id`,
      );
      await client.query(`SELECT setval('events_id_seq', (SELECT max(id) FROM events))`);

      // Orders of the held presentations that sold, made when the presentation finished.
      const orderBase = (await client.query<{ m: number }>('SELECT coalesce(max(id), 0)::int AS m FROM orders')).rows[0]!.m;
      await step(
        'orders (draft)',
        `CREATE TEMP TABLE gen_orders AS
         WITH o AS (
           SELECT e.id AS event_id, e.client_id, e.agent_id, e.created_by_id, e.contract_number, e.finished_at AS created_at,
                  extract(epoch FROM now() - e.finished_at) / 86400 AS age_days, random() AS r_status, random() AS r_pay,
                  random() AS r_deliv, random() AS r_check, random() AS r_lines, random() AS r_partner, random() AS r_misc,
                  e.payment_method
           FROM events e WHERE e.id > $2::int AND e.has_order)
         SELECT $1::int + row_number() OVER (ORDER BY created_at, event_id) AS id, o.*,
                CASE WHEN created_by_id = ANY(${intArr(callAgents)}) THEN created_by_id END AS call_agent_id,
                CASE WHEN r_partner < 0.12 THEN ${pickInt(referrers, 'r_partner / 0.12')} END AS partner_id,
                CASE WHEN age_days > 60 THEN CASE WHEN r_status < 0.82 THEN 'closed' WHEN r_status < 0.90 THEN 'canceled'
                                                  WHEN r_status < 0.93 THEN 'on_hold' WHEN r_status < 0.97 THEN 'pending' ELSE 'open' END
                     ELSE CASE WHEN r_status < 0.35 THEN 'open' WHEN r_status < 0.70 THEN 'pending' WHEN r_status < 0.85 THEN 'closed'
                               WHEN r_status < 0.92 THEN 'canceled' ELSE 'on_hold' END END AS status,
                1 + floor(power(r_lines, 1.6) * 4)::int AS n_lines
         FROM o`,
        [orderBase, base],
      );
      await step(
        'order lines (draft)',
        `CREATE TEMP TABLE gen_lines AS
         SELECT o.id AS order_id, o.event_id, o.created_at, j,
                CASE WHEN j = 1 THEN ${pickInt(mains, 'u')} WHEN j = 3 THEN ${pickInt(gifts, 'u')} ELSE ${pickInt(others, 'u')} END AS product_id,
                CASE WHEN j = 3 THEN 'gift' WHEN j = 1 AND u2 < 0.1 THEN 'rec' ELSE 'sell' END AS status,
                CASE WHEN j IN (2, 4) AND u2 < 0.25 THEN 2 ELSE 1 END AS quantity,
                CASE WHEN j = 1 THEN CASE WHEN u2 < 0.5 THEN 2 ELSE 5 END END AS years_of_guarantee
         FROM gen_orders o CROSS JOIN LATERAL (SELECT j, random() AS u, random() AS u2 FROM generate_series(1, o.n_lines) AS j) l`,
      );
      // What each order comes to (the domain's orderSum): lines sold for money less the discount, plus the bank's share.
      await step(
        'orders',
        `INSERT INTO orders (id, client_id, event_id, agent_id, call_agent_id, partner_id, status, payment_status, delivery_status,
                             payment_method, contract_number, discount_rec_sum, discount_rec_count, bank_processing_commission,
                             first_payment_month, payment_installments, checked_contract, checked_bank_docs, checked_bank_delivery,
                             checked_payments, bank_code, contract_checked_at, created_at, updated_at)
         SELECT o.id, o.client_id, o.event_id, o.agent_id, o.call_agent_id, o.partner_id, o.status,
                CASE o.status WHEN 'closed' THEN 'paid' WHEN 'pending' THEN CASE WHEN o.r_pay < 0.3 THEN 'paid' ELSE 'pending' END
                              WHEN 'on_hold' THEN CASE WHEN o.r_pay < 0.5 THEN 'pending' ELSE 'open' END ELSE 'open' END,
                CASE o.status WHEN 'closed' THEN 'delivered'
                              WHEN 'pending' THEN CASE WHEN o.r_deliv < 0.4 THEN 'delivered' WHEN o.r_deliv < 0.7 THEN 'main_product_delivered' ELSE 'not_delivered' END
                              WHEN 'open' THEN CASE WHEN o.r_deliv < 0.2 THEN 'main_product_delivered' ELSE 'not_delivered' END
                              ELSE 'not_delivered' END,
                o.payment_method, o.contract_number,
                CASE WHEN o.r_misc < 0.2 THEN 10000 ELSE 0 END, CASE WHEN o.r_misc < 0.2 THEN 2 ELSE 0 END,
                CASE WHEN o.payment_method = 'omnicas' THEN 4900 ELSE 0 END,
                CASE WHEN o.payment_method = 'bill' AND o.r_misc > 0.7 THEN to_char(o.created_at + interval '1 month', 'YYYY-MM') END,
                CASE WHEN o.payment_method = 'bill' AND o.r_misc > 0.7 THEN 3 + floor((o.r_misc - 0.7) * 30)::int END,
                c.checked, c.checked AND o.payment_method = 'omnicas', c.checked AND o.payment_method = 'omnicas',
                o.status = 'closed', CASE WHEN o.payment_method <> 'cash' THEN ${pickText(['UBS', 'AXION', 'PICTET'], 'o.r_check')} END,
                CASE WHEN c.checked THEN least(now(), o.created_at + (1 + o.r_check * 6) * interval '1 day') END,
                o.created_at,
                least(now(), o.created_at + CASE WHEN o.status IN ('closed', 'canceled') THEN 10 + o.r_misc * 80 ELSE o.r_misc * 20 END * interval '1 day')
         FROM gen_orders o
         CROSS JOIN LATERAL (SELECT CASE o.status WHEN 'closed' THEN true WHEN 'canceled' THEN false WHEN 'pending' THEN o.r_check < 0.8
                                                  ELSE o.r_check < 0.4 END AS checked) c
         ORDER BY o.id`,
      );
      await client.query(`SELECT setval('orders_id_seq', (SELECT max(id) FROM orders))`);
      await step(
        'order lines',
        `INSERT INTO event_products (event_id, order_id, product_id, status, repayment_type, quantity, years_of_guarantee, price, rec_price,
                                     delivered, created_at)
         SELECT l.event_id, l.order_id, l.product_id, l.status,
                CASE l.status WHEN 'sell' THEN 'money' WHEN 'rec' THEN 'recommendation' END,
                l.quantity, l.years_of_guarantee, CASE WHEN l.status = 'gift' THEN 0 ELSE p.default_price END,
                CASE WHEN l.status = 'rec' THEN p.default_price / 2 END, false, l.created_at - interval '30 minutes'
         FROM gen_lines l JOIN products p ON p.id = l.product_id
         ORDER BY l.order_id, l.j`,
      );
      // Payments: a closed order is paid in full (in instalments when it has them), a pending one in part.
      await step(
        'payments',
        `WITH sums AS (
           SELECT o.id, o.created_at, o.payment_status, o.payment_method, o.bank_code, coalesce(o.payment_installments, 1) AS parts,
                  greatest(0, coalesce(sum(l.price::bigint * l.quantity) FILTER (WHERE l.status = 'sell'), 0) - o.discount_rec_sum)
                    + o.bank_processing_commission AS total
           FROM orders o JOIN event_products l ON l.order_id = o.id
           WHERE o.id > $1::int AND o.payment_status IN ('paid', 'pending')
           GROUP BY o.id)
         INSERT INTO order_payments (order_id, amount, paid_at, method, bank_code, created_by_id, created_at)
         SELECT s.id, CASE WHEN s.payment_status = 'paid' THEN s.total / s.parts + CASE WHEN k = 1 THEN s.total % s.parts ELSE 0 END
                           ELSE s.total / (s.parts + 1) END,
                (s.created_at + (5 + 30 * (k - 1)) * interval '1 day')::date, coalesce(s.payment_method, 'bill'), s.bank_code, $2::int,
                least(now(), s.created_at + (5 + 30 * (k - 1)) * interval '1 day')
         FROM sums s CROSS JOIN LATERAL generate_series(1, CASE WHEN s.payment_status = 'paid' THEN s.parts ELSE 1 END) AS k
         WHERE s.total / (s.parts + 1) > 0
         ORDER BY s.id, k`,
        [orderBase, adminId],
      );
      // Deliveries: one per delivered order; it brings every line that is not a gift, or only the main device.
      await step(
        'deliveries',
        `INSERT INTO order_deliveries (order_id, delivered_at, note, created_by_id, created_at)
         SELECT id, (created_at + interval '14 days')::date, '', $2::int, least(now(), created_at + interval '14 days')
         FROM orders WHERE id > $1::int AND delivery_status <> 'not_delivered' ORDER BY id`,
        [orderBase, adminId],
      );
      await step(
        'delivered lines',
        `UPDATE event_products l SET delivered = true, delivery_id = d.id
         FROM order_deliveries d JOIN orders o ON o.id = d.order_id, products p
         WHERE l.order_id = d.order_id AND o.id > $1::int AND p.id = l.product_id AND l.status <> 'gift'
           AND (o.delivery_status = 'delivered' OR p.type = 'main')`,
        [orderBase],
      );

      // Commissions of the checked orders (the starting rates of migration 0009): 10 % of the main devices and
      // 5 % of the other products to the seller, CHF 50 a device to the call agent, 3 / 2 / 1 % to the partners above.
      await step(
        'commissions (draft)',
        `CREATE TEMP TABLE gen_commissions AS
         WITH base AS (
           SELECT o.id AS order_id, o.agent_id, o.call_agent_id, o.partner_id, o.contract_checked_at AS at,
                  coalesce(sum(l.price::bigint * l.quantity) FILTER (WHERE l.status <> 'gift' AND p.type = 'main'), 0) AS main_value,
                  coalesce(sum(l.price::bigint * l.quantity) FILTER (WHERE l.status = 'sell' AND p.type = 'other'), 0) AS other_value,
                  coalesce(sum(l.quantity) FILTER (WHERE l.status <> 'gift' AND p.type = 'main'), 0) AS devices,
                  random() AS r_up
           FROM orders o JOIN event_products l ON l.order_id = o.id JOIN products p ON p.id = l.product_id
           WHERE o.id > $1::int AND o.checked_contract AND o.status <> 'canceled'
           GROUP BY o.id)
         SELECT c.*, random() AS r_status FROM (
           SELECT order_id, agent_id, 'sale' AS reason, round(main_value * 0.10 + other_value * 0.05)::int AS amount, at FROM base WHERE agent_id IS NOT NULL
           UNION ALL SELECT order_id, call_agent_id, 'ca', (5000 * devices)::int, at FROM base WHERE call_agent_id IS NOT NULL AND devices > 0
           UNION ALL SELECT order_id, partner_id, 'l1', round(main_value * 0.03)::int, at FROM base WHERE partner_id IS NOT NULL AND main_value > 0
           UNION ALL SELECT order_id, ${pickInt(referrers, 'r_up * 2')}, 'l2', round(main_value * 0.02)::int, at FROM base
             WHERE partner_id IS NOT NULL AND main_value > 0 AND r_up < 0.5
           UNION ALL SELECT order_id, ${pickInt(referrers, 'r_up * 4')}, 'l3', round(main_value * 0.01)::int, at FROM base
             WHERE partner_id IS NOT NULL AND main_value > 0 AND r_up < 0.25) c
         WHERE c.amount <> 0`,
        [orderBase],
      );
      // Older commissions were paid through a receipt per agent and month; the recent ones are open or pending.
      await step(
        'receipts',
        `INSERT INTO commission_receipts (agent_id, period_from, period_to, status, total, created_by_id, created_at, updated_at, paid_at)
         SELECT agent_id, month::date, (month + interval '1 month - 1 day')::date, 'paid', sum(amount), $1::int,
                month + interval '1 month 3 days', month + interval '1 month 10 days', month + interval '1 month 10 days'
         FROM (SELECT agent_id, amount, date_trunc('month', at AT TIME ZONE 'Europe/Zurich') AS month FROM gen_commissions
               WHERE at < now() - interval '45 days' AND r_status < 0.9) paid
         GROUP BY agent_id, month ORDER BY month, agent_id`,
        [adminId],
      );
      await step(
        'commissions',
        `INSERT INTO commissions (order_id, agent_id, reason, amount, status, receipt_id, created_at, updated_at)
         SELECT c.order_id, c.agent_id, c.reason, c.amount,
                CASE WHEN c.at < now() - interval '45 days' THEN CASE WHEN c.r_status < 0.9 THEN 'paid' WHEN c.r_status < 0.95 THEN 'paid_as_discount' ELSE 'pending' END
                     ELSE CASE WHEN c.r_status < 0.7 THEN 'open' ELSE 'pending' END END,
                r.id, c.at, coalesce(r.updated_at, c.at)
         FROM gen_commissions c
         LEFT JOIN commission_receipts r ON c.at < now() - interval '45 days' AND c.r_status < 0.9 AND r.agent_id = c.agent_id
           AND r.period_from = date_trunc('month', c.at AT TIME ZONE 'Europe/Zurich')::date
         ORDER BY c.at, c.order_id`,
      );
    });
    await client.query('DROP TABLE IF EXISTS gen_slots, gen_events, gen_orders, gen_lines, gen_commissions');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  const { rows } = await pool.query<Record<keyof EventCounts, string>>(
    `SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM event_products) AS lines,
            (SELECT count(*) FROM order_payments) AS payments, (SELECT count(*) FROM order_deliveries) AS deliveries,
            (SELECT count(*) FROM commissions) AS commissions, (SELECT count(*) FROM commission_receipts) AS receipts`,
  );
  const r = rows[0]!;
  return {
    events: Number(r.events),
    orders: Number(r.orders),
    lines: Number(r.lines),
    payments: Number(r.payments),
    deliveries: Number(r.deliveries),
    commissions: Number(r.commissions),
    receipts: Number(r.receipts),
  };
}

/** What was generated, for the log: the shares the events and finances pages depend on. */
export async function describeEvents(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<Record<string, string>>(
    `SELECT count(*) AS events,
            count(*) FILTER (WHERE type = 'presentation') AS presentations,
            count(*) FILTER (WHERE starts_at >= now()) AS upcoming,
            count(*) FILTER (WHERE status = 'success') AS held,
            count(*) FILTER (WHERE status = 'canceled') AS canceled,
            count(*) FILTER (WHERE status = 'remeet') AS remeet,
            count(*) FILTER (WHERE status = 'planned' AND starts_at < now()) AS expired,
            count(*) FILTER (WHERE has_order) AS sold,
            count(DISTINCT agent_id) AS agents,
            (SELECT count(*) FROM orders WHERE status IN ('open', 'pending')) AS open_or_pending_orders,
            (SELECT count(*) FROM orders WHERE created_at >= date_trunc('year', now())) AS orders_this_year,
            (SELECT count(*) FROM commissions WHERE reason = 'sale') AS sale_commissions,
            (SELECT count(*) FROM event_products WHERE NOT delivered) AS undelivered_lines
     FROM events`,
  );
  return Object.entries(rows[0] ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
