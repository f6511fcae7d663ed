import { type LocationBody, type LocationDto, type LocationListDto, type LocationsQuery, type LocationWithUsersDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { audit } from '../audit/index.ts';
import { toLocationDto, toLocationWithUsersDto } from './dto.ts';
import { assertChangeable } from './policy.ts';
import * as repo from './repo.ts';

export async function locationsPage(db: Db, query: LocationsQuery): Promise<LocationListDto> {
  const { rows, total } = await repo.listLocations(db, query);
  return { data: rows.map((r) => toLocationDto(r.location, r.users)), total, limit: query.limit, offset: query.offset };
}

export async function locationsWithUsers(db: Db): Promise<LocationWithUsersDto[]> {
  const rows = await repo.allLocationsWithUsers(db);
  return rows.map((r) => toLocationWithUsersDto(r.location, r.users));
}

async function assertCodeFree(tx: Tx, code: string, ownId: number | null): Promise<void> {
  const owner = await repo.findCodeOwner(tx, code);
  if (owner !== undefined && owner !== ownId) {
    throw new AppError('LOCATION_CODE_TAKEN', {
      message: `The code ${code} is already used by another location.`,
      fieldValidation: { code: 'already_taken' },
    });
  }
}

function changes(before: repo.LocationRow, after: repo.LocationRow): Record<string, { from: string; to: string }> {
  const out: Record<string, { from: string; to: string }> = {};
  for (const key of ['code', 'city', 'displayName', 'index', 'type'] as const) {
    if (before[key] !== after[key]) {
      out[key] = { from: before[key], to: after[key] };
    }
  }
  return out;
}

export async function createLocation(db: Db, actor: Actor, body: LocationBody, meta: RequestMeta): Promise<LocationDto> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, body.code, null);
    const row = await repo.insertLocation(tx, body);
    await audit(tx, { actorId: actor.userId, action: 'location.created', ip: meta.ip, details: { id: row.id, code: row.code } });
    return toLocationDto(row, 0);
  });
}

export async function updateLocation(db: Db, actor: Actor, id: number, body: LocationBody, meta: RequestMeta): Promise<LocationDto> {
  assertChangeable(id, 'changed');
  return db.transaction(async (tx) => {
    const found = await repo.findLocation(tx, id, { lock: true });
    if (!found) {
      throw new AppError('UNKNOWN_LOCATION_ID');
    }
    await assertCodeFree(tx, body.code, id);
    const row = (await repo.updateLocation(tx, id, body))!;
    await audit(tx, {
      actorId: actor.userId,
      action: 'location.updated',
      ip: meta.ip,
      details: { id, changes: changes(found.location, row) },
    });
    return toLocationDto(row, found.users);
  });
}

/**
 * A location that clients came from stays: deleting it would silently erase where those leads were
 * collected. The row lock keeps a client from being linked to it between the count and the delete.
 */
export async function deleteLocation(db: Db, actor: Actor, id: number, meta: RequestMeta): Promise<{ id: number }> {
  assertChangeable(id, 'deleted');
  return db.transaction(async (tx) => {
    const found = await repo.findLocation(tx, id, { lock: true });
    if (!found) {
      throw new AppError('UNKNOWN_LOCATION_ID');
    }
    if (found.users > 0) {
      throw new AppError('LOCATION_IN_USE', {
        message: `${found.location.displayName} is the lead source of ${found.users} client(s) and cannot be deleted.`,
      });
    }
    await repo.deleteLocation(tx, id);
    await audit(tx, {
      actorId: actor.userId,
      action: 'location.deleted',
      ip: meta.ip,
      details: { id, code: found.location.code, display_name: found.location.displayName },
    });
    return { id };
  });
}
