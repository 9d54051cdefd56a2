import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientInsightsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export interface InsightsFilters {
  studioId: string | null;
  from: string;
  to: string;
}

export function insightsPath(filters: InsightsFilters): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.studioId) params.set('studioId', filters.studioId);
  return `client-insights?${params.toString()}`;
}

/** `GET /api/client-insights`: the previous answer stays on screen while a new filter loads. */
export function useClientInsights(companyId: string, filters: InsightsFilters, enabled = true) {
  return useQuery({
    queryKey: ['client-insights', companyId, insightsPath(filters)],
    queryFn: () => apiRequest<ClientInsightsDto>(insightsPath(filters), { silent: true, showLoader: false }),
    enabled: Boolean(companyId) && enabled,
    placeholderData: keepPreviousData,
  });
}
