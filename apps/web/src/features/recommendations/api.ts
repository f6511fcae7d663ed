import {
  isOneOf,
  RECOMMENDATION_ORDER_FIELDS,
  type CreateRecommendationBody,
  type RecommendationAnswer,
  type RecommendationCountersDto,
  type RecommendationItemDto,
  type RecommendationListDto,
  type RecommendationOrderField,
  type RecommendationStatus,
  type UpdateRecommendationBody,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const RECOMMENDATIONS_KEY = ['recommendations'] as const;

export interface RecommendationFilter {
  status: RecommendationStatus | '';
  search: string;
}

/** One page of a client's recommendations. */
export function useRecommendations(userId: number | undefined, filter: RecommendationFilter, page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (userId !== undefined) {
    params.set('user_id', String(userId));
  }
  if (filter.status) {
    params.set('status', filter.status);
  }
  if (filter.search) {
    params.set('search', filter.search);
  }
  if (page.sort && isOneOf<RecommendationOrderField>(RECOMMENDATION_ORDER_FIELDS, page.sort.field)) {
    params.set('orderBy', page.sort.field);
    params.set('orderMethod', page.sort.direction);
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'list', search],
    queryFn: () => http<RecommendationListDto>(`/api/recommendations?${search}`),
    placeholderData: keepPreviousData,
    enabled: enabled && userId !== undefined,
  });
}

/** Spec 3 "Recommendation counters" of one client (GET /api/user-rec-count/{id}). */
export function useRecommendationCounters(userId: number | undefined) {
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'counters', userId],
    queryFn: async () => (await http<{ data: RecommendationCountersDto }>(`/api/user-rec-count/${userId}`)).data,
    enabled: userId !== undefined,
  });
}

export function useRecommendation(id: number | undefined) {
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'one', id],
    queryFn: async () => (await http<{ data: RecommendationItemDto }>(`/api/recommendations/${id}`)).data,
    enabled: id !== undefined,
  });
}

/** Adds a recommendation (no id) or changes one; lists and counters are read again afterwards. */
export function useSaveRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      args:
        | { id: null; body: Partial<CreateRecommendationBody> & Pick<CreateRecommendationBody, 'name'> }
        | { id: number; body: UpdateRecommendationBody },
    ) =>
      args.id === null
        ? http<RecommendationAnswer>('/api/recommendations', { method: 'POST', body: args.body })
        : http<RecommendationAnswer>(`/api/recommendations/${args.id}`, { method: 'PUT', body: args.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY }),
  });
}

export function useDeleteRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<{ data: { id: number } }>(`/api/recommendations/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY }),
  });
}
