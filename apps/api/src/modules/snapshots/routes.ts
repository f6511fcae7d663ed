import { idParams, savedSnapshotDto, snapshotBody, snapshotsDto } from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { latestSnapshots, saveSnapshot } from './service.ts';

/** Saved table layouts (spec 3 "Table snapshot", spec 7 General); `{id}` is a user id, see the service. */
export function snapshotRoutes(app: App, deps: { db: Db }): void {
  const tags = ['general'];
  const config = { access: { permission: 'profile.self' as const } };
  app.get(
    '/api/general/snapshot/:id',
    { config, schema: { summary: "Get a user's latest snapshots", tags, params: idParams, response: { 200: snapshotsDto } } },
    async (request) => latestSnapshots(deps.db, actorOf(request), request.params.id),
  );
  app.put(
    '/api/general/snapshot/:id',
    {
      config,
      schema: { summary: "Save a user's snapshot", tags, params: idParams, body: snapshotBody, response: { 200: savedSnapshotDto } },
    },
    async (request) => saveSnapshot(deps.db, actorOf(request), request.params.id, request.body),
  );
}
