import {
  roleByCode,
  roleById,
  type RoleCode,
  STAFF_ROLE_CODES,
  type AccountBody,
  type AccountDto,
  type AccountListDto,
  type AccountsQuery,
  type ClientAccess,
  type UserAccessibilityBody,
  type UserWithAccountDto,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { audit } from '../audit/index.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { toAccountDto, toUserWithAccountDto } from './accounts.dto.ts';
import * as repo from './accounts.repo.ts';
import { staffUserOf } from './policy.ts';

function filterOf(query: AccountsQuery): repo.AccountFilter {
  const roles = query.roles && query.roles.length > 0 ? query.roles : STAFF_ROLE_CODES;
  return { roleIds: roles.map((r) => roleByCode(r).id), search: query.search, isActive: query.is_active };
}

export async function accountsPage(db: Db, actor: Actor, query: AccountsQuery): Promise<AccountListDto> {
  const { rows, total } = await repo.listAccounts(db, filterOf(query), query);
  return { data: rows.map((r) => toAccountDto(r, actor)), total, limit: query.limit, offset: query.offset };
}

export async function usersWithAccountsPage(db: Db, query: AccountsQuery) {
  const { rows, total } = await repo.listAccounts(db, filterOf(query), query);
  return { data: rows.map((r): UserWithAccountDto => toUserWithAccountDto(r)), total, limit: query.limit, offset: query.offset };
}

function unknownAccount(id: number): AppError {
  return new AppError('UNKNOWN_ACCOUNT_ID', { message: `There is no account ${id}.` });
}

export async function getAccount(db: Db, actor: Actor, id: number): Promise<AccountDto> {
  const row = await repo.findAccount(db, id);
  if (!row) {
    throw unknownAccount(id);
  }
  return toAccountDto(row, actor);
}

/** Field → before and after, for the audit log. */
function changesOf(before: repo.AccountRow, after: repo.AccountChanges): Record<string, { from: string | null; to: string | null }> {
  const out: Record<string, { from: string | null; to: string | null }> = {};
  for (const key of ['accessToClients', 'telephonyUserId', 'telephonyNumber'] as const) {
    const to = after[key];
    if (to !== undefined && to !== before[key]) {
      out[key] = { from: before[key], to };
    }
  }
  return out;
}

const orNull = (v: string | null) => (v === null || v === '' ? null : v);

/** PUT /api/account/{id}: the access to clients and the telephony settings, all at once. */
export async function updateAccount(db: Db, actor: Actor, id: number, body: AccountBody, meta: RequestMeta): Promise<AccountDto> {
  return db.transaction(async (tx) => {
    const found = await repo.findAccount(tx, id, { lock: true });
    if (!found) {
      throw unknownAccount(id);
    }
    const changes: repo.AccountChanges = {
      accessToClients: body.access_to_clients,
      telephonyUserId: orNull(body.telephony_user_id),
      telephonyNumber: orNull(body.telephony_number),
    };
    await repo.updateAccount(tx, id, changes);
    await audit(tx, {
      actorId: actor.userId,
      action: 'account.updated',
      targetUserId: found.user.id,
      ip: meta.ip,
      details: { account_id: id, changes: changesOf(found.account, changes) },
    });
    return toAccountDto((await repo.findAccount(tx, id))!, actor);
  });
}

/**
 * POST /api/user-accessibility: which clients a staff user's account reaches (all, b2c, b2b, none;
 * the clients list enforces it). A staff user without an account row gets one; clients have no account.
 */
export async function setUserAccessibility(db: Db, actor: Actor, body: UserAccessibilityBody, meta: RequestMeta): Promise<AccountDto> {
  return db.transaction(async (tx) => {
    const staff = await staffUserOf(tx, body.userId);
    const accountId = await repo.ensureAccount(tx, staff.id);
    const before = (await repo.findAccount(tx, accountId, { lock: true }))!;
    await repo.updateAccount(tx, accountId, { accessToClients: body.access });
    await audit(tx, {
      actorId: actor.userId,
      action: 'account.updated',
      targetUserId: staff.id,
      ip: meta.ip,
      details: { account_id: accountId, changes: changesOf(before.account, { accessToClients: body.access }) },
    });
    return toAccountDto((await repo.findAccount(tx, accountId))!, actor);
  });
}

/** The account that goes with a new staff user (access to all clients, no telephony), in the caller's transaction. */
export function createAccountFor(tx: Tx, userId: number): Promise<number> {
  return repo.ensureAccount(tx, userId);
}

/** What a staff user's account allows with clients and telephony; null for a user without an account. */
export async function accountSettingsOf(
  tx: Tx,
  userId: number,
): Promise<{ access: ClientAccess; telephonyUserId: string | null; telephonyNumber: string | null } | null> {
  const found = await repo.findAccountOfUser(tx, userId);
  return found
    ? {
        access: found.account.accessToClients,
        telephonyUserId: found.account.telephonyUserId,
        telephonyNumber: found.account.telephonyNumber,
      }
    : null;
}

/** The staff user a telephony provider's user id belongs to (their account's telephony settings), or null. */
export async function agentOfTelephonyUser(tx: Tx, telephonyUserId: string): Promise<{ userId: number; role: RoleCode } | null> {
  const found = telephonyUserId.trim() ? await repo.findAgentOfTelephonyUser(tx, telephonyUserId.trim()) : undefined;
  const role = found?.isActive ? roleById(found.roleId) : undefined;
  return found && role ? { userId: found.userId, role: role.code } : null;
}
