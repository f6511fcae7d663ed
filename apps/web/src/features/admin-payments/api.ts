import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export const ADMIN_PAYMENTS_KEY = ['admin-payments'] as const;

export function useAdminPayments(page: { limit: number; offset: number }) {
  const query = { limit: page.limit, offset: page.offset };
  return useQuery({
    queryKey: [...ADMIN_PAYMENTS_KEY, query],
    queryFn: async () => (await api.get('/api/admin-payments', { query })).data,
    placeholderData: keepPreviousData,
  });
}

/** Marks the receipts paid, all or none; no ids changes nothing. */
export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post('/api/admin-payments/mark-paid', { body: { receipt_ids: ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY }),
  });
}

/** Gathers an agent's open commissions of the period into a receipt (the finances module's receipt). */
export function useCreateReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, from, to }: { agentId: number; from: string; to: string }) =>
      api.post('/api/finances/receipt/{id}', { path: { id: agentId }, body: { from, to } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY }),
  });
}
