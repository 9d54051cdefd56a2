import { useQuery } from '@tanstack/react-query';
import type { FitnessSessionDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const getFitnessSession = (fitnessSessionId: string) =>
  apiRequest<FitnessSessionDto>(`fitness-sessions/${encodeURIComponent(fitnessSessionId)}`, {
    silent: true,
    showLoader: false,
  });

export function useFitnessSession(companyId: string, fitnessSessionId: string | undefined) {
  return useQuery({
    queryKey: [...scheduleQueryKey(companyId), 'series', fitnessSessionId],
    queryFn: () => getFitnessSession(fitnessSessionId ?? ''),
    enabled: Boolean(companyId && fitnessSessionId),
  });
}
