import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientsListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { clientsQueryKey } from './booking-keys.ts';

const PAGE_SIZE = 10;

/** Clients whose name, email or phone matches `q`. */
export const searchClients = (q: string) =>
  apiRequest<ClientsListDto>(`clients?q=${encodeURIComponent(q)}&pageSize=${PAGE_SIZE}`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

export function useClientSearch(companyId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...clientsQueryKey(companyId), q],
    queryFn: () => searchClients(q),
    enabled: enabled && Boolean(companyId),
    // The list keeps its last answer while the next one loads, so options do not flicker away as you type.
    placeholderData: keepPreviousData,
  });
}
