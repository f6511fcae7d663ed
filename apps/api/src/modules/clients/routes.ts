import {
  clientListDto,
  clientRowDto,
  clientsQuery,
  clientSummaryDto,
  duplicateCheckBody,
  duplicateCheckDto,
  duplicateDto,
  exportBody,
  exportDto,
  idParams,
  initiateCallDto,
  linkBody,
  linkedAgentsBody,
  mergeBody,
  nestedTabsDto,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { initiateCall } from './calls.service.ts';
import { exportClients } from './export.service.ts';
import { clientsPage } from './list.service.ts';
import type { ClientsDeps } from './live.service.ts';
import { mergeDuplicates } from './merge.service.ts';
import { clientRecordRoutes } from './record.routes.ts';
import { deleteClient } from './record.service.ts';
import * as relations from './relations.service.ts';

const READ = { access: { permission: 'clients.read' as const } };
const MANAGE = { access: { permission: 'clients.manage' as const } };
const CALL = { access: { permission: 'clients.call' as const }, changesState: true as const };
const MERGE = { access: { permission: 'clients.merge' as const } };
const DELETE = { access: { permission: 'clients.delete' as const } };
const EXPORT = { access: { permission: 'clients.export' as const } };

const linkedAnswer = z.object({ data: z.object({ linked: z.boolean() }) });

export function clientRoutes(app: App, deps: ClientsDeps): void {
  const tags = ['clients'];
  const { db } = deps;
  clientRecordRoutes(app, deps);
  app.get(
    '/api/clients',
    { config: READ, schema: { summary: 'List the clients of a tab', tags, querystring: clientsQuery, response: { 200: clientListDto } } },
    async (request) => clientsPage(db, actorOf(request), request.query),
  );
  app.get(
    '/api/clients/nested-tabs-data/:id',
    { config: READ, schema: { summary: 'Get the nested tabs of a client row', tags, params: idParams, response: { 200: nestedTabsDto } } },
    async (request) => ({ data: await relations.nestedTabs(db, actorOf(request), request.params.id) }),
  );
  app.get(
    '/api/clients/duplicates/:id',
    {
      config: READ,
      schema: {
        summary: 'List the duplicates of a client',
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.array(duplicateDto) }) },
      },
    },
    async (request) => ({ data: await relations.duplicatesOf(db, actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/clients/duplicate-check',
    {
      config: READ,
      schema: { summary: 'Find possible duplicates of a new client', tags, body: duplicateCheckBody, response: { 200: duplicateCheckDto } },
    },
    async (request) => ({ data: await relations.duplicateCheck(db, actorOf(request), request.body) }),
  );
  for (const [path, kind, summary] of [
    ['/api/clients/cohabitants/:id', 'cohabitant', 'List the cohabitants of a client'],
    ['/api/clients/block-neighbors/:id', 'block_neighbor', 'List the block neighbours of a client'],
  ] as const) {
    app.get(
      path,
      { config: READ, schema: { summary, tags, params: idParams, response: { 200: z.object({ data: z.array(clientSummaryDto) }) } } },
      async (request) => ({ data: await relations.linkedOf(db, actorOf(request), request.params.id, kind) }),
    );
  }
  for (const [path, kind, linked, summary] of [
    ['/api/clients/link-cohabitant', 'cohabitant', true, 'Link two clients as cohabitants'],
    ['/api/clients/unlink-cohabitant', 'cohabitant', false, 'Unlink two cohabitants'],
    ['/api/clients/block-neighbors', 'block_neighbor', true, 'Link two clients as block neighbours'],
    ['/api/clients/unlink-block-neighbors', 'block_neighbor', false, 'Unlink two block neighbours'],
  ] as const) {
    app.post(path, { config: MANAGE, schema: { summary, tags, body: linkBody, response: { 200: linkedAnswer } } }, async (request) => ({
      data: await relations.setLink(deps, actorOf(request), kind, request.body, linked),
    }));
  }
  const agentsAnswer = z.object({ data: z.object({ updated: z.array(z.number()) }) });
  app.post(
    '/api/clients/update-linked-agents',
    {
      config: MANAGE,
      schema: { summary: 'Set the linked agent of several clients', tags, body: linkedAgentsBody, response: { 200: agentsAnswer } },
    },
    async (request) => ({ data: await relations.updateLinkedAgents(deps, actorOf(request), undefined, request.body) }),
  );
  app.post(
    '/api/clients/update-linked-agents/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Set the linked agent of a client',
        tags,
        params: idParams,
        body: linkedAgentsBody,
        response: { 200: agentsAnswer },
      },
    },
    async (request) => ({ data: await relations.updateLinkedAgents(deps, actorOf(request), request.params.id, request.body) }),
  );
  app.post(
    '/api/clients/duplicates',
    {
      config: MERGE,
      schema: { summary: 'Merge a duplicate into a client', tags, body: mergeBody, response: { 200: z.object({ data: clientRowDto }) } },
    },
    async (request) => ({
      data: await mergeDuplicates(deps, actorOf(request), request.body.keep_id, request.body.merge_id, meta(request)),
    }),
  );
  app.delete(
    '/api/clients/:id',
    {
      config: DELETE,
      schema: { summary: 'Delete a client', tags, params: idParams, response: { 200: z.object({ data: z.object({ id: z.number() }) }) } },
    },
    async (request) => ({ data: await deleteClient(deps, actorOf(request), request.params.id, meta(request)) }),
  );
  app.get(
    '/api/clients/initiate-call/:id',
    { config: CALL, schema: { summary: 'Start a call to a client', tags, params: idParams, response: { 200: initiateCallDto } } },
    async (request) => ({ data: await initiateCall(db, deps.telephony, actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/clients/export-to-monday',
    {
      config: EXPORT,
      schema: { summary: 'Export clients to the work-management tool', tags, body: exportBody, response: { 200: exportDto } },
    },
    async (request) => ({ data: await exportClients(deps, actorOf(request), request.body.ids, meta(request)) }),
  );
}
