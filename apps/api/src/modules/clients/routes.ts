import { clientListDto, clientsQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { clientsPage } from './service.ts';

const READ = { access: { permission: 'clients.read' as const } };

export function clientRoutes(app: App, deps: { db: Db }): void {
  const tags = ['clients'];
  app.get(
    '/api/clients',
    { config: READ, schema: { tags, querystring: clientsQuery, response: { 200: clientListDto } } },
    async (request) => clientsPage(deps.db, actorOf(request), request.query),
  );
}
