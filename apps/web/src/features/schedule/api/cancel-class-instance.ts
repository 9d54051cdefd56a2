import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassInstanceDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const cancelClassInstance = ({ classInstanceId, reason }: { classInstanceId: string; reason: string | null }) =>
  apiRequest<ClassInstanceDto>(`class-instances/${encodeURIComponent(classInstanceId)}/cancel`, {
    method: 'POST',
    body: { reason },
    inlineErrors: true,
  });

export function useCancelClassInstance(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelClassInstance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleQueryKey(companyId) }),
  });
}
