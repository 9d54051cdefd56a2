import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FitnessSessionBody, FitnessSessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const createFitnessSession = (body: FitnessSessionBody) =>
  apiRequest<FitnessSessionDto>('fitness-sessions', { method: 'POST', body, inlineErrors: true });

export function useCreateFitnessSession(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFitnessSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKey(companyId) }),
  });
}
