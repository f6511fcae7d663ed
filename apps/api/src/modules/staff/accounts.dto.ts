import { roleById, type AccountDto, type UserWithAccountDto } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { mayBlock } from '../auth/index.ts';
import { toUserListItemDto } from './dto.ts';
import type { AccountWithUser } from './accounts.repo.ts';

/** An account row of the accounts-settings page, with what the signed-in admin may do with it. */
export function toAccountDto(row: AccountWithUser, actor: Actor): AccountDto {
  const role = roleById(row.user.roleId);
  if (!role) {
    throw new Error(`user ${row.user.id} has the unknown role id ${row.user.roleId}`);
  }
  return {
    id: row.account.id,
    user: {
      id: row.user.id,
      name: row.user.name,
      surname: row.user.surname,
      email: row.user.email,
      role: { id: role.id, code: role.code, abbr: role.abbr },
      is_active: row.user.isActive,
      signed_up: row.user.signedUp,
    },
    access_to_clients: row.account.accessToClients,
    telephony_user_id: row.account.telephonyUserId,
    telephony_number: row.account.telephonyNumber,
    updated_at: row.account.updatedAt.toISOString(),
    can_block: mayBlock(actor, row.user.id),
  };
}

export function toUserWithAccountDto(row: AccountWithUser): UserWithAccountDto {
  return {
    ...toUserListItemDto(row.user),
    account: {
      id: row.account.id,
      access_to_clients: row.account.accessToClients,
      telephony_user_id: row.account.telephonyUserId,
      telephony_number: row.account.telephonyNumber,
    },
  };
}
