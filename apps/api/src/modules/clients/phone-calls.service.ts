import { CALL_TYPES } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../core/actor.ts';
import { lastAttemptClient } from './calls.repo.ts';
import { viewerOf } from './policy.ts';
import { findClient } from './relations.repo.ts';
import { announceClientUpdated, announceListing, roomsOfClient, type ClientsDeps } from './live.service.ts';
import { clientNames, clientsWithNumber } from './phone-calls.repo.ts';
import * as repo from './record.repo.ts';

/** What the incoming-call dialog shows of a client the number belongs to (spec 4). */
export interface CallerMatch {
  id: number;
  name: string;
  surname: string;
  status: string | null;
  lastContactAt: string | null;
}

/**
 * The clients of the agent's scope, as it stands now, with this phone or mobile number (E.164): at most
 * `limit`, last contacted first, and how many there are in all.
 */
export async function clientsWithNumberIn(
  tx: Tx,
  agent: Pick<Actor, 'userId' | 'role'>,
  e164: string,
  limit = 5,
): Promise<{ count: number; clients: CallerMatch[] }> {
  const viewer = await viewerOf(tx, agent);
  const rows = await clientsWithNumber(tx, viewer.scope, e164, limit);
  return {
    count: rows[0]?.total ?? 0,
    clients: rows.map((r) => ({
      id: r.id,
      name: r.name,
      surname: r.surname,
      status: r.status,
      lastContactAt: r.lastContactAt ? r.lastContactAt.toISOString() : null,
    })),
  };
}

/**
 * The client of the agent's scope they started a call to at this number (E.164) since `since` through
 * click-to-call, if any: an outbound call the provider reports belongs to the client it was placed from.
 */
export async function lastCalledClientIn(tx: Tx, agent: Pick<Actor, 'userId' | 'role'>, e164: string, since: Date): Promise<number | null> {
  const id = await lastAttemptClient(tx, agent.userId, e164, since);
  if (id === undefined) {
    return null;
  }
  const viewer = await viewerOf(tx, agent);
  return (await findClient(tx, viewer.scope, id)) ? id : null;
}

/** What the sockets must hear after a call's entry was committed (`announceCallRecorded`). */
export interface RecordedCall {
  clientId: number;
  agentId: number | null;
  /** The lead's first call: it leaves the listing. */
  leftListing: boolean;
  rooms: string[];
}

/**
 * A telephone call in the client's contact history (type `call` or `inbound_call`), dated when the call
 * started, counted in the client's calls; an answered call closes the recalls that were due. Inside the
 * caller's transaction; answers the entry's id and what to announce after the commit.
 */
export async function addPhoneCallIn(
  tx: Tx,
  entry: { clientId: number; agentId: number | null; type: 'call' | 'inbound_call'; at: Date; comment: string; answered: boolean },
): Promise<{ id: number; recorded: RecordedCall }> {
  const found = await findClient(tx, { kind: 'all' }, entry.clientId, { lock: true });
  if (entry.answered) {
    await repo.closeDueRecalls(tx, entry.clientId);
  }
  const id = await repo.insertContact(tx, {
    userId: entry.clientId,
    type: entry.type,
    comment: entry.comment,
    agentId: entry.agentId,
    createdAt: entry.at,
    updatedAt: entry.at,
  });
  await repo.refreshContactCounters(tx, entry.clientId, CALL_TYPES);
  return {
    id,
    recorded: {
      clientId: entry.clientId,
      agentId: entry.agentId,
      leftListing: found?.user.callsCount === 0,
      rooms: found ? await roomsOfClient(tx, found.user) : [],
    },
  };
}

/** After the commit: the client's row changed for every room whose scope holds it; a lead's first call takes it off the listing. */
export async function announceCallRecorded(deps: Pick<ClientsDeps, 'db' | 'publish'>, call: RecordedCall): Promise<void> {
  if (call.leftListing) {
    announceListing(deps, call.rooms, { deleted_id: call.clientId, inserted: null });
  }
  await announceClientUpdated(deps, { userId: call.agentId ?? 0 }, call.clientId);
}

/** Name and surname of these clients, by id. */
export async function clientNamesIn(tx: Tx, ids: number[]): Promise<Map<number, { name: string; surname: string }>> {
  const rows = await clientNames(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { name: r.name, surname: r.surname }]));
}
