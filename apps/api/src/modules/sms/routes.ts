import { smsListDto, smsOutboxQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { smsOutboxPage } from './service.ts';

export function smsRoutes(app: App, deps: { db: Db }): void {
  app.get(
    '/api/sms-outbox',
    {
      config: { access: { permission: 'sms.read' } },
      schema: {
        summary: 'List the planned and sent text messages',
        tags: ['sms'],
        querystring: smsOutboxQuery,
        response: { 200: smsListDto },
      },
    },
    async (request) => smsOutboxPage(deps.db, request.query),
  );
}
