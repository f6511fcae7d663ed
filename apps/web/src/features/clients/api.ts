import type { LinkBody, MergeBody } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CallOptions } from '../../app/api.ts';

export const CLIENTS_KEY = ['clients'] as const;
const nestedKey = (id: number) => [...CLIENTS_KEY, 'nested', id] as const;

/** The query of GET /api/clients as the contract types it (lists are sent comma-joined). */
export type ClientListQuery = NonNullable<CallOptions<'get', '/api/clients'>['query']>;

/** The cache key of one page of a clients tab: live events patch that page in place. */
export const clientListKey = (query: ClientListQuery) => [...CLIENTS_KEY, 'list', query] as const;

/** One page of a clients tab; `query` is built by clientListParams. */
export function useClients(query: ClientListQuery, enabled = true) {
  return useQuery({
    queryKey: clientListKey(query),
    queryFn: () => api.get('/api/clients', { query }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** Clients to link with another one: a search over every status, without the role's presets. */
export function useClientSearch(search: string) {
  return useQuery({
    queryKey: [...CLIENTS_KEY, 'pick', search],
    queryFn: () => api.get('/api/clients', { query: { search, statuses: [], presets: [], roles: ['user'], limit: 10 } }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useNestedTabs(id: number) {
  return useQuery({
    queryKey: nestedKey(id),
    queryFn: async () => (await api.get('/api/clients/nested-tabs-data/{id}', { path: { id } })).data,
    retry: false,
  });
}

export function useStatuses() {
  return useQuery({
    queryKey: ['statuses'],
    queryFn: async () => (await api.get('/api/statuses')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLeadLocations(enabled: boolean) {
  return useQuery({
    queryKey: ['locations-with-users'],
    queryFn: async () => (await api.get('/api/locations-with-users')).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

export function useSalesAgents(enabled: boolean) {
  return useQuery({
    queryKey: ['sales-agents'],
    queryFn: async () => (await api.get('/api/sales-agents', { query: { limit: 500 } })).data,
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
  return useClientsMutation((id: number) => api.delete('/api/clients/{id}', { path: { id } }));
}

export function useMergeDuplicate() {
  return useClientsMutation((body: MergeBody) => api.post('/api/clients/duplicates', { body }));
}

export type LinkKind = 'cohabitant' | 'block_neighbor';

export function useLink() {
  return useClientsMutation(({ kind, body, unlink }: { kind: LinkKind; body: LinkBody; unlink: boolean }) => {
    if (kind === 'cohabitant') {
      return unlink ? api.post('/api/clients/unlink-cohabitant', { body }) : api.post('/api/clients/link-cohabitant', { body });
    }
    return unlink ? api.post('/api/clients/unlink-block-neighbors', { body }) : api.post('/api/clients/block-neighbors', { body });
  });
}

export function useUpdateLinkedAgent() {
  return useClientsMutation(({ id, agentId }: { id: number; agentId: number | null }) =>
    api.post('/api/clients/update-linked-agents/{id}', { path: { id }, body: { agent_id: agentId } }),
  );
}

export function useInitiateCall() {
  return useMutation({
    mutationFn: (id: number) => api.get('/api/clients/initiate-call/{id}', { path: { id } }),
  });
}

export function useExportClients() {
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/api/clients/export-to-monday', { body: { ids } }),
  });
}
