import type { GlobalSettingsBody, GlobalSettingsDto } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../app/http.ts';

export const GLOBAL_SETTINGS_KEY = ['global-settings'] as const;

export function useGlobalSettings() {
  return useQuery({
    queryKey: GLOBAL_SETTINGS_KEY,
    queryFn: async () => (await http<{ data: GlobalSettingsDto }>('/api/global-settings')).data,
  });
}

export function useSaveGlobalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: GlobalSettingsBody) =>
      (await http<{ data: GlobalSettingsDto }>('/api/global-settings', { method: 'POST', body })).data,
    onSuccess: (saved) => client.setQueryData(GLOBAL_SETTINGS_KEY, saved),
  });
}
