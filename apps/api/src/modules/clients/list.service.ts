import {
  clientTableFilters,
  defaultClientFilters,
  expandStatuses,
  normalisePhone,
  presetsAllowedFor,
  type ClientListDto,
  type ClientsQuery,
} from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import { toClientRow } from './dto.ts';
import { listClients, type ClientListFilter, type SearchTuning } from './list.repo.ts';
import { duplicateCounts } from './matches.service.ts';
import { clientFlagsOf, mayExportClients, viewerOf, type Viewer } from './policy.ts';

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
  const table = query.tableName;
  const rules = clientTableFilters(table);
  const presets = query.presets ?? rules.defaultPresets(viewer.role);
  if (!presetsAllowedFor(table, presets)) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { presets: 'invalid_value' } });
  }
  let statuses: ClientListFilter['statuses'];
  if (query.statuses !== undefined) {
    statuses = { codes: expandStatuses(query.statuses), include: query.includeStatuses ?? true };
  } else if (!rules.statusFilter) {
    // Without a status filter the tab lists by statuses of its own (the buyers).
    statuses = null;
  } else {
    const defaults = defaultClientFilters(viewer.role);
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

/** A page of the clients list with every row's counts; the duplicates counted by the duplicate engine for the whole page at once. */
export function clientRows(tx: Tx, f: ClientListFilter, tuning?: SearchTuning) {
  return listClients(tx, f, (rows, scope) => duplicateCounts(tx, rows, scope), tuning);
}

export async function clientsPage(db: Db, actor: Actor, query: ClientsQuery): Promise<ClientListDto> {
  const viewer = await viewerOf(db, actor);
  const { rows, total, capped } = await clientRows(db, listFilterOf(viewer, query));
  const flags = clientFlagsOf(actor);
  return {
    data: rows.map((row) => toClientRow(row, flags)),
    total,
    total_capped: capped,
    limit: query.limit,
    offset: query.offset,
    can_export: mayExportClients(actor),
  };
}
