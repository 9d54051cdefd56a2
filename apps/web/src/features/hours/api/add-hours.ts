import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddHoursBody, HoursDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { storeHours } from './store-hours.ts';

/** `POST /api/hours`: the ranges merge into the day's list. */
export const addHours = (body: AddHoursBody) =>
  apiRequest<HoursDto>('hours', { method: 'POST', body, inlineErrors: true });

export function useAddHours(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addHours,
    onSuccess: (hours) => storeHours(queryClient, companyId, hours),
  });
}
