import { useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** How often the day's seats and check-ins are read again while the Dashboard is open. */
export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardQueryKey = (companyId: string) => [companyId, 'dashboard'] as const;

/** `GET /api/dashboard`: the whole screen in one request, read again every 30 seconds (live seats). */
export function useDashboard(companyId: string) {
  return useQuery({
    queryKey: dashboardQueryKey(companyId),
    queryFn: () => apiRequest<DashboardDto>('dashboard', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
