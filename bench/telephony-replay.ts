/**
 * Live telephony at scale (docs/performance.md "Telephony webhooks"), against the million generated
 * clients of `bo_bench`, through real HTTP and real socket.io:
 *
 * 1. Replay: 10,000 Aircall webhooks (the events of ~2,000 calls, 5 % of them delivered twice) in a
 *    shuffled order, 8 at a time, to `POST /api/webhooks/aircall`. Checked afterwards: exactly one
 *    call row per call, each with its call.ended's times, duration and outcome, and exactly one
 *    contact-history entry per call that matched a client.
 * 2. Latency: 200 agents connected (one socket each); a call.ringing_on_agent webhook for one of them,
 *    and the time until the `call` event reaches that agent's socket (p50/p95 of 300 calls, sent one
 *    after the other and 10 at a time).
 *
 * The agents are call agents with access to all clients (the widest scope: the number is looked up in
 * the million). Everything the bench wrote is removed at the end (calls, contact-history entries with
 * the clients' counters, the agents), so `bo_bench` stays as generated.
 *
 * `BENCH_DATABASE_URL=postgres://… npx tsx bench/telephony-replay.ts` (needs `bo_bench`, made by
 * bench/import-scale.ts or bench/run.ts). BENCH_WEBHOOKS (10,000), BENCH_SOCKETS (200) change the sizes.
 */
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';

const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS ?? 10_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const TOKEN = 'bench-aircall-webhook-token';
const PREFIX = 'bench-tel-';

type Stats = { p50: number; p95: number; max: number; n: number };
function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, n: sorted.length };
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** mulberry32: the same calls and the same order every run. */
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

interface BenchCall {
  id: number;
  direction: 'inbound' | 'outbound';
  rawDigits: string;
  userId: string;
  startedAt: number;
  answeredAt: number | null;
  endedAt: number;
  duration: number;
}
type CallEventName = 'call.created' | 'call.ringing_on_agent' | 'call.answered' | 'call.hungup' | 'call.ended';

function eventsOf(c: BenchCall): CallEventName[] {
  const out: CallEventName[] = ['call.created'];
  if (c.direction === 'inbound') {
    out.push('call.ringing_on_agent');
  }
  if (c.answeredAt !== null) {
    out.push('call.answered');
  }
  out.push('call.hungup', 'call.ended');
  return out;
}

/** Aircall's webhook body for a call at one event (as test/fake-aircall.ts builds it). */
function webhook(c: BenchCall, event: CallEventName) {
  const stage = ['call.created', 'call.ringing_on_agent', 'call.answered', 'call.hungup', 'call.ended'].indexOf(event);
  const done = stage >= 3;
  return {
    resource: 'call',
    event,
    timestamp: stage === 4 ? c.endedAt + 30 : stage === 3 ? c.endedAt : c.startedAt + stage,
    token: TOKEN,
    data: {
      id: c.id,
      direction: c.direction,
      status: done ? 'done' : stage === 2 ? 'answered' : 'initial',
      started_at: c.startedAt,
      answered_at: stage >= 2 ? c.answeredAt : null,
      ended_at: done ? c.endedAt : null,
      duration: stage === 4 ? c.duration : stage === 3 ? Math.max(0, c.duration - 3) : 0,
      raw_digits: c.rawDigits,
      missed_call_reason: done && c.answeredAt === null && c.direction === 'inbound' ? 'agents_did_not_answer' : null,
      voicemail: null,
      user: { id: Number(c.userId), name: 'Bench', email: 'bench@example.ch', available: true },
      number: { id: 1, name: 'Hauptnummer', digits: '+41 44 500 10 10' },
    },
  };
}

/** Aircall writes Swiss numbers spaced: +41 79 123 45 67. */
function aircallDigits(e164: string): string {
  const d = e164.slice(3);
  return `+41 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 7)} ${d.slice(7)}`;
}

async function post(base: string, body: unknown): Promise<number> {
  const res = await fetch(`${base}/api/webhooks/aircall`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

async function main() {
  const { runMigrations, openDatabase } = await import('../apps/api/src/db/client.ts');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  serverUrl.pathname = '/bo_bench';
  const url = serverUrl.toString();
  await runMigrations(url);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const clientCount = Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM users WHERE role_id = 2`)).rows[0]!.n);
  console.log(
    `bo_bench: ${clientCount.toLocaleString('de-CH')} clients; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // The agents: call agents with access to all clients, each with an Aircall user id and a session.
  const agents: { id: number; aircall: string; cookie: string }[] = [];
  const agentCount = Math.max(SOCKETS, 20);
  const run = randomBytes(3).toString('hex');
  for (let i = 0; i < agentCount; i += 1) {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO users (role_id, email, name, surname, is_active) VALUES ((SELECT id FROM roles WHERE code = 'call_agent'), $1, 'Bench', $2, true) RETURNING id`,
      [`${PREFIX}${run}-${i}@bench.local`, `Telefon ${i}`],
    );
    const id = rows[0]!.id;
    const aircall = String(880_000_000 + i);
    await pool.query(`INSERT INTO accounts (user_id, access_to_clients, telephony_user_id) VALUES ($1, 'all', $2)`, [id, aircall]);
    const token = randomBytes(32).toString('base64url');
    await pool.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '2 hours')`, [
      createHash('sha256').update(token).digest('hex'),
      id,
    ]);
    agents.push({ id, aircall, cookie: `sid=${token}` });
  }
  const agentIds = agents.map((a) => a.id);

  const database = openDatabase(url, { max: 10 });
  const config = loadConfig({ NODE_ENV: 'test', AIRCALL_WEBHOOK_TOKEN: TOKEN, PUBLIC_URL: 'http://127.0.0.1:1' });
  const { app } = await buildApp({ config, database, localesDir: '/nonexistent', version: 'bench', realtime: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;

  const sockets: Socket[] = [];
  let restore = async () => {};
  try {
    // Numbers of real clients (half the calls) and numbers nobody has (the other half).
    const known = (
      await pool.query<{ n: string }>(
        `SELECT mobile_phone_e164 AS n FROM users TABLESAMPLE SYSTEM (1) WHERE role_id = 2 AND mobile_phone_e164 LIKE '+417%' LIMIT 3000`,
      )
    ).rows.map((r) => r.n);
    // What an answered call changes on a client besides its counters (due recalls closed, updated_at), restored at the end.
    const snapshot = await pool.query<{ id: number; updated_at: Date; next_recall_at: Date | null }>(
      `SELECT id, updated_at, next_recall_at FROM users WHERE role_id = 2 AND (mobile_phone_e164 = ANY($1) OR phone_e164 = ANY($1))`,
      [known],
    );
    const openRecalls = await pool.query<{ id: number }>(
      `SELECT id FROM contact_history WHERE type = 'recall' AND NOT recall_done AND user_id = ANY($1)`,
      [snapshot.rows.map((r) => r.id)],
    );
    restore = async () => {
      await pool.query(`UPDATE contact_history SET recall_done = false WHERE id = ANY($1)`, [openRecalls.rows.map((r) => r.id)]);
      await pool.query(
        `UPDATE users u SET updated_at = s.updated_at, next_recall_at = s.next_recall_at
         FROM unnest($1::int[], $2::timestamptz[], $3::timestamptz[]) AS s(id, updated_at, next_recall_at) WHERE u.id = s.id`,
        [snapshot.rows.map((r) => r.id), snapshot.rows.map((r) => r.updated_at), snapshot.rows.map((r) => r.next_recall_at)],
      );
    };
    const rnd = random(14);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const unknownNumber = () => {
      const n = String(Math.floor(rnd() * 1e7)).padStart(7, '0');
      return `+41 76 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`;
    };

    // 1. Replay.
    const calls: BenchCall[] = [];
    let events = 0;
    const baseEvents = Math.round(WEBHOOKS / 1.05);
    let callId = 5_000_000_000 + Math.floor(rnd() * 1_000_000_000);
    while (events < baseEvents) {
      callId += 1;
      const inbound = rnd() < 0.7;
      const answered = rnd() < 0.75;
      const startedAt = 1_790_000_000 + calls.length * 60;
      const duration = 10 + Math.floor(rnd() * 600);
      const c: BenchCall = {
        id: callId,
        direction: inbound ? 'inbound' : 'outbound',
        rawDigits: rnd() < 0.5 && known.length > 0 ? aircallDigits(pick(known)) : unknownNumber(),
        userId: pick(agents).aircall,
        startedAt,
        answeredAt: answered ? startedAt + 5 : null,
        endedAt: startedAt + duration,
        duration,
      };
      calls.push(c);
      events += eventsOf(c).length;
    }
    const bodies = calls.flatMap((c) => eventsOf(c).map((e) => webhook(c, e)));
    const duplicates = WEBHOOKS - bodies.length;
    for (let i = 0; i < duplicates; i += 1) {
      bodies.push(bodies[Math.floor(rnd() * events)]!);
    }
    for (let i = bodies.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rnd() * (i + 1));
      [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
    }
    console.log(
      `replay: ${bodies.length.toLocaleString('de-CH')} webhooks (${calls.length} calls, ${duplicates} duplicates), shuffled, 8 at a time`,
    );
    const latencies: number[] = [];
    const queue = [...bodies];
    const started = performance.now();
    const failures: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let body = queue.shift(); body; body = queue.shift()) {
          const t0 = performance.now();
          const status = await post(base, body);
          latencies.push(performance.now() - t0);
          if (status !== 200) {
            failures.push(status);
          }
        }
      }),
    );
    const elapsed = performance.now() - started;
    const s = stats(latencies);
    console.log(
      `  ${(elapsed / 1000).toFixed(1)} s, ${Math.round(bodies.length / (elapsed / 1000))} webhooks/s; per webhook p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)}; non-200: ${failures.length}`,
    );

    // The check: one row per call with call.ended's data, one history entry per matched call.
    const ids = calls.map((c) => String(c.id));
    const rows = (
      await pool.query<{
        provider_call_id: string;
        n: string;
        duration: number;
        ended_at: Date;
        answered_at: Date | null;
        client_id: number | null;
        history_entry_id: number | null;
        outcome: string;
      }>(
        `SELECT provider_call_id, count(*) OVER (PARTITION BY provider_call_id) AS n, duration, ended_at, answered_at, client_id, history_entry_id, outcome
         FROM telephony_calls WHERE provider_call_id = ANY($1)`,
        [ids],
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.provider_call_id, r]));
    let wrong = 0;
    for (const c of calls) {
      const r = byId.get(String(c.id));
      const ok =
        r &&
        Number(r.n) === 1 &&
        r.duration === c.duration &&
        r.ended_at.getTime() === c.endedAt * 1000 &&
        (r.answered_at?.getTime() ?? null) === (c.answeredAt === null ? null : c.answeredAt * 1000) &&
        r.outcome === (c.answeredAt !== null ? 'answered' : c.direction === 'outbound' ? 'not_reached' : 'missed') &&
        (r.client_id === null) === (r.history_entry_id === null);
      if (!ok) {
        wrong += 1;
      }
    }
    const matched = rows.filter((r) => r.client_id !== null).length;
    const entries = Number(
      (
        await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM contact_history WHERE agent_id = ANY($1) AND type IN ('call', 'inbound_call')`,
          [agentIds],
        )
      ).rows[0]!.n,
    );
    console.log(
      `  rows: ${rows.length} for ${calls.length} calls; calls whose row differs from call.ended: ${wrong}; matched to a client: ${matched}; contact-history entries: ${entries}`,
    );

    // 2. Latency, webhook → the agent's socket, with every agent connected.
    const listening = agents.slice(0, SOCKETS);
    for (const a of listening) {
      const socket = connectClient(base, {
        path: '/ws/socket.io',
        extraHeaders: { cookie: a.cookie, origin: base },
        reconnection: false,
        forceNew: true,
        timeout: 20_000,
        transports: ['websocket'],
      });
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            if (socket.connected) {
              resolve();
            }
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          }),
      ),
    );
    console.log(
      `latency: ${sockets.length} sockets connected (one per agent); load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    const ring = async (k: number): Promise<number> => {
      const agent = k % listening.length;
      const socket = sockets[agent]!;
      callId += 1;
      const c: BenchCall = {
        id: callId,
        direction: 'inbound',
        rawDigits: aircallDigits(known.length > 0 ? pick(known) : '+41791234567'),
        userId: listening[agent]!.aircall,
        startedAt: 1_800_000_000 + k,
        answeredAt: null,
        endedAt: 1_800_000_010 + k,
        duration: 10,
      };
      const id = String(c.id);
      const t0 = performance.now();
      const heard = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no call event for ${id}`)), 10_000);
        const on = (payload: { callId: string }) => {
          if (payload.callId === id) {
            clearTimeout(timer);
            socket.off('call', on);
            resolve(performance.now() - t0);
          }
        };
        socket.on('call', on);
      });
      const status = await post(base, webhook(c, 'call.ringing_on_agent'));
      if (status !== 200) {
        throw new Error(`webhook answered ${status}`);
      }
      return heard;
    };
    const serial: number[] = [];
    for (let k = 0; k < 300; k += 1) {
      serial.push(await ring(k));
    }
    const ss = stats(serial);
    console.log(`  one at a time: p50 ${ms(ss.p50)}, p95 ${ms(ss.p95)}, max ${ms(ss.max)} (n ${ss.n})`);
    const parallel: number[] = [];
    for (let k = 0; k < 300; k += 10) {
      parallel.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => ring(1000 + k + j)))));
    }
    const ps = stats(parallel);
    console.log(`  10 at a time: p50 ${ms(ps.p50)}, p95 ${ms(ps.p95)}, max ${ms(ps.max)} (n ${ps.n})`);
  } finally {
    for (const socket of sockets) {
      socket.close();
    }
    await app.close();
    await database.close();
    // Leave bo_bench as generated: the bench's calls, history entries (and the counters they moved), agents.
    const touched = (
      await pool.query<{ user_id: number }>(`DELETE FROM contact_history WHERE agent_id = ANY($1) RETURNING user_id`, [agentIds])
    ).rows.map((r) => r.user_id);
    await pool.query(`DELETE FROM telephony_calls WHERE agent_id = ANY($1)`, [agentIds]);
    if (touched.length > 0) {
      await pool.query(
        `UPDATE users u SET
           calls_count = (SELECT count(*)::int FROM contact_history c WHERE c.user_id = u.id AND c.type IN ('call','inbound_call','recall','auto_call')),
           last_contact_at = (SELECT max(c.created_at) FROM contact_history c WHERE c.user_id = u.id)
         WHERE u.id = ANY($1)`,
        [[...new Set(touched)]],
      );
    }
    await restore();
    await pool.query(`DELETE FROM users WHERE id = ANY($1)`, [agentIds]);
    await pool.end();
  }
}

await main();
