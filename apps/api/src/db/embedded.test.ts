import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkReachableAsPostgres } from './embedded.ts';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the embedded PostgreSQL data folder, started as root', () => {
  it.runIf(isRoot)('is refused with what to do when a folder on the way is closed to other users', async () => {
    // mkdtemp makes a folder of mode 0700, as a home folder is: the user postgres cannot pass it.
    const closed = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-closed-'));
    try {
      await expect(checkReachableAsPostgres(path.join(closed, 'data', 'pg'))).rejects.toThrow(
        new RegExp(`cannot reach ${closed}/data/pg: the folder ${closed} is closed to other users.*DATA_DIR`),
      );
    } finally {
      await fs.rm(closed, { recursive: true, force: true });
    }
  });

  it.runIf(isRoot)('is accepted when every folder on the way lets others pass', async () => {
    const open = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-open-'));
    try {
      await fs.chmod(open, 0o755);
      await expect(checkReachableAsPostgres(path.join(open, 'data', 'pg'))).resolves.toBeUndefined();
    } finally {
      await fs.rm(open, { recursive: true, force: true });
    }
  });

  it.runIf(!isRoot)('is not checked for a normal user (PostgreSQL runs as that user)', async () => {
    await expect(checkReachableAsPostgres('/root/closed/data/pg')).resolves.toBeUndefined();
  });
});

describe('Ctrl-C on the started app', () => {
  it('stops the app first and its PostgreSQL last, with one line and no database errors', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-ctrlc-'));
    await fs.chmod(dataDir, 0o755);
    // A process group of its own, as a terminal gives `npm start`: the signal goes to the whole group.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    const app = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: REPO,
      detached: true,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    app.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    app.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => app.once('exit', (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const check = () => (out.includes('ready at') ? resolve() : undefined);
        app.stdout.on('data', check);
        void exited.then(() => reject(new Error(`the app stopped before it was ready:\n${out}`)));
      });
      const serverPid = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(-app.pid!, 'SIGINT');
      expect(await exited).toBe(0);
      const signalled = out.indexOf('SIGINT: stopping');
      expect(signalled).toBeGreaterThan(-1);
      const afterSignal = out
        .slice(out.lastIndexOf('\n', signalled) + 1)
        .trim()
        .split('\n');
      expect(afterSignal).toEqual(['[back-office] SIGINT: stopping']);
      expect(out).not.toMatch(/FATAL|terminating connection|57P01|at .*\.ts:\d+/);
      // The server was stopped by the app, not left running.
      expect(() => process.kill(serverPid, 0)).toThrow();
    } finally {
      if (app.exitCode === null) {
        process.kill(-app.pid!, 'SIGKILL');
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
