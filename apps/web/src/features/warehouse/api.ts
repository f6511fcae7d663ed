import type { OrderDeliveryBody, ShortageDto, StockRowDto, WarehouseDto } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

export const WAREHOUSE_KEY = ['warehouse'] as const;

/** The stock and one page of the orders waiting for their main product. */
export function useWarehouse(page: Pick<DataTableQuery, 'limit' | 'offset'>, enabled = true) {
  const search = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) }).toString();
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, search],
    queryFn: async () => (await http<{ data: WarehouseDto }>(`/api/warehouse?${search}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A counted quantity, or units received (a positive delta) or taken out (negative). */
export function useChangeStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: { quantity: number } | { delta: number } }) =>
      http<{ data: StockRowDto }>(`/api/warehouse/stock/${productId}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: WAREHOUSE_KEY }),
  });
}

export function useDeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, body }: { orderId: number; body: OrderDeliveryBody }) =>
      http<{ data: { order_id: number; delivery_status: string } }>(`/api/warehouse/deliver/${orderId}`, { method: 'POST', body }),
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
