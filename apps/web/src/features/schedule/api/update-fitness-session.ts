import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditFitnessSessionBody, FitnessSessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

/** Applies the series' new values from one class on, in the chosen scope. */
export const updateFitnessSession = ({ fitnessSessionId, body }: { fitnessSessionId: string; body: EditFitnessSessionBody }) =>
  apiRequest<FitnessSessionDto>(`fitness-sessions/${encodeURIComponent(fitnessSessionId)}`, {
    method: 'PUT',
    body,
    inlineErrors: true,
  });

export function useUpdateFitnessSession(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFitnessSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKey(companyId) }),
  });
}
