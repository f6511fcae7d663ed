import {
  clientBody,
  clientRecordDto,
  clientUpdateBody,
  contactHistoryBody,
  contactHistoryDto,
  contactHistoryEditBody,
  idParams,
  subUserBody,
  subUserDto,
  userInfoBody,
  userInfoDeleteBody,
  userInfoDto,
  zEmail,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import type { ClientsDeps } from './live.service.ts';
import * as record from './record.service.ts';

const READ = { access: { permission: 'clients.read' as const } };
const CREATE = { access: { permission: 'clients.create' as const } };
const MANAGE = { access: { permission: 'clients.manage' as const } };
const DELETE = { access: { permission: 'clients.delete' as const } };

const recordAnswer = z.object({ data: clientRecordDto });
const contactAnswer = z.object({ data: contactHistoryDto });
const notesAnswer = z.object({ data: z.array(userInfoDto) });

/** The client record (spec 2 show-user, create-client; spec 7 "User" and the contact history calls). */
export function clientRecordRoutes(app: App, deps: Pick<ClientsDeps, 'db' | 'publish' | 'onClientRemoved'>): void {
  const tags = ['client record'];
  const { db } = deps;
  app.post(
    '/api/user',
    { config: CREATE, schema: { summary: 'Create a client', tags, body: clientBody, response: { 201: recordAnswer } } },
    async (request, reply) => reply.status(201).send({ data: await record.createClient(deps, actorOf(request), request.body) }),
  );
  app.get(
    '/api/user/:id',
    { config: READ, schema: { summary: 'Get the record of a client', tags, params: idParams, response: { 200: recordAnswer } } },
    async (request) => ({
      data: await record.clientRecord(db, actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/user/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a client', tags, params: idParams, body: clientUpdateBody, response: { 200: recordAnswer } },
    },
    async (request) => ({ data: await record.updateClientRecord(deps, actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/api/user/:id',
    {
      config: DELETE,
      schema: {
        summary: 'Delete a client from its record',
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.object({ id: z.number() }) }) },
      },
    },
    async (request) => ({ data: await record.deleteClient(deps, actorOf(request), request.params.id, meta(request)) }),
  );
  app.get(
    '/api/user-check-email/:email',
    {
      config: CREATE,
      schema: {
        summary: 'Check whether an e-mail address is free',
        tags,
        params: z.object({ email: zEmail() }),
        response: { 200: z.object({ data: z.object({ available: z.boolean() }) }) },
      },
    },
    async (request) => ({ data: { available: await record.emailAvailable(db, request.params.email) } }),
  );

  for (const [path, summary] of [
    ['/api/clients/add-contact-history/:id', 'Add a contact to the history of a client'],
    ['/api/contact-history/:id', 'Add a contact to the history of a client (REST path)'],
  ] as const) {
    app.post(
      path,
      { config: MANAGE, schema: { summary: summary, tags, params: idParams, body: contactHistoryBody, response: { 201: contactAnswer } } },
      async (request, reply) =>
        reply.status(201).send({ data: await record.addContact(deps, actorOf(request), request.params.id, request.body) }),
    );
  }
  app.post(
    '/api/clients/edit-contact-history/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Edit an entry of the contact history',
        tags,
        params: idParams,
        body: contactHistoryEditBody,
        response: { 200: contactAnswer },
      },
    },
    async (request) => ({ data: await record.editContact(deps, actorOf(request), request.params.id, request.body) }),
  );
  app.put(
    '/api/contact-history/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Edit an entry of the contact history (REST path)',
        tags,
        params: idParams,
        body: contactHistoryEditBody,
        response: { 200: contactAnswer },
      },
    },
    async (request) => ({ data: await record.editContact(deps, actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/sub-user/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Set the second person of a client',
        tags,
        params: idParams,
        body: subUserBody,
        response: { 200: z.object({ data: subUserDto }) },
      },
    },
    async (request) => ({ data: await record.setSubUser(deps, actorOf(request), request.params.id, request.body) }),
  );
  app.delete(
    '/api/sub-user/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Remove the second person of a client',
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.object({ id: z.number() }) }) },
      },
    },
    async (request) => ({ data: await record.removeSubUser(deps, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/user-info/:id',
    { config: READ, schema: { summary: 'List the notes on a client', tags, params: idParams, response: { 200: notesAnswer } } },
    async (request) => ({
      data: await record.notesOf(db, actorOf(request), request.params.id),
    }),
  );
  for (const [path, summary] of [
    ['/api/user-info/:id', 'Add a note on a client'],
    ['/api/clients/create-user-info/:id', 'Add a note on a client (older path)'],
  ] as const) {
    app.post(
      path,
      { config: MANAGE, schema: { summary: summary, tags, params: idParams, body: userInfoBody, response: { 200: notesAnswer } } },
      async (request) => ({
        data: await record.addNote(deps, actorOf(request), request.params.id, request.body.text),
      }),
    );
  }
  app.delete(
    '/api/user-info/:id',
    {
      config: MANAGE,
      schema: { summary: 'Delete a note on a client', tags, params: idParams, body: userInfoDeleteBody, response: { 200: notesAnswer } },
    },
    async (request) => ({ data: await record.removeNote(deps, actorOf(request), request.body.info_id, request.params.id) }),
  );
  app.post(
    '/api/clients/delete-user-info/:id',
    { config: MANAGE, schema: { summary: 'Delete a note by its id', tags, params: idParams, response: { 200: notesAnswer } } },
    async (request) => ({ data: await record.removeNote(deps, actorOf(request), request.params.id) }),
  );
  app.put(
    '/api/clients/update-user-info/:id',
    { config: MANAGE, schema: { summary: 'Change a note', tags, params: idParams, body: userInfoBody, response: { 200: notesAnswer } } },
    async (request) => ({ data: await record.changeNote(deps, actorOf(request), request.params.id, request.body.text) }),
  );
}
