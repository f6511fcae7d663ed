import {
  CALL_TYPES,
  INITIAL_CLIENT_STATUS,
  newClientAttribution,
  type ClientBody,
  type ClientStatus,
  type ClientUpdateBody,
  type SubUserBody,
} from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { columnsOf, refuseLoginEmailChange, refuseTaken, type HeldContact } from './record.ts';
import * as repo from './record.repo.ts';
import { findClient } from './relations.repo.ts';
import { viewerOf } from './service.ts';

/**
 * What other modules (presentations and services) change of a client inside their own transaction.
 * The callers announce the change on the socket after their commit (announceClientUpdated).
 */

/** A new client from a booking; the creator keeps it in their scope as POST /api/user does. */
export async function insertClientIn(tx: Tx, actor: Actor, sent: ClientBody): Promise<number> {
  const body = { ...sent, ...newClientAttribution(actor.role) };
  const values = columnsOf(body);
  await refuseTaken(tx, values, null);
  const id = await repo.insertClient(tx, {
    ...values,
    name: body.name,
    surname: body.surname,
    status: INITIAL_CLIENT_STATUS,
    createdById: actor.userId,
    linkedAgentId: actor.role === 'sales_agent' ? actor.userId : null,
    referredById: actor.role === 'partner' || actor.role === 'independent_agent' ? actor.userId : null,
  });
  await repo.setStatusHistoryOfNew(tx, id, INITIAL_CLIENT_STATUS, actor.userId);
  return id;
}

/** Changes the fields sent, for a client in the actor's scope (UNKNOWN_USER_ID otherwise). */
export async function updateClientIn(tx: Tx, actor: Actor, id: number, body: ClientUpdateBody): Promise<void> {
  const viewer = await viewerOf(tx, actor);
  const found = await findClient(tx, viewer.scope, id, { lock: true });
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  await writeClientFields(tx, found.user, body);
}

/**
 * Changes the fields sent, for the client of an event the actor performs: performing it is the
 * permission (the event's own scope was checked), whatever the actor's access to the clients list.
 */
export async function updateClientOfEventIn(tx: Tx, id: number, body: ClientUpdateBody): Promise<void> {
  const found = await findClient(tx, { kind: 'all' }, id, { lock: true });
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  await writeClientFields(tx, found.user, body);
}

/** What the record holds already is never refused as taken (see refuseTaken); a signed-up client's sign-in e-mail stays theirs. */
async function writeClientFields(tx: Tx, held: HeldContact & { passwordHash: string | null }, body: ClientUpdateBody): Promise<void> {
  const values = columnsOf(body);
  refuseLoginEmailChange(values, held);
  await refuseTaken(tx, values, held);
  if (Object.keys(values).length > 0) {
    await repo.updateClient(tx, { kind: 'all' }, held.id, values);
  }
}

export async function setSubUserIn(tx: Tx, id: number, body: SubUserBody): Promise<void> {
  await repo.upsertSubUser(tx, id, {
    name: body.name,
    surname: body.surname ?? '',
    age: body.age ?? null,
    gender: body.gender ?? null,
    phone: body.phone || null,
    email: body.email || null,
  });
}

export async function setClientStatusIn(tx: Tx, id: number, status: ClientStatus, changedById: number): Promise<void> {
  await repo.setStatus(tx, id, status, changedById);
}

/** A recall in the client's contact history: the call agents' recall queue picks it up. */
export async function addRecallIn(tx: Tx, actor: Actor, id: number, at: Date, comment: string): Promise<void> {
  await repo.insertContact(tx, { userId: id, type: 'recall', flow: 'buyer_flow', comment, recallAt: at, agentId: actor.userId });
  await repo.refreshContactCounters(tx, id, CALL_TYPES);
}

/** The client's sub-user (spec 3 "sub_user") as the event pages show it. */
export async function subUserOfClient(tx: Tx, id: number) {
  const row = await repo.subUserOf(tx, id);
  return row && { id: row.id, name: row.name, surname: row.surname, age: row.age, gender: row.gender, phone: row.phone, email: row.email };
}
