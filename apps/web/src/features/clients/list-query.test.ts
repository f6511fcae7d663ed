import type { CustomFilter } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import { clientListParams, initialFilters, type ClientFilters, type ClientListRequest } from './list-query.ts';

/** What the request sends, as text per parameter (lists comma-joined), whatever form the builder returns. */
function sent(request: ClientListRequest): Record<string, string> {
  const built: unknown = clientListParams(request);
  const entries =
    built instanceof URLSearchParams
      ? [...built.entries()]
      : Object.entries(built as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)] as const);
  return Object.fromEntries(entries);
}

const CALL_AGENT: ClientFilters = initialFilters('call_agent');
const request = (patch: Partial<ClientListRequest> = {}): ClientListRequest => ({
  table: 'b2c',
  filters: CALL_AGENT,
  search: '',
  number: '',
  offset: 0,
  limit: 100,
  sort: { field: 'updated_at', direction: 'desc' },
  ...patch,
});
const BASE = {
  tableName: 'b2c',
  roles: 'user',
  offset: '0',
  limit: '100',
  statuses: 'make_a_demo',
  includeStatuses: 'true',
  presets: 'exclude_sm_leads,recall',
  orderBy: 'updated_at',
  orderMethod: 'desc',
};
const without = (keys: string[], from: Record<string, string> = BASE) =>
  Object.fromEntries(Object.entries(from).filter(([k]) => !keys.includes(k)));
const dateFilter: CustomFilter = { name: 'created_at', type: 'date', value: '', from: '2000-01-01', to: '', errors: {} };

describe('clientListParams: the query of GET /api/clients', () => {
  it.each<[string, Partial<ClientListRequest>, Record<string, string>]>([
    ["the call agent's defaults (spec 6)", {}, BASE],
    ['a page further', { offset: 100, limit: 50 }, { ...BASE, offset: '100', limit: '50' }],
    ['the search, trimmed', { search: '  Muster ' }, { ...BASE, search: 'Muster' }],
    ['a blank search is not sent', { search: '   ' }, BASE],
    ['the number of the incoming-call link', { number: ' +41791234567 ' }, { ...BASE, number: '+41791234567' }],
    ['a sort by name', { sort: { field: 'name', direction: 'asc' } }, { ...BASE, orderBy: 'name', orderMethod: 'asc' }],
    ['no sort', { sort: null }, without(['orderBy', 'orderMethod'])],
    ['a sort the server does not know is left out', { sort: { field: 'actions', direction: 'asc' } }, without(['orderBy', 'orderMethod'])],
    ['a zipcode, trimmed', { filters: { ...CALL_AGENT, zipcode: ' 8000 ' } }, { ...BASE, zipcode: '8000' }],
    ['every status (an empty list)', { filters: { ...CALL_AGENT, statuses: [] } }, { ...BASE, statuses: '' }],
    ['a custom date filter', { filters: { ...CALL_AGENT, custom: [dateFilter] } }, { ...BASE, created_at_from: '2000-01-01' }],
    [
      'the buyers tab: no status filter, only its own presets',
      { table: 'buyers', filters: { ...CALL_AGENT, presets: ['recall', 'finished'] } },
      { ...without(['statuses', 'includeStatuses']), tableName: 'buyers', presets: 'finished' },
    ],
    [
      "another tab never sends the buyers' presets",
      { table: 'b2b', filters: { ...CALL_AGENT, presets: ['recall', 'finished'] } },
      { ...BASE, tableName: 'b2b', presets: 'recall' },
    ],
  ])('%s', (_name, patch, expected) => {
    expect(sent(request(patch))).toEqual(expected);
  });
});

describe("initialFilters: the panel starts with the role's defaults", () => {
  it.each<[Parameters<typeof initialFilters>[0], Partial<ClientFilters>]>([
    ['admin', { statuses: ['archived', 'without_number', 'single_man', 'wrong_data'], includeStatuses: false }],
    ['call_agent', { statuses: ['make_a_demo'], includeStatuses: true, presets: ['exclude_sm_leads', 'recall'] }],
  ])('%s', (role, expected) => {
    expect(initialFilters(role)).toMatchObject({ ...expected, zipcode: '', custom: [] });
  });
});
