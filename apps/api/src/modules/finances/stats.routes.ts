import { financeStatsDto, financeStatsExportQuery, financeStatsQuery, type Language } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { exportFile, exportText, financeTables, headingOf, sendFile } from '../stats/index.ts';
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
  // The same tables as CSV or XLSX (docs/statistics.md "Export").
  app.get(
    '/api/stats/finances/export',
    {
      config: READ,
      schema: {
        summary: 'Export the finances statistics of a year (CSV, XLSX)',
        tags: ['stats', 'finances'],
        querystring: financeStatsExportQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const lang: Language = q.lang ?? 'de';
      const d = (await financeStats(deps.db, actorOf(request), { year: q.year, agent_id: q.agent_id }, deps.now ? deps.now() : new Date()))
        .data;
      const agent = d.agent_id === null ? null : d.table.find((r) => r.agent.id === d.agent_id)?.agent;
      return sendFile(
        reply,
        await exportFile(q.format, {
          name: `finances-statistics-${d.year}`,
          title: exportText(lang, 'finances:tabs.statistics'),
          heading: headingOf(lang, {
            year: d.year,
            from: 1,
            to: 12,
            agent: agent ? `${agent.name} ${agent.surname}` : null,
            computedAt: d.computed_at,
          }),
          tables: financeTables(lang, d),
        }),
      );
    },
  );
}
