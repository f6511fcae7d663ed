import { SNAPSHOTS_KEPT, type SavedSnapshotDto, type SnapshotsDto, type TableName } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { toSavedSnapshotDto, toSnapshotsDto } from './dto.ts';
import { refuseReading, refuseSaving } from './policy.ts';
import { insertSnapshot, latestPerTable, pruneSnapshots } from './repo.ts';

export async function latestSnapshots(db: Db, actor: Actor, userId: number): Promise<SnapshotsDto> {
  await refuseReading(db, actor, userId);
  return toSnapshotsDto(await latestPerTable(db, userId));
}

export interface SnapshotInput {
  tableName: TableName;
  configName: string;
  snapshot: Record<string, unknown>;
  timestamp?: string | undefined;
}

/**
 * Stores a new layout and keeps the newest SNAPSHOTS_KEPT of that user and table. The browser may
 * say when the change was made; a time ahead of the server's clock is taken as now, so a wrong clock
 * cannot pin a layout that later saves would never replace.
 */
export async function saveSnapshot(
  db: Db,
  actor: Actor,
  userId: number,
  input: SnapshotInput,
  now = new Date(),
): Promise<SavedSnapshotDto> {
  refuseSaving(actor, userId);
  const given = input.timestamp ? new Date(input.timestamp) : now;
  const timestamp = given.getTime() > now.getTime() ? now : given;
  return db.transaction(async (tx) => {
    const row = await insertSnapshot(tx, {
      userId,
      tableName: input.tableName,
      configName: input.configName,
      snapshot: input.snapshot,
      timestamp,
    });
    await pruneSnapshots(tx, userId, input.tableName, SNAPSHOTS_KEPT);
    return toSavedSnapshotDto({ ...row, tableName: input.tableName });
  });
}
