import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassInstanceDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const substituteInstructor = ({ classInstanceId, instructorId }: { classInstanceId: string; instructorId: string }) =>
  apiRequest<ClassInstanceDto>(`class-instances/${encodeURIComponent(classInstanceId)}/instructor`, {
    method: 'PUT',
    body: { instructorId },
    inlineErrors: true,
  });

export function useSubstituteInstructor(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: substituteInstructor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKey(companyId) }),
  });
}
