import type {
  EventDetailDto,
  EventListDto,
  EventPeriod,
  EventType,
  PresentationPage,
  PresentationStatus,
  presentationCountsDto,
  receiptDto,
} from '@bo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../app/http.ts';

export const EVENTS_KEY = ['events'] as const;

/** A page of events; past 1,000 matches the total stops counting and `total_capped` says so. */
export type EventListAnswer = EventListDto;
export type EventsListKind = 'upcoming' | 'history';

/** Spec 3 "Events list state": the filters the events lists send; empty values are left out. */
export interface EventsListParams {
  period: EventPeriod;
  search: string;
  status: PresentationStatus | '';
  agentId: number | null;
  eventType: EventType | '';
  sorted: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export function eventsListSearch(p: EventsListParams): URLSearchParams {
  const q = new URLSearchParams({ period: p.period, sorted: p.sorted, offset: String(p.offset), limit: String(p.limit) });
  if (p.search) {
    q.set('search', p.search);
  }
  if (p.status) {
    q.set('status', p.status);
  }
  if (p.agentId !== null) {
    q.set('agent_id', String(p.agentId));
  }
  if (p.eventType) {
    q.set('eventType', p.eventType);
  }
  return q;
}

/** GET /api/events-upcoming or /api/events-history: one page. */
export function useEventsList(kind: EventsListKind, params: EventsListParams, enabled: boolean) {
  const search = eventsListSearch(params).toString();
  return useQuery({
    queryKey: [...EVENTS_KEY, 'list', kind, search],
    queryFn: () => http<EventListAnswer>(`/api/events-${kind}?${search}`),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** GET /api/event/{id}?eventType=…: one event with its draft, lines, recalls, follow-up and documents. */
export function useEventDetail(id: number, eventType: EventType) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'detail', eventType, id],
    queryFn: async () => (await http<{ data: EventDetailDto }>(`/api/event/${id}?eventType=${eventType}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET /api/presentations: a page of one presentations tab; `search` is built by presentationsSearch. */
export function usePresentations(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'presentations', search],
    queryFn: () => http<EventListAnswer>(`/api/presentations?${search}`),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export type PresentationCounts = z.infer<typeof presentationCountsDto>['data'];

/** GET /api/presentations-counts/: the counters of the tabs future, expired, successful and delivery. */
export function usePresentationCounts() {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'presentation-counts'],
    queryFn: async () => (await http<z.infer<typeof presentationCountsDto>>('/api/presentations-counts/')).data,
    retry: false,
  });
}

export type ReceiptData = z.infer<typeof receiptDto>['data'];

/** GET /api/receipt/{presentationId} (admin). */
export function useReceipt(id: number) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'receipt', id],
    queryFn: async () => (await http<z.infer<typeof receiptDto>>(`/api/receipt/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/**
 * What each presentations tab asks for (spec 7: statuses, search, and period, needDelivery or
 * boughtMainProduct depending on the page). `page` names the tab as well, and the server counts the tabs
 * by it: the explicit parameters must not narrow a tab below what its counter counts.
 */
export const PRESENTATION_PAGE_QUERY: Record<PresentationPage, Record<string, string>> = {
  expired: { statuses: 'planned', period: 'expired' },
  future: { statuses: 'planned', period: 'future' },
  successful: { statuses: 'success' },
  delivery: { statuses: 'success', needDelivery: 'true' },
  history: {},
};

export function presentationsSearch(p: {
  page: PresentationPage;
  search: string;
  statuses: readonly PresentationStatus[];
  offset: number;
  limit: number;
}): URLSearchParams {
  const q = new URLSearchParams({ page: p.page, ...PRESENTATION_PAGE_QUERY[p.page], offset: String(p.offset), limit: String(p.limit) });
  if (p.statuses.length > 0) {
    q.set('statuses', p.statuses.join(','));
  }
  if (p.search) {
    q.set('search', p.search);
  }
  return q;
}
