import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.ts';

/** GET /api/user-products/{id}: what the client bought, line by line. */
export function useUserProducts(userId: number | undefined) {
  return useQuery({
    queryKey: ['user-products', userId],
    queryFn: async () => (await api.get('/api/user-products/{id}', { path: { id: userId! } })).data,
    enabled: userId !== undefined,
    retry: false,
  });
}
