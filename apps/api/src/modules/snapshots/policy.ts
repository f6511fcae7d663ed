import { can } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { userExists } from './repo.ts';

/*
 * `{id}` of `/api/general/snapshot/{id}` is a user id: the layouts are that user's. Everyone reads and
 * saves their own; whoever may list all users (the admin) may also read anyone's, to see what a user
 * sees. Nobody saves layouts for someone else: a layout is a personal preference.
 */

export async function refuseReading(db: Db, actor: Actor, userId: number): Promise<void> {
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

export function refuseSaving(actor: Actor, userId: number): void {
  if (actor.userId !== userId) {
    throw new AppError('Not allowed.');
  }
}
