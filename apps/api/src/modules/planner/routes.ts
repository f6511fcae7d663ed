import {
  idParams,
  plannerBlockedDatesDto,
  plannerBlockedDatesQuery,
  plannerDetailsDto,
  plannerDetailsQuery,
  plannerPreviewDto,
  plannerPreviewQuery,
  userPrimaryAgentsDto,
} from '@bo/domain';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { pointOfPlace } from '../addresses/index.ts';
import { plannerBlockedDates, plannerDetails, plannerPreview, userPrimaryAgents, type PlannerDeps } from './service.ts';

const USE = { access: { permission: 'planner.use' as const } };

export function plannerRoutes(app: App, deps: Omit<PlannerDeps, 'log'>): void {
  const tags = ['planner'];
  const withLog = (log: PlannerDeps['log']): PlannerDeps => ({ ...deps, log });
  // The postcode file and the offline model's grid load on first use: load them before the first
  // request, or it spends its 300 ms deadline reading files.
  app.addHook('onReady', async () => {
    pointOfPlace('8001', 'Zürich');
    if (deps.travel.provider === 'offline') {
      await deps.travel.table([{ lat: 47.37, lon: 8.54 }], [{ lat: 46.95, lon: 7.44 }]);
    }
  });
  app.get(
    '/api/planner-preview',
    {
      config: USE,
      schema: {
        summary: 'Rank the agents and start times for a new visit at a client’s home',
        tags,
        querystring: plannerPreviewQuery,
        response: { 200: plannerPreviewDto },
      },
    },
    async (request) => plannerPreview(withLog(request.log), actorOf(request), request.query),
  );
  app.get(
    '/api/planner-details',
    {
      config: USE,
      schema: {
        summary: 'An agent’s day with the new visit placed at a start time, as a route',
        tags,
        querystring: plannerDetailsQuery,
        response: { 200: plannerDetailsDto },
      },
    },
    async (request) => plannerDetails(withLog(request.log), actorOf(request), request.query),
  );
  app.get(
    '/api/planner-blocked-dates',
    {
      config: USE,
      schema: {
        summary: 'The days of a month no new visit to the client can go to',
        tags,
        querystring: plannerBlockedDatesQuery,
        response: { 200: plannerBlockedDatesDto },
      },
    },
    async (request) => plannerBlockedDates(withLog(request.log), actorOf(request), request.query),
  );
  app.get(
    '/api/user-primary-agents/:id',
    {
      config: USE,
      schema: {
        summary: 'The agents who already served a client or their household',
        tags,
        params: idParams,
        response: { 200: userPrimaryAgentsDto },
      },
    },
    async (request) => userPrimaryAgents(withLog(request.log), actorOf(request), request.params.id),
  );
}
