import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import { studioQueryKey } from './get-studio.ts';
import { studiosQueryKey } from './list-studios.ts';

/** Refused with 409 and a sentence while classes still to come use the studio. */
export const deleteStudio = (studioId: string) =>
  apiRequest<undefined>(`studios/${encodeURIComponent(studioId)}`, { method: 'DELETE', inlineErrors: true });

export function useDeleteStudio(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStudio,
    onSuccess: async (_answer, studioId) => {
      queryClient.removeQueries({ queryKey: studioQueryKey(companyId, studioId) });
      await queryClient.invalidateQueries({ queryKey: [...studiosQueryKey(companyId), 'list'] });
    },
  });
}
