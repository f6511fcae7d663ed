import { financeStatsDto, financeStatsQuery } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { financeStats } from './stats.service.ts';

const READ = { access: { permission: 'finances.read' as const } };

/** The finances statistics (spec 7 GET /api/stats/finances/). */
export function financeStatsRoutes(app: App, deps: { db: Db; now?: () => Date }): void {
  app.get(
    '/api/stats/finances/',
    {
      config: READ,
      schema: {
        summary: 'Get the money of a year per month and per agent',
        tags: ['stats', 'finances'],
        querystring: financeStatsQuery,
        response: { 200: financeStatsDto },
      },
    },
    async (request) => financeStats(deps.db, actorOf(request), request.query, deps.now ? deps.now() : new Date()),
  );
}
