import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioBody, StudioDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';
import { studioQueryKey } from './get-studio.ts';
import { studiosQueryKey } from './list-studios.ts';

export const createStudio = (body: StudioBody) =>
  apiRequest<StudioDto>('studios', { method: 'POST', body, inlineErrors: true });

export function useCreateStudio(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStudio,
    onSuccess: async (studio) => {
      queryClient.setQueryData(studioQueryKey(companyId, studio.id), studio);
      // Adding a studio completes the studios onboarding step (me.onBoardingData).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...studiosQueryKey(companyId), 'list'] }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
