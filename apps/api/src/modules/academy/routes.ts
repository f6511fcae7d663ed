import type { MultipartFile } from '@fastify/multipart';
import {
  ACADEMY_FILE_KIND,
  ACADEMY_KINDS,
  academyCategoriesAnswer,
  academyCategoryAnswer,
  academyCategoryBody,
  academyCategoryDeletedDto,
  academyItemAnswer,
  academyItemBody,
  academyItemDeletedDto,
  academyItemsAnswer,
  academyKindParams,
  academyListDto,
  academyPositionBody,
  academyQuery,
  fieldValidationFrom,
  idParams,
} from '@bo/domain';
import { AppError } from '../../core/errors.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { oneFile, type FilesDeps } from '../files/index.ts';
import {
  academyList,
  createCategory,
  createItem,
  deleteCategory,
  deleteItem,
  moveCategory,
  moveItem,
  renameCategory,
  updateItem,
  type AcademyDeps,
} from './service.ts';

const READ = { access: { permission: 'academy.read' as const } };
const MANAGE = { access: { permission: 'academy.manage' as const } };

/** The text fields of a form body that came before its file (later ones are not read yet). */
function formFields(part: MultipartFile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first?.type === 'field') {
      out[name] = first.value;
    }
  }
  return out;
}

/**
 * The academy (spec 2 and 7): the four reading endpoints of the spec, and our admin endpoints under
 * /api/academy/… (see docs/academy.md).
 */
export function academyRoutes(app: App, files: FilesDeps): void {
  const tags = ['academy'];
  const deps: AcademyDeps = {
    ...files,
    onOrphanedFiles: (keys) => app.log.warn({ keys }, 'academy: stored bytes of deleted files could not be removed'),
  };

  for (const kind of ACADEMY_KINDS) {
    // The spec writes the paths with a trailing slash; both spellings answer.
    for (const url of [`/api/${kind}/`, `/api/${kind}`]) {
      app.get(
        url,
        {
          config: READ,
          schema: { summary: `List the academy's ${kind} by category`, tags, querystring: academyQuery, response: { 200: academyListDto } },
        },
        async (request) => academyList(deps.db, actorOf(request), kind, request.query),
      );
    }
  }

  app.post(
    '/api/academy/:kind/categories',
    {
      config: MANAGE,
      schema: {
        summary: 'Create an academy category',
        tags,
        params: academyKindParams,
        body: academyCategoryBody,
        response: { 201: academyCategoryAnswer },
      },
    },
    async (request, reply) => {
      const data = await createCategory(deps.db, actorOf(request), request.params.kind, request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/academy/categories/:id',
    {
      config: MANAGE,
      schema: {
        summary: 'Rename an academy category',
        tags,
        params: idParams,
        body: academyCategoryBody,
        response: { 200: academyCategoryAnswer },
      },
    },
    async (request) => ({ data: await renameCategory(deps.db, actorOf(request), request.params.id, request.body, meta(request)) }),
  );
  app.put(
    '/api/academy/categories/:id/position',
    {
      config: MANAGE,
      schema: {
        summary: 'Move an academy category',
        tags,
        params: idParams,
        body: academyPositionBody,
        response: { 200: academyCategoriesAnswer },
      },
    },
    async (request) => ({ data: await moveCategory(deps.db, request.params.id, request.body.position) }),
  );
  app.delete(
    '/api/academy/categories/:id',
    {
      config: MANAGE,
      schema: { summary: 'Delete an academy category', tags, params: idParams, response: { 200: academyCategoryDeletedDto } },
    },
    async (request) => ({ data: await deleteCategory(deps, actorOf(request), request.params.id, meta(request)) }),
  );

  app.post(
    '/api/academy/:kind/items',
    {
      config: MANAGE,
      schema: {
        summary: 'Add an academy item',
        tags,
        description: 'A form body: the fields title, description and category_id first, then the file.',
        consumes: ['multipart/form-data'],
        params: academyKindParams,
        response: { 201: academyItemAnswer },
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const part = await oneFile(request, ACADEMY_FILE_KIND[kind]);
      if (!part) {
        throw new AppError('EMPTY_FILE', {
          message: 'No file in the form body (field "file").',
          fieldValidation: { file: 'field_is_required' },
        });
      }
      const fields = academyItemBody.safeParse(formFields(part));
      if (!fields.success) {
        throw new AppError('VALIDATION_ERROR', {
          message: 'Invalid form fields',
          fieldValidation: fieldValidationFrom(fields.error.issues),
        });
      }
      const data = await createItem(deps, actorOf(request), kind, fields.data, part, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/academy/items/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change an academy item', tags, params: idParams, body: academyItemBody, response: { 200: academyItemAnswer } },
    },
    async (request) => ({ data: await updateItem(deps.db, actorOf(request), request.params.id, request.body, meta(request)) }),
  );
  app.put(
    '/api/academy/items/:id/position',
    {
      config: MANAGE,
      schema: { summary: 'Move an academy item', tags, params: idParams, body: academyPositionBody, response: { 200: academyItemsAnswer } },
    },
    async (request) => ({ data: await moveItem(deps.db, request.params.id, request.body.position) }),
  );
  app.delete(
    '/api/academy/items/:id',
    { config: MANAGE, schema: { summary: 'Delete an academy item', tags, params: idParams, response: { 200: academyItemDeletedDto } } },
    async (request) => ({ data: await deleteItem(deps, actorOf(request), request.params.id, meta(request)) }),
  );
}
