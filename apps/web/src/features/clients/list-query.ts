import {
  CLIENT_ORDER_FIELDS,
  clientTableFilters,
  customFilterParams,
  defaultClientFilters,
  isOneOf,
  presetsOfTable,
  type ClientOrderField,
  type ClientPreset,
  type ClientTable,
  type CustomFilter,
  type RoleCode,
} from '@bo/domain';
import type { TableSort } from '../../ui/data-table/layout-state.ts';
import type { ClientListQuery } from './api.ts';

/** The filters of the panel as they were last applied with "Suchen" (statuses, presets, zipcode, custom filters). */
export interface ClientFilters {
  /** Status codes as the list sends them; `make_a_demo` stands for its five statuses. */
  statuses: string[];
  includeStatuses: boolean;
  presets: ClientPreset[];
  zipcode: string;
  /** Only valid filters get here (validateCustomFilters ran before). */
  custom: CustomFilter[];
  /** Only the clients the viewer created (a dashboard card's link; shown as a chip). */
  createdByMe: boolean;
}

export function initialFilters(role: RoleCode): ClientFilters {
  const defaults = defaultClientFilters(role);
  return { ...defaults, zipcode: '', custom: [], createdByMe: false };
}

export interface ClientListRequest {
  table: ClientTable;
  filters: ClientFilters;
  search: string;
  /** The phone number of the incoming-call link. */
  number: string;
  offset: number;
  limit: number;
  sort: TableSort | null;
}

/**
 * The query of GET /api/clients. Statuses, includeStatuses and presets are always sent (statuses not in
 * the buyers tab): they start as the role's defaults (spec 6), and an empty `statuses` asks for every status.
 */
export function clientListParams(request: ClientListRequest): ClientListQuery {
  const { table, filters } = request;
  const { statusFilter } = clientTableFilters(table);
  const sort = request.sort;
  const orderBy = sort && isOneOf<ClientOrderField>(CLIENT_ORDER_FIELDS, sort.field) ? sort.field : undefined;
  return {
    tableName: table,
    roles: ['user'],
    offset: request.offset,
    limit: request.limit,
    // The buyers tab has statuses of its own: without `statuses` the server lists the buyers.
    ...(statusFilter
      ? {
          // Status codes as the panel holds them (make_a_demo standing for its five); the server checks each.
          statuses: filters.statuses as NonNullable<ClientListQuery['statuses']>,
          includeStatuses: filters.includeStatuses ? 'true' : 'false',
        }
      : {}),
    // The buyers tab takes only its own presets (spec 7); the others never take them (the server refuses them).
    presets: presetsOfTable(table, filters.presets),
    search: request.search.trim() || undefined,
    zipcode: filters.zipcode.trim() || undefined,
    number: request.number.trim() || undefined,
    created_by_me: filters.createdByMe ? 'true' : undefined,
    orderBy,
    orderMethod: orderBy ? sort?.direction : undefined,
    ...customFilterParams(filters.custom),
  };
}
