import {
  commissionDto,
  commissionRateDto,
  commissionRatesBody,
  commissionsQuery,
  commissionUpdateBody,
  idParams,
  listOf,
  receiptCreateBody,
  receiptRowDto,
  receiptsQuery,
  receiptUpdateBody,
} from '@bo/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import type { FilesDeps } from '../files/index.ts';
import * as commissions from './commissions.service.ts';
import * as receipts from './receipts.service.ts';

const READ = { access: { permission: 'finances.read' as const } };
const MANAGE = { access: { permission: 'finances.manage' as const } };
const receiptAnswer = z.object({ data: receiptRowDto });

/** Commissions, their rates, and the receipts that pay them (spec 7 /api/finances/commission…, /receipt…). */
export function commissionRoutes(app: App, deps: { db: Db; files: FilesDeps }): void {
  const tags = ['finances'];
  const { db } = deps;

  app.get(
    '/api/finances/commissions',
    {
      config: READ,
      schema: { summary: 'List commissions', tags, querystring: commissionsQuery, response: { 200: listOf(commissionDto) } },
    },
    async (request) => commissions.commissionsPage(db, actorOf(request), request.query),
  );
  app.put(
    '/api/finances/commission/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Set the status of a commission',
        tags,
        params: idParams,
        body: commissionUpdateBody,
        response: { 200: z.object({ data: commissionDto }) },
      },
    },
    async (request) => ({ data: await commissions.setCommissionStatus(db, actorOf(request), request.params.id, request.body.status) }),
  );
  const ratesAnswer = z.object({ data: z.array(commissionRateDto) });
  app.get(
    '/api/finances/commission-rates',
    { config: READ, schema: { summary: 'List the commission rates', tags, response: { 200: ratesAnswer } } },
    async () => ({
      data: await commissions.commissionRates(db),
    }),
  );
  app.put(
    '/api/finances/commission-rates',
    {
      config: MANAGE,
      schema: { summary: 'Replace the commission rates', tags, body: commissionRatesBody, response: { 200: ratesAnswer } },
    },
    async (request) => ({
      data: await commissions.saveCommissionRates(db, actorOf(request), request.body.rates),
    }),
  );

  app.get(
    '/api/finances/receipts',
    {
      config: READ,
      schema: { summary: 'List commission receipts', tags, querystring: receiptsQuery, response: { 200: listOf(receiptRowDto) } },
    },
    async (request) => receipts.receiptsPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/finances/receipt/:id',
    {
      config: READ,
      schema: {
        summary: 'Get a commission receipt with its commissions',
        tags,
        params: idParams,
        response: { 200: receiptAnswer.extend({ commissions: z.array(commissionDto) }) },
      },
    },
    async (request) => ({
      data: await receipts.receiptById(db, actorOf(request), request.params.id),
      commissions: await receipts.receiptLines(db, request.params.id),
    }),
  );
  app.post(
    '/api/finances/receipt/:id',
    {
      config: MANAGE,
      schema: {
        summary: "Gather an agent's open commissions of a period into a receipt",
        tags,
        params: idParams,
        body: receiptCreateBody,
        response: { 201: receiptAnswer },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await receipts.createReceipt(db, actorOf(request), request.params.id, request.body) }),
  );
  app.put(
    '/api/finances/receipt/:id',
    {
      config: MANAGE,
      schema: { summary: 'Set the status of a receipt', tags, params: idParams, body: receiptUpdateBody, response: { 200: receiptAnswer } },
    },
    async (request) => ({ data: await receipts.setReceiptStatus(db, actorOf(request), request.params.id, request.body.status) }),
  );
  app.delete(
    '/api/finances/receipt/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Delete an open receipt',
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.object({ id: z.number() }) }) },
      },
    },
    async (request) => ({ data: await receipts.deleteReceipt(db, actorOf(request), request.params.id) }),
  );
  app.get(
    '/api/finances/rebuild-receipt/:id',
    {
      config: { ...MANAGE, changesState: true },
      schema: { summary: 'Gather the commissions of an open receipt again', tags, params: idParams, response: { 200: receiptAnswer } },
    },
    async (request) => ({
      data: await receipts.rebuildReceipt(db, actorOf(request), request.params.id),
    }),
  );
  app.get(
    '/api/finances/receipt/:id/pdf',
    { config: READ, schema: { summary: 'Download the commission statement of a receipt', tags, params: idParams } },
    async (request, reply) => {
      const { filename, pdf } = await receipts.receiptStatement(deps, actorOf(request), request.params.id);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
    },
  );
}
