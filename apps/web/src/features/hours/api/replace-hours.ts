import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HoursDto, ReplaceHoursBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { storeHours } from './store-hours.ts';

/** `PUT /api/hours`: the day's list is replaced. */
export const replaceHours = (body: ReplaceHoursBody) =>
  apiRequest<HoursDto>('hours', { method: 'PUT', body, inlineErrors: true });

export function useReplaceHours(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceHours,
    onSuccess: (hours) => storeHours(queryClient, companyId, hours),
  });
}
