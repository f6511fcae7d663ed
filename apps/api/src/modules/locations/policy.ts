import { isSpecialLocation } from '@bo/domain';
import { AppError, refused } from '../../core/errors.ts';

/** Ids beyond PostgreSQL's integer cannot exist; asking for one is an unknown id, not a database error. */
const MAX_ID = 2_147_483_647;

/** A location may be changed or deleted unless it is the special one (leads without an event or mall). */
export function assertChangeable(id: number, doing: 'changed' | 'deleted'): void {
  if (id > MAX_ID) {
    throw new AppError('UNKNOWN_LOCATION_ID');
  }
  if (isSpecialLocation(id)) {
    throw refused('special_location', `The special location (leads without an event or mall) cannot be ${doing}.`);
  }
}
