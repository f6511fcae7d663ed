import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Answer } from '../../app/api.ts';

export const PLANNER_KEY = ['planner'] as const;

export type PlannerPreview = Answer<'get', '/api/planner-preview'>;
export type PlannerSuggestion = PlannerPreview['suggestions'][number];
export type PlannerDetails = Answer<'get', '/api/planner-details'>;
export type PlannerBlockedDates = Answer<'get', '/api/planner-blocked-dates'>;
export type PlannerAbsences = Answer<'get', '/api/planner-absences'>;

/** The client's address as edited in the planner's edit mode (spec 3 `userDrafts`). */
export interface DraftAddress {
  address: string;
  zipcode: string;
  city: string;
}

export interface PreviewParams {
  clientId: number;
  /** Plan at this edited address instead of the saved one (nothing is saved). */
  draft: DraftAddress | null;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  lessThan50: boolean;
  from50to100: boolean;
  availableForAgent: number | null;
}

/** GET /api/planner-preview: the ranked suggestions (spec 4: asked again only when the period or filters change). */
export function usePlannerPreview(p: PreviewParams, limit = 10) {
  return useQuery({
    queryKey: [...PLANNER_KEY, 'preview', p, limit],
    queryFn: () =>
      api.get('/api/planner-preview', {
        query: {
          clientId: p.clientId,
          startDate: p.startDate,
          endDate: p.endDate,
          startTime: p.startTime,
          endTime: p.endTime,
          limit,
          ...(p.lessThan50 ? { lessThan50: 'true' as const } : {}),
          ...(p.from50to100 ? { from50to100: 'true' as const } : {}),
          ...(p.availableForAgent !== null ? { availableForAgent: p.availableForAgent } : {}),
          ...(p.draft ?? {}),
        },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/planner-details: the agent's day as a route with the new visit in it. */
export function usePlannerDetails(clientId: number, agentId: number | null, start: string | null, draft: DraftAddress | null) {
  return useQuery({
    queryKey: [...PLANNER_KEY, 'details', clientId, agentId, start, draft],
    queryFn: () => api.get('/api/planner-details', { query: { clientId, agentId: agentId ?? 0, start: start ?? '', ...(draft ?? {}) } }),
    enabled: agentId !== null && start !== null,
    retry: false,
  });
}

/** GET /api/planner-blocked-dates: the days of a month no visit to the client can go to. */
export function usePlannerBlockedDates(clientId: number, month: string, agentId: number | null) {
  return useQuery({
    queryKey: [...PLANNER_KEY, 'blocked', clientId, month, agentId],
    queryFn: () =>
      api.get('/api/planner-blocked-dates', {
        query: { month, destination: clientId, ...(agentId !== null ? { calculateForId: agentId } : {}) },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/planner-absences: one field agent's blocked days and private appointments of a month. */
export function useAgentAbsences(agentId: number, month: string) {
  return useQuery({
    queryKey: [...PLANNER_KEY, 'absences', agentId, month],
    queryFn: () => api.get('/api/planner-absences', { query: { agentId, month } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The writes of absences: a blocked day, a private appointment, and their removal. Each refreshes the
 * absences and every planner answer (they change what the planner suggests).
 */
export function useAbsenceChanges() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: PLANNER_KEY });
  return {
    blockDay: useMutation({
      mutationFn: (body: { agentId: number; date: string; note: string }) => api.post('/api/planner-blocked-days', { body }),
      onSuccess,
    }),
    addPrivate: useMutation({
      mutationFn: (body: { agentId: number; startsAt: string; endsAt: string; note: string }) =>
        api.post('/api/planner-private-appointments', { body }),
      onSuccess,
    }),
    removeDay: useMutation({
      mutationFn: (id: number) => api.delete('/api/planner-blocked-days/{id}', { path: { id } }),
      onSuccess,
    }),
    removePrivate: useMutation({
      mutationFn: (id: number) => api.delete('/api/planner-private-appointments/{id}', { path: { id } }),
      onSuccess,
    }),
  };
}
