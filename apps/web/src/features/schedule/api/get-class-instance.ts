import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassInstanceDetailsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const getClassInstance = (classInstanceId: string) =>
  apiRequest<ClassInstanceDetailsDto>(`class-instances/${encodeURIComponent(classInstanceId)}`, {
    silent: true,
    showLoader: false,
  });

export const classInstanceQueryOptions = (companyId: string, classInstanceId: string) =>
  queryOptions({
    queryKey: [...scheduleQueryKey(companyId), 'instance', classInstanceId],
    queryFn: () => getClassInstance(classInstanceId),
  });

export function useClassInstance(companyId: string, classInstanceId: string) {
  return useQuery({ ...classInstanceQueryOptions(companyId, classInstanceId), enabled: Boolean(companyId && classInstanceId) });
}
