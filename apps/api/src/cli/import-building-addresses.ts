import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { importDirectory } from '../modules/addresses/index.ts';

/**
 * Loads swisstopo's official building address directory into building_addresses, replacing what was
 * there: `npm run addresses:import -- amtliches-gebaeudeadressverzeichnis_ch_2056.csv` (the CSV from
 * https://www.swisstopo.admin.ch/en/official-directory-of-building-addresses, unzipped). docs/addresses.md.
 */
const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error('usage: npm run addresses:import -- <amtliches-gebaeudeadressverzeichnis_ch_2056.csv>');
  process.exit(1);
}
const opened = await openConfiguredDatabase(loadConfig(), console.log, { migrate: true });
try {
  const started = Date.now();
  const { imported, skipped } = await importDirectory(opened.database.db, fs.createReadStream(file, { encoding: 'utf8' }));
  console.log(
    `building addresses: ${imported} imported, ${skipped} skipped (planned, outdated or incomplete) in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await opened.close();
}
