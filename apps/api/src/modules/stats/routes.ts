import { agentStatsQuery, callAgentStatsDto, clientsDistributionDto, leadStatsDto, leadStatsQuery, salesAgentStatsDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { callAgentStats, salesAgentStats } from './agents.service.ts';
import { statsExportRoutes } from './export.routes.ts';
import { leadStats } from './leads.service.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { clientsDistribution } from './service.ts';

/**
 * Statistics. The spec names no path for the pie chart's data (section 7 lists the other statistics
 * under /api/stats/…); it is GET /api/stats/clients-distribution beside them.
 */
export function statsRoutes(app: App, deps: { db: Db; now?: () => Date }): void {
  app.get(
    '/api/stats/clients-distribution',
    {
      config: { access: { permission: 'stats.clients' } },
      schema: { summary: 'Count the clients by status and by lead source', tags: ['stats'], response: { 200: clientsDistributionDto } },
    },
    async () => clientsDistribution(deps.db),
  );

  // Spec 7: the total statistics' two tabs. The figures are defined in docs/statistics.md.
  app.get(
    '/api/stats/sales-agent',
    {
      config: { access: { permission: 'stats.salesAgents' } },
      schema: {
        summary: "Get the sales agents' leads, demos, sales, money and commissions per month and per agent",
        tags: ['stats'],
        querystring: agentStatsQuery,
        response: { 200: salesAgentStatsDto },
      },
    },
    async (request) => salesAgentStats(deps.db, actorOf(request), request.query, deps.now ? deps.now() : new Date()),
  );
  app.get(
    '/api/stats/call-agent',
    {
      config: { access: { permission: 'stats.callAgents' } },
      schema: {
        summary: "Get the call agents' calls, reached leads, demos booked and held, and sales per month and per agent",
        tags: ['stats'],
        querystring: agentStatsQuery,
        response: { 200: callAgentStatsDto },
      },
    },
    async (request) => callAgentStats(deps.db, actorOf(request), request.query, deps.now ? deps.now() : new Date()),
  );

  // Spec 7: every role's home page numbers (dashboard.routes.ts).
  dashboardRoutes(app, deps);

  // Spec 7: the leads statistics (spec 3's "leads data"), admin only like the clients' pie chart.
  app.get(
    '/api/stats/leads',
    {
      config: { access: { permission: 'stats.leads' } },
      schema: {
        summary: 'Get the leads created per month by lead source, location and status',
        tags: ['stats'],
        querystring: leadStatsQuery,
        response: { 200: leadStatsDto },
      },
    },
    async (request) => leadStats(deps.db, request.query, deps.now ? deps.now() : new Date()),
  );
  // The statistics tables as CSV, XLSX and PDF (export.routes.ts).
  statsExportRoutes(app, deps);
}
