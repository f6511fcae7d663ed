/**
 * The licences' webhooks under replay (issue 16, docs/performance.md "Licence webhooks"): 1,000
 * randomised subscription lives (a first payment that succeeds or fails, renewals paid, failed and
 * recovered or left unpaid, some canceled), their Stripe-shaped events signed as Stripe signs them,
 * 10 % of them delivered twice, the whole lot shuffled and a share held back to the very end, posted
 * over real HTTP, 4 at a time (BENCH_CONCURRENCY), to `POST /api/webhooks/stripe` of the app built in this process (the
 * stored events applied by the same code the pg-boss worker runs). Checked afterwards, per licence:
 * the provider status, the paid-until date and the number of activations are those of the life as it
 * happened; and the time until each webhook was acknowledged (p50, p95, max).
 *
 * `npm run bench -- licences` (or `npx tsx bench/licence-webhooks.ts`). Uses BENCH_DATABASE_URL's
 * server, else the system PostgreSQL at postgres://postgres@127.0.0.1:5432, where it creates the
 * database bo_bench_licences. BENCH_LICENCES (1,000) changes the number of lives.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, runMigrations } from '../apps/api/src/db/client.ts';
import {
  checkoutCompleted,
  invoiceEvent,
  stripeSignature,
  subscriptionEvent,
  type StripeEventShape,
  type SubscriptionRef,
} from '../apps/api/src/integrations/payments/index.ts';
import type { ProviderStatus } from '../packages/domain/src/licences.ts';

const LIVES = Number(process.env.BENCH_LICENCES ?? 1_000);
const SECRET = 'whsec_bench_licences_0123456789';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const DAY = 86_400;
const PERIOD = 30 * DAY;

/** mulberry32: the same lives and the same order every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Life {
  events: StripeEventShape[];
  status: ProviderStatus;
  paidUntil: number | null;
  activations: number;
}

/** One subscription's life as the provider lives it, with the state it ends in. */
function life(ref: SubscriptionRef, rnd: () => number, start: number): Life {
  const events: StripeEventShape[] = [];
  let n = 0;
  const id = () => `evt_b${ref.licenceId}_${++n}`;
  const inv = () => `in_b${ref.licenceId}_${n}`;
  const sub = (status: ProviderStatus, at: number, periodStart: number) =>
    subscriptionEvent(id(), at, ref, { status, created: start, periodStart, periodEnd: periodStart + PERIOD });
  let t = start;
  if (rnd() < 0.15) {
    // The first payment fails: incomplete, then expired after a day, or paid on a second try.
    events.push(
      invoiceEvent(id(), t, ref, { id: inv(), paid: false, periodStart: t, periodEnd: t + PERIOD, reason: 'subscription_create' }),
    );
    events.push(sub('incomplete', t, t));
    if (rnd() < 0.5) {
      t += DAY;
      events.push(sub('incomplete_expired', t, start));
      return { events, status: 'incomplete_expired', paidUntil: null, activations: 0 };
    }
    t += 3600;
  }
  events.push(checkoutCompleted(id(), t, ref, `cs_b${ref.licenceId}`));
  events.push(
    invoiceEvent(id(), t, ref, { id: inv(), paid: true, periodStart: start, periodEnd: start + PERIOD, reason: 'subscription_create' }),
  );
  events.push(sub('active', t, start));
  let status: ProviderStatus = 'active';
  let paidUntil = start + PERIOD;
  const renewals = Math.floor(rnd() * 5);
  for (let r = 1; r <= renewals; r += 1) {
    const periodStart = start + r * PERIOD;
    t = periodStart;
    const roll = rnd();
    if (roll < 0.6) {
      events.push(
        invoiceEvent(id(), t, ref, { id: inv(), paid: true, periodStart, periodEnd: periodStart + PERIOD, reason: 'subscription_cycle' }),
      );
      events.push(sub('active', t, periodStart));
      status = 'active';
      paidUntil = periodStart + PERIOD;
      continue;
    }
    const invoiceId = inv();
    events.push(
      invoiceEvent(id(), t, ref, {
        id: invoiceId,
        paid: false,
        periodStart,
        periodEnd: periodStart + PERIOD,
        reason: 'subscription_cycle',
      }),
    );
    events.push(sub('past_due', t, periodStart));
    if (roll < 0.85) {
      // Paid on a retry three days later.
      t += 3 * DAY;
      events.push(
        invoiceEvent(id(), t, ref, {
          id: invoiceId,
          paid: true,
          periodStart,
          periodEnd: periodStart + PERIOD,
          reason: 'subscription_cycle',
          attempt: 2,
        }),
      );
      events.push(sub('active', t, periodStart));
      status = 'active';
      paidUntil = periodStart + PERIOD;
    } else {
      // The provider gives up collecting: unpaid, and the life ends here (canceled or not).
      t += 7 * DAY;
      events.push(sub('unpaid', t, periodStart));
      status = 'unpaid';
      break;
    }
  }
  if (rnd() < 0.25) {
    t += 2 * DAY;
    events.push(sub('canceled', t, start));
    status = 'canceled';
  }
  return { events, status, paidUntil, activations: 1 };
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function runLicenceWebhooks(log: (line: string) => void = console.log): Promise<{ ok: boolean }> {
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bo_bench_licences WITH (FORCE)');
  await admin.query('CREATE DATABASE bo_bench_licences');
  await admin.end();
  serverUrl.pathname = '/bo_bench_licences';
  const url = serverUrl.toString();
  await runMigrations(url);
  const database = openDatabase(url, { max: 8 });
  const pool = database.pool;
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1', PAYMENTS_LOCAL_SECRET: SECRET });
  const { app } = await buildApp({ config, database, localesDir: '/nonexistent', version: 'bench' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  try {
    // One independent agent and one recurrent licence per life.
    const { rows: licences } = await pool.query<{ id: number }>(
      `WITH agents AS (
         INSERT INTO users (role_id, name, surname)
         SELECT (SELECT id FROM roles WHERE code = 'independent_agent'), 'Bench', 'Agent ' || g FROM generate_series(1, $1) g
         RETURNING id)
       INSERT INTO licences (agent_id, flow, checkout_session_id) SELECT id, 'recurrent', 'cs_b' || id FROM agents RETURNING id`,
      [LIVES],
    );
    const rnd = random(16);
    const start = Math.floor(Date.now() / 1000) - 200 * DAY;
    const lives = new Map<number, Life>();
    for (const { id } of licences) {
      lives.set(
        id,
        life({ licenceId: id, subscriptionId: `sub_b${id}`, customerId: `cus_b${id}` }, rnd, start + Math.floor(rnd() * 20 * DAY)),
      );
    }
    const all = [...lives.values()].flatMap((l) => l.events);
    const duplicates = all.filter(() => rnd() < 0.1);
    const deliveries = shuffle([...all, ...duplicates], rnd);
    // Delayed deliveries: one in twenty is held back until everything else has arrived.
    const late = deliveries.filter(() => rnd() < 0.05);
    const order = [...deliveries.filter((d) => !late.includes(d)), ...late];
    log(
      `licence webhooks: ${lives.size} lives, ${all.length.toLocaleString('de-CH')} events, ${duplicates.length} delivered twice, ${late.length} held back to the end; ${order.length.toLocaleString('de-CH')} posts, ${CONCURRENCY} at a time`,
    );

    const acks: number[] = [];
    let refused = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const i = next;
          next += 1;
          const event = order[i];
          if (!event) {
            return;
          }
          const payload = JSON.stringify(event);
          const t0 = performance.now();
          const res = await fetch(`${base}/api/webhooks/stripe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, SECRET) },
            body: payload,
          });
          await res.arrayBuffer();
          acks.push(performance.now() - t0);
          if (res.status !== 200) {
            refused += 1;
          }
        }
      }),
    );
    const postedIn = performance.now() - started;
    // The worker catches up with what was acknowledged.
    const deadline = Date.now() + 300_000;
    for (;;) {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM licence_provider_events WHERE processed_at IS NULL');
      if (rows[0]!.n === 0 || Date.now() > deadline) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const appliedIn = performance.now() - started;

    const { rows } = await pool.query<{ id: number; provider_status: ProviderStatus | null; paid_until: Date | null; activations: number }>(
      'SELECT id, provider_status, paid_until, activations FROM licences',
    );
    let wrongStatus = 0;
    let wrongPaidUntil = 0;
    let doubleActivations = 0;
    let missedActivations = 0;
    for (const r of rows) {
      const expected = lives.get(r.id)!;
      wrongStatus += r.provider_status === expected.status ? 0 : 1;
      const paid = r.paid_until ? Math.floor(r.paid_until.getTime() / 1000) : null;
      wrongPaidUntil += paid === expected.paidUntil ? 0 : 1;
      doubleActivations += r.activations > expected.activations ? 1 : 0;
      missedActivations += r.activations < expected.activations ? 1 : 0;
    }
    const { rows: stored } = await pool.query<{ n: number; deliveries: number }>(
      'SELECT count(*)::int AS n, sum(deliveries)::int AS deliveries FROM licence_provider_events',
    );
    acks.sort((a, b) => a - b);
    const p95 = quantile(acks, 0.95);
    log(
      `  acknowledged: p50 ${quantile(acks, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${quantile(acks, 0.99).toFixed(1)} ms, max ${(acks.at(-1) ?? 0).toFixed(1)} ms; refused ${refused}; all posted in ${(postedIn / 1000).toFixed(1)} s, all applied after ${(appliedIn / 1000).toFixed(1)} s`,
    );
    log(`  events stored: ${stored[0]!.n} (deliveries ${stored[0]!.deliveries}): each once`);
    log(
      `  licences in the wrong state: ${wrongStatus}; wrong paid-until: ${wrongPaidUntil}; double activations: ${doubleActivations}; missed activations: ${missedActivations}`,
    );
    const ok =
      wrongStatus === 0 &&
      wrongPaidUntil === 0 &&
      doubleActivations === 0 &&
      missedActivations === 0 &&
      refused === 0 &&
      stored[0]!.n === all.length &&
      p95 <= 50;
    log(
      `  ${ok ? 'OK' : 'FAILED'}: every licence in its true state, 0 double activations, each event stored once, acknowledged within 50 ms p95`,
    );
    return { ok };
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exit((await runLicenceWebhooks()).ok ? 0 : 1);
}
