import type { OrderDeliveryBody } from '@bo/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, HttpError } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

// The shapes of GET /api/warehouse (apps/api/src/modules/warehouse/schemas.ts).
export interface PersonRef {
  id: number;
  name: string;
  surname: string;
}
export type ProductType = 'main' | 'other' | 'gift' | 'hula';
export interface ProductRef {
  id: number;
  code: string;
  name: string;
  type: ProductType;
}
export interface StockRow {
  product: ProductRef & { status: 'active' | 'archived' | 'draft' };
  quantity: number;
  to_deliver: number;
  updated_at: string | null;
}
export interface ToDeliver {
  order_id: number;
  contract_number: string | null;
  status: string;
  delivery_status: string;
  ordered_at: string;
  client: PersonRef & { address: string | null; zipcode: string | null; city: string | null };
  agent: PersonRef | null;
  lines: { id: number; product: ProductRef; quantity: number; status: string }[];
}
interface Warehouse {
  stock: StockRow[];
  to_deliver: { data: ToDeliver[]; total: number; limit: number; offset: number };
}
export interface Shortage {
  product_id: number;
  name: string;
  needed: number;
  available: number;
}

export const WAREHOUSE_KEY = ['warehouse'] as const;

/** The stock and one page of the orders waiting for their main product. */
export function useWarehouse(page: Pick<DataTableQuery, 'limit' | 'offset'>, enabled = true) {
  const search = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) }).toString();
  return useQuery({
    queryKey: [...WAREHOUSE_KEY, search],
    queryFn: async () => (await http<{ data: Warehouse }>(`/api/warehouse?${search}`)).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A counted quantity, or units received (a positive delta) or taken out (negative). */
export function useChangeStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, body }: { productId: number; body: { quantity: number } | { delta: number } }) =>
      http<{ data: StockRow }>(`/api/warehouse/stock/${productId}`, { method: 'PUT', body }),
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
export function shortagesOf(err: unknown): Shortage[] {
  if (!(err instanceof HttpError)) {
    return [];
  }
  const data = err.body.data as { shortages?: Shortage[] } | undefined;
  return Array.isArray(data?.shortages) ? data.shortages : [];
}
