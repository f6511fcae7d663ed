import { can, keptWhileRestricted, type RouteAccess } from '@bo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Actor } from '../core/actor.ts';
import { resolveSession, type AuthDeps } from '../modules/auth/index.ts';
import { AppError, refused } from '../core/errors.ts';
import { changesState, checkOrigin } from './origin.ts';
import type { App } from './types.ts';

export const SESSION_COOKIE = 'sid';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    path: '/',
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function meta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** The signed-in user of a route whose policy required one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) {
    throw new AppError('unauthorized');
  }
  return request.actor;
}

export function checkAccess(access: RouteAccess | undefined, actor: Actor | null): void {
  if (!access) {
    // A route without a policy is a programming error; refuse rather than expose it.
    throw new AppError('Not allowed.');
  }
  if ('public' in access) {
    return;
  }
  if (!actor) {
    throw new AppError('unauthorized');
  }
  if (!can(actor.role, access.permission)) {
    throw new AppError('Not allowed.');
  }
}

/**
 * A request that changes state (any POST, PUT, PATCH or DELETE, and a GET declared `changesState`)
 * must come from the app's own pages; the rule is `checkOrigin` (http/origin.ts).
 */
export function checkSameOrigin(request: FastifyRequest, config: Config): void {
  const declared = request.is404 ? undefined : request.routeOptions.config.changesState;
  if (!changesState(request.method, declared)) {
    return;
  }
  const verdict = checkOrigin(
    { method: request.method, headers: request.headers, sessionCookie: request.cookies[SESSION_COOKIE] !== undefined },
    { publicUrl: config.publicUrl, bookmark: declared === 'bookmark' },
  );
  if (!verdict.ok) {
    throw refused('cross_site', `Refused: a change requested from another site (${verdict.reason}).`);
  }
}

/** Whether an independent agent's licence restricts their access now (the licences module answers). */
export type LicenceRestricts = (agentId: number) => Promise<boolean>;

/**
 * An independent agent whose licence restricts them reaches only what keptWhileRestricted keeps (their
 * profile and their licence, to pay it); asked on each of their other calls, so a payment or a
 * failed renewal past the grace period takes effect at the next call.
 */
export async function checkLicence(
  access: RouteAccess | undefined,
  actor: Actor | null,
  restricts: LicenceRestricts | undefined,
): Promise<void> {
  if (
    !restricts ||
    !actor ||
    actor.role !== 'independent_agent' ||
    !access ||
    'public' in access ||
    keptWhileRestricted(access.permission)
  ) {
    return;
  }
  if (await restricts(actor.userId)) {
    throw refused('licence_restricted', 'Refused: the licence is restricted until the payment owed is made.');
  }
}

/**
 * Reads the session cookie on every request, refuses changes requested by other sites and enforces
 * the route's declared access (and, for independent agents, their licence).
 */
export function registerSessionGuard(app: App, deps: AuthDeps, licenceRestricts?: LicenceRestricts): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    // Before anything else: a refused request neither reads the session nor reaches the body.
    checkSameOrigin(request, deps.config);
    const token = request.cookies[SESSION_COOKIE];
    request.actor = token ? await resolveSession(deps, token) : null;
    // Checked before the body is parsed: a stranger learns nothing from validation errors.
    if (!request.is404) {
      checkAccess(request.routeOptions.config.access, request.actor);
      await checkLicence(request.routeOptions.config.access, request.actor, licenceRestricts);
    }
  });
}
