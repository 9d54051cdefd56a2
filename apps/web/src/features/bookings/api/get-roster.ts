import { useQuery } from '@tanstack/react-query';
import type { RosterDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { rosterQueryKey } from './booking-keys.ts';

/** The team's roster: places, the waitlist in order (offers with their expiry), then ended bookings. */
export const getRoster = (classInstanceId: string) =>
  apiRequest<RosterDto>(`class-instances/${encodeURIComponent(classInstanceId)}/bookings`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

export function useRoster(companyId: string, classInstanceId: string) {
  return useQuery({
    queryKey: rosterQueryKey(companyId, classInstanceId),
    queryFn: () => getRoster(classInstanceId),
    enabled: Boolean(companyId && classInstanceId),
  });
}
