import { dashboardQuery, dashboardStatisticDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { dashboardStatistic } from './dashboard.service.ts';

/** Spec 7: GET /api/stats/dashboard-statistic, the number cards of every role's home page. */
export function dashboardRoutes(app: App, deps: { db: Db; now?: () => Date }): void {
  app.get(
    '/api/stats/dashboard-statistic',
    {
      config: { access: { permission: 'stats.dashboard' } },
      schema: {
        summary: "Get the signed-in role's dashboard figures: the month's funnel and money, today's work, their leads, what waits",
        tags: ['stats'],
        querystring: dashboardQuery,
        response: { 200: dashboardStatisticDto },
      },
    },
    async (request) => dashboardStatistic(deps.db, actorOf(request), request.query, deps.now ? deps.now() : new Date()),
  );
}
