/**
 * The phases of an import's check, one after the other, in this process (docs/performance.md "The check
 * on a faster machine"): the bench's lead file (bench/import-scale.ts, the same rows) parsed and mapped,
 * the row rules, the file's own duplicates, the duplicate engine against the million clients of
 * `bo_bench`, and the writing of the rows (in a transaction rolled back). Prints each phase's time and
 * what the check found, so a change to one phase is measured alone and its answers compared.
 *
 * `BENCH_DATABASE_URL=postgres://…/bo_bench BENCH_IMPORT_ROWS=100000 npx tsx bench/import-phases.ts`
 * (`bo_bench` made by bench/import-scale.ts or bench/run.ts). BENCH_IMPORT_XLSX=1 reads the same rows as
 * a workbook instead of the CSV. Add `--cpu-prof` to node for a profile.
 */
/* eslint-disable no-restricted-imports -- a benchmark of the import module's insides: each phase of the check
   measured alone, which no public surface offers. */
import { applyMapping, proposeMapping, repeatsAmong } from '@bo/domain';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { swissPostcodes } from '../apps/api/src/core/postcodes.ts';
import { databaseMatches, matchRecordOf, postcodeTable, rowErrors } from '../apps/api/src/modules/import/check.service.ts';
import { readLeadFile } from '../apps/api/src/modules/import/parse/index.ts';
import * as repo from '../apps/api/src/modules/import/repo.ts';
import { HEADERS, IMPORT_ROWS, leadCsv, leadRows, leadXlsx } from './import-scale.ts';

class RolledBack extends Error {}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bo_bench';
  const pool = new pg.Pool({ connectionString: url });
  const { rows: lead } = await leadRows(pool, IMPORT_ROWS);
  await pool.end();
  const database = openDatabase(url);
  const ms = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(2)} s`;
  try {
    let t0 = performance.now();
    const bytes = process.env.BENCH_IMPORT_XLSX ? await leadXlsx(lead, path.join(os.tmpdir(), 'bo-import-phases.xlsx')) : leadCsv(lead);
    t0 = performance.now();
    const file = await readLeadFile(bytes, { maxBytes: Number.MAX_SAFE_INTEGER, maxRows: IMPORT_ROWS });
    const mapping = proposeMapping(HEADERS, file.rows.slice(0, 20));
    const rows = file.rows.map((cells, i) => ({ rowNo: i + 1, cells, data: applyMapping(mapping, cells) }));
    console.log(`${rows.length} rows; parsed and mapped in ${ms(t0)}`);
    t0 = performance.now();
    const postcodes = postcodeTable();
    const errors = rows.map((r) => rowErrors(r.data, postcodes));
    console.log(`rules: ${ms(t0)}, ${errors.filter((e) => Object.keys(e).length > 0).length} rows with errors`);
    t0 = performance.now();
    const dups = repeatsAmong(
      rows.map((r) => matchRecordOf(r.data)),
      swissPostcodes(),
    ).map((earlier) => earlier.map((j) => rows[j]!.rowNo));
    console.log(`the file's own duplicates: ${ms(t0)}, ${dups.filter((d) => d.length > 0).length} rows repeat an earlier one`);
    t0 = performance.now();
    const matches = await databaseMatches(
      database.db,
      rows.map((r) => r.data),
    );
    console.log(`duplicate engine: ${ms(t0)}, ${matches.filter((m) => m.length > 0).length} rows match a client`);
    t0 = performance.now();
    await database.db
      .transaction(async (tx) => {
        const batch = (await tx.execute<{ id: number; created_by_id: number }>(sql`SELECT id, created_by_id FROM import_batches LIMIT 1`))
          .rows[0];
        if (!batch) {
          console.log('writing: not measured (bo_bench holds no import batch; run bench/import-scale.ts once)');
          throw new RolledBack();
        }
        const parts = function* () {
          for (let from = 0; from < rows.length; from += 1000) {
            yield rows.slice(from, from + 1000).map((r, k) => ({
              batchId: batch.id,
              rowNo: 10_000_000 + from + k,
              importType: 'leads' as const,
              createdById: batch.created_by_id,
              locationId: null,
              data: r.data,
              raw: r.cells,
              errors: errors[from + k]!,
              hasErrors: Object.keys(errors[from + k]!).length > 0,
              matches: matches[from + k]!,
              fileDuplicateOf: dups[from + k]!,
              duplicationStatus: 'without_duplicates' as const,
            }));
          }
        };
        await repo.copyRows(tx, parts());
        console.log(`writing the rows: ${ms(t0)} (rolled back)`);
        throw new RolledBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RolledBack)) {
          throw err;
        }
      });
  } finally {
    await database.close();
  }
}

await main();
