import type { ClientsDistributionDto } from '@bo/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export function useClientsDistribution() {
  return useQuery({
    queryKey: ['stats', 'clients-distribution'],
    queryFn: async () => (await http<ClientsDistributionDto>('/api/stats/clients-distribution')).data,
  });
}
