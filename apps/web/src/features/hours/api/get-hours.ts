import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HoursDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const hoursQueryKey = (companyId: string) => [companyId, 'hours'] as const;

export const getHours = () => apiRequest<HoursDto>('hours', { silent: true, showLoader: false });

export const hoursQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: hoursQueryKey(companyId), queryFn: getHours });

export function useHours(companyId: string) {
  return useQuery({ ...hoursQueryOptions(companyId), enabled: Boolean(companyId) });
}
