import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, runMigrations } from '../apps/api/src/db/client.ts';
import { seedProducts } from '../apps/api/src/db/seed/products.ts';
import { storageFor } from '../apps/api/src/integrations/storage/index.ts';

/** What the demo seed may spend on its products (pictures drawn and stored), of its 2 s in all. */
export const DEMO_PRODUCTS_CPU_BUDGET_S = 1;

/**
 * The cost of seeding the demo products into an empty database (`bo_bench_seed` on the server of
 * `serverUrl`, dropped afterwards), their pictures drawn and stored in a temporary folder: CPU time of
 * this process (what the seed itself computes, whatever else the machine runs) and wall time.
 */
export async function demoProductsSeedCost(serverUrl: string): Promise<{ cpuSeconds: number; wallSeconds: number }> {
  const url = new URL(serverUrl);
  url.pathname = '/bo_bench_seed';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-bench-seed-'));
  try {
    await admin.query('DROP DATABASE IF EXISTS bo_bench_seed WITH (FORCE)');
    await admin.query('CREATE DATABASE bo_bench_seed');
    await runMigrations(url.toString());
    const database = openDatabase(url.toString(), { max: 2 });
    try {
      const storage = storageFor(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
      const wall = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      await database.db.transaction((tx) => seedProducts(tx, storage));
      const used = process.cpuUsage(cpu);
      return { cpuSeconds: (used.user + used.system) / 1e6, wallSeconds: Number(process.hrtime.bigint() - wall) / 1e9 };
    } finally {
      await database.close();
    }
  } finally {
    await admin.query('DROP DATABASE IF EXISTS bo_bench_seed WITH (FORCE)');
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
