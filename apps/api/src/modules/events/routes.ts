import {
  calendarAnswer,
  calendarEventCreateBody,
  calendarEventMoveBody,
  calendarEventsQuery,
  calendarEventUpdateBody,
  eventDetailDto,
  eventDto,
  eventListDto,
  eventQuery,
  eventsListQuery,
  idParams,
  presentationCountsDto,
  presentationCreateBody,
  presentationDraftBody,
  presentationProductCreateBody,
  presentationProductsBody,
  presentationProductsQuery,
  presentationsQuery,
  presentationUpdateBody,
  productLineDto,
  receiptDto,
  serviceBody,
  serviceFinishBody,
  uploadAnswer,
  userProductDto,
} from '@bo/domain';
import { z } from 'zod';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { oneFile, receiveUpload, type FilesDeps } from '../files/index.ts';
import { bookForClient, bookFromCalendar, changeEvent, changeFromClientPage, deleteEvent, type EventsDeps } from './calendar.service.ts';
import { addLine, lineOf, linesOfEvent, removeLine, replaceLinesOf } from './lines.service.ts';
import { finishPresentation, performService, updatePresentationTerms } from './perform.service.ts';
import { userProducts } from './purchases.service.ts';
import { receiptOf, receiptPdf, receiptTextsOf } from './receipt.service.ts';
import { calendarEvents, eventDetail, eventsList, presentationCounts, presentationsList } from './service.ts';

const READ = { access: { permission: 'events.read' as const } };
const BOOK = { access: { permission: 'events.book' as const } };
const MANAGE = { access: { permission: 'events.manage' as const } };
const PERFORM = { access: { permission: 'events.perform' as const } };
const RECEIPT = { access: { permission: 'events.receipt' as const } };
const PURCHASES = { access: { permission: 'purchases.read' as const } };

const detailAnswer = z.object({ data: eventDetailDto });
const deletedAnswer = z.object({ data: z.object({ id: z.number() }) });
const lineAnswer = z.object({ data: productLineDto });
const linesAnswer = z.object({ data: z.array(productLineDto) });

export function eventRoutes(app: App, deps: EventsDeps & { files: FilesDeps }): void {
  const tags = ['events'];
  const { db } = deps;

  app.get(
    '/api/calendar-events',
    {
      config: READ,
      schema: {
        summary: 'List the calendar events of a range',
        tags,
        querystring: calendarEventsQuery,
        response: { 200: z.object({ data: z.array(eventDto), capped: z.boolean() }) },
      },
    },
    async (request) => calendarEvents(db, actorOf(request), request.query),
  );
  app.post(
    '/api/calendar-event',
    {
      config: BOOK,
      schema: { summary: 'Book an event from the calendar', tags, body: calendarEventCreateBody, response: { 201: calendarAnswer } },
    },
    async (request, reply) => reply.status(201).send({ data: await bookFromCalendar(deps, actorOf(request), request.body) }),
  );
  app.put(
    '/api/calendar-event',
    {
      config: MANAGE,
      schema: { summary: 'Change or cancel a calendar event', tags, body: calendarEventUpdateBody, response: { 200: calendarAnswer } },
    },
    async (request) => ({ data: await changeEvent(deps, actorOf(request), request.body, 'update') }),
  );
  app.post(
    '/api/calendar-event-move',
    { config: MANAGE, schema: { summary: 'Move a calendar event', tags, body: calendarEventMoveBody, response: { 200: calendarAnswer } } },
    async (request) => ({ data: await changeEvent(deps, actorOf(request), request.body, 'move') }),
  );

  for (const [path, kind, summary] of [
    ['/api/events-upcoming', 'upcoming', 'List the upcoming events'],
    ['/api/events-history', 'history', 'List the past events'],
  ] as const) {
    app.get(
      path,
      { config: READ, schema: { summary, tags, querystring: eventsListQuery, response: { 200: eventListDto } } },
      async (request) => eventsList(db, actorOf(request), request.query, kind),
    );
  }
  app.get(
    '/api/event/:id',
    {
      config: READ,
      schema: { summary: 'Read an event', tags, params: idParams, querystring: eventQuery, response: { 200: detailAnswer } },
    },
    async (request) => ({ data: await eventDetail(db, actorOf(request), request.params.id, request.query.eventType) }),
  );
  app.post(
    '/api/event/perform-service/:id',
    {
      config: PERFORM,
      schema: { summary: 'Finish a service', tags, params: idParams, body: serviceFinishBody, response: { 200: detailAnswer } },
    },
    async (request) => ({ data: await performService(deps, actorOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/api/presentation/:id',
    { config: READ, schema: { summary: 'Read a presentation', tags, params: idParams, response: { 200: detailAnswer } } },
    async (request) => ({ data: await eventDetail(db, actorOf(request), request.params.id, 'presentation') }),
  );
  for (const [path, summary] of [
    ['/api/presentation', 'Book a presentation for a client'],
    ['/api/clients/create-presentation', "Book a presentation from the client's page"],
  ] as const) {
    app.post(
      path,
      { config: BOOK, schema: { summary, tags, body: presentationCreateBody, response: { 201: detailAnswer } } },
      async (request, reply) =>
        reply.status(201).send({ data: await bookForClient(deps, actorOf(request), 'presentation', request.body.user_id, request.body) }),
    );
  }
  app.put(
    '/api/presentation/:id',
    {
      config: PERFORM,
      schema: {
        summary: "Change a presentation's discount, comments and contract number",
        tags,
        params: idParams,
        body: presentationUpdateBody,
        response: { 200: detailAnswer },
      },
    },
    async (request) => ({ data: await updatePresentationTerms(deps, actorOf(request), request.params.id, request.body) }),
  );
  app.put(
    '/api/finish-presentation/:id',
    {
      config: PERFORM,
      schema: {
        summary: 'Finish a presentation with its whole draft',
        tags,
        params: idParams,
        body: presentationDraftBody,
        response: { 200: detailAnswer },
      },
    },
    async (request) => ({ data: await finishPresentation(deps, actorOf(request), request.params.id, request.body) }),
  );
  for (const [path, summary] of [
    ['/api/presentation/:id', 'Delete a planned presentation'],
    ['/api/clients/delete-presentation/:id', "Delete a planned presentation from the client's page"],
  ] as const) {
    app.delete(
      path,
      { config: MANAGE, schema: { summary, tags, params: idParams, response: { 200: deletedAnswer } } },
      async (request) => ({
        data: await deleteEvent(deps, actorOf(request), request.params.id, 'presentation'),
      }),
    );
  }
  app.put(
    '/api/clients/update-presentation/:id',
    {
      config: MANAGE,
      schema: {
        summary: "Change a planned presentation from the client's page",
        tags,
        params: idParams,
        body: serviceBody,
        response: { 200: detailAnswer },
      },
    },
    async (request) => ({ data: await changeFromClientPage(deps, actorOf(request), 'presentation', request.params.id, request.body) }),
  );

  app.post(
    '/api/clients/create-service/:id',
    {
      config: BOOK,
      schema: { summary: 'Book a service for a client', tags, params: idParams, body: serviceBody, response: { 201: detailAnswer } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await bookForClient(deps, actorOf(request), 'service', request.params.id, request.body) }),
  );
  app.put(
    '/api/clients/update-service/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a planned service', tags, params: idParams, body: serviceBody, response: { 200: detailAnswer } },
    },
    async (request) => ({ data: await changeFromClientPage(deps, actorOf(request), 'service', request.params.id, request.body) }),
  );
  app.delete(
    '/api/clients/delete-service/:id',
    { config: MANAGE, schema: { summary: 'Delete a planned service', tags, params: idParams, response: { 200: deletedAnswer } } },
    async (request) => ({ data: await deleteEvent(deps, actorOf(request), request.params.id, 'service') }),
  );

  app.get(
    '/api/presentation-products',
    {
      config: READ,
      schema: {
        summary: 'List the product lines of a presentation',
        tags,
        querystring: presentationProductsQuery,
        response: { 200: linesAnswer },
      },
    },
    async (request) => ({ data: await linesOfEvent(db, actorOf(request), request.query.presentationId) }),
  );
  app.get(
    '/api/presentation-products/:id',
    { config: READ, schema: { summary: 'Read a product line of a presentation', tags, params: idParams, response: { 200: lineAnswer } } },
    async (request) => ({ data: await lineOf(db, actorOf(request), request.params.id) }),
  );
  app.post(
    '/api/presentation-products',
    {
      config: PERFORM,
      schema: {
        summary: 'Add a product line to a planned presentation',
        tags,
        body: presentationProductCreateBody,
        response: { 201: lineAnswer },
      },
    },
    async (request, reply) => {
      const { presentation_id: presentationId, ...line } = request.body;
      return reply.status(201).send({ data: await addLine(deps, actorOf(request), presentationId, line) });
    },
  );
  app.put(
    '/api/clients/edit-presentation-products/:id',
    {
      config: PERFORM,
      schema: {
        summary: 'Replace the product lines of a planned presentation',
        tags,
        params: idParams,
        body: presentationProductsBody,
        response: { 200: linesAnswer },
      },
    },
    async (request) => ({ data: await replaceLinesOf(deps, actorOf(request), request.params.id, request.body.order_products) }),
  );
  app.delete(
    '/api/clients/delete-presentation-product/:id',
    {
      config: PERFORM,
      schema: { summary: 'Remove a product line from a planned presentation', tags, params: idParams, response: { 200: deletedAnswer } },
    },
    async (request) => ({ data: await removeLine(deps, actorOf(request), request.params.id) }),
  );

  app.get(
    '/api/presentations',
    {
      config: READ,
      schema: { summary: 'List the presentations of a page', tags, querystring: presentationsQuery, response: { 200: eventListDto } },
    },
    async (request) => presentationsList(db, actorOf(request), request.query),
  );
  for (const path of ['/api/presentations-counts', '/api/presentations-counts/']) {
    app.get(
      path,
      { config: READ, schema: { summary: 'Count the presentations of each page', tags, response: { 200: presentationCountsDto } } },
      async (request) => ({
        data: await presentationCounts(db, actorOf(request)),
      }),
    );
  }

  app.post(
    '/api/upload-contract',
    {
      config: PERFORM,
      schema: { summary: 'Upload a signed contract', tags, consumes: ['multipart/form-data'], response: { 200: uploadAnswer } },
    },
    async (request) => ({ file: await receiveUpload(deps.files, actorOf(request), await oneFile(request, 'contract'), 'contract') }),
  );

  app.get(
    '/api/receipt/:id',
    { config: RECEIPT, schema: { summary: 'Read the receipt of a presentation', tags, params: idParams, response: { 200: receiptDto } } },
    async (request) => ({
      data: await receiptOf(db, actorOf(request), request.params.id),
    }),
  );
  app.get(
    '/api/receipt/:id/pdf',
    { config: RECEIPT, schema: { summary: 'Download the receipt of a presentation as PDF', tags, params: idParams } },
    async (request, reply) => {
      const receipt = await receiptOf(db, actorOf(request), request.params.id);
      const pdf = await receiptPdf(receipt, await receiptTextsOf(db, receipt));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="quittung-${request.params.id}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/user-products/:id',
    {
      config: PURCHASES,
      schema: {
        summary: 'List what a client bought',
        tags,
        params: idParams,
        response: { 200: z.object({ data: z.array(userProductDto) }) },
      },
    },
    async (request) => ({ data: await userProducts(db, actorOf(request), request.params.id) }),
  );
}
