import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionSettingsAnswer, SessionSettingsBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';
import { sessionSettingsQueryKey } from './get-session-settings.ts';

export const updateSessionSettings = (body: SessionSettingsBody) =>
  apiRequest<SessionSettingsAnswer>('settings/sessions', { method: 'PUT', body, inlineErrors: true });

export function useUpdateSessionSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSessionSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(sessionSettingsQueryKey(companyId), settings);
      // Saving completes the classesSettings onboarding step.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
