import {
  clientScopeOf,
  defaultClientFilters,
  expandStatuses,
  normalisePhone,
  presetsAllowedFor,
  scopeRoom,
  type ClientListDto,
  type ClientScope,
  type ClientSummaryDto,
  type ClientsQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import { accountSettingsOf } from '../staff/accounts.service.ts';
import type { Actor } from '../../core/actor.ts';
import { toClientRow, toClientSummary } from './dto.ts';
import { listClients, type ClientListFilter } from './list.repo.ts';
import { findClient } from './relations.repo.ts';

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

/** A search of digits (and + / - ( ) spaces) with at least six of them is a phone number. */
const PHONE_LIKE = /^[+\d][\d\s/().-]*$/;
function phoneOf(search: string | undefined): string | undefined {
  if (!search || !PHONE_LIKE.test(search) || search.replace(/\D/g, '').length < 6) {
    return undefined;
  }
  return normalisePhone(search);
}

/** The query with the role's defaults of spec 6 where the request left them out. */
export function listFilterOf(viewer: Viewer, query: ClientsQuery): ClientListFilter {
  const defaults = defaultClientFilters(viewer.role);
  const table = query.tableName;
  const presets = query.presets ?? (table === 'buyers' ? [] : defaults.presets);
  if (!presetsAllowedFor(table, presets)) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { presets: 'invalid_value' } });
  }
  let statuses: ClientListFilter['statuses'];
  if (query.statuses !== undefined) {
    statuses = { codes: expandStatuses(query.statuses), include: query.includeStatuses ?? true };
  } else if (table === 'buyers') {
    // The buyers table has statuses of its own (spec 7: search, order and presets only).
    statuses = null;
  } else {
    statuses = { codes: expandStatuses(defaults.statuses), include: query.includeStatuses ?? defaults.includeStatuses };
  }
  const phones: string[] = [];
  if (query.number) {
    const e164 = normalisePhone(query.number);
    if (!e164) {
      throw new AppError('VALIDATION_ERROR', { fieldValidation: { number: 'invalid_phone' } });
    }
    phones.push(e164);
  } else {
    const e164 = phoneOf(query.search);
    if (e164) {
      phones.push(e164);
    }
  }
  return { scope: viewer.scope, viewerId: viewer.id, table, statuses, presets, phones, query };
}

export async function clientsPage(db: Db, actor: Actor, query: ClientsQuery): Promise<ClientListDto> {
  const viewer = await viewerOf(db, actor);
  const { rows, total, capped } = await listClients(db, listFilterOf(viewer, query));
  return { data: rows.map(toClientRow), total, total_capped: capped, limit: query.limit, offset: query.offset };
}

/** The socket room of the viewer's scope: the clients' live events they may hear. */
export async function clientRoomsFor(db: Db, actor: Pick<Actor, 'userId' | 'role'>): Promise<string[]> {
  const room = scopeRoom((await viewerOf(db, actor)).scope);
  return room ? [room] : [];
}

/**
 * The client with this id if the actor's scope holds it, else UNKNOWN_USER_ID (404): what other modules
 * (recommendations, presentations …) call before they read or change anything of a client.
 */
export async function clientInScope(tx: Tx, actor: Actor, id: number): Promise<ClientSummaryDto> {
  const viewer = await viewerOf(tx, actor);
  const found = await findClient(tx, viewer.scope, id);
  if (!found) {
    throw new AppError('UNKNOWN_USER_ID');
  }
  return toClientSummary(found);
}
