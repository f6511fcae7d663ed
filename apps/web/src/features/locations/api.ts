import { PAGE_SIZES, type LocationBody, type LocationDto, type LocationFilter, type LocationListDto } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export const LOCATIONS_KEY = ['locations'] as const;

/** One page of the locations table: the active type, the search, 50 rows ordered by code descending. */
export function useLocations(filter: LocationFilter) {
  return useQuery({
    queryKey: [...LOCATIONS_KEY, filter],
    queryFn: () => {
      const params = new URLSearchParams({ type: filter.type, limit: String(PAGE_SIZES.locations), offset: String(filter.offset) });
      if (filter.search) {
        params.set('search', filter.search);
      }
      return http<LocationListDto>(`/api/locations?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
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
