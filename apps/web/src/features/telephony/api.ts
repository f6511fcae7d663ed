import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../app/api.ts';

export const CALL_LOGS_KEY = ['aircall-logs'] as const;
export const AIRCALL_STATUS_KEY = ['aircall-status'] as const;
/** The newest calls the call-log panel shows. */
export const CALL_LOGS_SHOWN = 20;

/** The signed-in agent's calls, newest first (spec 7 `GET /api/account/aircall-logs`). */
export function useCallLogs(enabled: boolean) {
  const query = { limit: CALL_LOGS_SHOWN, offset: 0 };
  return useQuery({
    queryKey: [...CALL_LOGS_KEY, query],
    queryFn: () => api.get('/api/account/aircall-logs', { query }),
    enabled,
  });
}

/** Fetches the call logs again (spec 7: on every socket connect; after a call ended). */
export function useRefreshCallLogs(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: CALL_LOGS_KEY }), [client]);
}

/** The agent's availability at the telephony provider as last reported (null: never reported). */
export function useAircallStatus() {
  return useQuery({
    queryKey: AIRCALL_STATUS_KEY,
    queryFn: () => api.get('/api/account/aircall-status'),
  });
}

/** Keeps the availability the socket's `aircall_status_update` told. */
export function useSetAvailability(): (available: boolean) => void {
  const client = useQueryClient();
  return useCallback(
    (available: boolean) => client.setQueryData(AIRCALL_STATUS_KEY, { data: { available, updatedAt: new Date().toISOString() } }),
    [client],
  );
}

/** An unmatched call put in a client's contact history. */
export function useAttachCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, clientId }: { id: number; clientId: number }) =>
      api.post('/api/account/aircall-logs/{id}/attach', { path: { id }, body: { clientId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CALL_LOGS_KEY }),
  });
}

/** Clients of the agent's scope for the attach dialog: by name or any phone writing, every status. */
export function useClientChoices(search: string) {
  const query = { search: search.trim() || undefined, statuses: [] as never[], limit: 10, offset: 0 };
  return useQuery({
    queryKey: ['clients', 'attach-choices', query.search],
    queryFn: () => api.get('/api/clients', { query }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** A staff member's calls still running, for the simulator to carry on (admins only: `accountId`). */
export function useRunningCallsOf(agentId: number | null) {
  const query = { accountId: agentId ?? 0, limit: 50, offset: 0 };
  return useQuery({
    queryKey: [...CALL_LOGS_KEY, 'of', agentId],
    queryFn: () => api.get('/api/account/aircall-logs', { query }),
    enabled: agentId !== null,
    // Calls the staff member starts elsewhere (from a client's row) show up while the screen is open.
    refetchInterval: 5_000,
    select: (answer) => answer.data.filter((call) => call.outcome === 'in_progress'),
  });
}

export interface SimulateStep {
  agentId: number;
  direction: 'inbound' | 'outbound';
  number: string;
  step: 'ring' | 'answer' | 'hangup' | 'end';
  callId?: string;
  duration?: number;
}

/** The local telephony provider: one step of a simulated call, through the same path as the provider's webhooks. */
export function useSimulateCall() {
  return useMutation({
    mutationFn: (body: SimulateStep) => api.post('/api/telephony/simulate', { body }),
  });
}

/** The staff who may take calls, with their telephony settings, for the simulator's agent picker. */
export function useTelephonyAgents() {
  const query = {
    roles: ['call_agent', 'sales_agent', 'independent_agent', 'admin'] as ('call_agent' | 'sales_agent' | 'independent_agent' | 'admin')[],
    is_active: 'true' as const,
    limit: 200,
  };
  return useQuery({
    queryKey: ['accounts', 'telephony-agents'],
    queryFn: () => api.get('/api/accounts', { query }),
  });
}
