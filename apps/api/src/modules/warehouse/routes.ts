import { deliveredDto, idParams, orderDeliveryBody, stockBody, stockRowDto, warehouseDto, warehouseQuery } from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import * as service from './service.ts';

const READ = { access: { permission: 'warehouse.read' as const } };
const MANAGE = { access: { permission: 'warehouse.manage' as const } };
const productParams = z.object({ productId: idParams.shape.id });
const orderParams = z.object({ orderId: idParams.shape.id });

export function warehouseRoutes(app: App, deps: service.WarehouseDeps): void {
  const tags = ['warehouse'];
  app.get(
    '/api/warehouse',
    {
      config: READ,
      schema: {
        summary: 'List the stock and the orders to deliver',
        tags,
        querystring: warehouseQuery,
        response: { 200: z.object({ data: warehouseDto }) },
      },
    },
    async (request) => ({
      data: await service.warehouse(deps.db, request.query),
    }),
  );
  app.put(
    '/api/warehouse/stock/:productId',
    {
      config: MANAGE,
      schema: {
        summary: 'Change the stock of a product',
        tags,
        params: productParams,
        body: stockBody,
        response: { 200: z.object({ data: stockRowDto }) },
      },
    },
    async (request) => ({ data: await service.changeStock(deps.db, request.params.productId, request.body) }),
  );
  app.post(
    '/api/warehouse/deliver/:orderId',
    {
      config: MANAGE,
      schema: {
        summary: 'Deliver the goods of an order out of stock',
        tags,
        params: orderParams,
        body: orderDeliveryBody,
        response: { 201: z.object({ data: deliveredDto }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.deliver(deps, actorOf(request), request.params.orderId, request.body) }),
  );
}
