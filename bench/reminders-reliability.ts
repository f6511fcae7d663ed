/**
 * Reliability of the SMS reminders (issue 14): 10,000 reminders come due over BENCH_REMINDERS_WINDOW_S
 * (120 s), sent by three worker processes (bench/reminders-worker.ts: the outbox's real delivery and the
 * real Twilio adapter) to a local fake of Twilio's Messages API that refuses 5 % of the sends with a 500.
 * Once 30 % are out, one worker is killed with SIGKILL in the middle of a send the fake has taken but not
 * yet answered, and a new worker is started in its place. Meanwhile 5 % of the events are canceled (half
 * with their planned reminders, as the events module's cancelReminders does; half only the event, left to
 * the send path) and 5 % are moved (their planned reminder gets the new time and text, as moveReminders
 * does: the same conditional UPDATEs) a few seconds before their reminder is due. Then it counts, from what the fake took: messages sent twice, messages missed,
 * messages sent for a canceled event or with a moved event's old text, and how late each message was
 * taken after its due time (p50, p95, p99, max).
 *
 * `npm run bench -- reminders` (or BENCH_CASES=reminders). Uses BENCH_DATABASE_URL's server, else the
 * system PostgreSQL at postgres://postgres@127.0.0.1:5432, where it creates the database bo_bench_reminders.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFakeTwilio } from '../apps/api/test/fake-twilio.ts';
import { openDatabase, runMigrations } from '../apps/api/src/db/client.ts';
import { OUTBOX_LEASE_MS } from '../packages/domain/src/outbox-retry.ts';

const N = Number(process.env.BENCH_REMINDERS ?? 10_000);
const WINDOW_MS = Number(process.env.BENCH_REMINDERS_WINDOW_S ?? 120) * 1000;
const WORKERS = Number(process.env.BENCH_REMINDERS_WORKERS ?? 3);
const FAILURE_RATE = 0.05;
const START_DELAY_MS = 10_000;
/** Cancels and moves happen this long before the reminder is due (the client's call comes before the reminder). */
const CHANGE_AHEAD_MS = 5_000;
const SID = `AC${'b'.repeat(32)}`;
const TOKEN = 'bench-twilio-token';
const here = path.dirname(fileURLToPath(import.meta.url));

/** A small seeded generator: the same failures on every run. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

type Change = {
  at: number;
  kind: 'cancel' | 'cancel-event-only' | 'move';
  eventId: number;
  outboxId: number;
  newText?: string;
  newDue?: number;
};

export async function runRemindersReliability(log: (line: string) => void = console.log): Promise<{ ok: boolean }> {
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bo_bench_reminders WITH (FORCE)');
  await admin.query('CREATE DATABASE bo_bench_reminders');
  await admin.end();
  serverUrl.pathname = '/bo_bench_reminders';
  const url = serverUrl.toString();
  await runMigrations(url);
  const database = openDatabase(url, { max: 4 });
  const pool = database.pool;

  // One agent and one client; an event per reminder, 3 h apart so the agent's calendar has no overlap.
  const { rows: people } = await pool.query<{ id: number }>(`
    INSERT INTO users (role_id, name, surname)
    VALUES ((SELECT id FROM roles WHERE code = 'sales_agent'), 'Bench', 'Agent'), ((SELECT id FROM roles WHERE code = 'user'), 'Bench', 'Client')
    RETURNING id`);
  const [agentId, clientId] = [people[0]!.id, people[1]!.id];
  const eventsStart = Date.now() + 2 * 24 * 3600_000;
  const { rows: eventRows } = await pool.query<{ id: number; i: number }>(
    `INSERT INTO events (type, client_id, agent_id, status, starts_at, ends_at)
     SELECT 'presentation', $1, $2, 'planned', to_timestamp($3 / 1000.0) + i * interval '3 hours', to_timestamp($3 / 1000.0) + i * interval '3 hours' + interval '2 hours'
     FROM generate_series(0, $4 - 1) AS i
     RETURNING id, ((extract(epoch FROM starts_at) * 1000 - $3) / 10800000)::int AS i`,
    [clientId, agentId, eventsStart, N],
  );
  const eventOf = new Map(eventRows.map((r) => [r.i, r.id]));
  const t0 = Date.now() + START_DELAY_MS;
  const due = new Map<number, number>();
  const texts = new Map<number, string>();
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (let i = 0; i < N; i += 1) {
    const at = t0 + Math.floor((i / N) * WINDOW_MS);
    values.push(`+4179${String(1_000_000 + i)}`, `Erinnerung ${i}: Ihr Termin morgen`, eventOf.get(i), new Date(at).toISOString());
    const k = tuples.length * 4;
    tuples.push(`($${k + 1}, $${k + 2}, 'first_reminder', 'planned', ${clientId}, $${k + 3}, $${k + 4})`);
    if (tuples.length === 2000 || i === N - 1) {
      const { rows } = await pool.query<{ id: number; text: string; send_at: Date }>(
        `INSERT INTO sms_outbox ("to", text, type, status, user_id, event_id, send_at) VALUES ${tuples.join(', ')} RETURNING id, text, send_at`,
        values,
      );
      for (const r of rows) {
        due.set(r.id, r.send_at.getTime());
        texts.set(r.id, r.text);
      }
      tuples.length = 0;
      values.length = 0;
    }
  }
  const { rows: outbox } = await pool.query<{ id: number; event_id: number }>('SELECT id, event_id FROM sms_outbox ORDER BY id');
  // Every 20th: canceled through the events module; the next: only the event canceled; the next: moved.
  const changes: Change[] = [];
  outbox.forEach((r, n) => {
    const at = due.get(r.id)! - CHANGE_AHEAD_MS;
    if (at < Date.now() + 1_000) {
      return;
    }
    if (n % 20 === 1) {
      changes.push({ at, kind: 'cancel', eventId: r.event_id, outboxId: r.id });
    } else if (n % 20 === 2) {
      changes.push({ at, kind: 'cancel-event-only', eventId: r.event_id, outboxId: r.id });
    } else if (n % 20 === 3) {
      changes.push({
        at,
        kind: 'move',
        eventId: r.event_id,
        outboxId: r.id,
        newText: `${texts.get(r.id)!} (verschoben)`,
        newDue: due.get(r.id)! + 10_000,
      });
    }
  });
  const canceled = new Set(changes.filter((c) => c.kind !== 'move').map((c) => c.outboxId));
  const moved = new Map(changes.filter((c) => c.kind === 'move').map((c) => [c.outboxId, c]));
  log(
    `reminders: ${N.toLocaleString('de-CH')} due over ${WINDOW_MS / 1000} s, ${WORKERS} workers, ${FAILURE_RATE * 100} % failing sends, ${canceled.size} canceled and ${moved.size} moved events`,
  );

  const random = mulberry32(14);
  const accepted: { ref: number; body: string; at: number }[] = [];
  let armed = false;
  let killedFrom: string | null = null;
  let injected = 0;
  const workers = new Map<string, ChildProcess>();
  const twilio = await startFakeTwilio({
    accountSid: SID,
    authToken: TOKEN,
    decide: (_to, _body, from) => {
      if (armed && workers.has(from)) {
        // Taken, never answered: the worker dies with the provider holding its message.
        armed = false;
        killedFrom = from;
        setImmediate(() => {
          workers.get(from)!.kill('SIGKILL');
          workers.delete(from);
          startWorker(`+4144500${String(90 + workers.size)}`);
        });
        return 'accept-no-answer';
      }
      if (random() < FAILURE_RATE) {
        injected += 1;
        return 'fail';
      }
      return 'accept';
    },
    onAccepted: (m) => {
      accepted.push({ ref: Number(m.ref), body: m.body, at: Date.now() });
      if (accepted.length === Math.floor(N * 0.3) && killedFrom === null) {
        armed = true;
      }
    },
  });
  const exits: Promise<void>[] = [];
  function startWorker(from: string): void {
    const child = fork(path.join(here, 'reminders-worker.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_REMINDERS_DB: url,
        BENCH_TWILIO_URL: twilio.baseUrl,
        BENCH_TWILIO_SID: SID,
        BENCH_TWILIO_TOKEN: TOKEN,
        BENCH_WORKER_FROM: from,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    exits.push(new Promise((resolve) => child.on('exit', () => resolve())));
    workers.set(from, child);
  }
  for (let w = 0; w < WORKERS; w += 1) {
    startWorker(`+4144500${String(10 + w)}`);
  }

  // The calendar's changes, each in one transaction as the events module writes them.
  const pending = [...changes].sort((a, b) => a.at - b.at);
  let raced = 0;
  const deadline = t0 + WINDOW_MS + OUTBOX_LEASE_MS + 60_000;
  for (;;) {
    while (pending.length > 0 && pending[0]!.at <= Date.now()) {
      const c = pending.shift()!;
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        if (c.kind === 'move') {
          await client.query(
            `UPDATE events SET starts_at = starts_at + interval '1 hour', ends_at = ends_at + interval '1 hour' WHERE id = $1`,
            [c.eventId],
          );
          const { rowCount } = await client.query(
            `UPDATE sms_outbox SET send_at = $2, text = $3 WHERE event_id = $1 AND status = 'planned'`,
            [c.eventId, new Date(c.newDue!).toISOString(), c.newText],
          );
          raced += rowCount === 1 ? 0 : 1;
          due.set(c.outboxId, c.newDue!);
        } else {
          await client.query(`UPDATE events SET status = 'canceled' WHERE id = $1`, [c.eventId]);
          if (c.kind === 'cancel') {
            await client.query(`UPDATE sms_outbox SET status = 'canceled' WHERE event_id = $1 AND status = 'planned'`, [c.eventId]);
          }
        }
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    }
    const { rows } = await pool.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM sms_outbox WHERE status IN ('planned', 'sending')`,
    );
    if ((rows[0]!.open === 0 && pending.length === 0) || Date.now() > deadline) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (const child of workers.values()) {
    child.kill('SIGTERM');
  }
  await Promise.all(exits);
  await twilio.close();

  // The figures, from what the provider took.
  const byRef = new Map<number, { body: string; at: number }[]>();
  for (const a of accepted) {
    byRef.set(a.ref, [...(byRef.get(a.ref) ?? []), a]);
  }
  const sentTwice = [...byRef.values()].filter((list) => list.length > 1).length;
  const expected = outbox.map((r) => r.id).filter((id) => !canceled.has(id));
  const missed = expected.filter((id) => !byRef.has(id)).length;
  const forCanceled = [...canceled].filter((id) => byRef.has(id)).length;
  const oldText = [...moved.entries()].filter(([id, c]) => (byRef.get(id) ?? []).some((a) => a.body !== c.newText)).length;
  const lateness = expected
    .filter((id) => byRef.has(id))
    .map((id) => byRef.get(id)![0]!.at - due.get(id)!)
    .sort((a, b) => a - b);
  const { rows: statuses } = await pool.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM sms_outbox GROUP BY status ORDER BY status',
  );
  await database.close();
  const p95 = quantile(lateness, 0.95);
  const within5s = lateness.filter((ms) => ms <= 5_000).length;
  log(
    `  sends taken by the provider: ${accepted.length.toLocaleString('de-CH')}; refused by the injected failures: ${injected}; worker killed mid-send: ${killedFrom ? 'yes' : 'NO'}`,
  );
  log(
    `  outbox statuses: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}; moves that found their reminder already taken: ${raced}`,
  );
  log(
    `  sent twice: ${sentTwice}; missed: ${missed}; sent for a canceled event: ${forCanceled}; sent with a moved event's old text: ${oldText}`,
  );
  log(
    `  taken after its due time: p50 ${quantile(lateness, 0.5)} ms, p95 ${p95} ms, p99 ${quantile(lateness, 0.99)} ms, max ${lateness.at(-1) ?? 0} ms; within 5 s: ${((100 * within5s) / Math.max(1, lateness.length)).toFixed(2)} %`,
  );
  const ok = sentTwice === 0 && missed === 0 && forCanceled === 0 && oldText === 0 && killedFrom !== null && p95 <= 5_000;
  log(`  ${ok ? 'OK' : 'FAILED'}: 0 twice, 0 missed, 0 for canceled or moved events, p95 ≤ 5 s`);
  return { ok };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exit((await runRemindersReliability()).ok ? 0 : 1);
}
