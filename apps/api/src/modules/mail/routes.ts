import { outboxListDto, outboxQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { outboxPage } from './service.ts';

export function mailRoutes(app: App, deps: { db: Db }): void {
  app.get(
    '/api/outbox',
    {
      config: { access: { permission: 'outbox.read' } },
      schema: { summary: 'List the queued and sent mails', tags: ['mail'], querystring: outboxQuery, response: { 200: outboxListDto } },
    },
    async (request) => outboxPage(deps.db, request.query),
  );
}
