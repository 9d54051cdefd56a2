import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionSettingsAnswer } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const sessionSettingsQueryKey = (companyId: string) => [companyId, 'session-settings'] as const;

export const getSessionSettings = () =>
  apiRequest<SessionSettingsAnswer>('settings/sessions', { silent: true, showLoader: false });

export const sessionSettingsQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: sessionSettingsQueryKey(companyId), queryFn: getSessionSettings });

export function useSessionSettings(companyId: string) {
  return useQuery({ ...sessionSettingsQueryOptions(companyId), enabled: Boolean(companyId) });
}
