import { fileDto, globalSettingsAnswer, globalSettingsBody, globalSettingsDto } from '@bo/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { oneFile, receiveUpload, type FilesDeps } from '../files/index.ts';
import { globalSettings, saveGlobalSettings, setLogo } from './service.ts';

export function settingsRoutes(app: App, deps: { db: Db; files: FilesDeps }): void {
  const tags = ['settings'];
  app.get(
    '/api/global-settings',
    {
      config: { access: { permission: 'settings.read' } },
      schema: { summary: 'Get the global settings', tags, response: { 200: globalSettingsAnswer } },
    },
    async () => ({ data: await globalSettings(deps.db) }),
  );
  app.post(
    '/api/global-settings',
    {
      config: { access: { permission: 'settings.manage' } },
      schema: { summary: 'Save the global settings', tags, body: globalSettingsBody, response: { 200: globalSettingsAnswer } },
    },
    async (request) => ({ data: await saveGlobalSettings(deps.db, actorOf(request), request.body, meta(request)) }),
  );

  app.post(
    '/api/upload-logo',
    {
      config: { access: { permission: 'settings.manage' } },
      schema: {
        summary: 'Upload the receipt logo',
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ file: fileDto, data: globalSettingsDto }) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const file = await receiveUpload(deps.files, actor, await oneFile(request, 'image'), 'image');
      return { file, data: await setLogo(deps.db, actor, file, meta(request)) };
    },
  );
}
