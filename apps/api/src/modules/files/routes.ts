import { fileParams, parseByteRange, uploadAnswer, type FileKind } from '@bo/domain';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { oneFile, receiveUpload, visibleFile, type FilesDeps } from './service.ts';

export function fileRoutes(app: App, deps: FilesDeps): void {
  const tags = ['files'];
  const upload = (url: string, kind: FileKind, summary: string) =>
    app.post(
      url,
      {
        config: { access: { permission: 'products.manage' } },
        schema: { summary, tags, consumes: ['multipart/form-data'], response: { 200: uploadAnswer } },
      },
      async (request) => ({ file: await receiveUpload(deps, actorOf(request), await oneFile(request, kind), kind) }),
    );
  upload('/api/upload-product-image', 'image', 'Upload a product image');
  upload('/api/upload-product-video', 'video', 'Upload a product video');

  app.get(
    '/api/files/:id',
    { config: { access: { permission: 'profile.self' } }, schema: { summary: 'Download a stored file', tags, params: fileParams } },
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
