import { isOneOf, LOCATION_ORDER_FIELDS, type LocationBody, type LocationOrderField } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';
import type { LocationFilter } from './edit-mode.ts';

export const LOCATIONS_KEY = ['locations'] as const;

/** One page of the locations table: the active type, the search, and the page and sort of the data table. */
export function useLocations(filter: LocationFilter, page: DataTableQuery) {
  const orderBy = page.sort && isOneOf<LocationOrderField>(LOCATION_ORDER_FIELDS, page.sort.field) ? page.sort.field : undefined;
  const query = {
    type: filter.type,
    limit: page.limit,
    offset: page.offset,
    search: filter.search || undefined,
    orderBy,
    orderMethod: orderBy && page.sort?.direction,
  };
  return useQuery({
    queryKey: [...LOCATIONS_KEY, query],
    queryFn: () => api.get('/api/locations', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Adds a location (no id) or changes one. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LocationBody }) =>
      id === null ? api.post('/api/location', { body }) : api.put('/api/location/{id}', { path: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_KEY }),
  });
}

export function useDeleteLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/location/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_KEY }),
  });
}
