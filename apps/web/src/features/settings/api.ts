import type { GlobalSettingsBody } from '@bo/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api.ts';
import { fileForm, postForm } from '../../app/upload.ts';

export const GLOBAL_SETTINGS_KEY = ['global-settings'] as const;

export function useGlobalSettings() {
  return useQuery({
    queryKey: GLOBAL_SETTINGS_KEY,
    queryFn: async () => (await api.get('/api/global-settings')).data,
  });
}

export function useSaveGlobalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: GlobalSettingsBody) => (await api.post('/api/global-settings', { body })).data,
    onSuccess: (saved) => client.setQueryData(GLOBAL_SETTINGS_KEY, saved),
  });
}

/** Replaces the receipt logo, reporting the share sent (0 to 1); the saved settings are kept as the answer has them. */
export function useUploadLogo(onProgress: (share: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await postForm('/api/upload-logo', fileForm(file), onProgress)).data,
    onSuccess: (saved) => client.setQueryData(GLOBAL_SETTINGS_KEY, saved),
  });
}
