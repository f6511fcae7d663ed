import { idParams, outboxListDto, outboxMessageDto, outboxQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { outboxPage, retryMail } from './service.ts';

export function mailRoutes(app: App, deps: { db: Db; onMailQueued?: () => void }): void {
  app.get(
    '/api/outbox',
    {
      config: { access: { permission: 'outbox.read' } },
      schema: { summary: 'List the queued and sent mails', tags: ['mail'], querystring: outboxQuery, response: { 200: outboxListDto } },
    },
    async (request) => outboxPage(deps.db, request.query),
  );

  app.post(
    '/api/outbox/:id/retry',
    {
      config: { access: { permission: 'outbox.retry' } },
      schema: {
        summary: 'Send a mail that failed for good again (its tries start anew)',
        tags: ['mail'],
        params: idParams,
        response: { 200: outboxMessageDto },
      },
    },
    async (request) => {
      const answer = await retryMail(deps.db, request.params.id);
      deps.onMailQueued?.();
      return answer;
    },
  );
}
