import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { adminPaymentsDto, adminPaymentsQuery, markPaidBody, markPaidDto } from '@bo/domain';
import * as service from './service.ts';
import type { Db } from '../../db/client.ts';

const MANAGE = { access: { permission: 'finances.manage' as const } };

export function adminPaymentRoutes(app: App, deps: { db: Db }): void {
  const tags = ['admin-payments'];
  app.get(
    '/api/admin-payments',
    {
      config: MANAGE,
      schema: {
        summary: 'List the open receipts and the commissions no receipt holds yet',
        tags,
        querystring: adminPaymentsQuery,
        response: { 200: z.object({ data: adminPaymentsDto }) },
      },
    },
    async (request) => ({ data: await service.adminPayments(deps.db, actorOf(request), request.query) }),
  );
  app.post(
    '/api/admin-payments/mark-paid',
    {
      config: MANAGE,
      schema: {
        summary: 'Mark receipts paid with their commissions',
        tags,
        body: markPaidBody,
        response: { 200: z.object({ data: markPaidDto }) },
      },
    },
    async (request) => ({ data: await service.markPaid(deps.db, actorOf(request), request.body.receipt_ids) }),
  );
}
