import {
  commissionDto,
  commissionRateDto,
  commissionRatesBody,
  commissionsQuery,
  commissionUpdateBody,
  idParams,
  listOf,
  orderDeliveryBody,
  orderDto,
  orderListDto,
  orderPaymentBody,
  orderProductBody,
  ordersQuery,
  orderUpdateBody,
  receiptCreateBody,
  receiptRowDto,
  receiptsQuery,
  receiptUpdateBody,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { storedBytes, type FilesDeps } from '../files/service.ts';
import { globalSettings } from '../settings/service.ts';
import * as commissions from './commissions.ts';
import * as orders from './orders.ts';
import { commissionRates, saveCommissionRates } from './rates.ts';
import { statementPdf } from './statement-pdf.ts';

const READ = { access: { permission: 'finances.read' as const } };
const MANAGE = { access: { permission: 'finances.manage' as const } };
const orderAnswer = z.object({ data: orderDto });
const receiptAnswer = z.object({ data: receiptRowDto });

export function financeRoutes(app: App, deps: orders.FinancesDeps & { files: FilesDeps }): void {
  const tags = ['finances'];
  const { db } = deps;

  app.get(
    '/api/finances/orders',
    { config: READ, schema: { tags, querystring: ordersQuery, response: { 200: orderListDto } } },
    async (request) => orders.ordersPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/finances/order/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: orderAnswer } } },
    async (request) => ({
      data: await orders.orderDto(db, actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/finances/order/:id',
    { config: MANAGE, schema: { tags, params: idParams, body: orderUpdateBody, response: { 200: orderAnswer } } },
    async (request) => ({ data: await orders.updateOrder(deps, actorOf(request), request.params.id, request.body) }),
  );

  // POST names the order, PUT and DELETE the payment, delivery or line itself.
  const children = [
    ['order-payment', orderPaymentBody, orders.addPayment, orders.changePayment, orders.removePayment],
    ['order-delivery', orderDeliveryBody, orders.addDelivery, orders.changeDelivery, orders.removeDelivery],
    ['order-product', orderProductBody, orders.addOrderLine, orders.changeOrderLine, orders.removeOrderLine],
  ] as const;
  for (const [name, body, add, change, remove] of children) {
    const url = `/api/finances/${name}/:id`;
    app.post(url, { config: MANAGE, schema: { tags, params: idParams, body, response: { 201: orderAnswer } } }, async (request, reply) =>
      reply.status(201).send({ data: await add(deps, actorOf(request), request.params.id, request.body as never) }),
    );
    app.put(url, { config: MANAGE, schema: { tags, params: idParams, body, response: { 200: orderAnswer } } }, async (request) => ({
      data: await change(deps, actorOf(request), request.params.id, request.body as never),
    }));
    app.delete(url, { config: MANAGE, schema: { tags, params: idParams, response: { 200: orderAnswer } } }, async (request) => ({
      data: await remove(deps, actorOf(request), request.params.id),
    }));
  }

  app.get(
    '/api/finances/commissions',
    { config: READ, schema: { tags, querystring: commissionsQuery, response: { 200: listOf(commissionDto) } } },
    async (request) => commissions.commissionsPage(db, actorOf(request), request.query),
  );
  app.put(
    '/api/finances/commission/:id',
    {
      config: MANAGE,
      schema: { tags, params: idParams, body: commissionUpdateBody, response: { 200: z.object({ data: commissionDto }) } },
    },
    async (request) => ({ data: await commissions.setCommissionStatus(db, actorOf(request), request.params.id, request.body.status) }),
  );
  const ratesAnswer = z.object({ data: z.array(commissionRateDto) });
  app.get('/api/finances/commission-rates', { config: READ, schema: { tags, response: { 200: ratesAnswer } } }, async () => ({
    data: await commissionRates(db),
  }));
  app.put(
    '/api/finances/commission-rates',
    { config: MANAGE, schema: { tags, body: commissionRatesBody, response: { 200: ratesAnswer } } },
    async (request) => ({
      data: await saveCommissionRates(db, actorOf(request), request.body.rates),
    }),
  );

  app.get(
    '/api/finances/receipts',
    { config: READ, schema: { tags, querystring: receiptsQuery, response: { 200: listOf(receiptRowDto) } } },
    async (request) => commissions.receiptsPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/finances/receipt/:id',
    { config: READ, schema: { tags, params: idParams, response: { 200: receiptAnswer.extend({ commissions: z.array(commissionDto) }) } } },
    async (request) => ({
      data: await commissions.receiptById(db, actorOf(request), request.params.id),
      commissions: await commissions.receiptLines(db, request.params.id),
    }),
  );
  app.post(
    '/api/finances/receipt/:id',
    { config: MANAGE, schema: { tags, params: idParams, body: receiptCreateBody, response: { 201: receiptAnswer } } },
    async (request, reply) =>
      reply.status(201).send({ data: await commissions.createReceipt(db, actorOf(request), request.params.id, request.body) }),
  );
  app.put(
    '/api/finances/receipt/:id',
    { config: MANAGE, schema: { tags, params: idParams, body: receiptUpdateBody, response: { 200: receiptAnswer } } },
    async (request) => ({ data: await commissions.setReceiptStatus(db, actorOf(request), request.params.id, request.body.status) }),
  );
  app.delete(
    '/api/finances/receipt/:id',
    { config: MANAGE, schema: { tags, params: idParams, response: { 200: z.object({ data: z.object({ id: z.number() }) }) } } },
    async (request) => ({ data: await commissions.deleteReceipt(db, actorOf(request), request.params.id) }),
  );
  app.get(
    '/api/finances/rebuild-receipt/:id',
    { config: { ...MANAGE, changesState: true }, schema: { tags, params: idParams, response: { 200: receiptAnswer } } },
    async (request) => ({
      data: await commissions.rebuildReceipt(db, actorOf(request), request.params.id),
    }),
  );
  app.get('/api/finances/receipt/:id/pdf', { config: READ, schema: { tags, params: idParams } }, async (request, reply) => {
    const actor = actorOf(request);
    const receipt = await commissions.receiptById(db, actor, request.params.id);
    const company = await globalSettings(db);
    const logoId = /\/api\/files\/([0-9a-f-]{36})$/.exec(company.receipt_logo_path)?.[1];
    const logo = logoId ? await storedBytes(deps.files, logoId) : null;
    const pdf = await statementPdf({
      receipt,
      lines: await commissions.receiptLines(db, receipt.id),
      company: { ...company },
      logo: logo?.bytes ?? null,
      texts: await commissions.statementTextsOf(db, receipt),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="provisionsabrechnung-${receipt.id}.pdf"`)
      .send(pdf);
  });
}
