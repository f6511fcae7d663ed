import { agentStatsExportQuery, leadStatsExportQuery, type AgentStatsExportQuery, type Language } from '@bo/domain';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { callAgentStats, salesAgentStats } from './agents.service.ts';
import { agentTables, exportFile, headingOf, leadTables, text, type ExportFile } from './export.service.ts';
import { leadStats } from './leads.service.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const periodSlug = (year: number, from: number, to: number) =>
  from === 1 && to === 12 ? `${year}` : from === to ? `${year}-${pad(from)}` : `${year}-${pad(from)}-${pad(to)}`;

export function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

async function agentExport(db: Db, actor: Actor, tab: 'sales' | 'call', q: AgentStatsExportQuery, now: Date): Promise<ExportFile> {
  const lang: Language = q.lang ?? 'de';
  const query = { year: q.year, from: q.from, to: q.to, agent_id: q.agent_id, day: q.day };
  const d = tab === 'sales' ? (await salesAgentStats(db, actor, query, now)).data : (await callAgentStats(db, actor, query, now)).data;
  const agent = d.agent_id === null ? null : d.table.rows.find((r) => r.agent.id === d.agent_id)?.agent;
  return exportFile(q.format, {
    name: `${tab === 'sales' ? 'total-statistics-sales' : 'total-statistics-calls'}-${d.day ?? periodSlug(d.year, d.from, d.to)}`,
    title: `${text(lang, 'common:screens.totalStatistics')}: ${text(lang, `totalstats:tabs.${tab}`)}`,
    heading: headingOf(lang, {
      year: d.year,
      from: d.from,
      to: d.to,
      day: d.day,
      agent: agent ? `${agent.name} ${agent.surname}` : null,
      computedAt: d.computed_at,
    }),
    tables: agentTables(lang, tab, d),
  });
}

/**
 * The exports of the statistics tables (docs/statistics.md "Export"), each beside its screen's call with
 * its permission and its query, plus the file's format and language. Written on the server: the same
 * figures as the screen, and exceljs and pdfkit stay out of the browser's bundle.
 */
export function statsExportRoutes(app: App, deps: { db: Db; now?: () => Date }): void {
  const now = () => (deps.now ? deps.now() : new Date());
  app.get(
    '/api/stats/sales-agent/export',
    {
      config: { access: { permission: 'stats.salesAgents' } },
      schema: {
        summary: "Export the sales agents' total statistics (CSV, XLSX, PDF)",
        tags: ['stats'],
        querystring: agentStatsExportQuery,
      },
    },
    async (request, reply) => sendFile(reply, await agentExport(deps.db, actorOf(request), 'sales', request.query, now())),
  );
  app.get(
    '/api/stats/call-agent/export',
    {
      config: { access: { permission: 'stats.callAgents' } },
      schema: { summary: "Export the call agents' total statistics (CSV, XLSX, PDF)", tags: ['stats'], querystring: agentStatsExportQuery },
    },
    async (request, reply) => sendFile(reply, await agentExport(deps.db, actorOf(request), 'call', request.query, now())),
  );
  app.get(
    '/api/stats/leads/export',
    {
      config: { access: { permission: 'stats.leads' } },
      schema: { summary: 'Export the leads statistics (CSV, XLSX)', tags: ['stats'], querystring: leadStatsExportQuery },
    },
    async (request, reply) => {
      const q = request.query;
      const lang: Language = q.lang ?? 'de';
      const d = (await leadStats(deps.db, { year: q.year, from: q.from, to: q.to }, now())).data;
      return sendFile(
        reply,
        await exportFile(q.format, {
          name: `leads-statistics-${periodSlug(d.year, d.from, d.to)}`,
          title: text(lang, 'totalstats:leads.title'),
          heading: headingOf(lang, { year: d.year, from: d.from, to: d.to, computedAt: d.computed_at }),
          tables: leadTables(lang, d),
        }),
      );
    },
  );
}
