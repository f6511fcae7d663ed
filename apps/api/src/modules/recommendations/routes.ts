import {
  createRecommendationBody,
  idParams,
  recommendationAnswer,
  recommendationCountersDto,
  recommendationDeletedDto,
  recommendationItemDto,
  recommendationListDto,
  recommendationsQuery,
  updateRecommendationBody,
} from '@bo/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { announceNewLead, type Publish } from '../clients/index.ts';
import * as service from './service.ts';

const READ = { access: { permission: 'recommendations.read' as const } };
const MANAGE = { access: { permission: 'recommendations.manage' as const } };

/** Spec 7 "Recommendations" and GET /api/user-rec-count/{id}; who may do what is in docs/recommendations.md. */
export function recommendationRoutes(app: App, deps: { db: Db; publish: Publish }): void {
  const tags = ['recommendations'];
  const { db } = deps;
  app.get(
    '/api/recommendations',
    {
      config: READ,
      schema: { summary: 'List the recommendations', tags, querystring: recommendationsQuery, response: { 200: recommendationListDto } },
    },
    async (request) => service.recommendationsPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/recommendations/:id',
    {
      config: READ,
      schema: { summary: 'Get a recommendation', tags, params: idParams, response: { 200: z.object({ data: recommendationItemDto }) } },
    },
    async (request) => ({ data: await service.recommendation(db, actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/recommendations',
    {
      config: MANAGE,
      schema: { summary: 'Create a recommendation', tags, body: createRecommendationBody, response: { 201: recommendationAnswer } },
    },
    async (request, reply) => {
      const data = await service.createRecommendation(db, actorOf(request), request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/recommendations/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Change a recommendation',
        tags,
        params: idParams,
        body: updateRecommendationBody,
        response: { 200: recommendationAnswer },
      },
    },
    async (request) => {
      const answer = await service.updateRecommendation(db, actorOf(request), request.params.id, request.body, meta(request));
      // A lead made from the recommendation joins the open listings (spec 4 live events).
      if (answer.lead?.created) {
        await announceNewLead(deps, answer.lead.id);
      }
      return answer;
    },
  );
  app.delete(
    '/api/recommendations/:id',
    { config: MANAGE, schema: { summary: 'Delete a recommendation', tags, params: idParams, response: { 200: recommendationDeletedDto } } },
    async (request) => ({ data: await service.deleteRecommendation(db, actorOf(request), request.params.id, meta(request)) }),
  );
  app.get(
    '/api/user-rec-count/:id',
    {
      config: READ,
      schema: { summary: "Count a client's recommendations", tags, params: idParams, response: { 200: recommendationCountersDto } },
    },
    async (request) => ({ data: await service.recommendationCountersOf(db, actorOf(request), request.params.id) }),
  );
}
