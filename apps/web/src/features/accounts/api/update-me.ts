import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMeBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from './get-me.ts';

/** `PUT /api/me`: my name and phone; the server's message confirms it as a toast. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => apiRequest<unknown>('me', { method: 'PUT', body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
