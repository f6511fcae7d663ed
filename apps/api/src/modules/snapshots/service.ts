import { can, SNAPSHOTS_KEPT, type SavedSnapshotDto, type SnapshotsDto, type TableName } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { toSavedSnapshotDto, toSnapshotsDto } from './dto.ts';
import { insertSnapshot, latestPerTable, pruneSnapshots, userExists } from './repo.ts';

/**
 * `{id}` of `/api/general/snapshot/{id}` is a user id: the layouts are that user's. Everyone reads and
 * saves their own; whoever may list all users (the admin) may also read anyone's, to see what a user
 * sees. Nobody saves layouts for someone else: a layout is a personal preference.
 */
async function assertMayRead(db: Db, actor: Actor, userId: number): Promise<void> {
  if (actor.userId === userId) {
    return;
  }
  if (!can(actor.role, 'users.read')) {
    throw new AppError('Not allowed.');
  }
  if (!(await userExists(db, userId))) {
    throw new AppError('UNKNOWN_USER_ID');
  }
}

export async function latestSnapshots(db: Db, actor: Actor, userId: number): Promise<SnapshotsDto> {
  await assertMayRead(db, actor, userId);
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
  if (actor.userId !== userId) {
    throw new AppError('Not allowed.');
  }
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
