/**
 * A database restart under load (docs/operations.md "A database restart"): the server started as in
 * production (its own process, real HTTP, demo data), 8 sessions reading the locations page and the
 * clients page without pause and one writer creating locations one after another, while PostgreSQL
 * crashes (an immediate shutdown: no checkpoint, what was confirmed comes back from the write-ahead log
 * alone) and starts again a few seconds later.
 *
 * It prints the answers by status, the slowest answer, how long after the database's return the API
 * answered again, whether every write the API confirmed is still there, and whether a mail asked for
 * afterwards is delivered by its job; it exits 1 when a confirmed write is missing, an answer other than
 * 200, 201 and 503 came, a request took longer than 10 s, the API took more than 5 s to recover, or the
 * mail was not delivered within 30 s.
 *
 * `npx tsx bench/faults.ts` uses an embedded PostgreSQL of its own. With BENCH_FAULTS_DATABASE_URL (a
 * server where it may create the database `bo_faults`), BENCH_FAULTS_STOP and BENCH_FAULTS_START are the
 * shell commands that crash and start that server, e.g. `pg_ctlcluster 15 main stop -m immediate` and
 * `pg_ctlcluster 15 main start`.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, isAlive, startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/api/src/db/embedded.ts';
import { HEADERS, leadCsv } from './import-scale.ts';
import { signIn, startServer } from './load.ts';

const LOAD_SECONDS = 20;
const CRASH_AFTER_MS = 5_000;
const DOWN_FOR_MS = 3_000;

interface Restartable {
  url: string;
  crash(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function embedded(): Promise<Restartable> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-faults-'));
  // Open to the PostgreSQL user, which the server runs as when the bench runs as root.
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  let server: EmbeddedDatabase | undefined = await startEmbeddedPostgres({ dataDir, port });
  const url = server.url;
  return {
    url,
    crash: async () => {
      const pid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      while (isAlive(pid)) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server = undefined;
    },
    start: async () => {
      server = await startEmbeddedPostgres({ dataDir, port });
    },
    close: async () => {
      await server?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function external(serverUrl: string): Promise<Restartable> {
  const stop = process.env.BENCH_FAULTS_STOP;
  const start = process.env.BENCH_FAULTS_START;
  if (!stop || !start) {
    throw new Error('BENCH_FAULTS_STOP and BENCH_FAULTS_START name the commands that crash and start the server');
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bo_faults WITH (FORCE)');
  await admin.query('CREATE DATABASE bo_faults');
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = '/bo_faults';
  return {
    url: url.toString(),
    crash: () => {
      execSync(stop, { stdio: 'inherit' });
      return Promise.resolve();
    },
    start: () => {
      execSync(start, { stdio: 'inherit' });
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

const externalUrl = process.env.BENCH_FAULTS_DATABASE_URL;
const database = externalUrl ? await external(externalUrl) : await embedded();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server = await startServer(database.url, port, undefined, { SEED_DEMO: 'true' });
// What the server says from here on (its errors while the database is away) goes to this output.
const serverLog: string[] = [];
const keep = (chunk: Buffer) => serverLog.push(chunk.toString());
server.stdout?.on('data', keep);
server.stderr?.on('data', keep);
let stopping = false;
server.once('exit', (code) => {
  if (stopping) {
    return;
  }
  console.log(`the server stopped (${code}) during the run:\n${serverLog.join('').slice(-4000)}`);
});
let failed: boolean;
try {
  const readers = await Promise.all(Array.from({ length: 8 }, () => signIn(base, 'admin')));
  const writerCookie = await signIn(base, 'admin');
  const started = Date.now();
  let firstOkAfterUp = 0;

  // Two pages, four sessions each (one cookie a connection).
  const reading = (url: string, cookies: string[]) => {
    let next = 0;
    const instance = autocannon({
      url: `${base}${url}`,
      connections: 4,
      duration: LOAD_SECONDS,
      // Requests of a database that is away must end: the API answers 503 within its 5 s connect timeout.
      timeout: 10,
      setupClient: (client) => {
        client.setHeaders({ cookie: cookies[next++ % cookies.length]!, accept: 'application/json' });
      },
    });
    return instance;
  };
  const loads = [
    reading('/api/locations?limit=100', readers.slice(0, 4)),
    reading('/api/clients?tableName=b2c&roles=user', readers.slice(4)),
  ];

  // The writer: one location after another, each confirmed (201) code kept.
  const confirmed: string[] = [];
  const writes = new Map<number, number>();
  let slowestWrite = 0;
  const writer = (async () => {
    for (let i = 0; Date.now() - started < LOAD_SECONDS * 1000; i += 1) {
      const code = `F${i}`;
      const asked = Date.now();
      const res = await fetch(`${base}/api/location`, {
        method: 'POST',
        headers: { cookie: writerCookie, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ code, display_name: `Messe ${i}`, city: 'Luzern', index: '6005', type: 'event' }),
      });
      await res.arrayBuffer();
      slowestWrite = Math.max(slowestWrite, Date.now() - asked);
      writes.set(res.status, (writes.get(res.status) ?? 0) + 1);
      if (res.status === 201) {
        confirmed.push(code);
      } else if (res.status === 503) {
        // What a client does with Retry-After, shortened: the bench wants the outage's answers.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  })();

  await new Promise((resolve) => setTimeout(resolve, CRASH_AFTER_MS));
  await database.crash();
  const downAt = Date.now();
  console.log(`PostgreSQL crashed at ${((downAt - started) / 1000).toFixed(1)} s`);
  await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
  await database.start();
  const upAt = Date.now();
  console.log(`PostgreSQL back at ${((upAt - started) / 1000).toFixed(1)} s`);
  // How soon a reader's page is served again, asked every 20 ms beside the load.
  for (;;) {
    const res = await fetch(`${base}/api/locations?limit=1`, { headers: { cookie: readers[0]! } });
    await res.arrayBuffer();
    if (res.status === 200) {
      firstOkAfterUp = Date.now();
      break;
    }
    if (Date.now() - upAt > 30_000) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  const [locations, clients] = await Promise.all([...loads, writer]);
  const results = [locations!, clients!];
  const recovery = firstOkAfterUp > 0 ? firstOkAfterUp - upAt : Infinity;

  const check = new pg.Client({ connectionString: database.url });
  await check.connect();

  // The job workers carry on after the outage: a recovery mail asked for now is delivered by the mail
  // job (pg-boss) from the outbox, as before it.
  const askedMail = Date.now();
  const mail = await fetch(`${base}/auth/recovery-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'sa@demo.test' }),
  });
  await mail.arrayBuffer();
  let delivered = -1;
  while (delivered < 0 && Date.now() - askedMail < 30_000) {
    const sent = await check.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = 'sa@demo.test' AND status = 'sent' AND created_at >= $1`,
      [new Date(askedMail - 1_000)],
    );
    if (sent.rows[0]!.n > 0) {
      delivered = Date.now() - askedMail;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stored = new Set((await check.query<{ code: string }>(`SELECT code FROM locations WHERE code LIKE 'F%'`)).rows.map((r) => r.code));
  await check.end();
  const missing = confirmed.filter((c) => !stored.has(c));

  const byStatus = new Map<string, number>();
  for (const r of results) {
    for (const [status, stat] of Object.entries(r.statusCodeStats ?? {})) {
      byStatus.set(status, (byStatus.get(status) ?? 0) + (stat.count ?? 0));
    }
  }
  const unexpected = [...byStatus.keys()].filter((s) => s !== '200' && s !== '503');
  const unexpectedWrites = [...writes.keys()].filter((s) => s !== 201 && s !== 503);
  const timeouts = results.reduce((n, r) => n + r.timeouts + r.errors, 0);
  const slowestRead = Math.max(...results.map((r) => r.latency.max));
  console.log(
    `reads (8 sessions, ${LOAD_SECONDS} s): ${[...byStatus].map(([s, n]) => `${s}: ${n}`).join(', ')}; ${timeouts} errors or timeouts`,
  );
  console.log(`reads: p99 ${results.map((r) => `${r.latency.p99} ms`).join(' and ')} (locations, clients), slowest ${slowestRead} ms`);
  console.log(`writes: ${[...writes].map(([s, n]) => `${s}: ${n}`).join(', ')}; slowest ${slowestWrite} ms`);
  console.log(`the API answered 200 again ${Number.isFinite(recovery) ? `${recovery} ms` : 'never'} after the database was back`);
  console.log(`confirmed writes: ${confirmed.length}, found afterwards: ${confirmed.length - missing.length}`);
  console.log(
    `a mail asked for after the outage (${mail.status}): ${delivered >= 0 ? `delivered by the job in ${delivered} ms` : 'not delivered within 30 s'}`,
  );

  failed =
    missing.length > 0 ||
    unexpected.length > 0 ||
    unexpectedWrites.length > 0 ||
    timeouts > 0 ||
    Math.max(slowestRead, slowestWrite) > 10_000 ||
    recovery > 5_000 ||
    delivered < 0;
  console.log(failed ? 'NOT MET' : 'met: no confirmed write lost, only 503 while away, recovered within 5 s, the jobs carry on');

  failed = !(await killedDuringCheck()) || failed;
} finally {
  stopping = true;
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.close();
}
process.exit(failed ? 1 : 0);

/**
 * A worker killed during a job: the server is killed (SIGKILL, no shutdown) while it checks a lead file
 * of CHECK_ROWS rows, and started again. At start it sends the check of every batch left 'checking'; the
 * killed job stays active in pg-boss until its expiry and is then retried, and finds the batch checked.
 * So the check runs once more, to its end, and its rows are there once.
 */
async function killedDuringCheck(): Promise<boolean> {
  const CHECK_ROWS = 30_000;
  const cookie = await signIn(base, 'admin');
  const rows = Array.from({ length: CHECK_ROWS }, (_, i) =>
    HEADERS.map(
      (h) =>
        ({
          Anrede: i % 2 ? 'Frau' : 'Herr',
          Vorname: `Vorname${i}`,
          Nachname: `Nachname${i % 997}`,
          Strasse: `Bahnhofstrasse ${1 + (i % 120)}`,
          PLZ: '6005',
          Ort: 'Luzern',
          Telefon: `041 ${String(2_000_000 + i).slice(0, 3)} ${String(i % 100).padStart(2, '0')} ${String(i % 97).padStart(2, '0')}`,
        })[h] ?? '',
    ),
  );
  const form = new FormData();
  form.append('importType', 'leads');
  form.append('file', new Blob([leadCsv(rows)], { type: 'text/csv' }), 'messe-luzern.csv');
  const uploaded = await fetch(`${base}/api/import/upload-file`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  const batch = ((await uploaded.json()) as { data: { id: number; mapping: unknown }[] }).data[0]!;
  const mapped = await fetch(`${base}/api/import/batches/${batch.id}/mapping`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ mapping: batch.mapping }),
  });
  await mapped.arrayBuffer();
  const state = async () => {
    const res = await fetch(`${base}/api/import/batches/${batch.id}`, { headers: { cookie } });
    return (await res.json()) as { stage: string; progress: number; row_count: number };
  };
  let seen = await state();
  while (seen.stage === 'checking' && seen.progress < 20) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await state();
  }
  if (seen.stage !== 'checking') {
    console.log(`the check of ${CHECK_ROWS} rows ended (${seen.stage}) before it could be interrupted: NOT SHOWN`);
    return false;
  }
  stopping = true;
  server.kill('SIGKILL');
  await new Promise((resolve) => server.once('exit', resolve));
  console.log(`the server killed during the check, at ${seen.progress} %`);
  server = await startServer(database.url, port, undefined, { SEED_DEMO: 'true' });
  stopping = false;
  const again = await signIn(base, 'admin');
  const startedAgain = Date.now();
  let after: { stage: string; row_count: number } = { stage: 'checking', row_count: 0 };
  while (after.stage === 'checking' && Date.now() - startedAgain < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    after = (await (await fetch(`${base}/api/import/batches/${batch.id}`, { headers: { cookie: again } })).json()) as typeof after;
  }
  const checkedIn = Date.now() - startedAgain;
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const rowsOf = async () =>
    (
      await db.query<{ n: number; first: number | null }>(
        `SELECT count(*)::int AS n, min(id) AS first FROM import_rows WHERE batch_id = $1`,
        [batch.id],
      )
    ).rows[0]!;
  const jobsOf = async () =>
    (
      await db.query<{ state: string; n: number }>(
        `SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'import.check' AND singleton_key = $1 GROUP BY state ORDER BY state`,
        [`import-check-${batch.id}`],
      )
    ).rows;
  const stored = await rowsOf();
  // The killed job, retried once its heartbeat stopped, runs after the check and must find it done.
  let jobs = await jobsOf();
  while (jobs.some((j) => j.state !== 'completed' && j.state !== 'failed') && Date.now() - startedAgain < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    jobs = await jobsOf();
  }
  const later = await rowsOf();
  await db.end();
  console.log(
    `after the restart the check ran to its end in ${(checkedIn / 1000).toFixed(1)} s (${after.stage}, ${after.row_count} rows, ` +
      `${stored.n} stored); the batch's jobs in the end: ${jobs.map((j) => `${j.n} ${j.state}`).join(', ')}; ` +
      `its rows ${later.n === stored.n && later.first === stored.first ? 'untouched by them' : 'WRITTEN AGAIN'}`,
  );
  const ok =
    after.stage === 'ready' &&
    after.row_count === CHECK_ROWS &&
    stored.n === CHECK_ROWS &&
    later.n === stored.n &&
    later.first === stored.first &&
    jobs.every((j) => j.state === 'completed');
  console.log(ok ? 'met: checked once more after the kill, its rows there once' : 'NOT MET');
  return ok;
}
