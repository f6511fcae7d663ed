import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { streetKeyOf } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { clearDirectory, insertBuildings, type BuildingRow } from './repo.ts';

/**
 * The official Swiss building address directory, as swisstopo publishes it
 * (`amtliches-gebaeudeadressverzeichnis_ch_2056.csv`): `;`-separated, UTF-8, a header row
 * `ADR_EGAID;STR_ESID;BDG_EGID;ADR_EDID;STN_LABEL;ADR_NUMBER;BDG_CATEGORY;BDG_NAME;ZIP_LABEL;COM_FOSNR;
 * COM_NAME;COM_CANTON;ADR_STATUS;ADR_OFFICIAL;ADR_MODIFIED;ADR_EASTING;ADR_NORTHING`, coordinates in
 * LV95 (EPSG:2056). Columns are found by name, so added or moved columns do not matter.
 */
export const DIRECTORY_COLUMNS = [
  'ADR_EGAID',
  'STN_LABEL',
  'ADR_NUMBER',
  'ZIP_LABEL',
  'ADR_STATUS',
  'ADR_OFFICIAL',
  'ADR_EASTING',
  'ADR_NORTHING',
] as const;

/**
 * LV95 (E, N in metres) to WGS84 degrees by swisstopo's approximate formulas ("Approximate formulas
 * for the transformation between Swiss projection coordinates and WGS84", accuracy about 1 m).
 */
export function lv95ToWgs84(easting: number, northing: number): { lat: number; lon: number } {
  const y = (easting - 2_600_000) / 1_000_000;
  const x = (northing - 1_200_000) / 1_000_000;
  const lon = 2.6779094 + 4.728982 * y + 0.791484 * y * x + 0.1306 * y * x * x - 0.0436 * y * y * y;
  const lat = 16.9023892 + 3.238272 * x - 0.270978 * y * y - 0.002528 * x * x - 0.0447 * y * y * x - 0.014 * x * x * x;
  return { lat: (lat * 100) / 36, lon: (lon * 100) / 36 };
}

export type DirectoryRow = BuildingRow & { egaid: number; official: boolean };

/** One data line into a row, or a reason it is skipped. */
export function directoryRow(fields: readonly string[], at: Record<(typeof DIRECTORY_COLUMNS)[number], number>): DirectoryRow | string {
  const get = (c: (typeof DIRECTORY_COLUMNS)[number]) => (fields[at[c]] ?? '').trim();
  const egaid = Number(get('ADR_EGAID'));
  if (!Number.isSafeInteger(egaid) || egaid <= 0) {
    return 'no EGAID';
  }
  // Planned or outdated addresses are not where anybody lives yet (or any more).
  const status = get('ADR_STATUS').toLowerCase();
  if (status !== '' && status !== 'real' && status !== 'existing') {
    return `status ${status}`;
  }
  const zip = /^(\d{4})\s+(.+)$/.exec(get('ZIP_LABEL'));
  if (!zip) {
    return 'no postcode';
  }
  const street = get('STN_LABEL');
  if (street === '') {
    return 'no street';
  }
  const e = Number(get('ADR_EASTING'));
  const n = Number(get('ADR_NORTHING'));
  if (!(e > 2_400_000 && e < 2_900_000 && n > 1_000_000 && n < 1_350_000)) {
    return 'no LV95 coordinates';
  }
  const official = get('ADR_OFFICIAL').toLowerCase();
  return {
    egaid,
    street,
    streetKey: streetKeyOf(street),
    number: get('ADR_NUMBER'),
    postcode: zip[1]!,
    locality: zip[2]!.trim(),
    ...lv95ToWgs84(e, n),
    official: official === '' || official === 'true' || official === '1',
  };
}

export interface DirectoryImport {
  imported: number;
  skipped: number;
}

/**
 * Replaces the directory by the file's rows, in one transaction (the checks see the old directory until
 * the new one is complete). Refuses a file without the columns it needs.
 */
export async function importDirectory(db: Db, input: Readable, opts: { batch?: number } = {}): Promise<DirectoryImport> {
  const batchSize = opts.batch ?? 5000;
  return db.transaction(async (tx) => {
    // Made here, right before it is read: an interface made earlier may end before the loop listens.
    const lines = createInterface({ input, crlfDelay: Infinity });
    type Columns = Record<(typeof DIRECTORY_COLUMNS)[number], number>;
    let at: Columns | null = null;
    let batch: DirectoryRow[] = [];
    let imported = 0;
    let skipped = 0;
    for await (const raw of lines) {
      const line = raw.replace(/^\uFEFF/, '');
      if (line.trim() === '') {
        continue;
      }
      const fields = line.split(';');
      if (!at) {
        const header = fields.map((h) => h.trim().replace(/^"|"$/g, '').toUpperCase());
        const missing = DIRECTORY_COLUMNS.filter((c) => !header.includes(c));
        if (missing.length > 0) {
          throw new Error(`not swisstopo's building address CSV: missing ${missing.join(', ')}`);
        }
        at = Object.fromEntries(DIRECTORY_COLUMNS.map((c) => [c, header.indexOf(c)])) as Columns;
        await clearDirectory(tx);
        continue;
      }
      const row = directoryRow(
        fields.map((f) => f.replace(/^"|"$/g, '')),
        at,
      );
      if (typeof row === 'string') {
        skipped += 1;
        continue;
      }
      batch.push(row);
      if (batch.length >= batchSize) {
        await insertBuildings(tx, batch);
        imported += batch.length;
        batch = [];
      }
    }
    if (!at) {
      throw new Error('the file is empty');
    }
    await insertBuildings(tx, batch);
    imported += batch.length;
    return { imported, skipped };
  });
}
