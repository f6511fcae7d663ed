import { idParams, smsDto, smsListDto, smsOutboxQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { retrySms, smsOutboxPage } from './service.ts';

export function smsRoutes(app: App, deps: { db: Db; onSmsPlanned?: () => void; now?: () => Date }): void {
  app.get(
    '/api/sms-outbox',
    {
      config: { access: { permission: 'sms.read' } },
      schema: {
        summary: 'List the planned and sent text messages (`dead_letter=true`: those the outbox gave up on)',
        tags: ['sms'],
        querystring: smsOutboxQuery,
        response: { 200: smsListDto },
      },
    },
    async (request) => smsOutboxPage(deps.db, request.query),
  );

  app.post(
    '/api/sms-outbox/:id/retry',
    {
      config: { access: { permission: 'sms.retry' } },
      schema: {
        summary: 'Send a message of the dead-letter list again (its tries start anew)',
        tags: ['sms'],
        params: idParams,
        response: { 200: smsDto },
      },
    },
    async (request) => {
      const answer = await retrySms(deps.db, request.params.id, deps.now ? deps.now() : new Date());
      deps.onSmsPlanned?.();
      return answer;
    },
  );
}
