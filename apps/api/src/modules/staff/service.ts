import {
  agentName,
  INVITATION_TTL_DAYS,
  normalisePhone,
  ROLE_CODES,
  roleByCode,
  SIGNUP_MAIL_KIND,
  signupMailFor,
  type AgentDto,
  type AgentsQuery,
  type CreatedStaffDto,
  type CreateStaffBody,
  type PlainUsersQuery,
  type RoleCode,
  type SalesAgentUserDto,
  type SignupMail,
  type SignupMailAnswer,
  type UserListDto,
  type UsersQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { createAccountFor } from './accounts.service.ts';
import { audit } from '../audit/index.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { issueInvitation, type AuthDeps } from '../auth/index.ts';
import { queueMail } from '../mail/index.ts';
import { toAgentDto, toPlainUserDto, toSalesAgentUserDto, toUserListItemDto } from './dto.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

const roleIds = (roles: readonly RoleCode[]) => roles.map((r) => roleByCode(r).id);

/**
 * POST /api/staff: the user (without a password: they choose it through the signup mail) and their
 * account, in one transaction. A taken e-mail is refused before anything is written; two admins
 * racing for the same address meet the unique index, which answers the same 409.
 */
export async function createStaff(deps: AuthDeps, actor: Actor, body: CreateStaffBody, meta: RequestMeta): Promise<CreatedStaffDto> {
  const created = await deps.db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, body.email)) {
      throw new AppError('duplicated email', { fieldValidation: { email: 'already_taken' } });
    }
    const user = await repo.insertUser(tx, {
      roleId: roleByCode(body.role).id,
      email: body.email,
      passwordHash: null,
      name: body.name,
      surname: body.surname,
      phone: body.phone || null,
      phoneE164: normalisePhone(body.phone) ?? null,
      locale: body.locale,
      createdById: actor.userId,
    });
    const accountId = await createAccountFor(tx, user.id);
    await audit(tx, { actorId: actor.userId, action: 'staff.created', targetUserId: user.id, ip: meta.ip, details: { role: body.role } });
    // The invitation goes out with the creation: the mail that suits the role (SIGNUP_MAILS).
    const invitation = await inviteIn(tx, deps, actor, user, signupMailFor(body.role), meta);
    return { ...toUserListItemDto(user), account_id: accountId, invitation };
  });
  deps.onMailQueued();
  return created;
}

/**
 * The signup mail or the inner signup mail (see SIGNUP_MAILS): a new single-use invitation link, valid
 * INVITATION_TTL_DAYS days, that replaces any older one of the user, and the mail in the user's language.
 * Someone who already chose a password is not invited again: they reset it themselves.
 */
export async function sendSignupMail(
  deps: AuthDeps,
  actor: Actor,
  userId: number,
  mail: SignupMail,
  meta: RequestMeta,
): Promise<SignupMailAnswer['data']> {
  const sent = await deps.db.transaction(async (tx) => {
    // Locked: two clicks at once leave exactly one working link.
    const user = await repo.findUser(tx, userId, { lock: true });
    if (!user) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    return inviteIn(tx, deps, actor, user, mail, meta);
  });
  deps.onMailQueued();
  return sent;
}

/**
 * Inside the caller's transaction: a new single-use invitation link for `user` (replacing any older
 * one) and the mail `mail` with it, in the user's language; refused to a user who chose a password,
 * is blocked or has no e-mail.
 */
async function inviteIn(
  tx: Tx,
  deps: AuthDeps,
  actor: Actor,
  user: { id: number; name: string; surname: string; email: string | null; locale: string; signedUp: boolean; isActive: boolean },
  mail: SignupMail,
  meta: RequestMeta,
): Promise<SignupMailAnswer['data']> {
  const name = agentName(user.name, user.surname);
  if (user.signedUp) {
    throw new AppError('ALREADY_SIGNED_UP', {
      message: `${name} has already chosen a password and can reset it with "Forgot your password?" on the sign-in page.`,
    });
  }
  if (!user.isActive) {
    throw new AppError('ACCOUNT_BLOCKED', { message: `The account of ${name} is blocked: unblock it before sending the signup mail.` });
  }
  if (!user.email) {
    throw new AppError('VALIDATION_ERROR', {
      message: `${name} has no e-mail address.`,
      fieldValidation: { email: 'field_is_required' },
    });
  }
  const { secret, expiresAt } = await issueInvitation(tx, user.id, INVITATION_TTL_DAYS * DAY_MS);
  const kind = SIGNUP_MAIL_KIND[mail];
  await queueMail(tx, {
    kind,
    to: user.email,
    locale: user.locale,
    userId: user.id,
    vars: {
      name,
      email: user.email,
      days: String(INVITATION_TTL_DAYS),
      link: `${deps.config.publicUrl}/signup?hash=${encodeURIComponent(secret)}`,
    },
  });
  await audit(tx, { actorId: actor.userId, action: 'staff.invited', targetUserId: user.id, ip: meta.ip, details: { mail: kind } });
  return { user_id: user.id, kind, to: user.email, expires_at: expiresAt.toISOString() };
}

export async function usersPage(db: Db, query: UsersQuery): Promise<UserListDto> {
  const roles = query.roles && query.roles.length > 0 ? [...new Set(query.roles)] : undefined;
  const { rows, total } = await repo.listUsers(
    db,
    { roleIds: roleIds(roles ?? ROLE_CODES), search: query.search, isActive: query.is_active },
    query,
  );
  return { data: rows.map(toUserListItemDto), total, limit: query.limit, offset: query.offset };
}

export async function plainUsersPage(db: Db, query: PlainUsersQuery) {
  const { rows, total } = await repo.listUsers(db, { roleIds: roleIds(['user']), search: query.search, isActive: query.is_active }, query);
  return { data: rows.map(toPlainUserDto), total, limit: query.limit, offset: query.offset };
}

async function agentsOf(db: Db, roles: readonly RoleCode[], query: AgentsQuery) {
  return repo.listUsers(
    db,
    { roleIds: roleIds(roles), search: query.search, isActive: query.is_active },
    { limit: query.limit, offset: query.offset, orderBy: 'name', orderMethod: 'asc' },
  );
}

export async function agentsPage(db: Db, role: 'sales_agent' | 'call_agent', query: AgentsQuery) {
  const { rows, total } = await agentsOf(db, [role], query);
  return { data: rows.map((r): AgentDto => toAgentDto(r)), total, limit: query.limit, offset: query.offset };
}

/** Everyone who can be sent to perform a presentation: sales agents and independent agents. */
export async function salesAgentUsersPage(db: Db, query: AgentsQuery) {
  const { rows, total } = await agentsOf(db, ['sales_agent', 'independent_agent'], query);
  return { data: rows.map((r): SalesAgentUserDto => toSalesAgentUserDto(r)), total, limit: query.limit, offset: query.offset };
}
