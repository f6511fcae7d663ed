import type { AdminPaymentsDto, ReceiptRowDto } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export const ADMIN_PAYMENTS_KEY = ['admin-payments'] as const;

export function useAdminPayments(page: { limit: number; offset: number }, enabled: boolean) {
  const search = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) }).toString();
  return useQuery({
    queryKey: [...ADMIN_PAYMENTS_KEY, search],
    queryFn: async () => (await http<{ data: AdminPaymentsDto }>(`/api/admin-payments?${search}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Marks the receipts paid, all or none; no ids changes nothing. */
export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      http<{ data: { updated: number; receipts: ReceiptRowDto[] } }>('/api/admin-payments/mark-paid', {
        method: 'POST',
        body: { receipt_ids: ids },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY }),
  });
}

/** Gathers an agent's open commissions of the period into a receipt (the finances module's receipt). */
export function useCreateReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, from, to }: { agentId: number; from: string; to: string }) =>
      http<{ data: ReceiptRowDto }>(`/api/finances/receipt/${agentId}`, { method: 'POST', body: { from, to } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_PAYMENTS_KEY }),
  });
}
