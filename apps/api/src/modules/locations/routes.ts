import {
  idParams,
  locationAnswer,
  locationBody,
  locationDeletedDto,
  locationListDto,
  locationsQuery,
  locationsWithUsersDto,
} from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { createLocation, deleteLocation, locationsPage, locationsWithUsers, updateLocation } from './service.ts';

const READ = { access: { permission: 'locations.read' as const } };
const MANAGE = { access: { permission: 'locations.manage' as const } };

export function locationRoutes(app: App, deps: { db: Db }): void {
  const tags = ['locations'];
  app.get(
    '/api/locations',
    { config: READ, schema: { summary: 'List the locations', tags, querystring: locationsQuery, response: { 200: locationListDto } } },
    async (request) => locationsPage(deps.db, request.query),
  );
  app.get(
    '/api/locations-with-users',
    { config: READ, schema: { summary: 'List the locations with their number of users', tags, response: { 200: locationsWithUsersDto } } },
    async () => ({
      data: await locationsWithUsers(deps.db),
    }),
  );
  app.post(
    '/api/location',
    { config: MANAGE, schema: { summary: 'Create a location', tags, body: locationBody, response: { 201: locationAnswer } } },
    async (request, reply) => {
      const data = await createLocation(deps.db, actorOf(request), request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/location/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a location', tags, params: idParams, body: locationBody, response: { 200: locationAnswer } },
    },
    async (request) => ({ data: await updateLocation(deps.db, actorOf(request), request.params.id, request.body, meta(request)) }),
  );
  app.delete(
    '/api/location/:id',
    { config: MANAGE, schema: { summary: 'Delete a location', tags, params: idParams, response: { 200: locationDeletedDto } } },
    async (request) => ({ data: await deleteLocation(deps.db, actorOf(request), request.params.id, meta(request)) }),
  );
}
