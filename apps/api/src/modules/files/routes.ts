import { fileParams, hasNoNul, parseByteRange, uploadAnswer, type FileKind } from '@bo/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { receiveUpload, uploadLimit, visibleFile, type FilesDeps } from './service.ts';

/**
 * The one file of a multipart body, with the size limit of the kind the endpoint takes. Its name and
 * the form's fields are text like any other: a NUL in them is refused (the JSON bodies are looked at
 * by the text guard, which cannot see into a multipart stream).
 */
export async function oneFile(request: FastifyRequest, kind: FileKind) {
  const file = await request.file({ limits: { fileSize: uploadLimit(kind), files: 1 } });
  if (file) {
    const fields = Object.entries(file.fields).flatMap(([name, part]) =>
      [part].flat().flatMap((p) => (p && p.type === 'field' && typeof p.value === 'string' ? [[name, p.value] as const] : [])),
    );
    const bad = [[file.fieldname, file.filename] as const, ...fields].find(([, value]) => !hasNoNul(value));
    if (bad) {
      file.file.resume();
      throw new AppError('VALIDATION_ERROR', { message: 'Invalid body', fieldValidation: { [bad[0]]: 'invalid_value' } });
    }
  }
  return file;
}

export function fileRoutes(app: App, deps: FilesDeps): void {
  const tags = ['files'];
  const upload = (url: string, kind: FileKind) =>
    app.post(
      url,
      {
        config: { access: { permission: 'products.manage' } },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: uploadAnswer } },
      },
      async (request) => ({ file: await receiveUpload(deps, actorOf(request), await oneFile(request, kind), kind) }),
    );
  upload('/api/upload-product-image', 'image');
  upload('/api/upload-product-video', 'video');

  app.get(
    '/api/files/:id',
    { config: { access: { permission: 'profile.self' } }, schema: { tags, params: fileParams } },
    async (request, reply) => {
      const row = await visibleFile(deps, actorOf(request), request.params.id);
      const range = parseByteRange(request.headers.range, row.sizeBytes);
      const disposition = row.kind === 'document' ? 'attachment' : 'inline';
      reply
        .header('content-type', row.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.originalName)}`);
      if (request.headers.range && !range) {
        return reply.status(416).header('content-range', `bytes */${row.sizeBytes}`).send();
      }
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${row.sizeBytes}`)
          .header('content-length', range.end - range.start + 1);
        return reply.send(await deps.storage.read(row.storageKey, range));
      }
      reply.header('content-length', row.sizeBytes);
      return reply.send(await deps.storage.read(row.storageKey));
    },
  );
}
