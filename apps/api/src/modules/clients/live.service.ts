import { clientRooms, clientsQuery, scopeOfRoom, scopeRoom, type ListingUpdatedEvent, type LiveClientRowDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Telephony } from '../../integrations/telephony/index.ts';
import type { Workboard } from '../../integrations/workboard/index.ts';
import type { Actor } from '../../core/actor.ts';
import type { FilesDeps } from '../files/index.ts';
import { toLiveClientRow } from './dto.ts';
import { rowCountsOf } from './list.repo.ts';
import { clientRows } from './list.service.ts';
import { duplicateCounts } from './matches.service.ts';
import * as relations from './relations.repo.ts';
import { viewerOf } from './policy.ts';

/** The clients' live events (spec 4): which socket rooms hear of a client, and what they are sent. */

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

/** The client as a list row (with its counts), for a live event after a change. */
export async function rowOf(db: Db, id: number): Promise<LiveClientRowDto | null> {
  const { rows } = await clientRows(db, {
    scope: { kind: 'all' },
    viewerId: 0,
    table: undefined,
    statuses: null,
    presets: [],
    phones: [],
    ids: [id],
    query: clientsQuery.parse({ orderBy: 'id', limit: 1 }),
  });
  return rows[0] ? toLiveClientRow(rows[0]) : null;
}

/** Every room whose scope holds the client, those of the agents of its presentations and services included. */
export async function roomsOfClient(tx: Tx, user: Parameters<typeof clientRooms>[0]): Promise<string[]> {
  return clientRooms(user, await relations.eventAgentIdsOf(tx, user.id));
}

/**
 * The client's row for each room whose scope holds it: the counts of its nested tabs are those the
 * room's viewers see (a partner's row does not count duplicates or neighbours outside their scope).
 */
async function rowsByRoom(db: Db, id: number): Promise<{ room: string; row: LiveClientRowDto }[]> {
  const row = await rowOf(db, id);
  const found = await relations.findClient(db, { kind: 'all' }, id);
  if (!row || !found) {
    return [];
  }
  const out: { room: string; row: LiveClientRowDto }[] = [];
  for (const room of await roomsOfClient(db, found.user)) {
    const scope = scopeOfRoom(room);
    const counts = scope && scope.kind !== 'all' ? await rowCountsOf(db, scope, id) : undefined;
    const duplicates = scope && scope.kind !== 'all' ? (await duplicateCounts(db, [found.user], scope)).get(id) : undefined;
    out.push({ room, row: counts ? { ...row, ...counts, duplicates: duplicates ?? 0 } : row });
  }
  return out;
}

/** Spec 4: a changed client replaces its row in every open table that may show it. */
export async function announceClientUpdated(
  deps: Pick<ClientsDeps, 'db' | 'publish'>,
  actor: Pick<Actor, 'userId'> & Partial<Actor>,
  id: number,
): Promise<void> {
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

/** The socket room of the viewer's scope: the clients' live events they may hear. */
export async function clientRoomsFor(db: Db, actor: Pick<Actor, 'userId' | 'role'>): Promise<string[]> {
  const room = scopeRoom((await viewerOf(db, actor)).scope);
  return room ? [room] : [];
}
