import type { OmnicasStatus } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export const OMNICAS_KEY = ['omnicas'] as const;

/** One page of applications, newest first, optionally of one status. */
export function useOmnicas(page: { limit: number; offset: number; status: OmnicasStatus | '' }) {
  const query = { limit: page.limit, offset: page.offset, status: page.status ? [page.status] : undefined };
  return useQuery({
    queryKey: [...OMNICAS_KEY, 'list', query],
    queryFn: () => api.get('/api/omnicas', { query }),
    placeholderData: keepPreviousData,
  });
}

/** The orders paid through the provider that the new-application dialog offers. */
export function useOmnicasOrders(search: string, enabled: boolean) {
  const query = { limit: 20, search: search || undefined };
  return useQuery({
    queryKey: [...OMNICAS_KEY, 'orders', query],
    queryFn: async () => (await api.get('/api/omnicas/orders', { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { order_id: number; reference: string; amount?: number }) => api.post('/api/omnicas', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

export function useSetOmnicasStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OmnicasStatus }) => api.put('/api/omnicas/{id}', { path: { id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

/** Asks the provider for its decision (only offered when a real provider is configured). */
export function useRefreshOmnicas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/omnicas/{id}/refresh', { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}
