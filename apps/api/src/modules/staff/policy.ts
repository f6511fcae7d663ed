import { roleByCode } from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import type { Tx } from '../../db/client.ts';
import { findUserRole } from './accounts.repo.ts';

/** Accounts are for staff: the user named for one, if they are staff; a client is refused (they have no account). */
export async function staffUserOf(tx: Tx, userId: number): Promise<{ id: number }> {
  const found = await findUserRole(tx, userId);
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  if (found.roleId === roleByCode('user').id) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Clients have no account: access to clients is set for staff users.',
      fieldValidation: { userId: 'invalid_value' },
    });
  }
  return { id: found.id };
}
