import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

export function useClientsDistribution() {
  return useQuery({
    queryKey: ['stats', 'clients-distribution'],
    queryFn: async () => (await api.get('/api/stats/clients-distribution')).data,
  });
}
