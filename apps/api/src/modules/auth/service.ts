import type { Actor, RequestMeta } from '../../core/actor.ts';
import { hash, verify } from '@node-rs/argon2';
import {
  normalisePhone,
  roleByCode,
  type CurrentUserDto,
  type EditCurrentBody,
  type LoginBody,
  type RoleCode,
  type SignupBody,
} from '@bo/domain';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { ResolvedSession, SessionCache } from '../../http/session-cache.ts';
import { audit } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { toCurrentUserDto } from './dto.ts';
import { mayBlock, mayLoginAs } from './policy.ts';
import * as repo from './repo.ts';
import { newCode, newSecret, sha256 } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  config: Config;
  /** Called after a transaction that queued mail has committed. */
  onMailQueued: () => void;
  /** Called after every session of a user was ended, to close their live connections too. */
  onSessionsEnded?: (userId: number) => void;
  /** Called after one session was ended (sign-out, switching user, a password change elsewhere): its live connections close. */
  onSessionEnded?: (sessionId: string) => void;
  /** Called after a change of what a user may see (their account's access to clients): their live connections follow it. */
  onScopeChanged?: (viewer: { userId: number; role: RoleCode }) => Promise<void>;
  /** The sessions this process looked up lately: whatever ends a session here forgets it there. */
  sessions: SessionCache;
}

const CODE_TTL_MS = 15 * 60_000;
const RECOVERY_TTL_MS = 60 * 60_000;
// Compared against when the e-mail is unknown, so that the answer takes as long as for a real user.
const DUMMY_HASH = await hash('not-a-real-password');

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

async function dtoFor(db: Db, user: repo.UserRow, roleCode: string, impersonatorId: number | null): Promise<CurrentUserDto> {
  let impersonator: { id: number; name: string } | null = null;
  if (impersonatorId !== null) {
    const found = await repo.findUserById(db, impersonatorId);
    impersonator = found ? { id: found.user.id, name: `${found.user.name} ${found.user.surname}`.trim() } : null;
  }
  return toCurrentUserDto(user, roleCode as RoleCode, impersonator);
}

export function resolveSession(deps: AuthDeps, token: string): Promise<Actor | null> {
  return deps.sessions.resolve(sha256(token), () => liveSessionOf(deps, token));
}

/**
 * The session of a token as the database holds it now, not as this process remembers it, with the
 * moment it ends: a live connection is opened and kept on this answer.
 */
export async function liveSessionOf(deps: AuthDeps, token: string): Promise<ResolvedSession | null> {
  const row = await repo.findLiveSession(deps.db, sha256(token));
  if (!row || !row.user.isActive) {
    return null;
  }
  const actor = { userId: row.user.id, role: row.roleCode as RoleCode, sessionId: row.sessionId, impersonatorId: row.impersonatorId };
  return { actor, expiresAt: row.expiresAt };
}

/**
 * Every session of the user ended: forgotten by this process and their live connections closed. Also
 * called by whatever deleted a user (and their sessions with it), such as deleting or merging a client.
 */
export function sessionsEnded(deps: AuthDeps, userId: number): void {
  deps.sessions.forgetUser(userId);
  deps.onSessionsEnded?.(userId);
}

/** One session ended: forgotten by this process and its live connections closed; the user's others stay. */
function sessionEnded(deps: AuthDeps, sessionId: string): void {
  deps.sessions.forgetSession(sessionId);
  deps.onSessionEnded?.(sessionId);
}

async function openSession(deps: AuthDeps, userId: number, meta: RequestMeta, impersonatorId: number | null = null): Promise<string> {
  const token = newSecret();
  await repo.insertSession(deps.db, {
    id: sha256(token),
    userId,
    impersonatorId,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
    expiresAt: new Date(Date.now() + deps.config.sessionTtlMs),
  });
  return token;
}

/**
 * Too many failures within the window: refused before the password is even checked. Counted per account
 * and address, so one mistyping colleague does not lock out an office behind one address; an address
 * that fails on many accounts (password spraying) is refused as a whole at a higher count.
 */
async function assertNotThrottled(deps: AuthDeps, ip: string, email: string): Promise<void> {
  const since = new Date(Date.now() - deps.config.login.windowMs);
  const failures = await repo.countFailuresSince(deps.db, ip, email, since);
  if (failures.account >= deps.config.login.maxFailures || failures.address >= deps.config.login.maxFailuresPerAddress) {
    await audit(deps.db, { actorId: null, action: 'auth.ip_blocked', ip });
    throw new AppError('IP blocked');
  }
}

/**
 * A request that mails a secret (a signup code, a recovery link) is refused with `IP blocked` once its
 * recipient or the client address asked often enough within the window, whether the address belongs
 * to an account or not, so the answer tells nothing about accounts. Only accepted requests count.
 */
async function admitMailRequest(deps: AuthDeps, kind: 'signup_code' | 'recovery', email: string, ip: string): Promise<void> {
  const limits = deps.config.mailRequests;
  const since = new Date(Date.now() - limits.windowMs);
  const asked = await repo.countMailRequestsSince(deps.db, email, ip, since);
  if (asked.recipient >= limits.perRecipient || asked.address >= limits.perAddress) {
    await audit(deps.db, { actorId: null, action: 'auth.ip_blocked', ip, details: { request: kind } });
    throw new AppError('IP blocked');
  }
  await repo.insertMailRequest(deps.db, { kind, email, ip });
}

export async function login(deps: AuthDeps, body: LoginBody, meta: RequestMeta): Promise<{ token: string; user: CurrentUserDto }> {
  await assertNotThrottled(deps, meta.ip, body.email);
  const found = await repo.findUserByEmail(deps.db, body.email);
  const ok = await verify(found?.user.passwordHash ?? DUMMY_HASH, body.password);
  if (!found || !found.user.passwordHash || !ok) {
    await repo.insertFailure(deps.db, meta.ip, body.email);
    await audit(deps.db, { actorId: found?.user.id ?? null, action: 'auth.login_failed', ip: meta.ip, details: { email: body.email } });
    throw new AppError('wrong password');
  }
  if (!found.user.isActive) {
    throw new AppError('ACCOUNT_BLOCKED', { message: 'This account is blocked.' });
  }
  const token = await openSession(deps, found.user.id, meta);
  await audit(deps.db, { actorId: found.user.id, action: 'auth.login', ip: meta.ip });
  return { token, user: await dtoFor(deps.db, found.user, found.roleCode, null) };
}

export async function logout(deps: AuthDeps, actor: Actor, meta: RequestMeta): Promise<void> {
  await repo.deleteSession(deps.db, actor.sessionId);
  sessionEnded(deps, actor.sessionId);
  await audit(deps.db, { actorId: actor.userId, action: 'auth.logout', ip: meta.ip });
}

export async function current(deps: AuthDeps, actor: Actor): Promise<CurrentUserDto> {
  const found = await repo.findUserById(deps.db, actor.userId);
  if (!found) {
    throw new AppError('unauthorized');
  }
  return dtoFor(deps.db, found.user, found.roleCode, actor.impersonatorId);
}

type ProfileFields = Omit<EditCurrentBody, 'current_password' | 'new_password'>;

const orNull = (v: string) => v || null;

/** Profile field → column; an empty text clears the column, phones get their E.164 lookup form. */
function profileValues(fields: ProfileFields): Partial<repo.NewUser> {
  const values: Partial<repo.NewUser> = {
    name: fields.name,
    surname: fields.surname,
    email: fields.email,
    address: fields.address === undefined ? undefined : orNull(fields.address),
    zipcode: fields.zipcode === undefined ? undefined : orNull(fields.zipcode),
    city: fields.city === undefined ? undefined : orNull(fields.city),
    gender: fields.gender,
    relations: fields.relations,
    workingStatus: fields.working_status,
    personsAtHome: fields.persons_at_home,
    locale: fields.locale,
    themeColour: fields.theme_colour,
  };
  if (fields.phone !== undefined) {
    values.phone = orNull(fields.phone);
    values.phoneE164 = normalisePhone(fields.phone) ?? null;
  }
  if (fields.mobile_phone !== undefined) {
    values.mobilePhone = orNull(fields.mobile_phone);
    values.mobilePhoneE164 = normalisePhone(fields.mobile_phone) ?? null;
  }
  // Drizzle would write undefined as "no change" anyway; dropping the keys keeps the statement short.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

export async function editCurrent(deps: AuthDeps, actor: Actor, body: EditCurrentBody, meta: RequestMeta): Promise<CurrentUserDto> {
  const found = await repo.findUserById(deps.db, actor.userId);
  if (!found) {
    throw new AppError('unauthorized');
  }
  const { current_password: currentPassword, new_password: newPassword, ...fields } = body;
  const values = profileValues(fields);
  // The sign-in e-mail decides where recovery links go: changing it takes the password, as a new password does.
  const emailChanges = fields.email !== undefined && fields.email.toLowerCase() !== found.user.email?.toLowerCase();
  if (emailChanges && !currentPassword) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { current_password: 'field_is_required' } });
  }
  if (newPassword || emailChanges) {
    const ok = found.user.passwordHash ? await verify(found.user.passwordHash, currentPassword ?? '') : false;
    if (!ok) {
      throw new AppError('wrong password', { fieldValidation: { current_password: 'invalid_value' } });
    }
  }
  if (newPassword) {
    values.passwordHash = await hashPassword(newPassword);
  }
  const { updated, endedSessions } = await deps.db.transaction(async (tx) => {
    const row = await repo.updateUser(tx, actor.userId, values);
    let ended: string[] = [];
    if (newPassword) {
      // As after a reset: whoever signed in with the old password is out; this session stays.
      ended = await repo.deleteOtherSessionsOfUser(tx, actor.userId, actor.sessionId);
      await audit(tx, { actorId: actor.userId, action: 'auth.password_changed', ip: meta.ip });
    }
    if (emailChanges) {
      await audit(tx, { actorId: actor.userId, action: 'auth.email_changed', ip: meta.ip });
    }
    return { updated: row, endedSessions: ended };
  });
  for (const sessionId of endedSessions) {
    sessionEnded(deps, sessionId);
  }
  if (!updated) {
    throw new AppError('unauthorized');
  }
  return dtoFor(deps.db, updated, found.roleCode, actor.impersonatorId);
}

/**
 * Mails a six-digit code that a new client needs to sign up. An address that has an account already
 * gets a note with the way in instead, and the answer is the same either way, so it reveals no accounts.
 */
export async function sendCode(deps: AuthDeps, email: string, locale: string | undefined, meta: RequestMeta): Promise<void> {
  await admitMailRequest(deps, 'signup_code', email, meta.ip);
  const existing = await repo.findUserByEmail(deps.db, email);
  if (existing) {
    await deps.db.transaction(async (tx) => {
      await queueMail(tx, {
        kind: 'account_exists',
        to: email,
        locale: existing.user.locale,
        userId: existing.user.id,
        vars: { login: `${deps.config.publicUrl}/login`, recovery: `${deps.config.publicUrl}/recovery` },
      });
    });
    deps.onMailQueued();
    return;
  }
  const code = newCode();
  await deps.db.transaction(async (tx) => {
    await repo.retireTokens(tx, 'signup_code', { email });
    await repo.insertToken(tx, {
      kind: 'signup_code',
      tokenHash: sha256(`${email}:${code}`),
      email,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    await queueMail(tx, { kind: 'signup_code', to: email, locale, vars: { code } });
  });
  deps.onMailQueued();
}

export async function signup(
  deps: AuthDeps,
  body: SignupBody,
  meta: RequestMeta,
  locale: string | undefined,
): Promise<{ token: string; user: CurrentUserDto }> {
  // A six-digit code or a hash could be guessed: wrong ones count as failed sign-ins of the address.
  await assertNotThrottled(deps, meta.ip, body.email ?? '');
  const passwordHash = await hashPassword(body.password);
  const { userId, roleCode } = await deps.db
    .transaction(async (tx) => {
      if (body.hash) {
        const invitation = await repo.takeToken(tx, 'invitation', sha256(body.hash));
        const invited = invitation?.userId ? await repo.findUserById(tx, invitation.userId) : undefined;
        if (!invited) {
          throw new AppError('unknown user hash');
        }
        // An invitation only sets a first password; one chosen since (e.g. through recovery) stays.
        if (invited.user.passwordHash) {
          throw new AppError('ALREADY_SIGNED_UP', {
            message: 'This account already has a password: sign in, or use "Forgot your password?".',
          });
        }
        if (!invited.user.isActive) {
          throw new AppError('ACCOUNT_BLOCKED', { message: 'This account is blocked.' });
        }
        await repo.updateUser(tx, invited.user.id, { passwordHash });
        await audit(tx, { actorId: invited.user.id, action: 'auth.signup', ip: meta.ip, details: { via: 'invitation' } });
        return { userId: invited.user.id, roleCode: invited.roleCode };
      }
      const email = body.email ?? '';
      const token = await repo.takeToken(tx, 'signup_code', sha256(`${email}:${body.code ?? ''}`));
      if (!token) {
        throw new AppError('wrong code', { fieldValidation: { code: 'invalid_value' } });
      }
      const user = await repo.insertUser(tx, {
        roleId: roleByCode('user').id,
        email,
        passwordHash,
        name: body.name ?? '',
        surname: body.surname ?? '',
        locale: locale ?? 'de',
      });
      await audit(tx, { actorId: user.id, action: 'auth.signup', ip: meta.ip, details: { via: 'code' } });
      return { userId: user.id, roleCode: 'user' };
    })
    .catch(async (err: unknown) => {
      if (err instanceof AppError && (err.code === 'wrong code' || err.code === 'unknown user hash')) {
        await repo.insertFailure(deps.db, meta.ip, body.email ?? '');
      }
      throw err;
    });
  const token = await openSession(deps, userId, meta);
  const found = await repo.findUserById(deps.db, userId);
  return { token, user: await dtoFor(deps.db, found!.user, roleCode, null) };
}

/** Always answers the same, whether the address is known or not, so it reveals no accounts. */
export async function recoveryEmail(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  await admitMailRequest(deps, 'recovery', email, meta.ip);
  const found = await repo.findUserByEmail(deps.db, email);
  if (!found || !found.user.isActive) {
    return;
  }
  const secret = newSecret();
  await deps.db.transaction(async (tx) => {
    await repo.retireTokens(tx, 'recovery', { userId: found.user.id });
    await repo.insertToken(tx, {
      kind: 'recovery',
      tokenHash: sha256(secret),
      userId: found.user.id,
      expiresAt: new Date(Date.now() + RECOVERY_TTL_MS),
    });
    await queueMail(tx, {
      kind: 'recovery',
      to: email,
      locale: found.user.locale,
      userId: found.user.id,
      vars: { name: found.user.name, link: `${deps.config.publicUrl}/reset-password?hash=${secret}` },
    });
  });
  deps.onMailQueued();
}

export async function resetPassword(deps: AuthDeps, secret: string, password: string, meta: RequestMeta): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db
    .transaction(async (tx) => {
      const token = await repo.takeToken(tx, 'recovery', sha256(secret));
      if (!token?.userId) {
        throw new AppError('wrong recovery hash');
      }
      await repo.updateUser(tx, token.userId, { passwordHash });
      // A new password ends every session that the old one opened.
      await repo.deleteSessionsOfUser(tx, token.userId);
      await audit(tx, { actorId: token.userId, action: 'auth.password_reset', ip: meta.ip });
      return token.userId;
    })
    .then((userId) => sessionsEnded(deps, userId));
}

/** An admin continues as another user; the session remembers who they really are. */
export async function loginBy(
  deps: AuthDeps,
  actor: Actor,
  targetId: number,
  meta: RequestMeta,
): Promise<{ token: string; user: CurrentUserDto }> {
  const target = await repo.findUserById(deps.db, targetId);
  if (!target) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  if (!mayLoginAs(target.roleCode, target.user.isActive)) {
    throw new AppError('Not allowed.');
  }
  const adminId = actor.impersonatorId ?? actor.userId;
  await deps.db.transaction(async (tx) => {
    await repo.deleteSession(tx, actor.sessionId);
    await audit(tx, { actorId: adminId, action: 'auth.login_by', targetUserId: targetId, ip: meta.ip });
  });
  sessionEnded(deps, actor.sessionId);
  const token = await openSession(deps, targetId, meta, adminId);
  return { token, user: await dtoFor(deps.db, target.user, target.roleCode, adminId) };
}

export async function loginBack(deps: AuthDeps, actor: Actor, meta: RequestMeta): Promise<{ token: string; user: CurrentUserDto }> {
  if (actor.impersonatorId === null) {
    throw new AppError('NOT_IMPERSONATING');
  }
  const admin = await repo.findUserById(deps.db, actor.impersonatorId);
  if (!admin || !admin.user.isActive) {
    throw new AppError('unauthorized');
  }
  await repo.deleteSession(deps.db, actor.sessionId);
  sessionEnded(deps, actor.sessionId);
  await audit(deps.db, { actorId: admin.user.id, action: 'auth.login_back', targetUserId: actor.userId, ip: meta.ip });
  const token = await openSession(deps, admin.user.id, meta);
  return { token, user: await dtoFor(deps.db, admin.user, admin.roleCode, null) };
}

export async function setBlocked(
  deps: AuthDeps,
  actor: Actor,
  userId: number,
  blocked: boolean,
  meta: RequestMeta,
): Promise<{ id: number; is_active: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, userId);
    if (!target) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    if (!mayBlock(actor, target.user.id)) {
      throw refused('own_account_block', 'You cannot block your own account.');
    }
    await repo.updateUser(tx, userId, { isActive: !blocked });
    if (blocked) {
      await repo.deleteSessionsOfUser(tx, userId);
    }
    await audit(tx, {
      actorId: actor.userId,
      action: blocked ? 'account.blocked' : 'account.unblocked',
      targetUserId: userId,
      ip: meta.ip,
    });
    return { id: userId, is_active: !blocked };
  });
  if (blocked) {
    sessionsEnded(deps, userId);
  }
  return result;
}

/**
 * A single-use link secret with which a user without a password chooses one (`POST /auth/signup
 * { hash }`). Only its SHA-256 is stored; a newer invitation retires the older ones of the user.
 */
export async function issueInvitation(tx: Tx, userId: number, ttlMs: number): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newSecret();
  const expiresAt = new Date(Date.now() + ttlMs);
  await repo.retireTokens(tx, 'invitation', { userId });
  await repo.insertToken(tx, { kind: 'invitation', tokenHash: sha256(secret), userId, expiresAt });
  return { secret, expiresAt };
}

export function cleanupExpiredSessions(db: Db): Promise<number> {
  return repo.deleteExpiredSessions(db);
}

/** Failed sign-ins and mail requests a day old count in no window any more (both windows are shorter). */
export function cleanupThrottleRecords(db: Db): Promise<void> {
  return repo.deleteThrottleRowsBefore(db, new Date(Date.now() - 86_400_000));
}

export async function createAdmin(db: Db, input: { email: string; password: string; name: string; surname: string }): Promise<number> {
  if (await repo.findUserByEmail(db, input.email)) {
    throw new AppError('duplicated email');
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      roleId: roleByCode('admin').id,
      email: input.email,
      passwordHash,
      name: input.name,
      surname: input.surname,
    });
    await repo.insertAccount(tx, user.id);
    return user.id;
  });
}
