import { can, clientScopeOf, type ClientFlags, type ClientScope, type ClientSummaryDto } from '@bo/domain';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { accountSettingsOf } from '../staff/index.ts';
import { toClientSummary } from './dto.ts';
import { findClient } from './relations.repo.ts';

/**
 * Which clients an actor may see and what they may do with one (docs/permissions.md "Clients"). A
 * client outside the actor's scope is "not found" (UNKNOWN_USER_ID), never "forbidden".
 */

export interface Viewer {
  id: number;
  role: Actor['role'];
  scope: ClientScope;
}

/** Who is asking and which clients that lets them see (their account's access setting included). */
export async function viewerOf(tx: Tx, actor: Pick<Actor, 'userId' | 'role'>): Promise<Viewer> {
  const settings = actor.role === 'call_agent' || actor.role === 'independent_agent' ? await accountSettingsOf(tx, actor.userId) : null;
  return {
    id: actor.userId,
    role: actor.role,
    scope: clientScopeOf({ id: actor.userId, role: actor.role, access: settings?.access ?? null }),
  };
}

/** The client with this id if the viewer's scope holds it, else UNKNOWN_USER_ID (404). */
export async function clientIn(tx: Tx, viewer: Viewer, id: number, opts: { lock?: boolean } = {}) {
  const found = await findClient(tx, viewer.scope, id, opts);
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return found;
}

/** The actor's viewer and the client with this id, if their scope holds it (else UNKNOWN_USER_ID). */
export async function inScope(tx: Tx, actor: Pick<Actor, 'userId' | 'role'>, id: number, opts: { lock?: boolean } = {}) {
  const viewer = await viewerOf(tx, actor);
  return { viewer, found: await clientIn(tx, viewer, id, opts) };
}

/**
 * The client with this id if the actor's scope holds it, else UNKNOWN_USER_ID (404): what other modules
 * (recommendations, presentations …) call before they read or change anything of a client.
 */
export async function clientInScope(tx: Tx, actor: Actor, id: number): Promise<ClientSummaryDto> {
  const { found } = await inScope(tx, actor, id);
  return toClientSummary(found);
}

/** Who may choose a client's linked sales agent on the client's page (spec 7 "Settings"). */
const ASSIGNS_AGENTS: readonly Actor['role'][] = ['admin', 'call_agent'];

/**
 * What the actor may do with a client of their scope: the flags the list rows and the client's page
 * carry, so the screens show the actions the server accepts without knowing the roles.
 */
export function clientFlagsOf(actor: Pick<Actor, 'role'>): ClientFlags {
  const { role } = actor;
  return {
    can_edit: can(role, 'clients.manage'),
    can_delete: can(role, 'clients.delete'),
    can_merge: can(role, 'clients.merge'),
    can_call: can(role, 'clients.call'),
    can_book: can(role, 'events.book'),
    can_assign_agent: can(role, 'clients.manage') && ASSIGNS_AGENTS.includes(role),
    can_see_events: can(role, 'events.read'),
  };
}

/** Whether the actor may export clients of their lists to the work-management tool. */
export function mayExportClients(actor: Pick<Actor, 'role'>): boolean {
  return can(actor.role, 'clients.export');
}

/** Whether the actor's scope holds every client (an admin, or a call agent with access to all). */
export async function seesAllClients(tx: Tx, actor: Pick<Actor, 'userId' | 'role'>): Promise<boolean> {
  return (await viewerOf(tx, actor)).scope.kind === 'all';
}
