import type { OmnicasApplicationDto, OmnicasListDto, OmnicasOrderDto, OmnicasStatus } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export const OMNICAS_KEY = ['omnicas'] as const;

/** One page of applications, newest first, optionally of one status. */
export function useOmnicas(page: { limit: number; offset: number; status: OmnicasStatus | '' }) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (page.status) {
    params.set('status', page.status);
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...OMNICAS_KEY, 'list', search],
    queryFn: () => http<OmnicasListDto>(`/api/omnicas?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** The orders paid through the provider that the new-application dialog offers. */
export function useOmnicasOrders(search: string, enabled: boolean) {
  const params = new URLSearchParams({ limit: '20', ...(search ? { search } : {}) }).toString();
  return useQuery({
    queryKey: [...OMNICAS_KEY, 'orders', params],
    queryFn: async () => (await http<{ data: OmnicasOrderDto[] }>(`/api/omnicas/orders?${params}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { order_id: number; reference: string; amount?: number }) =>
      http<{ data: OmnicasApplicationDto }>('/api/omnicas', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

export function useSetOmnicasStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OmnicasStatus }) =>
      http<{ data: OmnicasApplicationDto }>(`/api/omnicas/${id}`, { method: 'PUT', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

/** Asks the provider for its decision (only offered when a real provider is configured). */
export function useRefreshOmnicas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<{ data: OmnicasApplicationDto }>(`/api/omnicas/${id}/refresh`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}
