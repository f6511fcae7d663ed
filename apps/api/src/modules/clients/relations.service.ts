import {
  type DuplicateCheckBody,
  type DuplicateDto,
  type LinkBody,
  type LinkedAgentsBody,
  type NestedTabsDto,
  type RecommendationDto,
} from '@bo/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { toClientSummary } from './dto.ts';
import { announceClientUpdated, type ClientsDeps } from './live.service.ts';
import { duplicatesOfClients, findClientMatches, type ClientMatch } from './matches.service.ts';
import { clientIn, viewerOf } from './policy.ts';
import * as relations from './relations.repo.ts';

/** A client's relations (spec 3): recommendations, duplicates, cohabitants, block neighbours and linked agent. */

function toRecommendation(r: Awaited<ReturnType<typeof relations.recommendationsOf>>[number]): RecommendationDto {
  return {
    id: r.id,
    user_id: r.userId,
    lead_id: r.leadId,
    name: r.name,
    surname: r.surname,
    phone: r.phone,
    email: r.email,
    city: r.city,
    zipcode: r.zipcode,
    address: r.address,
    comment: r.comment,
    status: r.status as RecommendationDto['status'],
    paid_at: r.paidAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** A match of the duplicate engine as the tab and the create-time check show it: the client, its score and why. */
function toDuplicates(matches: ClientMatch[]): DuplicateDto[] {
  return matches.map((m) => ({ ...m.client, score: Math.floor(m.score * 1000) / 1000, reasons: m.reasons }));
}

/** The duplicates tab: the engine's matches of the client inside the viewer's scope (what its list row counts). */
export async function duplicatesOf(db: Db, actor: Actor, id: number): Promise<DuplicateDto[]> {
  const viewer = await viewerOf(db, actor);
  const { user } = await clientIn(db, viewer, id);
  const [found] = await duplicatesOfClients(db, [user], viewer.scope);
  return toDuplicates(found!);
}

/** Create client: who might be the same person, before saving (the engine, with the form as the probe). */
export async function duplicateCheck(db: Db, actor: Actor, body: DuplicateCheckBody): Promise<DuplicateDto[]> {
  const viewer = await viewerOf(db, actor);
  const [found] = await findClientMatches(
    db,
    [
      {
        name: body.name,
        surname: body.surname,
        email: body.email ?? null,
        phone: body.phone ?? null,
        mobile_phone: body.mobile_phone ?? null,
        zipcode: body.zipcode ?? null,
        city: body.city ?? null,
        address: body.address ?? null,
      },
    ],
    viewer.scope,
  );
  return toDuplicates(found!);
}

export async function linkedOf(db: Db, actor: Actor, id: number, kind: relations.LinkKind) {
  const viewer = await viewerOf(db, actor);
  await clientIn(db, viewer, id);
  return (await relations.linkedClients(db, viewer.scope, id, kind)).map(toClientSummary);
}

export async function nestedTabs(db: Db, actor: Actor, id: number): Promise<NestedTabsDto> {
  const viewer = await viewerOf(db, actor);
  const { user } = await clientIn(db, viewer, id);
  const [recs, duplicates, cohabitants, neighbours] = await Promise.all([
    relations.recommendationsOf(db, id),
    duplicatesOfClients(db, [user], viewer.scope).then(([found]) => found!),
    relations.linkedClients(db, viewer.scope, id, 'cohabitant'),
    relations.linkedClients(db, viewer.scope, id, 'block_neighbor'),
  ]);
  return {
    recommendations: recs.map(toRecommendation),
    duplicates: toDuplicates(duplicates),
    cohabitants: cohabitants.map(toClientSummary),
    block_neighbors: neighbours.map(toClientSummary),
  };
}

export async function setLink(
  deps: Pick<ClientsDeps, 'db' | 'publish'>,
  actor: Actor,
  kind: relations.LinkKind,
  body: LinkBody,
  linked: boolean,
): Promise<{ linked: boolean }> {
  if (body.user_id === body.other_id) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { other_id: 'invalid_value' } });
  }
  await deps.db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor);
    await clientIn(tx, viewer, body.user_id);
    await clientIn(tx, viewer, body.other_id);
    const changed = linked
      ? await relations.link(tx, kind, body.user_id, body.other_id, actor.userId)
      : await relations.unlink(tx, kind, body.user_id, body.other_id);
    if (!changed && !linked) {
      throw new AppError('NO_ENTITIES_WERE_UPDATED', { message: 'The two clients were not linked.' });
    }
  });
  await announceClientUpdated(deps, actor, body.user_id);
  await announceClientUpdated(deps, actor, body.other_id);
  return { linked };
}

export async function updateLinkedAgents(
  deps: Pick<ClientsDeps, 'db' | 'publish'>,
  actor: Actor,
  pathId: number | undefined,
  body: LinkedAgentsBody,
): Promise<{ updated: number[] }> {
  const ids = [...new Set([...(pathId === undefined ? [] : [pathId]), ...(body.user_ids ?? [])])];
  if (ids.length === 0) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { user_ids: 'field_is_required' } });
  }
  const updated = await deps.db.transaction(async (tx) => {
    if (body.agent_id !== null && !(await relations.isSalesAgent(tx, body.agent_id))) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { agent_id: 'invalid_value' } });
    }
    const viewer = await viewerOf(tx, actor);
    const changed = await relations.setLinkedAgent(tx, viewer.scope, ids, body.agent_id);
    if (changed.length !== ids.length) {
      // One of them is outside the scope: nothing is changed.
      throw new AppError('UNKNOWN_USER_ID');
    }
    return changed;
  });
  for (const id of updated) {
    await announceClientUpdated(deps, actor, id);
  }
  return { updated };
}
