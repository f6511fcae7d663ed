import { clientsDistributionDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import type { App } from '../../http/types.ts';
import { clientsDistribution } from './service.ts';

/**
 * Statistics. The spec names no path for the pie chart's data (section 7 lists the other statistics
 * under /api/stats/…); it is GET /api/stats/clients-distribution beside them.
 */
export function statsRoutes(app: App, deps: { db: Db }): void {
  app.get(
    '/api/stats/clients-distribution',
    {
      config: { access: { permission: 'stats.clients' } },
      schema: { summary: 'Count the clients by status and by lead source', tags: ['stats'], response: { 200: clientsDistributionDto } },
    },
    async () => clientsDistribution(deps.db),
  );
}
