import { idParams } from '@bo/domain';
import { z } from 'zod';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { setBlocked, type AuthDeps } from '../auth/service.ts';

const answer = z.object({ data: z.object({ id: z.number(), is_active: z.boolean() }) });
const BLOCK = { access: { permission: 'accounts.block' as const } };

export function accountRoutes(app: App, deps: AuthDeps): void {
  const tags = ['accounts'];
  app.get('/api/block-account/:id', { config: BLOCK, schema: { tags, params: idParams, response: { 200: answer } } }, async (request) => ({
    data: await setBlocked(deps, actorOf(request), request.params.id, true, meta(request)),
  }));
  app.get(
    '/api/unblock-account/:id',
    { config: BLOCK, schema: { tags, params: idParams, response: { 200: answer } } },
    async (request) => ({
      data: await setBlocked(deps, actorOf(request), request.params.id, false, meta(request)),
    }),
  );
}
