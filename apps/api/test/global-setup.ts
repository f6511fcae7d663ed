import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../src/db/client.ts';
import { isAlive, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { REPO_ROOT } from '../src/paths.ts';
import { installNode20Polyfills } from './node20-polyfills.ts';
import { adminQuery, dropDatabasesStartingWith, quoteIdent, withDatabase } from './pg.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL of the server's maintenance database, for CREATE / DROP DATABASE. */
    pgAdminUrl: string;
    /** The migrated database every test file clones. */
    pgTemplate: string;
    /** Prefix of the databases this run creates, so that teardown finds the ones a crash left. */
    pgRunPrefix: string;
  }
}

const TEST_DATA = path.join(REPO_ROOT, '.test-data');

/**
 * The shared `.test-data` server, unless another test run is using it right now: then this run gets
 * a throw-away data folder of its own (an initdb more, instead of a failed start).
 */
async function pickDataDir(): Promise<{ dir: string; throwAway: boolean }> {
  const lock = await fs.readFile(path.join(TEST_DATA, 'pg', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(lock?.split('\n')[0]);
  if (lock !== undefined && Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    return { dir: path.join(TEST_DATA, `run-${process.pid}`), throwAway: true };
  }
  return { dir: TEST_DATA, throwAway: false };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  installNode20Polyfills();
  const runPrefix = `bo_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${runPrefix}_template`;
  let embedded: EmbeddedDatabase | undefined;
  let throwAwayDir: string | undefined;
  let adminUrl: string;

  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    adminUrl = external;
  } else {
    const picked = await pickDataDir();
    embedded = await startEmbeddedPostgres({ dataDir: picked.dir });
    throwAwayDir = picked.throwAway ? picked.dir : undefined;
    adminUrl = withDatabase(embedded.url, 'postgres');
    // Nobody else uses this server: databases left by an interrupted run can go.
    await dropDatabasesStartingWith(adminUrl, 'bo_test_');
    // A throw-away test server need not survive a power cut; commits and DROP DATABASE get faster.
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      await adminQuery(adminUrl, `ALTER SYSTEM SET ${setting} = off`);
    }
    await adminQuery(adminUrl, 'SELECT pg_reload_conf()');
  }

  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(template)}`);
    await runMigrations(withDatabase(adminUrl, template));
  } catch (err) {
    await embedded?.stop();
    throw err;
  }

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', runPrefix);

  return async () => {
    try {
      await dropDatabasesStartingWith(adminUrl, runPrefix);
    } finally {
      await embedded?.stop();
      if (throwAwayDir) {
        await fs.rm(throwAwayDir, { recursive: true, force: true });
      }
    }
  };
}
