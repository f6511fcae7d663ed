import type { EventPeriod, EventType, PresentationPage, PresentationStatus } from '@bo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Answer, type CallOptions } from '../../app/api.ts';

export const EVENTS_KEY = ['events'] as const;

/** A page of events; past 1,000 matches the total stops counting and `total_capped` says so. */
export type EventListAnswer = Answer<'get', '/api/events-upcoming'>;
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

type EventsListQuery = NonNullable<CallOptions<'get', '/api/events-upcoming'>['query']>;

/** The query the events lists send; empty filters are left out. */
export function eventsListQuery(p: EventsListParams): EventsListQuery {
  return {
    period: p.period,
    sorted: p.sorted,
    offset: p.offset,
    limit: p.limit,
    ...(p.search ? { search: p.search } : {}),
    ...(p.status ? { status: p.status } : {}),
    ...(p.agentId !== null ? { agent_id: p.agentId } : {}),
    ...(p.eventType ? { eventType: p.eventType } : {}),
  };
}

/** GET /api/events-upcoming or /api/events-history: one page. */
export function useEventsList(kind: EventsListKind, params: EventsListParams) {
  const query = eventsListQuery(params);
  return useQuery({
    queryKey: [...EVENTS_KEY, 'list', kind, query],
    queryFn: () => (kind === 'upcoming' ? api.get('/api/events-upcoming', { query }) : api.get('/api/events-history', { query })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/event/{id}?eventType=…: one event with its draft, lines, recalls, follow-up and documents. */
export function useEventDetail(id: number, eventType: EventType) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'detail', eventType, id],
    queryFn: async () => (await api.get('/api/event/{id}', { path: { id }, query: { eventType } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET /api/presentations: a page of one presentations tab; `query` is built by presentationsQuery. */
export function usePresentations(query: PresentationsQuery) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'presentations', query],
    queryFn: () => api.get('/api/presentations', { query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type PresentationCounts = Answer<'get', '/api/presentations-counts/'>['data'];

/** GET /api/presentations-counts/: the counters of the tabs future, expired, successful and delivery. */
export function usePresentationCounts() {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'presentation-counts'],
    queryFn: async () => (await api.get('/api/presentations-counts/')).data,
    retry: false,
  });
}

export type ReceiptData = Answer<'get', '/api/receipt/{id}'>['data'];

/** GET /api/receipt/{presentationId} (admin). */
export function useReceipt(id: number) {
  return useQuery({
    queryKey: [...EVENTS_KEY, 'receipt', id],
    queryFn: async () => (await api.get('/api/receipt/{id}', { path: { id } })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/**
 * What each presentations tab asks for (spec 7: statuses, search, and period, needDelivery or
 * boughtMainProduct depending on the page). `page` names the tab as well, and the server counts the tabs
 * by it: the explicit parameters must not narrow a tab below what its counter counts.
 */
type PresentationsQuery = NonNullable<CallOptions<'get', '/api/presentations'>['query']>;

export const PRESENTATION_PAGE_QUERY: Record<PresentationPage, PresentationsQuery> = {
  expired: { statuses: ['planned'], period: 'expired' },
  future: { statuses: ['planned'], period: 'future' },
  successful: { statuses: ['success'] },
  delivery: { statuses: ['success'], needDelivery: 'true' },
  history: {},
};

export function presentationsQuery(p: {
  page: PresentationPage;
  search: string;
  statuses: readonly PresentationStatus[];
  offset: number;
  limit: number;
}): PresentationsQuery {
  return {
    page: p.page,
    ...PRESENTATION_PAGE_QUERY[p.page],
    offset: p.offset,
    limit: p.limit,
    ...(p.statuses.length > 0 ? { statuses: [...p.statuses] } : {}),
    ...(p.search ? { search: p.search } : {}),
  };
}
