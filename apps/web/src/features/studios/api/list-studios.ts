import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudioListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every studio query starts here, so a save or delete refreshes the list and the studio together. */
export const studiosQueryKey = (companyId: string) => [companyId, 'studios'] as const;

// A company has a handful of studios; the server's largest page holds them all.
export const listStudios = () =>
  apiRequest<StudioListDto>('studios?pageSize=100', { silent: true, showLoader: false });

export const studiosQueryOptions = (companyId: string) =>
  queryOptions({ queryKey: [...studiosQueryKey(companyId), 'list'], queryFn: listStudios });

export function useStudios(companyId: string) {
  return useQuery({ ...studiosQueryOptions(companyId), enabled: Boolean(companyId) });
}
