import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenceStatus } from '@bo/domain';
import { api } from '../../app/api.ts';

export const LICENCE_KEY = ['licence'] as const;
export const LICENCES_KEY = ['licences'] as const;

/** The signed-in independent agent's current licence (null before the first). */
export function useOwnLicence() {
  return useQuery({
    queryKey: LICENCE_KEY,
    queryFn: async () => (await api.get('/api/license/get-agent-license')).data,
  });
}

/** Starts the card checkout; answers the payment page's address. */
export function useCreateCheckout() {
  return useMutation({ mutationFn: async () => (await api.post('/api/license/create-checkout')).url });
}

export function useLocalCheckout(session: string) {
  return useQuery({
    queryKey: ['local-checkout', session],
    queryFn: async () => (await api.get('/api/payments/local-checkout/{session}', { path: { session } })).data,
    retry: false,
  });
}

export function useCompleteLocalCheckout(session: string) {
  return useMutation({
    mutationFn: async (outcome: 'pay' | 'fail' | 'cancel') =>
      (await api.post('/api/payments/local-checkout/{session}', { path: { session }, body: { outcome } })).redirect_url,
  });
}

export function useLicences(q: { status?: LicenceStatus; limit: number; offset: number }) {
  const query = { ...q };
  return useQuery({
    queryKey: [...LICENCES_KEY, query],
    queryFn: async () => api.get('/api/licences', { query }),
  });
}

export function useRequestLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { agent_id: number; flow: 'single' | 'obligation'; valid_until?: string }) =>
      (await api.post('/api/activate-license-request', { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: LICENCES_KEY }),
  });
}

export function useActivateLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.get('/api/activate-license-submit/{id}', { path: { id } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: LICENCES_KEY }),
  });
}

export function useSimulateRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, outcome }: { id: number; outcome: 'renewal_paid' | 'renewal_failed' | 'unpaid' | 'canceled' }) =>
      api.post('/api/payments/local-simulate/{id}', { path: { id }, body: { outcome } }),
    onSuccess: () => client.invalidateQueries({ queryKey: LICENCES_KEY }),
  });
}

export function useEarningsSources(q: { from?: string; to?: string }) {
  const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v)) as { from?: string; to?: string };
  return useQuery({
    queryKey: ['earnings-sources', query],
    queryFn: async () => api.get('/api/reports/earnings-sources', { query }),
  });
}

/** The independent agents an admin may request a licence for. */
export function useIndependentAgents() {
  return useQuery({
    queryKey: ['licences', 'agents'],
    queryFn: async () =>
      (await api.get('/api/users', { query: { roles: ['independent_agent'], limit: 500, orderBy: 'name', orderMethod: 'asc' } })).data,
  });
}
