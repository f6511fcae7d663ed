import {
  iaReferralsAnswer,
  iaReferralsQuery,
  idParams,
  partnerStatsAnswer,
  partnerStatsQuery,
  partnerUserAnswer,
  partnerUsersAnswer,
  partnerUsersQuery,
  REFERRAL_CODE_PATTERN,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_DAYS,
  REFERRAL_PAGE_PREFIX,
  referralAgentBody,
  referralClientBody,
  referralCodeAnswer,
  referralCodeParams,
  referralFormAnswer,
  referralLinkAnswer,
  referralSignupAnswer,
} from '@bo/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import {
  applyAsIndependentAgent,
  createReferralClient,
  iaReferrals,
  isLinkCode,
  openForm,
  partnerStats,
  partnerUser,
  partnerUsers,
  setupRefLink,
  type ReferralsDeps,
} from './service.ts';

const PUBLIC = { access: { public: true as const } };

/** The code of the link the visitor clicked last, from the referral cookie. */
function cookieCode(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFERRAL_COOKIE];
  return value && REFERRAL_CODE_PATTERN.test(value) ? value : undefined;
}

/** Referral links, the public referral forms, the partner's list and statistics, the independent agent's referrals. */
export function referralRoutes(app: App, deps: ReferralsDeps): void {
  const tags = ['referrals'];

  app.get(
    '/api/setup-ref-link/:id',
    {
      config: { access: { permission: 'referrals.link' }, changesState: true },
      schema: {
        summary: "Get (and on first use make) a user's referral link",
        tags,
        params: idParams,
        response: { 200: referralLinkAnswer },
      },
    },
    async (request) => ({ data: await setupRefLink(deps, actorOf(request), request.params.id) }),
  );

  // The short link itself, opened from a message on any site: it writes nothing (the page counts the
  // visit), sets the referral cookie (the last click wins) and leads to the public referral page.
  app.get(
    '/r/:code',
    { config: PUBLIC, schema: { summary: 'Follow a referral link', tags, params: z.object({ code: z.string().max(64) }) } },
    async (request, reply) => {
      const { code } = request.params;
      if (!REFERRAL_CODE_PATTERN.test(code)) {
        return reply.redirect('/', 302);
      }
      if (await isLinkCode(deps, code)) {
        reply.setCookie(REFERRAL_COOKIE, code, {
          path: '/',
          maxAge: REFERRAL_COOKIE_DAYS * 24 * 3600,
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.cookieSecure,
        });
      }
      return reply.header('cache-control', 'no-store').redirect(`${REFERRAL_PAGE_PREFIX}${code}`, 302);
    },
  );

  app.get(
    '/api/referral-code',
    { config: PUBLIC, schema: { summary: 'The referral link the visitor followed last', tags, response: { 200: referralCodeAnswer } } },
    (request) => Promise.resolve({ data: { code: cookieCode(request) ?? null } }),
  );
  app.post(
    '/api/referral-form/:code',
    {
      config: PUBLIC,
      schema: {
        summary: 'Open a referral page: counts the visit, answers a form token',
        tags,
        params: referralCodeParams,
        response: { 200: referralFormAnswer },
      },
    },
    async (request) => ({ data: await openForm(deps, request.params.code) }),
  );
  app.post(
    '/api/create-referral-client',
    {
      config: PUBLIC,
      schema: {
        summary: 'Sign up as a lead through a referral link',
        tags,
        body: referralClientBody,
        response: { 201: referralSignupAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createReferralClient(deps, request.body, request.ip, cookieCode(request)) }),
  );
  app.post(
    '/api/referral-independent-agent',
    {
      config: PUBLIC,
      schema: {
        summary: 'Apply as an independent agent through a referral link',
        tags,
        body: referralAgentBody,
        response: { 201: referralSignupAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await applyAsIndependentAgent(deps, request.body, request.ip, cookieCode(request)) }),
  );

  app.get(
    '/api/partner-users',
    {
      config: { access: { permission: 'referrals.partner' } },
      schema: {
        summary: 'The people a partner referred, with their partner status',
        tags,
        querystring: partnerUsersQuery,
        response: { 200: partnerUsersAnswer },
      },
    },
    async (request) => partnerUsers(deps, actorOf(request), request.query),
  );
  app.get(
    '/api/partner-users/:id',
    {
      config: { access: { permission: 'referrals.partner' } },
      schema: {
        summary: 'One person a partner referred, with their partner status',
        tags,
        params: idParams,
        response: { 200: partnerUserAnswer },
      },
    },
    async (request) => ({ data: await partnerUser(deps, actorOf(request), request.params.id) }),
  );
  app.get(
    '/api/stats/partner',
    {
      config: { access: { permission: 'referrals.partner' } },
      schema: {
        summary: "A partner's referrals by partner status",
        tags: ['stats'],
        querystring: partnerStatsQuery,
        response: { 200: partnerStatsAnswer },
      },
    },
    async (request) => ({ data: await partnerStats(deps, actorOf(request), request.query) }),
  );
  app.get(
    '/api/ia-referrals',
    {
      config: { access: { permission: 'referrals.downline' } },
      schema: {
        summary: 'Whom an independent agent brought, their referral status and the commissions earned through each',
        tags,
        querystring: iaReferralsQuery,
        response: { 200: iaReferralsAnswer },
      },
    },
    async (request) => iaReferrals(deps, actorOf(request), request.query),
  );
}
