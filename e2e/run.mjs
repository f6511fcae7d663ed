// Runs the browser suite: builds the web app, starts E2E_SHARDS servers (1 unless told), each on a fresh
// database in a temp folder, runs e2e/tests/*.test.ts with Node's test runner, one file at a time per
// server, the next file going to the first server free, then stops the servers (and their PostgreSQL) cleanly.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 30_000;

const log = (line) => console.log(`[e2e] ${line}`);

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited before it was ready (code ${server.exitCode ?? server.signalCode})`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`GET /api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/** SIGINT lets the server close its pools and stop PostgreSQL; only if it hangs is its process group killed. */
async function stopServer(server) {
  if (server.exitCode !== null || server.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGINT');
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS);
  });
  const outcome = await Promise.race([exited, timeout]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    log(`the server did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing its process group`);
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await exited;
  }
}

/**
 * Servers the files are shared among, each with a database of its own (E2E_SHARDS). One by default: the
 * suite keeps two cores busy by itself, and on a 2-core machine two shards made each file take about
 * twice as long for no gain (and pushed some files past their time limits). Worth it with more cores.
 */
const SHARDS = Math.max(1, Number.parseInt(process.env.E2E_SHARDS ?? '1', 10) || 1);

/** The longest a test file may run (the longest, the accessibility scans, takes about 7 minutes alone). */
const FILE_BOUND_MS = 30 * 60_000;

/** Starts the server on a fresh embedded PostgreSQL in a folder of its own; resolves once it answers. */
async function startServer(webDist, name) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  // mkdtemp makes it private to us; as root, embedded PostgreSQL runs initdb as the user "postgres".
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  log(`${name}: starting the server on ${baseUrl} with DATA_DIR ${dataDir}`);
  // `tsx` started by node itself, not through `npx`: npm's exec wrapper does not reliably pass SIGINT on,
  // while tsx hands it to the server, which then closes its pools and stops PostgreSQL.
  const tsxCli = fileURLToPath(import.meta.resolve('tsx/cli'));
  const server = spawn(process.execPath, [tsxCli, 'apps/api/src/main.ts'], {
    cwd: ROOT,
    // Its own process group, so a hung server can be killed with everything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  const serverLog = [];
  const keep = (chunk) => {
    serverLog.push(chunk.toString());
    if (serverLog.length > 400) {
      serverLog.shift();
    }
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  return { name, server, baseUrl, dataDir, serverLog };
}

/** Runs one test file against a shard's server; its output is printed whole when it ends. */
function runFile(shard, file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = [];
    // The file run directly (node:test runs the tests of the file it is given), one process per file as
    // `node --test` would start, without a runner process of its own around each. Its own process
    // group, so that a file past its bound is stopped with the browser it started.
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', file], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // E2E_DATA_DIR: the tests read mails with their codes and links from this server's database.
      env: { ...process.env, E2E_BASE_URL: shard.baseUrl, E2E_DATA_DIR: shard.dataDir },
    });
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    // A file that neither ends nor fails (a test left waiting after its suite's time limit) is stopped.
    const bound = setTimeout(() => {
      out.push(Buffer.from(`[e2e] ${file} still running after ${FILE_BOUND_MS / 60_000} min: stopped\n`));
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, FILE_BOUND_MS);
    let done = false;
    const finish = (code) => {
      if (done) {
        return;
      }
      done = true;
      clearTimeout(bound);
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`\n[e2e] ${shard.name}: ${file} (${seconds.toFixed(1)} s, exit ${code})\n`);
      const output = Buffer.concat(out);
      process.stdout.write(output);
      resolve({ file, seconds, code, output: code === 0 ? '' : output.toString() });
    };
    child.once('error', (err) => {
      out.push(Buffer.from(`${String(err)}\n`));
      finish(1);
    });
    child.once('exit', (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** The spec reporter's closing "failing tests" section of a file's output (its last lines when it has none). */
function failureReport(output, maxLines = 150) {
  const lines = output.split('\n');
  const at = lines.findIndex((line) => line.includes('failing tests:'));
  const section = at >= 0 ? lines.slice(at) : lines.slice(-40);
  return section.length > maxLines
    ? [...section.slice(0, maxLines), `… (${section.length - maxLines} more lines)`].join('\n')
    : section.join('\n');
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`[e2e] ${CHROMIUM} is missing. Install it first, e.g. \`apt-get update && apt-get install -y chromium\`.`);
    return 1;
  }
  const started = Date.now();
  const testsDir = path.join(ROOT, 'e2e', 'tests');
  // `npm run e2e -- locations accounts` runs only the files whose names contain one of the words.
  const only = process.argv.slice(2);
  // The largest files first, so that no long one is left for the end while the other shard idles.
  const files = readdirSync(testsDir)
    .filter((f) => f.endsWith('.test.ts') && (only.length === 0 || only.some((word) => f.includes(word))))
    .map((f) => ({ file: path.join('e2e', 'tests', f), size: statSync(path.join(testsDir, f)).size }))
    .sort((a, b) => b.size - a.size || a.file.localeCompare(b.file))
    .map((f) => f.file);
  if (files.length === 0) {
    console.error(`[e2e] no test file in e2e/tests matches ${only.join(', ')} (give words of file names, e.g. calendar)`);
    return 1;
  }

  // Built into a folder of the run's own, so two runs on one machine never serve each other's half-built files.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-web-'));
  log('building the web app');
  const built = await run('npm', ['run', 'build', '--silent', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir']);
  if (built !== 0) {
    console.error('[e2e] the web build failed');
    rmSync(webDist, { recursive: true, force: true });
    return built;
  }

  const shards = [];
  const results = [];
  const onSignal = () => {
    // Ctrl-C in the terminal reaches the test runs too; the servers are stopped in finally.
  };
  process.on('SIGINT', onSignal);
  let code = 0;
  try {
    for (let i = 0; i < Math.min(SHARDS, files.length); i += 1) {
      shards.push(await startServer(webDist, `shard ${i + 1}`));
    }
    await Promise.all(shards.map((s) => waitForHealth(s.baseUrl, s.server)));
    log(`${shards.length} server(s) ready after ${((Date.now() - started) / 1000).toFixed(1)} s; ${files.length} file(s)`);
    // Each shard takes the next file as soon as it is free.
    const queue = [...files];
    await Promise.all(
      shards.map(async (shard) => {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const result = await runFile(shard, file);
          results.push(result);
          if (result.code !== 0) {
            shard.failed = true;
          }
        }
      }),
    );
    code = results.some((r) => r.code !== 0) ? 1 : 0;
  } catch (err) {
    console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    log('stopping the server(s)');
    await Promise.all(shards.map((s) => stopServer(s.server)));
    for (const s of shards) {
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    rmSync(webDist, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
  }
  for (const shard of shards) {
    if (code !== 0 && (shard.failed || results.length < files.length)) {
      const tail = shard.serverLog.join('').split('\n').slice(-60).join('\n');
      if (tail.trim()) {
        console.error(`[e2e] last output of ${shard.name}'s server:\n${tail}`);
      }
    }
  }
  const failed = results.filter((r) => r.code !== 0).map((r) => r.file);
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds).slice(0, 8);
  log(`slowest files: ${slowest.map((r) => `${path.basename(r.file)} ${r.seconds.toFixed(0)} s`).join(', ')}`);
  // The reasons again, last: a CI log is often read from its end, and a failing file may have run first.
  for (const r of results.filter((x) => x.code !== 0)) {
    console.error(`[e2e] why ${path.basename(r.file)} failed:\n${failureReport(r.output)}`);
  }
  if (failed.length > 0) {
    log(`failed: ${failed.join(', ')}`);
  }
  log(
    `${results.length} of ${files.length} file(s) run on ${shards.length} shard(s), done in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code})`,
  );
  return code;
}

process.exitCode = await main();
