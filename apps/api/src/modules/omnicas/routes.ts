import {
  idParams,
  omnicasApplicationDto,
  omnicasBody,
  omnicasListDto,
  omnicasOrderDto,
  omnicasOrdersQuery,
  omnicasQuery,
  omnicasUpdateBody,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import * as service from './service.ts';

const MANAGE = { access: { permission: 'omnicas.manage' as const } };
const answer = z.object({ data: omnicasApplicationDto });

export function omnicasRoutes(app: App, deps: service.OmnicasDeps): void {
  const tags = ['omnicas'];
  app.get(
    '/api/omnicas',
    {
      config: MANAGE,
      schema: { summary: 'List financing applications', tags, querystring: omnicasQuery, response: { 200: omnicasListDto } },
    },
    async (request) => service.applicationsPage(deps, actorOf(request), request.query),
  );
  app.post(
    '/api/omnicas',
    { config: MANAGE, schema: { summary: 'Apply for financing of an order', tags, body: omnicasBody, response: { 201: answer } } },
    async (request, reply) => reply.status(201).send({ data: await service.createApplication(deps, actorOf(request), request.body) }),
  );
  app.get(
    '/api/omnicas/orders',
    {
      config: MANAGE,
      schema: {
        summary: 'List the orders that may be financed',
        tags,
        querystring: omnicasOrdersQuery,
        response: { 200: z.object({ data: z.array(omnicasOrderDto) }) },
      },
    },
    async (request) => ({ data: await service.eligibleOrders(deps, actorOf(request), request.query) }),
  );
  app.put(
    '/api/omnicas/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Record the decision on a financing application',
        tags,
        params: idParams,
        body: omnicasUpdateBody,
        response: { 200: answer },
      },
    },
    async (request) => ({ data: await service.setApplicationStatus(deps, actorOf(request), request.params.id, request.body.status) }),
  );
  app.post(
    '/api/omnicas/:id/refresh',
    {
      config: MANAGE,
      schema: { summary: 'Ask the provider for its decision on an application', tags, params: idParams, response: { 200: answer } },
    },
    async (request) => ({
      data: await service.refreshApplication(deps, actorOf(request), request.params.id),
    }),
  );
}
