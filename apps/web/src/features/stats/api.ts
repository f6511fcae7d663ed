import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export function useClientsDistribution() {
  return useQuery({
    queryKey: ['stats', 'clients-distribution'],
    queryFn: async () => (await api.get('/api/stats/clients-distribution')).data,
  });
}

export interface AgentStatsFilter {
  year: number;
  from: number;
  to: number;
  agentId: number | null;
  /** One day (YYYY-MM-DD) instead of the months: a dashboard card's "today". */
  day: string | null;
}

/** The query of a tab: one day, or the year and its months; and the agent. */
export const agentQuery = (f: AgentStatsFilter) =>
  f.day === null
    ? { year: f.year, from: f.from, to: f.to, agent_id: f.agentId ?? undefined }
    : { day: f.day, agent_id: f.agentId ?? undefined };

/** The sales agents' tab of the total statistics (GET /api/stats/sales-agent). */
export function useSalesAgentStats(f: AgentStatsFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'sales-agent', f.year, f.from, f.to, f.agentId, f.day],
    queryFn: async () => (await api.get('/api/stats/sales-agent', { query: agentQuery(f) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The call agents' tab of the total statistics (GET /api/stats/call-agent). */
export function useCallAgentStats(f: AgentStatsFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'call-agent', f.year, f.from, f.to, f.agentId, f.day],
    queryFn: async () => (await api.get('/api/stats/call-agent', { query: agentQuery(f) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The leads tab of the total statistics (GET /api/stats/leads, admins). */
export function useLeadStats(f: AgentStatsFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'leads', f.year, f.from, f.to],
    queryFn: async () => (await api.get('/api/stats/leads', { query: { year: f.year, from: f.from, to: f.to } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
