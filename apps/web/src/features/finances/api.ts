import {
  isOneOf,
  ORDER_STATUSES,
  type commissionRateDto,
  type CommissionDto,
  type CommissionReason,
  type CommissionStatus,
  type DeliveryStatus,
  type OrderDeliveryBody,
  type OrderDto,
  type OrderPaymentBody,
  type OrderStatus,
  type OrderUpdateBody,
  type PaymentStatus,
  type ProductDto,
  type ProductLineBody,
  type ReceiptRowDto,
  type UserListItemDto,
} from '@bo/domain';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
}

/** Everything money: a change to an order can add commissions, a receipt changes their status. */
export const FINANCES_KEY = ['finances'] as const;
const ORDERS_KEY = [...FINANCES_KEY, 'orders'] as const;
const COMMISSIONS_KEY = [...FINANCES_KEY, 'commissions'] as const;
const RECEIPTS_KEY = [...FINANCES_KEY, 'receipts'] as const;
const RATES_KEY = [...FINANCES_KEY, 'rates'] as const;

export interface OrderFilters {
  status: OrderStatus[];
  paymentStatus: PaymentStatus | '';
  deliveryStatus: DeliveryStatus | '';
  agentId: number | null;
  search: string;
}

const ORDER_SORTS = ['updated_at', 'created_at', 'id'] as const;
type OrderSort = (typeof ORDER_SORTS)[number];

/** GET /api/finances/orders: one page with the filters above the table; the server's default is open and pending. */
export function useOrders(filters: OrderFilters, page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  // No status chosen means every status: without the parameter the server answers open and pending only.
  params.set('status', (filters.status.length > 0 ? filters.status : ORDER_STATUSES).join(','));
  if (filters.paymentStatus) {
    params.set('payment_status', filters.paymentStatus);
  }
  if (filters.deliveryStatus) {
    params.set('delivery_status', filters.deliveryStatus);
  }
  if (filters.agentId !== null) {
    params.set('agent_id', String(filters.agentId));
  }
  if (filters.search) {
    params.set('search', filters.search);
  }
  if (page.sort && isOneOf<OrderSort>(ORDER_SORTS, page.sort.field)) {
    params.set('orderBy', page.sort.field);
    params.set('orderMethod', page.sort.direction);
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...ORDERS_KEY, search],
    queryFn: () => http<Page<OrderDto>>(`/api/finances/orders?${search}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

type OrderAnswer = Promise<{ data: OrderDto }>;

/**
 * A change to one order (PUT on the order, POST/PUT/DELETE on its payments and deliveries). Each call
 * answers the whole order, which replaces the row in the page at once; commissions and receipts are
 * read again, since a checked contract or a cancellation changes them.
 */
function useOrderMutation<A>(call: (args: A) => OrderAnswer) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async ({ data }) => {
      client.setQueriesData<Page<OrderDto>>({ queryKey: ORDERS_KEY }, (page) =>
        page ? { ...page, data: page.data.map((o) => (o.id === data.id ? data : o)) } : page,
      );
      await client.invalidateQueries({ queryKey: COMMISSIONS_KEY });
      await client.invalidateQueries({ queryKey: RECEIPTS_KEY });
    },
  });
}

export function useUpdateOrder() {
  return useOrderMutation(({ id, body }: { id: number; body: OrderUpdateBody }) =>
    http(`/api/finances/order/${id}`, { method: 'PUT', body }),
  );
}

/** Adds a payment to an order (`orderId`), or changes one (`paymentId`). */
export function useSavePayment() {
  return useOrderMutation(({ orderId, paymentId, body }: { orderId: number; paymentId: number | null; body: OrderPaymentBody }) =>
    paymentId === null
      ? http(`/api/finances/order-payment/${orderId}`, { method: 'POST', body })
      : http(`/api/finances/order-payment/${paymentId}`, { method: 'PUT', body }),
  );
}

export function useDeletePayment() {
  return useOrderMutation((paymentId: number) => http(`/api/finances/order-payment/${paymentId}`, { method: 'DELETE' }));
}

export function useAddDelivery() {
  return useOrderMutation(({ orderId, body }: { orderId: number; body: OrderDeliveryBody }) =>
    http(`/api/finances/order-delivery/${orderId}`, { method: 'POST', body }),
  );
}

export function useDeleteDelivery() {
  return useOrderMutation((deliveryId: number) => http(`/api/finances/order-delivery/${deliveryId}`, { method: 'DELETE' }));
}

/**
 * Bulk: checks the contracts of the given orders one by one (each may add commissions); answers how many
 * were checked and the first refusal. Afterwards everything money is read again.
 */
export function useCheckContracts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      let done = 0;
      let refusal: unknown = null;
      for (const id of ids) {
        try {
          await http(`/api/finances/order/${id}`, { method: 'PUT', body: { checked_contract: true } });
          done += 1;
        } catch (err) {
          refusal ??= err;
        }
      }
      return { done, refusal };
    },
    onSettled: () => client.invalidateQueries({ queryKey: FINANCES_KEY }),
  });
}

export interface CommissionFilters {
  status: CommissionStatus | '';
  agentId: number | null;
}

/** GET /api/finances/commissions: the commissions tab asks reason sale, the downlines tab l1, l2, l3 and ca. */
export function useCommissions(reasons: readonly CommissionReason[], filters: CommissionFilters, page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ reason: reasons.join(','), limit: String(page.limit), offset: String(page.offset) });
  if (filters.status) {
    params.set('status', filters.status);
  }
  if (filters.agentId !== null) {
    params.set('agent_id', String(filters.agentId));
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...COMMISSIONS_KEY, search],
    queryFn: () => http<Page<CommissionDto>>(`/api/finances/commissions?${search}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSetCommissionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CommissionStatus }) =>
      http<{ data: CommissionDto }>(`/api/finances/commission/${id}`, { method: 'PUT', body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMMISSIONS_KEY }),
  });
}

export type CommissionRate = z.infer<typeof commissionRateDto>;

export function useCommissionRates(enabled: boolean) {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: async () => (await http<{ data: CommissionRate[] }>('/api/finances/commission-rates')).data,
    enabled,
  });
}

export function useSaveCommissionRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rates: CommissionRate[]) =>
      http<{ data: CommissionRate[] }>('/api/finances/commission-rates', { method: 'PUT', body: { rates } }),
    onSuccess: (answer) => client.setQueryData(RATES_KEY, answer.data),
  });
}

export function useReceipts(agentId: number | null, page: DataTableQuery, enabled: boolean) {
  const params = new URLSearchParams({ limit: String(page.limit), offset: String(page.offset) });
  if (agentId !== null) {
    params.set('agent_id', String(agentId));
  }
  const search = params.toString();
  return useQuery({
    queryKey: [...RECEIPTS_KEY, search],
    queryFn: () => http<Page<ReceiptRowDto>>(`/api/finances/receipts?${search}`),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/finances/receipt/{id}: the receipt and the commission rows it holds. */
export function useReceipt(id: number | null) {
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: () => http<{ data: ReceiptRowDto; commissions: CommissionDto[] }>(`/api/finances/receipt/${id}`),
    enabled: id !== null,
  });
}

export function receiptPdfPath(id: number): string {
  return `/api/finances/receipt/${id}/pdf`;
}

/** Build, rebuild, pay or delete a receipt: the commissions it gathers change status with it. */
function useReceiptMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: RECEIPTS_KEY });
      await client.invalidateQueries({ queryKey: COMMISSIONS_KEY });
    },
  });
}

export function useCreateReceipt() {
  return useReceiptMutation(({ agentId, from, to }: { agentId: number; from: string; to: string }) =>
    http<{ data: ReceiptRowDto }>(`/api/finances/receipt/${agentId}`, { method: 'POST', body: { from, to } }),
  );
}

export function useRebuildReceipt() {
  return useReceiptMutation((id: number) => http<{ data: ReceiptRowDto }>(`/api/finances/rebuild-receipt/${id}`));
}

export function usePayReceipt() {
  return useReceiptMutation((id: number) =>
    http<{ data: ReceiptRowDto }>(`/api/finances/receipt/${id}`, { method: 'PUT', body: { status: 'paid' } }),
  );
}

export function useDeleteReceipt() {
  return useReceiptMutation((id: number) => http<{ data: { id: number } }>(`/api/finances/receipt/${id}`, { method: 'DELETE' }));
}

/** Everyone who can earn a commission: sellers, call agents, and the partners and independent agents above them. */
export function useCommissionAgents(enabled: boolean) {
  return useQuery({
    queryKey: [...FINANCES_KEY, 'agents'],
    queryFn: async () =>
      (
        await http<Page<UserListItemDto>>(
          '/api/users?roles=sales_agent,independent_agent,call_agent,partner&limit=500&orderBy=name&orderMethod=asc',
        )
      ).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Adds a product line to an order (spec 7 order-product). */
export function useAddOrderLine() {
  return useOrderMutation(({ orderId, body }: { orderId: number; body: ProductLineBody }) =>
    http(`/api/finances/order-product/${orderId}`, { method: 'POST', body }),
  );
}

export function useDeleteOrderLine() {
  return useOrderMutation((lineId: number) => http(`/api/finances/order-product/${lineId}`, { method: 'DELETE' }));
}

/** The active products a line may be of, by name. */
export function useActiveProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'active-for-orders'],
    queryFn: () => http<{ data: ProductDto[] }>('/api/products?status=active&limit=500&orderBy=name&orderMethod=asc'),
    enabled,
    staleTime: 60_000,
  });
}
