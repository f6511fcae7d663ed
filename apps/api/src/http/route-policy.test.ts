import { can, PERMISSIONS, ROLE_CODES, ROLE_PERMISSIONS, type Permission, type RouteAccess } from '@bo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStaff } from '../../test/factories.ts';
import { createTestApp, injectAs, type TestApp } from '../../test/harness.ts';

const PROBE = 'x-policy-probe';

/** A concrete address for a route pattern: parameters and wildcards filled in. */
function sampleUrl(pattern: string): string {
  return pattern.replace(/:[^/]+/g, '1').replace(/\*/g, 'x');
}

function isPublic(access: RouteAccess): access is { public: true } {
  return 'public' in access;
}

let t: TestApp;
/** Signed-in sessions of every role, by role code. */
const cookies = new Map<string, string>();
/** What each route declared, read from the route itself by a hook that runs after the session guard. */
const declared = new Map<string, RouteAccess | undefined>();

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.addHook('onRequest', async (request, reply) => {
        if (request.headers[PROBE]) {
          declared.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.config.access);
          return reply.code(204).send();
        }
        return undefined;
      });
    },
  });
  for (const role of ROLE_CODES) {
    cookies.set(role, (await buildStaff(t, role)).cookie);
  }
  // The admin holds every permission, so a probe as admin passes every guard and reads every policy.
  for (const route of t.routes()) {
    await injectAs(t.app, cookies.get('admin')!, {
      method: route.method,
      url: sampleUrl(route.url),
      headers: { [PROBE]: '1' },
    });
  }
  // Routes of encapsulated plugins (docs, static files) do not see the probe hook: the guard does,
  // and it lets a request without a session through only to a route that declared itself public.
  for (const route of t.routes().filter((r) => !declared.has(`${r.method} ${r.url}`))) {
    const res = await t.app.inject({ method: route.method, url: sampleUrl(route.url) });
    if (res.statusCode !== 401 && res.statusCode !== 403) {
      declared.set(`${route.method} ${route.url}`, { public: true });
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('route policies', () => {
  function policyOf(route: { method: string; url: string }): RouteAccess {
    const access = declared.get(`${route.method} ${route.url}`);
    if (!access) {
      throw new Error(`no policy read for ${route.method} ${route.url}`);
    }
    return access;
  }

  function guarded(): { method: string; url: string; permission: Permission }[] {
    return t.routes().flatMap((route) => {
      const access = policyOf(route);
      return isPublic(access) ? [] : [{ method: route.method, url: route.url, permission: access.permission }];
    });
  }

  it('lists no route without a declared policy', () => {
    const routes = t.routes();
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.hasPolicy).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('gives the admin every permission, so the probes above read the policy of every route', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const route of t.routes()) {
      expect(declared.has(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(true);
    }
  });

  it('keeps the sign-in, signup, recovery, health, translation files and signed provider webhooks public and the rest behind a session', () => {
    const publicApi = t
      .routes()
      .filter((r) => !r.url.startsWith('/docs') && r.method !== 'HEAD' && isPublic(policyOf(r)))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicApi).toEqual(
      [
        'GET /api/health',
        'GET /locales/:lng/:file',
        'POST /auth/login',
        'POST /auth/recovery-email',
        'POST /auth/reset-password',
        'POST /auth/send-code',
        'POST /auth/signup',
        // The referral short link and the public referral pages' calls (docs/referrals.md): a signed form
        // token, a honeypot and limits per address and per link guard the sign-ups.
        'GET /r/:code',
        'GET /api/referral-code',
        'POST /api/referral-form/:code',
        'POST /api/create-referral-client',
        'POST /api/referral-independent-agent',
        // Trusts only the random token of a reminder mail's unsubscribe link.
        'POST /api/email-reminders/unsubscribe',
        // Trusts only its X-Twilio-Signature (modules/sms/webhook.routes.ts).
        'POST /api/webhooks/twilio/sms-status',
        // Trusts only the token in Aircall's body (modules/telephony/webhook.routes.ts).
        'POST /api/webhooks/aircall',
        // Trusts only Stripe-Signature over the raw body (modules/licences/webhook.routes.ts).
        'POST /api/webhooks/stripe',
        // The local payment provider's checkout page, as a provider's hosted page: its random session id is the key.
        'GET /api/payments/local-checkout/:session',
        'POST /api/payments/local-checkout/:session',
      ].sort(),
    );
    expect(guarded().length).toBeGreaterThanOrEqual(8);
  });

  it('answers 401 unauthorized on every non-public route without a session', async () => {
    for (const route of guarded()) {
      const res = await t.app.inject({ method: route.method, url: sampleUrl(route.url) });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(res.json(), `${route.method} ${route.url}`).toEqual({ error: 'unauthorized' });
      }
    }
  });

  it('answers 401 unauthorized to a cookie that names no session', async () => {
    const res = await injectAs(t.app, 'sid=not-a-session', { method: 'GET', url: '/auth/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized' });
  });

  it('answers 403 Not allowed. to every role that lacks the permission of a route', async () => {
    let checked = 0;
    for (const route of guarded()) {
      for (const role of ROLE_CODES.filter((r) => !can(r, route.permission))) {
        const res = await injectAs(t.app, cookies.get(role)!, { method: route.method, url: sampleUrl(route.url) });
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
        if (route.method !== 'HEAD') {
          expect(res.json(), `${role}: ${route.method} ${route.url}`).toEqual({ error: 'Not allowed.' });
        }
        checked += 1;
      }
    }
    // Five admin-only permissions on at least one route each, refused to seven roles.
    expect(checked).toBeGreaterThanOrEqual(5 * 7);
  });

  it('lets every role that holds the permission of a route past the guard', async () => {
    for (const route of guarded()) {
      for (const role of ROLE_CODES.filter((r) => can(r, route.permission))) {
        const res = await injectAs(t.app, cookies.get(role)!, {
          method: route.method,
          url: sampleUrl(route.url),
          headers: { [PROBE]: '1' },
        });
        expect(res.statusCode, `${role}: ${route.method} ${route.url}`).toBe(204);
      }
    }
  });
});

describe('a route without a policy', () => {
  it('is listed by routes() and refused to everyone, even the admin', async () => {
    const other = await createTestApp({
      beforeReady: (app) => {
        app.get('/api/forgotten', () => ({ leaked: true }));
      },
      databaseUrl: t.databaseUrl,
    });
    try {
      expect(other.routes().filter((r) => !r.hasPolicy)).toEqual([{ method: 'GET', url: '/api/forgotten', hasPolicy: false }]);
      const res = await injectAs(other.app, cookies.get('admin')!, { method: 'GET', url: '/api/forgotten' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'Not allowed.' });
    } finally {
      await other.close();
    }
  });
});
