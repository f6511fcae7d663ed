import type { OmnicasStatus } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

// The shapes of /api/omnicas (apps/api/src/modules/omnicas/schemas.ts).
interface PersonRef {
  id: number;
  name: string;
  surname: string;
}
export interface OmnicasApplication {
  id: number;
  order_id: number;
  contract_number: string | null;
  client: PersonRef;
  agent: PersonRef | null;
  status: OmnicasStatus;
  reference: string;
  amount: number;
  provider_id: string | null;
  created_at: string;
  updated_at: string;
}
interface OmnicasList {
  data: OmnicasApplication[];
  total: number;
  limit: number;
  offset: number;
  provider: 'local' | 'http';
}
export interface OmnicasOrder {
  id: number;
  contract_number: string | null;
  client: PersonRef;
  agent: PersonRef | null;
  sum: number;
  created_at: string;
  application: { id: number; status: OmnicasStatus } | null;
}

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
    queryFn: () => http<OmnicasList>(`/api/omnicas?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** The orders paid through the provider that the new-application dialog offers. */
export function useOmnicasOrders(search: string, enabled: boolean) {
  const params = new URLSearchParams({ limit: '20', ...(search ? { search } : {}) }).toString();
  return useQuery({
    queryKey: [...OMNICAS_KEY, 'orders', params],
    queryFn: async () => (await http<{ data: OmnicasOrder[] }>(`/api/omnicas/orders?${params}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { order_id: number; reference: string; amount?: number }) =>
      http<{ data: OmnicasApplication }>('/api/omnicas', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

export function useSetOmnicasStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: OmnicasStatus }) =>
      http<{ data: OmnicasApplication }>(`/api/omnicas/${id}`, { method: 'PUT', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}

/** Asks the provider for its decision (only offered when a real provider is configured). */
export function useRefreshOmnicas() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http<{ data: OmnicasApplication }>(`/api/omnicas/${id}/refresh`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: OMNICAS_KEY }),
  });
}
