import { globalSettingsAnswer, globalSettingsBody } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { globalSettings, saveGlobalSettings } from './service.ts';

export function settingsRoutes(app: App, deps: { db: Db }): void {
  const tags = ['settings'];
  app.get(
    '/api/global-settings',
    { config: { access: { permission: 'settings.read' } }, schema: { tags, response: { 200: globalSettingsAnswer } } },
    async () => ({ data: await globalSettings(deps.db) }),
  );
  app.post(
    '/api/global-settings',
    {
      config: { access: { permission: 'settings.manage' } },
      schema: { tags, body: globalSettingsBody, response: { 200: globalSettingsAnswer } },
    },
    async (request) => ({ data: await saveGlobalSettings(deps.db, actorOf(request), request.body, meta(request)) }),
  );
}
