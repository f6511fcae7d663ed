import {
  isOneOf,
  RECOMMENDATION_ORDER_FIELDS,
  type CreateRecommendationBody,
  type RecommendationOrderField,
  type RecommendationStatus,
  type UpdateRecommendationBody,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const RECOMMENDATIONS_KEY = ['recommendations'] as const;

export interface RecommendationFilter {
  status: RecommendationStatus | '';
  search: string;
}

/** One page of a client's recommendations. */
export function useRecommendations(userId: number | undefined, filter: RecommendationFilter, page: DataTableQuery) {
  const orderBy =
    page.sort && isOneOf<RecommendationOrderField>(RECOMMENDATION_ORDER_FIELDS, page.sort.field) ? page.sort.field : undefined;
  const query = {
    limit: page.limit,
    offset: page.offset,
    user_id: userId,
    status: filter.status || undefined,
    search: filter.search || undefined,
    orderBy,
    orderMethod: orderBy && page.sort?.direction,
  };
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'list', query],
    queryFn: () => api.get('/api/recommendations', { query }),
    placeholderData: keepPreviousData,
    enabled: userId !== undefined,
  });
}

/** Spec 3 "Recommendation counters" of one client (GET /api/user-rec-count/{id}). */
export function useRecommendationCounters(userId: number | undefined) {
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'counters', userId],
    queryFn: async () => (await api.get('/api/user-rec-count/{id}', { path: { id: userId! } })).data,
    enabled: userId !== undefined,
  });
}

export function useRecommendation(id: number | undefined) {
  return useQuery({
    queryKey: [...RECOMMENDATIONS_KEY, 'one', id],
    queryFn: async () => (await api.get('/api/recommendations/{id}', { path: { id: id! } })).data,
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
        ? api.post('/api/recommendations', { body: args.body })
        : api.put('/api/recommendations/{id}', { path: { id: args.id }, body: args.body }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY }),
  });
}

export function useDeleteRecommendation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/recommendations/{id}', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOMMENDATIONS_KEY }),
  });
}
