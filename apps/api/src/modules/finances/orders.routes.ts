import {
  idParams,
  orderDeliveryBody,
  orderDto,
  orderListDto,
  orderPaymentBody,
  orderProductBody,
  ordersQuery,
  orderUpdateBody,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { orderInvoice, type InvoiceDeps } from './invoices.service.ts';
import * as orders from './orders.service.ts';

const READ = { access: { permission: 'finances.read' as const } };
const MANAGE = { access: { permission: 'finances.manage' as const } };
const orderAnswer = z.object({ data: orderDto });

/** Orders with their payments, deliveries and product lines (spec 7 /api/finances/order…), and an order's invoice. */
export function orderRoutes(app: App, deps: orders.FinancesDeps & InvoiceDeps): void {
  const tags = ['finances'];
  const { db } = deps;

  app.get(
    '/api/finances/orders',
    { config: READ, schema: { summary: 'List orders', tags, querystring: ordersQuery, response: { 200: orderListDto } } },
    async (request) => orders.ordersPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/finances/order/:id',
    { config: READ, schema: { summary: 'Get an order', tags, params: idParams, response: { 200: orderAnswer } } },
    async (request) => ({
      data: await orders.orderDto(db, actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/finances/order/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Change the checks and terms of an order, or toggle its status',
        tags,
        params: idParams,
        body: orderUpdateBody,
        response: { 200: orderAnswer },
      },
    },
    async (request) => ({ data: await orders.updateOrder(deps, actorOf(request), request.params.id, request.body) }),
  );

  // POST names the order, PUT and DELETE the payment, delivery or line itself.
  const children = [
    [
      'order-payment',
      orderPaymentBody,
      orders.addPayment,
      orders.changePayment,
      orders.removePayment,
      ['Add a payment to an order', 'Change a payment of an order', 'Remove a payment of an order'],
    ],
    [
      'order-delivery',
      orderDeliveryBody,
      orders.addDelivery,
      orders.changeDelivery,
      orders.removeDelivery,
      ['Record a delivery of an order', 'Change a delivery of an order', 'Remove a delivery of an order'],
    ],
    [
      'order-product',
      orderProductBody,
      orders.addOrderLine,
      orders.changeOrderLine,
      orders.removeOrderLine,
      ['Add a product line to an order', 'Change a product line of an order', 'Remove a product line of an order'],
    ],
  ] as const;
  for (const [name, body, add, change, remove, [added, changed, removed]] of children) {
    const url = `/api/finances/${name}/:id`;
    app.post(
      url,
      { config: MANAGE, schema: { summary: added, tags, params: idParams, body, response: { 201: orderAnswer } } },
      async (request, reply) =>
        reply.status(201).send({ data: await add(deps, actorOf(request), request.params.id, request.body as never) }),
    );
    app.put(
      url,
      { config: MANAGE, schema: { summary: changed, tags, params: idParams, body, response: { 200: orderAnswer } } },
      async (request) => ({
        data: await change(deps, actorOf(request), request.params.id, request.body as never),
      }),
    );
    app.delete(
      url,
      { config: MANAGE, schema: { summary: removed, tags, params: idParams, response: { 200: orderAnswer } } },
      async (request) => ({
        data: await remove(deps, actorOf(request), request.params.id),
      }),
    );
  }

  app.get(
    '/api/finances/order/:id/invoice.pdf',
    { config: READ, schema: { summary: 'Download the invoice of an order with its QR-bill', tags, params: idParams } },
    async (request, reply) => {
      const { filename, pdf } = await orderInvoice(deps, actorOf(request), request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );
}
