import { financeStatsDto, financeStatsQuery, idParams } from '@bo/domain';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { orderInvoice, type InvoiceDeps } from './invoice.ts';
import { financeStats } from './stats.ts';

const READ = { access: { permission: 'finances.read' as const } };

/** The finances statistics (spec 7 GET /api/stats/finances/) and an order's invoice with its QR-bill. */
export function financeExtraRoutes(app: App, deps: InvoiceDeps): void {
  app.get(
    '/api/stats/finances/',
    { config: READ, schema: { tags: ['stats', 'finances'], querystring: financeStatsQuery, response: { 200: financeStatsDto } } },
    async (request) => financeStats(deps.db, actorOf(request), request.query, deps.now ? deps.now() : new Date()),
  );
  app.get(
    '/api/finances/order/:id/invoice.pdf',
    { config: READ, schema: { tags: ['finances'], params: idParams } },
    async (request, reply) => {
      const { filename, pdf } = await orderInvoice(deps, actorOf(request), request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );
}
