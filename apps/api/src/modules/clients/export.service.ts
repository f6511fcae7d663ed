import { AppError } from '../../core/errors.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { WorkboardError } from '../../integrations/workboard/index.ts';
import { audit } from '../audit/index.ts';
import { storeGeneratedFile } from '../files/index.ts';
import { toClientSummary } from './dto.ts';
import type { ClientsDeps } from './live.service.ts';
import { viewerOf } from './policy.ts';
import * as relations from './relations.repo.ts';

/** Export to the work-management tool; the local default answers a CSV file to download. */
export async function exportClients(deps: ClientsDeps, actor: Actor, ids: number[], meta: RequestMeta) {
  const viewer = await viewerOf(deps.db, actor);
  const rows = await relations.clientsByIds(deps.db, viewer.scope, [...new Set(ids)]);
  if (rows.length !== new Set(ids).size) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  let result;
  try {
    result = await deps.workboard.exportClients(
      // The summary holds every field of the export (and more, which the adapters leave out).
      rows.map(toClientSummary),
    );
  } catch (err) {
    if (err instanceof WorkboardError) {
      throw new AppError('SERVICE_UNAVAILABLE', { message: `${err.message} (${err.exported} exported before the error)` });
    }
    throw err;
  }
  const file = result.file ? await storeGeneratedFile(deps.files, actor, { ...result.file, kind: 'document' }) : null;
  await audit(deps.db, {
    action: 'clients.exported',
    actorId: actor.userId,
    ip: meta.ip,
    details: { provider: deps.workboard.provider, count: result.exported, ids: rows.map((r) => r.user.id) },
  });
  return { exported: result.exported, provider: deps.workboard.provider, file_id: file?.id ?? null };
}
