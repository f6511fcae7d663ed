import {
  isOneOf,
  LOCATION_ORDER_FIELDS,
  type LocationBody,
  type LocationDto,
  type LocationFilter,
  type LocationListDto,
  type LocationOrderField,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const LOCATIONS_KEY = ['locations'] as const;

/** One page of the locations table: the active type, the search, and the page and sort of the data table. */
export function useLocations(filter: LocationFilter, page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ type: filter.type, limit: String(page.limit), offset: String(page.offset) });
  if (filter.search) {
    params.set('search', filter.search);
  }
  if (page.sort && isOneOf<LocationOrderField>(LOCATION_ORDER_FIELDS, page.sort.field)) {
    params.set('orderBy', page.sort.field);
    params.set('orderMethod', page.sort.direction);
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...LOCATIONS_KEY, search],
    queryFn: () => http<LocationListDto>(`/api/locations?${search}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Adds a location (no id) or changes one. */
export function useSaveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: LocationBody }) =>
      id === null
        ? http<{ data: LocationDto }>('/api/location', { method: 'POST', body })
        : http<{ data: LocationDto }>(`/api/location/${id}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_KEY }),
  });
}

export function useDeleteLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<{ data: { id: number } }>(`/api/location/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: LOCATIONS_KEY }),
  });
}
