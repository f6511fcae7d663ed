/**
 * The referral short link's redirect (docs/performance.md "Referral redirect"; issue 16: p95 ≤ 5 ms with
 * the local default): `GET /r/{code}` over real HTTP on loopback, against `bo_bench` (a million clients)
 * with 100,000 referral links, answered with the cookie and the 302.
 *
 * Measured: 5,000 requests one after the other, and 5,000 with 8 in flight, each for a random code of
 * the 100,000 (a tenth unknown codes: the database is asked nearly every time); then 5,000 opens of a
 * hundred popular links (a link shared in a group chat: the redirect's one-minute cache answers). The links the bench made are removed
 * at the end.
 *
 * `BENCH_DATABASE_URL=postgres://… npx tsx bench/referral-redirect.ts` (needs `bo_bench`, made by
 * bench/run.ts). BENCH_REQUESTS (5,000) changes the count.
 */
import os from 'node:os';
import http from 'node:http';
import pg from 'pg';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const LINKS = 100_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(port: number, path: string): Promise<{ status: number; ms: number; cookie: boolean }> {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          cookie: (res.headers['set-cookie'] ?? []).some((c) => c.startsWith('bo_ref=')),
        }),
      );
    });
    req.on('error', reject);
  });
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
  const clients = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM users WHERE role_id = 2')).rows[0]!.n);
  // Codes of a fixed shape the bench removes afterwards.
  await pool.query(`DELETE FROM referral_links WHERE code LIKE 'bench-%'`);
  await pool.query(
    `INSERT INTO referral_links (user_id, code, clicks)
       SELECT id, 'bench-' || id, 0 FROM users WHERE role_id = 2 AND id NOT IN (SELECT user_id FROM referral_links) ORDER BY id LIMIT ${LINKS}`,
  );
  const codes = (await pool.query<{ code: string }>(`SELECT code FROM referral_links WHERE code LIKE 'bench-%'`)).rows.map((r) => r.code);
  await pool.query('ANALYZE referral_links');
  console.log(
    `bo_bench: ${clients.toLocaleString('de-CH')} clients, ${codes.length.toLocaleString('de-CH')} referral links; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const database = openDatabase(url, { max: 10 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1' });
  const { app } = await buildApp({ config, database, localesDir: '/nonexistent', version: 'bench' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const pick = () => (Math.random() < 0.1 ? `Unknown${Math.floor(Math.random() * 1e6)}` : codes[Math.floor(Math.random() * codes.length)]!);

  // Warm-up: the pool's connections, the statement's plan, the JIT.
  for (let i = 0; i < 300; i += 1) {
    await get(port, `/r/${pick()}`);
  }

  const report = (label: string, results: { status: number; ms: number; cookie: boolean }[]) => {
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const wrong = results.filter((r) => r.status !== 302).length;
    console.log(
      `${label}: ${results.length} requests, p50 ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(2)} ms, p99 ${percentile(ms, 99).toFixed(2)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms; ${results.filter((r) => r.cookie).length} with the cookie, ${wrong} not 302`,
    );
  };

  const sequential = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    sequential.push(await get(port, `/r/${pick()}`));
  }
  report('one after the other', sequential);

  const concurrent: { status: number; ms: number; cookie: boolean }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < REQUESTS) {
        next += 1;
        concurrent.push(await get(port, `/r/${pick()}`));
      }
    }),
  );
  report('8 in flight', concurrent);

  // A few links shared widely: most opens are of a hundred codes (the redirect's cache answers them).
  const hot = codes.slice(0, 100);
  const popular = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    popular.push(await get(port, `/r/${hot[i % hot.length]!}`));
  }
  report('popular links, one after the other', popular);
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  await app.close();
  await database.close();
  await pool.query(`DELETE FROM referral_links WHERE code LIKE 'bench-%'`);
  await pool.end();
  agent.destroy();
}

await main();
