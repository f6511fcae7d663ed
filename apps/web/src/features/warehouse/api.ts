import type { OrderDeliveryBody, ShortageDto } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { HttpError } from '../../app/http-error.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const WAREHOUSE_KEY = ['warehouse'] as const;

/** The stock and one page of the orders waiting for their main product. */
export function useWarehouse(page: Pick<DataTableQuery, 'limit' | 'offset'>, enabled = true) {
  const query = { limit: page.limit, offset: page.offset };
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, query],
    queryFn: async () => (await api.get('/api/warehouse', { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A counted quantity, or units received (a positive delta) or taken out (negative). */
export function useChangeStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: { quantity: number } | { delta: number } }) =>
      api.put('/api/warehouse/stock/{productId}', { path: { productId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WAREHOUSE_KEY }),
  });
}

export function useDeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: OrderDeliveryBody }) =>
      api.post('/api/warehouse/deliver/{orderId}', { path: { orderId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WAREHOUSE_KEY }),
  });
}

/** What the warehouse lacks for a refused delivery, as the server named it. */
export function shortagesOf(err: unknown): ShortageDto[] {
  if (!(err instanceof HttpError)) {
    return [];
  }
  const data = err.body.data as { shortages?: ShortageDto[] } | undefined;
  return Array.isArray(data?.shortages) ? data.shortages : [];
}
