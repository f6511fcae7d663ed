import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** The signed-in role's home-page numbers (GET /api/stats/dashboard-statistic), for the current month. */
export function useDashboardStatistic(enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'dashboard-statistic'],
    queryFn: async () => (await api.get('/api/stats/dashboard-statistic', { query: {} })).data,
    enabled,
  });
}
