// Runs the browser suite: builds the web app, starts the server on a fresh database in a temp folder,
// runs e2e/tests/*.test.ts with Node's test runner, then stops the server (and its PostgreSQL) cleanly.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`[e2e] ${CHROMIUM} is missing. Install it first, e.g. \`apt-get update && apt-get install -y chromium\`.`);
    return 1;
  }
  const started = Date.now();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-e2e-'));
  // mkdtemp makes it private to us; as root, embedded PostgreSQL runs initdb as the user "postgres".
  chmodSync(dataDir, 0o755);

  // Built into the run's own folder, so two runs on one machine never serve each other's half-built files.
  const webDist = path.join(dataDir, 'web');
  log('building the web app');
  const built = await run('npm', ['run', 'build', '--silent', '-w', 'apps/web', '--', '--outDir', webDist, '--emptyOutDir']);
  if (built !== 0) {
    console.error('[e2e] the web build failed');
    return built;
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  log(`starting the server on ${baseUrl} with DATA_DIR ${dataDir}`);
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

  let code = 1;
  const onSignal = () => {
    // Ctrl-C in the terminal reaches the test runner too; the server is stopped in finally.
  };
  process.on('SIGINT', onSignal);
  try {
    await waitForHealth(baseUrl, server);
    log(`server ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const testsDir = path.join(ROOT, 'e2e', 'tests');
    // `npm run e2e -- locations accounts` runs only the files whose names contain one of the words.
    const only = process.argv.slice(2);
    const files = readdirSync(testsDir)
      .filter((f) => f.endsWith('.test.ts') && (only.length === 0 || only.some((word) => f.includes(word))))
      .sort()
      .map((f) => path.join('e2e', 'tests', f));
    if (files.length === 0) {
      throw new Error(`no test file in e2e/tests matches ${only.join(', ')} (give words of file names, e.g. calendar)`);
    }
    code = await run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
      // E2E_DATA_DIR: the tests read mails with their codes and links from this server's database.
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_DATA_DIR: dataDir },
    });
  } catch (err) {
    console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    log('stopping the server');
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
  }
  if (code !== 0) {
    const tail = serverLog.join('').split('\n').slice(-60).join('\n');
    if (tail.trim()) {
      console.error(`[e2e] last server output:\n${tail}`);
    }
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code})`);
  return code;
}

process.exitCode = await main();
