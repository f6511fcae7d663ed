import {
  idParams,
  plannerAbsencesDto,
  plannerAbsencesQuery,
  plannerBlockedDayBody,
  plannerBlockedDatesDto,
  plannerBlockedDatesQuery,
  plannerDetailsDto,
  plannerDetailsQuery,
  plannerPreviewDto,
  plannerPreviewQuery,
  plannerPrivateAppointmentBody,
  userPrimaryAgentsDto,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { pointOfPlace } from '../addresses/index.ts';
import {
  addBlockedDay,
  addPrivateAppointment,
  plannerAbsences,
  plannerBlockedDates,
  plannerDetails,
  plannerPreview,
  removeBlockedDay,
  removePrivateAppointment,
  userPrimaryAgents,
  type PlannerDeps,
} from './service.ts';

const USE = { access: { permission: 'planner.use' as const } };
const ABSENCES = { access: { permission: 'planner.absences' as const } };
const created = z.object({ data: z.object({ id: z.number() }) });

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
  app.get(
    '/api/planner-absences',
    {
      config: ABSENCES,
      schema: {
        summary: 'A field agent’s blocked days and private appointments of a month',
        tags,
        querystring: plannerAbsencesQuery,
        response: { 200: plannerAbsencesDto },
      },
    },
    async (request) => plannerAbsences(withLog(request.log), actorOf(request), request.query),
  );
  app.post(
    '/api/planner-blocked-days',
    {
      config: ABSENCES,
      schema: {
        summary: 'Block a whole day of a field agent for new visits',
        tags,
        body: plannerBlockedDayBody,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const data = await addBlockedDay(withLog(request.log), actorOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );
  app.delete(
    '/api/planner-blocked-days/:id',
    { config: ABSENCES, schema: { summary: 'Remove a blocked day', tags, params: idParams, response: { 200: created } } },
    async (request) => {
      await removeBlockedDay(withLog(request.log), actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
  app.post(
    '/api/planner-private-appointments',
    {
      config: ABSENCES,
      schema: {
        summary: 'Enter a private appointment of a field agent (busy time, at most a day)',
        tags,
        body: plannerPrivateAppointmentBody,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const data = await addPrivateAppointment(withLog(request.log), actorOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );
  app.delete(
    '/api/planner-private-appointments/:id',
    { config: ABSENCES, schema: { summary: 'Remove a private appointment', tags, params: idParams, response: { 200: created } } },
    async (request) => {
      await removePrivateAppointment(withLog(request.log), actorOf(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );
}
