import {
  BUYER_PRESETS,
  CLIENT_ORDER_FIELDS,
  customFilterParams,
  defaultClientFilters,
  isOneOf,
  type ClientOrderField,
  type ClientPreset,
  type ClientTable,
  type CustomFilter,
  type RoleCode,
  type TableSort,
} from '@bo/domain';

/** The filters of the panel as they were last applied with "Suchen" (statuses, presets, zipcode, custom filters). */
export interface ClientFilters {
  /** Status codes as the list sends them; `make_a_demo` stands for its five statuses. */
  statuses: string[];
  includeStatuses: boolean;
  presets: ClientPreset[];
  zipcode: string;
  /** Only valid filters get here (validateCustomFilters ran before). */
  custom: CustomFilter[];
}

export function initialFilters(role: RoleCode): ClientFilters {
  const defaults = defaultClientFilters(role);
  return { ...defaults, zipcode: '', custom: [] };
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

/** The status filter does not apply to the buyers tab: it lists buyers, whatever the role's default statuses are. */
export function hasStatusFilter(table: ClientTable): boolean {
  return table !== 'buyers';
}

const isBuyerPreset = (p: ClientPreset) => (BUYER_PRESETS as readonly string[]).includes(p);

/** The buyers tab takes only its own presets (spec 7); the others never take them (the server refuses them). */
export function presetsFor(table: ClientTable, presets: readonly ClientPreset[]): ClientPreset[] {
  return presets.filter((p) => isBuyerPreset(p) === (table === 'buyers'));
}

/**
 * The query string of GET /api/clients. Statuses, includeStatuses and presets are always sent (statuses not in
 * the buyers tab): they start as the role's defaults (spec 6), and an empty `statuses=` asks for every status.
 */
export function clientListParams(request: ClientListRequest): URLSearchParams {
  const { table, filters } = request;
  const params = new URLSearchParams({
    tableName: table,
    roles: 'user',
    offset: String(request.offset),
    limit: String(request.limit),
  });
  // The buyers tab has statuses of its own: without `statuses` the server lists the buyers.
  if (hasStatusFilter(table)) {
    params.set('statuses', filters.statuses.join(','));
    params.set('includeStatuses', String(filters.includeStatuses));
  }
  params.set('presets', presetsFor(table, filters.presets).join(','));
  if (request.search.trim()) {
    params.set('search', request.search.trim());
  }
  if (filters.zipcode.trim()) {
    params.set('zipcode', filters.zipcode.trim());
  }
  if (request.number.trim()) {
    params.set('number', request.number.trim());
  }
  const sort = request.sort;
  if (sort && isOneOf<ClientOrderField>(CLIENT_ORDER_FIELDS, sort.field)) {
    params.set('orderBy', sort.field);
    params.set('orderMethod', sort.direction);
  }
  for (const [name, value] of Object.entries(customFilterParams(filters.custom))) {
    params.set(name, value);
  }
  return params;
}
