import fs from 'node:fs/promises';
import path from 'node:path';
import { matchDashboardPath, resolveDashboardPath, dashboardPath } from '@bo/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, type AuthDeps } from '../modules/auth/index.ts';
import type { PageHandler } from './error-handler.ts';
import { SESSION_COOKIE } from './session.ts';

const PUBLIC_PAGES = new Set(['/login', '/signup', '/recovery', '/reset-password']);

/**
 * Serves the single-page app, guarded by the same route table as the browser: no session sends a
 * dashboard address to sign-in, another role's address lands on the user's own dashboard.
 */
export function pageHandler(opts: { webDist: string; authDeps: AuthDeps }): PageHandler {
  let indexHtml: string | undefined;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://local');
    const pathname = url.pathname;
    const token = request.cookies[SESSION_COOKIE];
    const actor = token ? await resolveSession(opts.authDeps, token) : null;
    if (pathname === '/') {
      return reply.redirect(actor ? dashboardPath(actor.role) : '/login');
    }
    if (matchDashboardPath(pathname)) {
      if (!actor) {
        return reply.redirect(`/login?next=${encodeURIComponent(pathname + url.search)}`);
      }
      const allowed = resolveDashboardPath(actor.role, pathname);
      if (allowed !== pathname) {
        return reply.redirect(allowed);
      }
    }
    indexHtml ??= await fs.readFile(path.join(opts.webDist, 'index.html'), 'utf8');
    // The app shows its own "page not found" for addresses it does not know.
    // The unsubscribe page of the reminder mails (`/unsubscribe/<token>`) is public: its button posts.
    // So is the local payment provider's checkout page (`/checkout/local/<session>`), as a provider's hosted page is.
    const isPublic =
      PUBLIC_PAGES.has(pathname) ||
      /^\/unsubscribe\/[\w-]{20,200}$/.test(pathname) ||
      // The referral pages a referral link leads to (`/referral/<code>`, and `/referral` for the last link followed).
      /^\/referral(\/[A-Za-z0-9_-]{6,32})?$/.test(pathname) ||
      /^\/checkout\/local\/cs_local_[A-Za-z0-9]{8,64}$/.test(pathname);
    const status = matchDashboardPath(pathname) || isPublic ? 200 : 404;
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
}
