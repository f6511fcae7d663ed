/**
 * The duplicate engine's two ways for many probes, on the bench's million clients (`bo_bench`): the
 * lookups (nine index lookups a probe, a thousand probes a statement) and the scan of every client
 * (apps/api/src/modules/clients/matches.scan.ts). Both run on the same rows of the bench's lead file
 * (bench/import-scale.ts); prints each one's time and whether their answers (client ids, scores and
 * reasons of every row) are the same, and the first rows that differ when not.
 *
 * `BENCH_DATABASE_URL=postgres://…/bo_bench npx tsx bench/scan-answers.ts [rows]` (20,000 rows unless given).
 */
/* eslint-disable no-restricted-imports -- compares the engine's two inner paths, which no public surface offers apart. */
import { applyMapping, proposeMapping } from '@bo/domain';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { findClientMatchesInBatches } from '../apps/api/src/modules/clients/matches.batch.ts';
import { matchRecordOf } from '../apps/api/src/modules/import/check.service.ts';
import { readLeadFile } from '../apps/api/src/modules/import/parse/index.ts';
import { HEADERS, leadCsv, leadRows } from './import-scale.ts';

async function main() {
  const n = Number(process.argv[2] ?? 20_000);
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bo_bench';
  const pool = new pg.Pool({ connectionString: url });
  const { rows: lead } = await leadRows(pool, n);
  await pool.end();
  const file = await readLeadFile(leadCsv(lead), { maxBytes: Number.MAX_SAFE_INTEGER, maxRows: n });
  const mapping = proposeMapping(HEADERS, file.rows.slice(0, 20));
  const records = file.rows.map((cells) => matchRecordOf(applyMapping(mapping, cells)));
  const database = openDatabase(url);
  try {
    let t0 = performance.now();
    // BENCH_SCAN_ONLY=1: the scan alone (a profile of it), nothing compared.
    const looked = process.env.BENCH_SCAN_ONLY
      ? null
      : await findClientMatchesInBatches(database.db, records, { keep: 5, scanFrom: Infinity });
    const lookups = performance.now() - t0;
    t0 = performance.now();
    const scanned = await findClientMatchesInBatches(database.db, records, { keep: 5, scanFrom: 0 });
    const scan = performance.now() - t0;
    if (!looked) {
      console.log(`scan: ${(scan / 1000).toFixed(2)} s for ${records.length} rows`);
      return;
    }
    let differ = 0;
    for (let i = 0; i < records.length; i += 1) {
      if (JSON.stringify(looked[i]) !== JSON.stringify(scanned[i])) {
        differ += 1;
        if (differ <= 5) {
          console.log(`row ${i + 1} differs:\n  lookups ${JSON.stringify(looked[i])}\n  scan    ${JSON.stringify(scanned[i])}`);
        }
      }
    }
    const matched = (list: unknown[][]) => list.filter((l) => l.length > 0).length;
    console.log(`${records.length.toLocaleString('de-CH')} rows against the clients of bo_bench`);
    console.log(`lookups: ${(lookups / 1000).toFixed(2)} s, ${matched(looked)} rows with a match`);
    console.log(`scan:    ${(scan / 1000).toFixed(2)} s, ${matched(scanned)} rows with a match`);
    console.log(differ === 0 ? 'the answers are the same' : `${differ} rows answered differently`);
    process.exitCode = differ === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

await main();
