import {
  activateLicenceRequestBody,
  agentLicenceAnswer,
  checkoutAnswer,
  earningsSourcesAnswer,
  earningsSourcesQuery,
  idParams,
  licenceAnswer,
  licencesPage,
  licencesQuery,
  localCheckoutDto,
  localCheckoutOutcomeAnswer,
  localCheckoutOutcomeBody,
  localCheckoutParams,
  simulateRenewalBody,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { earningsSources } from '../finances/index.ts';
import { completeLocalCheckout, localCheckout, simulateRenewal, type LocalPaymentDeps } from './local.service.ts';
import * as service from './service.ts';

const OWN = { access: { permission: 'licences.own' as const } };
const MANAGE = { access: { permission: 'licences.manage' as const } };
const REPORT = { access: { permission: 'reports.earningsSources' as const } };
/** The local provider's checkout page stands in for the provider's hosted page: its unguessable session id is the key. */
const PUBLIC = { access: { public: true as const } };

export function licenceRoutes(app: App, deps: LocalPaymentDeps): void {
  const tags = ['licences'];
  const agentLicence = {
    config: OWN,
    schema: {
      summary: "The independent agent's current licence (an admin: any agent's, by id); null before the first",
      tags,
      response: { 200: agentLicenceAnswer },
    },
  };
  app.get('/api/license/get-agent-license', agentLicence, async (request) => ({
    data: await service.agentLicence(deps.db, actorOf(request), undefined),
  }));
  app.get(
    '/api/license/get-agent-license/:id',
    { ...agentLicence, schema: { ...agentLicence.schema, params: idParams } },
    async (request) => ({
      data: await service.agentLicence(deps.db, actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/license/create-checkout',
    {
      config: OWN,
      schema: {
        summary: 'Start the card checkout of a recurrent licence; answers the address of the payment page',
        tags,
        response: { 201: checkoutAnswer },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createCheckout(deps, actorOf(request))),
  );
  app.get(
    '/api/licences',
    {
      config: MANAGE,
      schema: {
        summary: "Every independent agent's current licence, newest first, optionally of one status",
        tags,
        querystring: licencesQuery,
        response: { 200: licencesPage },
      },
    },
    async (request) => service.listLicences(deps.db, actorOf(request), request.query),
  );
  app.post(
    '/api/activate-license-request',
    {
      config: MANAGE,
      schema: {
        summary: 'Request a single or obligation licence for an independent agent (inactive until activated)',
        tags,
        body: activateLicenceRequestBody,
        response: { 201: licenceAnswer },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await service.requestActivation(deps.db, actorOf(request), request.body) }),
  );
  app.get(
    '/api/activate-license-submit/:id',
    {
      config: { ...MANAGE, changesState: true },
      schema: {
        summary: 'Activate a requested licence',
        tags,
        params: idParams,
        response: { 200: licenceAnswer },
      },
    },
    async (request) => ({ data: await service.submitActivation(deps.db, actorOf(request), request.params.id) }),
  );
  app.get(
    '/api/payments/local-checkout/:session',
    {
      config: PUBLIC,
      schema: {
        summary: "The local payment provider's checkout page: the licence's fee and whether the session is still open",
        tags,
        params: localCheckoutParams,
        response: { 200: z.object({ data: localCheckoutDto }) },
      },
    },
    async (request) => ({ data: await localCheckout(deps, request.params.session) }),
  );
  app.post(
    '/api/payments/local-checkout/:session',
    {
      config: PUBLIC,
      schema: {
        summary: 'Pay, fail or leave the local checkout; its webhooks go through the provider webhook route',
        tags,
        params: localCheckoutParams,
        body: localCheckoutOutcomeBody,
        response: { 200: localCheckoutOutcomeAnswer },
      },
    },
    async (request) => completeLocalCheckout(deps, request.params.session, request.body.outcome),
  );
  app.post(
    '/api/payments/local-simulate/:id',
    {
      config: MANAGE,
      schema: {
        summary: "Make the local payment provider send a licence's renewal (paid or failed), its giving up, or its end",
        tags,
        params: idParams,
        body: simulateRenewalBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await simulateRenewal(deps, request.params.id, request.body.outcome);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/reports/earnings-sources',
    {
      config: REPORT,
      schema: {
        summary: "Per agent, the commissions of their own sales against those of their downline's sales (L1–L3)",
        tags: ['finances'],
        querystring: earningsSourcesQuery,
        response: { 200: earningsSourcesAnswer },
      },
    },
    async (request) => earningsSources(deps.db, request.query),
  );
}
