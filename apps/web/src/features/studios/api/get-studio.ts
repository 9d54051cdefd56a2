import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { studiosQueryKey } from './list-studios.ts';

export const studioQueryKey = (companyId: string, studioId: string) =>
  [...studiosQueryKey(companyId), 'one', studioId] as const;

export const getStudio = (studioId: string) =>
  apiRequest<StudioDto>(`studios/${encodeURIComponent(studioId)}`, { silent: true, showLoader: false });

export const studioQueryOptions = (companyId: string, studioId: string) =>
  queryOptions({ queryKey: studioQueryKey(companyId, studioId), queryFn: () => getStudio(studioId) });

export function useStudio(companyId: string, studioId: string) {
  return useQuery({ ...studioQueryOptions(companyId, studioId), enabled: Boolean(companyId && studioId) });
}
