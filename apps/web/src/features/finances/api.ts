import {
  isOneOf,
  orderStatusesToAsk,
  type commissionRateDto,
  type CommissionReason,
  type CommissionStatus,
  type DeliveryStatus,
  type OrderDeliveryBody,
  type OrderPaymentBody,
  type OrderStatus,
  type OrderUpdateBody,
  type PaymentStatus,
  type ProductLineBody,
} from '@bo/domain';
import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../app/api.ts';
import type { DataTableQuery } from '../../ui/data-table/use-data-table.ts';

type OrdersPage = Answer<'get', '/api/finances/orders'>;

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

/** GET /api/finances/orders: one page with the filters above the table. */
export function useOrders(filters: OrderFilters, page: DataTableQuery) {
  const sort =
    page.sort && isOneOf<OrderSort>(ORDER_SORTS, page.sort.field) ? { field: page.sort.field, direction: page.sort.direction } : null;
  const query = {
    limit: page.limit,
    offset: page.offset,
    // No status chosen means every status: without the parameter the server answers its default (DEFAULT_ORDER_STATUSES).
    status: orderStatusesToAsk(filters.status),
    payment_status: filters.paymentStatus ? [filters.paymentStatus] : undefined,
    delivery_status: filters.deliveryStatus ? [filters.deliveryStatus] : undefined,
    agent_id: filters.agentId ?? undefined,
    search: filters.search || undefined,
    orderBy: sort?.field,
    orderMethod: sort?.direction,
  };
  return useQuery({
    queryKey: [...ORDERS_KEY, query],
    queryFn: () => api.get('/api/finances/orders', { query }),
    placeholderData: keepPreviousData,
  });
}

type OrderAnswer = Promise<Answer<'get', '/api/finances/order/{id}'>>;

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
      client.setQueriesData<OrdersPage>({ queryKey: ORDERS_KEY }, (page) =>
        page ? { ...page, data: page.data.map((o) => (o.id === data.id ? data : o)) } : page,
      );
      await client.invalidateQueries({ queryKey: COMMISSIONS_KEY });
      await client.invalidateQueries({ queryKey: RECEIPTS_KEY });
    },
  });
}

export function useUpdateOrder() {
  return useOrderMutation(({ id, body }: { id: number; body: OrderUpdateBody }) =>
    api.put('/api/finances/order/{id}', { path: { id }, body }),
  );
}

/** Adds a payment to an order (`orderId`), or changes one (`paymentId`). */
export function useSavePayment() {
  return useOrderMutation(({ orderId, paymentId, body }: { orderId: number; paymentId: number | null; body: OrderPaymentBody }) =>
    paymentId === null
      ? api.post('/api/finances/order-payment/{id}', { path: { id: orderId }, body })
      : api.put('/api/finances/order-payment/{id}', { path: { id: paymentId }, body }),
  );
}

export function useDeletePayment() {
  return useOrderMutation((paymentId: number) => api.delete('/api/finances/order-payment/{id}', { path: { id: paymentId } }));
}

export function useAddDelivery() {
  return useOrderMutation(({ orderId, body }: { orderId: number; body: OrderDeliveryBody }) =>
    api.post('/api/finances/order-delivery/{id}', { path: { id: orderId }, body }),
  );
}

export function useDeleteDelivery() {
  return useOrderMutation((deliveryId: number) => api.delete('/api/finances/order-delivery/{id}', { path: { id: deliveryId } }));
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
          await api.put('/api/finances/order/{id}', { path: { id }, body: { checked_contract: true } });
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
export function useCommissions(reasons: readonly CommissionReason[], filters: CommissionFilters, page: DataTableQuery) {
  const query = {
    reason: [...reasons],
    limit: page.limit,
    offset: page.offset,
    status: filters.status ? [filters.status] : undefined,
    agent_id: filters.agentId ?? undefined,
  };
  return useQuery({
    queryKey: [...COMMISSIONS_KEY, query],
    queryFn: () => api.get('/api/finances/commissions', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useSetCommissionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: CommissionStatus }) =>
      api.put('/api/finances/commission/{id}', { path: { id }, body: { status } }),
    onSuccess: () => client.invalidateQueries({ queryKey: COMMISSIONS_KEY }),
  });
}

export type CommissionRate = z.infer<typeof commissionRateDto>;

export function useCommissionRates(enabled: boolean) {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: async () => (await api.get('/api/finances/commission-rates')).data,
    enabled,
  });
}

export function useSaveCommissionRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rates: CommissionRate[]) => api.put('/api/finances/commission-rates', { body: { rates } }),
    onSuccess: (answer) => client.setQueryData(RATES_KEY, answer.data),
  });
}

export function useReceipts(agentId: number | null, page: DataTableQuery) {
  const query = { limit: page.limit, offset: page.offset, agent_id: agentId ?? undefined };
  return useQuery({
    queryKey: [...RECEIPTS_KEY, query],
    queryFn: () => api.get('/api/finances/receipts', { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/finances/receipt/{id}: the receipt and the commission rows it holds. */
export function useReceipt(id: number | null) {
  return useQuery({
    queryKey: [...RECEIPTS_KEY, 'one', id],
    queryFn: () => api.get('/api/finances/receipt/{id}', { path: { id: id! } }),
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
    api.post('/api/finances/receipt/{id}', { path: { id: agentId }, body: { from, to } }),
  );
}

export function useRebuildReceipt() {
  return useReceiptMutation((id: number) => api.get('/api/finances/rebuild-receipt/{id}', { path: { id } }));
}

export function usePayReceipt() {
  return useReceiptMutation((id: number) => api.put('/api/finances/receipt/{id}', { path: { id }, body: { status: 'paid' } }));
}

export function useDeleteReceipt() {
  return useReceiptMutation((id: number) => api.delete('/api/finances/receipt/{id}', { path: { id } }));
}

/** Everyone who can earn a commission: sellers, call agents, and the partners and independent agents above them. */
export function useCommissionAgents(enabled: boolean) {
  return useQuery({
    queryKey: [...FINANCES_KEY, 'agents'],
    queryFn: async () =>
      (
        await api.get('/api/users', {
          query: { roles: ['sales_agent', 'independent_agent', 'call_agent', 'partner'], limit: 500, orderBy: 'name', orderMethod: 'asc' },
        })
      ).data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Adds a product line to an order (spec 7 order-product). */
export function useAddOrderLine() {
  return useOrderMutation(({ orderId, body }: { orderId: number; body: ProductLineBody }) =>
    api.post('/api/finances/order-product/{id}', { path: { id: orderId }, body }),
  );
}

export function useDeleteOrderLine() {
  return useOrderMutation((lineId: number) => api.delete('/api/finances/order-product/{id}', { path: { id: lineId } }));
}

/** The active products a line may be of, by name. */
export function useActiveProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['products', 'active-for-orders'],
    queryFn: () => api.get('/api/products', { query: { status: 'active', limit: 500, orderBy: 'name', orderMethod: 'asc' } }),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/stats/finances/; under the finances key, so a change to an order or a receipt refreshes it. */
export function useFinanceStats(year: number, agentId: number | null) {
  return useQuery({
    queryKey: [...FINANCES_KEY, 'stats', year, agentId],
    queryFn: async () => (await api.get('/api/stats/finances/', { query: { year, agent_id: agentId ?? undefined } })).data,
    placeholderData: keepPreviousData,
  });
}
