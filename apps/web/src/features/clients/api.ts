import type {
  AgentDto,
  ClientListDto,
  exportDto,
  initiateCallDto,
  LinkBody,
  LocationWithUsersDto,
  MergeBody,
  NestedTabsDto,
  StatusesAnswer,
} from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../app/http.ts';

export const CLIENTS_KEY = ['clients'] as const;
const nestedKey = (id: number) => [...CLIENTS_KEY, 'nested', id] as const;

/** One page of a clients tab; `search` is the query string built by clientListParams. */
export function useClients(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...CLIENTS_KEY, 'list', search],
    queryFn: () => http<ClientListDto>(`/api/clients?${search}`),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** Clients to link with another one: a search over every status, without the role's presets. */
export function useClientSearch(search: string) {
  const params = new URLSearchParams({ search, statuses: '', presets: '', roles: 'user', limit: '10' });
  return useQuery({
    queryKey: [...CLIENTS_KEY, 'pick', search],
    queryFn: () => http<ClientListDto>(`/api/clients?${params.toString()}`),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useNestedTabs(id: number) {
  return useQuery({
    queryKey: nestedKey(id),
    queryFn: async () => (await http<{ data: NestedTabsDto }>(`/api/clients/nested-tabs-data/${id}`)).data,
    retry: false,
  });
}

export function useStatuses() {
  return useQuery({
    queryKey: ['statuses'],
    queryFn: async () => (await http<StatusesAnswer>('/api/statuses')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLeadLocations(enabled: boolean) {
  return useQuery({
    queryKey: ['locations-with-users'],
    queryFn: async () => (await http<{ data: LocationWithUsersDto[] }>('/api/locations-with-users')).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSalesAgents(enabled: boolean) {
  return useQuery({
    queryKey: ['sales-agents'],
    queryFn: async () => (await http<{ data: AgentDto[] }>('/api/sales-agents?limit=500')).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** A change to clients: afterwards every list and nested tab is read again. */
function useClientsMutation<A>(call: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useDeleteClient() {
  return useClientsMutation((id: number) => http(`/api/clients/${id}`, { method: 'DELETE' }));
}

export function useMergeDuplicate() {
  return useClientsMutation((body: MergeBody) => http('/api/clients/duplicates', { method: 'POST', body }));
}

export type LinkKind = 'cohabitant' | 'block_neighbor';

const LINK_PATHS: Record<LinkKind, { link: string; unlink: string }> = {
  cohabitant: { link: '/api/clients/link-cohabitant', unlink: '/api/clients/unlink-cohabitant' },
  block_neighbor: { link: '/api/clients/block-neighbors', unlink: '/api/clients/unlink-block-neighbors' },
};

export function useLink() {
  return useClientsMutation(({ kind, body, unlink }: { kind: LinkKind; body: LinkBody; unlink: boolean }) =>
    http(unlink ? LINK_PATHS[kind].unlink : LINK_PATHS[kind].link, { method: 'POST', body }),
  );
}

export function useUpdateLinkedAgent() {
  return useClientsMutation(({ id, agentId }: { id: number; agentId: number | null }) =>
    http(`/api/clients/update-linked-agents/${id}`, { method: 'POST', body: { agent_id: agentId } }),
  );
}

export function useInitiateCall() {
  return useMutation({
    mutationFn: (id: number) => http<z.infer<typeof initiateCallDto>>(`/api/clients/initiate-call/${id}`),
  });
}

export function useExportClients() {
  return useMutation({
    mutationFn: (ids: number[]) => http<z.infer<typeof exportDto>>('/api/clients/export-to-monday', { method: 'POST', body: { ids } }),
  });
}
