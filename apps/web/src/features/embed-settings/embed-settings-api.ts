import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbedSettingsAnswer, SaveEmbedSettingsValues } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';

export const embedSettingsQueryKey = (companyId: string) => [companyId, 'embed-settings'] as const;

export function useEmbedSettings(companyId: string) {
  return useQuery({
    queryKey: embedSettingsQueryKey(companyId),
    queryFn: () => apiRequest<EmbedSettingsAnswer>('settings/embed', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

export function useSaveEmbedSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveEmbedSettingsValues) =>
      apiRequest<EmbedSettingsAnswer>('settings/embed', { method: 'PUT', body, inlineErrors: true }),
    onSuccess: (answer) => queryClient.setQueryData(embedSettingsQueryKey(companyId), answer),
  });
}
