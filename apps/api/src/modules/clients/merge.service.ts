import { mergePhones, normalisePhone, type ClientRowDto } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import { announceClientUpdated, announceListing, roomsOfClient, rowOf, type ClientsDeps } from './live.service.ts';
import { areDuplicates } from './matches.service.ts';
import { belongingsOf, lockClients, mergeClients, snapshotOf } from './merge.repo.ts';
import { clientFlagsOf, clientIn, viewerOf } from './policy.ts';

/**
 * Merge duplicates: everything of `merge_id` moves to `keep_id` in one transaction, the merged record
 * is deleted and kept whole in the audit log. Counts of what moved are logged as well.
 */
export async function mergeDuplicates(
  deps: Pick<ClientsDeps, 'db' | 'publish' | 'onClientRemoved'>,
  actor: Actor,
  keepId: number,
  mergeId: number,
  meta: RequestMeta,
): Promise<ClientRowDto> {
  if (keepId === mergeId) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { merge_id: 'invalid_value' } });
  }
  const rooms = await deps.db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor);
    const locked = await lockClients(tx, [keepId, mergeId]);
    if (locked.length !== 2) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    const { user: kept } = await clientIn(tx, viewer, keepId);
    const { user: merged } = await clientIn(tx, viewer, mergeId);
    // Only duplicates are merged, by the one definition the tab shows them with (the duplicate engine),
    // from either side.
    if (!(await areDuplicates(tx, kept, merged))) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'The two clients are no duplicates of each other.',
        fieldValidation: { merge_id: 'invalid_value' },
      });
    }
    const snapshot = await snapshotOf(tx, mergeId);
    const moved = await belongingsOf(tx, mergeId);
    // Read before the merge moves the presentations to the kept client.
    const mergedRooms = await roomsOfClient(tx, merged);
    const phones = mergePhones(
      { phone: kept.phone, mobile_phone: kept.mobilePhone },
      { phone: merged.phone, mobile_phone: merged.mobilePhone },
    );
    await mergeClients(tx, keepId, mergeId, {
      phone: phones.phone,
      phoneE164: normalisePhone(phones.phone) ?? null,
      mobilePhone: phones.mobile_phone,
      mobilePhoneE164: normalisePhone(phones.mobile_phone) ?? null,
      left: phones.left,
    });
    await audit(tx, {
      action: 'client.merged',
      actorId: actor.userId,
      targetUserId: keepId,
      ip: meta.ip,
      details: { kept_id: keepId, merged_id: mergeId, merged: snapshot, moved },
    });
    return mergedRooms;
  });
  deps.onClientRemoved?.(mergeId);
  announceListing(deps, rooms, { deleted_id: mergeId, inserted: null });
  await announceClientUpdated(deps, actor, keepId);
  const row = await rowOf(deps.db, keepId);
  if (!row) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return { ...row, ...clientFlagsOf(actor) };
}
