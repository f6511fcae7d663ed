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
}

const agentQuery = (f: AgentStatsFilter) => ({ year: f.year, from: f.from, to: f.to, agent_id: f.agentId ?? undefined });

/** The sales agents' tab of the total statistics (GET /api/stats/sales-agent). */
export function useSalesAgentStats(f: AgentStatsFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'sales-agent', f.year, f.from, f.to, f.agentId],
    queryFn: async () => (await api.get('/api/stats/sales-agent', { query: agentQuery(f) })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The call agents' tab of the total statistics (GET /api/stats/call-agent). */
export function useCallAgentStats(f: AgentStatsFilter, enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'call-agent', f.year, f.from, f.to, f.agentId],
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
