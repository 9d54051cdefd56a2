import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientsListPageDto, ClientsListParams } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { clientsTabQueryKey } from '../../../shell/clients-tab.ts';

/** `GET /api/clients/list` with only what differs from the server's defaults in the address. */
export function clientsListPath(params: ClientsListParams): string {
  const query = new URLSearchParams();
  query.set('currentPage', String(params.currentPage));
  query.set('itemsPerPage', String(params.itemsPerPage));
  if (params.searchString) query.set('searchString', params.searchString);
  query.set('orderBy', params.orderBy);
  query.set('orderDirection', params.orderDirection);
  for (const flag of ['activeMembership', 'packHolder', 'noRecentVisit', 'waiverUnsigned'] as const)
    if (params[flag]) query.set(flag, 'true');
  if (params.studioId) query.set('studioId', params.studioId);
  return `clients/list?${query.toString()}`;
}

/**
 * The clients tab's query (spec §4/§8: logout and the session watcher remove it by its key). The page
 * before stays on screen while the next one loads, so typing in the search never blanks the list.
 */
export function useClientsList(companyId: string, params: ClientsListParams) {
  return useQuery({
    queryKey: [...clientsTabQueryKey(companyId), params],
    // The answer carries the request it answers: while the next page loads, the one shown says its own range.
    queryFn: async ({ signal }) => ({
      ...(await apiRequest<ClientsListPageDto>(clientsListPath(params), {
        silent: true,
        showLoader: false,
        signal,
      })),
      params,
    }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}
