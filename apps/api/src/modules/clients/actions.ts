import {
  clientRooms,
  clientsQuery,
  mergePhones,
  normalisePhone,
  scopeOfRoom,
  type ClientRowDto,
  type DuplicateCheckBody,
  type DuplicateDto,
  type LinkBody,
  type LinkedAgentsBody,
  type ListingUpdatedEvent,
  type NestedTabsDto,
  type RecommendationDto,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Telephony } from '../../integrations/telephony/index.ts';
import { TelephonyError } from '../../integrations/telephony/index.ts';
import type { Workboard } from '../../integrations/workboard/index.ts';
import { WorkboardError } from '../../integrations/workboard/index.ts';
import { accountSettingsOf } from '../staff/accounts.service.ts';
import { audit } from '../audit/service.ts';
import type { Actor, RequestMeta } from '../../core/actor.ts';
import { storeGeneratedFile, type FilesDeps } from '../files/service.ts';
import { toClientRow, toClientSummary } from './dto.ts';
import { recordCallAttempt } from './calls.repo.ts';
import { listClients, rowCountsOf } from './list.repo.ts';
import { belongingsOf, lockClients, mergeClients, snapshotOf } from './merge.repo.ts';
import * as relations from './relations.repo.ts';
import { viewerOf, type Viewer } from './service.ts';

/** Sends live events to the sockets whose scope holds a client; a no-op without socket.io. */
export type Publish = (rooms: string[], event: 'client_updated' | 'listing_updated', payload: unknown) => void;

export interface ClientsDeps {
  db: Db;
  telephony: Telephony;
  workboard: Workboard;
  files: FilesDeps;
  publish: Publish;
  /** A client was deleted or merged away, and its sessions with it: its live connections end too. */
  onClientRemoved?: (id: number) => void;
}

async function clientIn(tx: Tx, viewer: Viewer, id: number) {
  const found = await relations.findClient(tx, viewer.scope, id);
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return found;
}

/** The client as a list row (with its counts), for a live event after a change. */
export async function rowOf(db: Db, id: number): Promise<ClientRowDto | null> {
  const { rows } = await listClients(db, {
    scope: { kind: 'all' },
    viewerId: 0,
    table: undefined,
    statuses: null,
    presets: [],
    phones: [],
    ids: [id],
    query: clientsQuery.parse({ orderBy: 'id', limit: 1 }),
  });
  return rows[0] ? toClientRow(rows[0]) : null;
}

/** Every room whose scope holds the client, those of the agents of its presentations and services included. */
export async function roomsOfClient(tx: Tx, user: Parameters<typeof clientRooms>[0]): Promise<string[]> {
  return clientRooms(user, await relations.eventAgentIdsOf(tx, user.id));
}

/**
 * The client's row for each room whose scope holds it: the counts of its nested tabs are those the
 * room's viewers see (a partner's row does not count duplicates or neighbours outside their scope).
 */
async function rowsByRoom(db: Db, id: number): Promise<{ room: string; row: ClientRowDto }[]> {
  const row = await rowOf(db, id);
  const found = await relations.findClient(db, { kind: 'all' }, id);
  if (!row || !found) {
    return [];
  }
  const out: { room: string; row: ClientRowDto }[] = [];
  for (const room of await roomsOfClient(db, found.user)) {
    const scope = scopeOfRoom(room);
    const counts = scope && scope.kind !== 'all' ? await rowCountsOf(db, scope, id) : undefined;
    out.push({ room, row: counts ? { ...row, ...counts } : row });
  }
  return out;
}

/** Spec 4: a changed client replaces its row in every open table that may show it. */
export async function announceClientUpdated(deps: Pick<ClientsDeps, 'db' | 'publish'>, actor: Actor, id: number): Promise<void> {
  for (const { room, row } of await rowsByRoom(deps.db, id)) {
    deps.publish([room], 'client_updated', { updatedBy: actor.userId, client: row });
  }
}

/** Spec 4: a listing row came or went (a new lead, or a deleted or merged client). */
export function announceListing(deps: Pick<ClientsDeps, 'publish'>, rooms: string[], event: ListingUpdatedEvent): void {
  deps.publish(rooms, 'listing_updated', event);
}

/** A new lead (created here or by another module) enters the listing of every table whose scope holds it. */
export async function announceNewLead(deps: Pick<ClientsDeps, 'db' | 'publish'>, id: number): Promise<void> {
  for (const { room, row } of await rowsByRoom(deps.db, id)) {
    announceListing(deps, [room], { deleted_id: null, inserted: row });
  }
}

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

function toDuplicates(rows: Awaited<ReturnType<typeof relations.findDuplicates>>): DuplicateDto[] {
  return rows.map((r) => ({
    ...toClientSummary(r),
    matched_on: [
      ...(r.phone ? (['phone'] as const) : []),
      ...(r.email ? (['email'] as const) : []),
      ...(r.address ? (['address'] as const) : []),
      ...(r.name ? (['name'] as const) : []),
    ],
    name_similarity: Math.round(r.similarity * 100) / 100,
  }));
}

/** A saved client's values a duplicate is looked for by. */
function probeOf(user: relations.ProbeValues): relations.ProbeValues {
  return {
    id: user.id,
    phoneE164: user.phoneE164,
    mobilePhoneE164: user.mobilePhoneE164,
    email: user.email,
    zipcode: user.zipcode,
    address: user.address,
    name: user.name,
    surname: user.surname,
  };
}

export async function duplicatesOf(db: Db, actor: Actor, id: number): Promise<DuplicateDto[]> {
  const viewer = await viewerOf(db, actor);
  const { user } = await clientIn(db, viewer, id);
  return toDuplicates(await relations.findDuplicates(db, viewer.scope, probeOf(user)));
}

/** Create client: who might be the same person, before saving. */
export async function duplicateCheck(db: Db, actor: Actor, body: DuplicateCheckBody): Promise<DuplicateDto[]> {
  const viewer = await viewerOf(db, actor);
  const probe: relations.ProbeValues = {
    id: null,
    phoneE164: normalisePhone(body.phone) ?? null,
    mobilePhoneE164: normalisePhone(body.mobile_phone) ?? null,
    email: body.email?.trim().toLowerCase() || null,
    zipcode: body.zipcode || null,
    address: body.address || null,
    name: body.name,
    surname: body.surname,
  };
  return toDuplicates(await relations.findDuplicates(db, viewer.scope, probe));
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
    relations.findDuplicates(db, viewer.scope, probeOf(user)),
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

export async function deleteClient(
  deps: Pick<ClientsDeps, 'db' | 'publish' | 'onClientRemoved'>,
  actor: Actor,
  id: number,
  meta: RequestMeta,
): Promise<{ id: number }> {
  const rooms = await deps.db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor);
    const { user } = await clientIn(tx, viewer, id);
    const snapshot = await snapshotOf(tx, id);
    // Read before the deletion takes the client's presentations with it.
    const rooms = await roomsOfClient(tx, user);
    await relations.deleteClient(tx, viewer.scope, id);
    await audit(tx, { action: 'client.deleted', actorId: actor.userId, targetUserId: id, ip: meta.ip, details: { client: snapshot } });
    return rooms;
  });
  deps.onClientRemoved?.(id);
  announceListing(deps, rooms, { deleted_id: id, inserted: null });
  return { id };
}

/**
 * Merge duplicates: everything of `merge_id` moves to `keep_id` in one transaction, the merged record
 * is deleted and kept whole in the audit log. Counts of what moved are logged as well.
 */
export async function mergeDuplicates(
  deps: Pick<ClientsDeps, 'db' | 'publish' | 'onClientRemoved'>,
  actor: Actor,
  keepId: number,
  mergeId: number,
  meta: RequestMeta,
): Promise<ClientRowDto> {
  if (keepId === mergeId) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { merge_id: 'invalid_value' } });
  }
  const rooms = await deps.db.transaction(async (tx) => {
    const viewer = await viewerOf(tx, actor);
    const locked = await lockClients(tx, [keepId, mergeId]);
    if (locked.length !== 2) {
      throw new AppError('UNKNOWN_USER_ID');
    }
    const { user: kept } = await clientIn(tx, viewer, keepId);
    const { user: merged } = await clientIn(tx, viewer, mergeId);
    // Only duplicates are merged, by the one definition the tab shows them with.
    if (!(await relations.isDuplicateOf(tx, probeOf(kept), mergeId))) {
      throw new AppError('VALIDATION_ERROR', {
        message: 'The two clients are no duplicates of each other.',
        fieldValidation: { merge_id: 'invalid_value' },
      });
    }
    const snapshot = await snapshotOf(tx, mergeId);
    const moved = await belongingsOf(tx, mergeId);
    // Read before the merge moves the presentations to the kept client.
    const mergedRooms = await roomsOfClient(tx, merged);
    const phones = mergePhones(
      { phone: kept.phone, mobile_phone: kept.mobilePhone },
      { phone: merged.phone, mobile_phone: merged.mobilePhone },
    );
    await mergeClients(tx, keepId, mergeId, {
      phone: phones.phone,
      phoneE164: normalisePhone(phones.phone) ?? null,
      mobilePhone: phones.mobile_phone,
      mobilePhoneE164: normalisePhone(phones.mobile_phone) ?? null,
      left: phones.left,
    });
    await audit(tx, {
      action: 'client.merged',
      actorId: actor.userId,
      targetUserId: keepId,
      ip: meta.ip,
      details: { kept_id: keepId, merged_id: mergeId, merged: snapshot, moved },
    });
    return mergedRooms;
  });
  deps.onClientRemoved?.(mergeId);
  announceListing(deps, rooms, { deleted_id: mergeId, inserted: null });
  await announceClientUpdated(deps, actor, keepId);
  const row = await rowOf(deps.db, keepId);
  if (!row) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return row;
}

/** Starts a call through the telephony adapter and records the attempt (the local default records only). */
export async function initiateCall(db: Db, telephony: Telephony, actor: Actor, id: number) {
  const viewer = await viewerOf(db, actor);
  const { user } = await clientIn(db, viewer, id);
  const number = user.mobilePhoneE164 ?? user.phoneE164;
  if (!number) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'The client has no valid phone number.',
      fieldValidation: { phone: 'invalid_phone' },
    });
  }
  const settings = await accountSettingsOf(db, actor.userId);
  let started;
  try {
    started = await telephony.startCall({
      agent: { telephonyUserId: settings?.telephonyUserId ?? null, telephonyNumber: settings?.telephonyNumber ?? null },
      number,
    });
  } catch (err) {
    if (err instanceof TelephonyError) {
      throw new AppError(err.reason === 'agent_not_configured' ? 'TELEPHONY_NOT_CONFIGURED' : 'SERVICE_UNAVAILABLE', {
        message: err.message,
      });
    }
    throw err;
  }
  const attempt = await recordCallAttempt(db, {
    userId: id,
    agentId: actor.userId,
    number,
    provider: telephony.provider,
    providerCallId: started.providerCallId,
    status: started.status,
  });
  return { id: attempt.id, number, provider: telephony.provider, status: started.status };
}

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
