import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

const feedKey = (companyId: string) => [companyId, 'my-calendar-feed'] as const;

/** `GET /api/my/calendar-feed`: whether I have an address and since when (never the address itself). */
export function useCalendarFeed(companyId: string) {
  return useQuery({
    queryKey: feedKey(companyId),
    queryFn: () => apiRequest<CalendarFeedDto>('my/calendar-feed', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
}

/**
 * `POST /api/my/calendar-feed`: a new address, answered this once (the caller keeps it to show); an
 * older one stops working. The cache keeps only what the GET answers, so the address is not kept around.
 */
export function useMakeCalendarFeed(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CalendarFeedDto>('my/calendar-feed', { method: 'POST', body: {}, silent: true, inlineErrors: true }),
    onSuccess: (data) =>
      queryClient.setQueryData(feedKey(companyId), { ...data, url: null, webcalUrl: null }),
  });
}

/** `DELETE /api/my/calendar-feed`: the address stops working. */
export function useRevokeCalendarFeed(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CalendarFeedDto>('my/calendar-feed', { method: 'DELETE', silent: true, inlineErrors: true }),
    onSuccess: (data) => queryClient.setQueryData(feedKey(companyId), data),
  });
}
