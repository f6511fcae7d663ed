import { statusCatalogue, statusesAnswer } from '@bo/domain';
import type { App } from '../../http/types.ts';

/** The statuses are domain constants: nothing to read from the database. */
export function statusRoutes(app: App): void {
  app.get(
    '/api/statuses',
    {
      config: { access: { permission: 'statuses.read' } },
      schema: { summary: 'List the client statuses', tags: ['statuses'], response: { 200: statusesAnswer } },
    },
    () => Promise.resolve({ data: statusCatalogue() }),
  );
}
