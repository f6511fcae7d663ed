import { healthDto, isLanguage, NAMESPACES, translationAddBody } from '@bo/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { databaseAnswers } from './service.ts';
import { addMissing, readNamespace } from './translations.ts';

const localeParams = z.object({
  lng: z.string().refine(isLanguage, 'invalid_value'),
  ns: z.enum(NAMESPACES),
});
const localeFileParams = z.object({
  lng: z.string().refine(isLanguage, 'invalid_value'),
  file: z.string().regex(/^[a-z]+\.json$/, 'invalid_value'),
});

export function systemRoutes(app: App, deps: { db: Db; localesDir: string; version: string }): void {
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: { summary: 'Check that the server and its database answer', tags: ['system'], response: { 200: healthDto, 503: healthDto } },
    },
    async (_request, reply) => {
      const database = await databaseAnswers(deps.db);
      return reply.status(database ? 200 : 503).send({ status: database ? 'ok' : 'unavailable', database, version: deps.version });
    },
  );

  app.get(
    '/locales/:lng/:file',
    { config: { access: { public: true } }, schema: { summary: 'Get a translation file', tags: ['i18n'], params: localeFileParams } },
    async (request, reply) => {
      const ns = request.params.file.replace(/\.json$/, '');
      const tree = (NAMESPACES as readonly string[]).includes(ns)
        ? await readNamespace(deps.db, deps.localesDir, request.params.lng, ns)
        : undefined;
      if (!tree) {
        throw new AppError('NOT_FOUND');
      }
      return reply.header('cache-control', 'no-cache').send(tree);
    },
  );

  app.post(
    '/locales/add/:lng/:ns',
    {
      config: { access: { permission: 'translations.add' } },
      schema: {
        summary: 'Add missing translation keys',
        tags: ['i18n'],
        params: localeParams,
        body: translationAddBody,
        response: { 200: z.object({ added: z.number() }) },
      },
    },
    async (request) => {
      const added = await addMissing(deps.db, actorOf(request), request.params, request.body, meta(request));
      return { added };
    },
  );
}
