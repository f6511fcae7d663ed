import type { IncomingHttpHeaders } from 'node:http';

/**
 * Declared on a GET route that changes something (`config.changesState`): spec section 7 makes
 * sign-out, login-by, blocking, signup mails, rebuilding a receipt and starting a call GETs. Such a
 * route, like every POST, PUT, PATCH and DELETE, answers only requests from the app's own pages.
 * `'bookmark'` also lets through the address the user typed or bookmarked (`Sec-Fetch-Site: none`),
 * for a change that harms nobody when it happens unasked (signing out).
 */
export type StateChange = true | 'bookmark';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request to a route must come from the app's own origin. */
export function changesState(method: string, declared: StateChange | undefined): boolean {
  return !SAFE_METHODS.has(method.toUpperCase()) || declared !== undefined;
}

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

export interface OriginFacts {
  method: string;
  headers: IncomingHttpHeaders;
  /** The request carries a session cookie (it would act as someone). */
  sessionCookie: boolean;
}

export interface OriginRule {
  /** PUBLIC_URL: the address users open; its origin is the app's own. */
  publicUrl: string;
  /** The route was declared `changesState: 'bookmark'`. */
  bookmark?: boolean;
  /** The socket.io handshake rather than an HTTP route (rule 3 below). */
  handshake?: boolean;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function hostOf(url: string): { origin: string; host: string } | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? { origin: parsed.origin, host: parsed.host } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An origin (or a Referer's origin) is the app's own when it is PUBLIC_URL's, or names the host the
 * request was sent to (`Host`: a browser sets it, a page cannot; this keeps a server reached by
 * another name, e.g. a test port or the dev proxy, working without configuration).
 */
function isOwn(url: string | undefined, headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const seen = url === undefined ? undefined : hostOf(url);
  if (!seen) {
    return false;
  }
  if (seen.origin === hostOf(publicUrl)?.origin) {
    return true;
  }
  const host = header(headers, 'host')?.toLowerCase();
  return host !== undefined && host !== '' && (seen.host === host || seen.host === host.replace(/:(80|443)$/, ''));
}

/**
 * Whether a state-changing request comes from the app's own pages (docs/permissions.md, "Requests
 * from other sites"):
 * 1. `Sec-Fetch-Site`, which every current browser sends on every request, decides when present:
 *    `same-origin` passes; `none` (typed address, bookmark, a link opened from another program) only
 *    for a GET declared `'bookmark'`; `same-site` (another port or subdomain), `cross-site` and
 *    anything else are refused.
 * 2. Otherwise `Origin`, when present, must be the app's own (`null` is not).
 * 3. Otherwise (neither header): a request without a session cookie acts as nobody and passes
 *    (sign-in from a script, a provider's webhook). A POST, PUT, PATCH or DELETE passes too, since
 *    every supported browser sends `Origin` on those: it comes from a script, not from a page. A
 *    GET with a session cookie needs a Referer of the own origin, since browsers older than fetch
 *    metadata navigate and load images from other sites without either header. The socket.io
 *    handshake passes: a browser always sends `Origin` on a WebSocket and on another origin's XHR.
 */
export function checkOrigin(facts: OriginFacts, rule: OriginRule): OriginVerdict {
  const { headers } = facts;
  const site = header(headers, 'sec-fetch-site');
  if (site !== undefined) {
    if (site === 'same-origin') {
      return { ok: true };
    }
    if (site === 'none' && rule.bookmark && facts.method.toUpperCase() === 'GET') {
      return { ok: true };
    }
    return { ok: false, reason: `Sec-Fetch-Site: ${site.slice(0, 20)}` };
  }
  const origin = header(headers, 'origin');
  if (origin !== undefined) {
    return isOwn(origin, headers, rule.publicUrl) ? { ok: true } : { ok: false, reason: 'Origin of another site' };
  }
  if (rule.handshake || !facts.sessionCookie || !SAFE_METHODS.has(facts.method.toUpperCase())) {
    return { ok: true };
  }
  return isOwn(header(headers, 'referer'), headers, rule.publicUrl)
    ? { ok: true }
    : { ok: false, reason: 'no Sec-Fetch-Site, Origin or own Referer' };
}
