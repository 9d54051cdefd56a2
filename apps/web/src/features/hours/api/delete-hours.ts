import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteHoursParams, HoursDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { storeHours } from './store-hours.ts';

/** `DELETE /api/hours/{band}/{day}`: the day's entry is removed. */
export const deleteHours = ({ band, day }: DeleteHoursParams) =>
  apiRequest<HoursDto>(`hours/${band}/${day}`, { method: 'DELETE', inlineErrors: true });

export function useDeleteHours(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHours,
    onSuccess: (hours) => storeHours(queryClient, companyId, hours),
  });
}
