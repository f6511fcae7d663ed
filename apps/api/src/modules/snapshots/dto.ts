import { isTableName, type SavedSnapshotDto, type SnapshotEntryDto, type SnapshotsDto } from '@bo/domain';
import type { SnapshotRow } from './repo.ts';

/** What leaves the server of a snapshot row: never its id or owner. */
export function toSnapshotEntryDto(row: SnapshotRow): SnapshotEntryDto {
  return { configName: row.configName, snapshot: row.snapshot, timestamp: row.timestamp.toISOString() };
}

/** Rows of tables the product no longer has are left out rather than failing the answer. */
export function toSnapshotsDto(rows: readonly SnapshotRow[]): SnapshotsDto {
  const data: SnapshotsDto['data'] = {};
  for (const row of rows) {
    if (isTableName(row.tableName)) {
      data[row.tableName] = toSnapshotEntryDto(row);
    }
  }
  return { data };
}

export function toSavedSnapshotDto(row: SnapshotRow & { tableName: SavedSnapshotDto['data']['tableName'] }): SavedSnapshotDto {
  return { data: { tableName: row.tableName, ...toSnapshotEntryDto(row) } };
}
