import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioBody, StudioDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';
import { studioQueryKey } from './get-studio.ts';
import { studiosQueryKey } from './list-studios.ts';

/** Saves the whole studio: rooms left out of `body.rooms` are deleted, rooms with an id keep it. */
export const updateStudio = ({ studioId, body }: { studioId: string; body: StudioBody }) =>
  apiRequest<StudioDto>(`studios/${encodeURIComponent(studioId)}`, { method: 'PUT', body, inlineErrors: true });

export function useUpdateStudio(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudio,
    onSuccess: async (studio) => {
      queryClient.setQueryData(studioQueryKey(companyId, studio.id), studio);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...studiosQueryKey(companyId), 'list'] }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]);
    },
  });
}
