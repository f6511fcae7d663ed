import { isSpecialLocation, type LocationDto, type LocationWithUsersDto } from '@bo/domain';
import type { LocationRow } from './repo.ts';

/** What leaves the server about a location, with what the admin may do with it. */
export function toLocationDto(row: LocationRow, users: number): LocationDto {
  const fixed = isSpecialLocation(row.id);
  return {
    id: row.id,
    code: row.code,
    city: row.city,
    display_name: row.displayName,
    index: row.index,
    type: row.type,
    users,
    can_change: !fixed,
    can_delete: !fixed && users === 0,
  };
}

export function toLocationWithUsersDto(row: LocationRow, users: number): LocationWithUsersDto {
  return { id: row.id, code: row.code, display_name: row.displayName, city: row.city, type: row.type, users };
}
