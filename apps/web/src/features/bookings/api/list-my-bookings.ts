import { useQuery } from '@tanstack/react-query';
import type { MyBookingsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { myBookingsQueryKey } from './booking-keys.ts';

/** The signed-in client's own bookings of one class (with waitlist position or offer expiry). */
export const listMyBookings = (classInstanceId: string) =>
  apiRequest<MyBookingsDto>(`my/bookings?classInstanceId=${encodeURIComponent(classInstanceId)}`, {
    silent: true,
    showLoader: false,
    inlineErrors: true,
  });

export function useMyBookings(companyId: string, classInstanceId: string) {
  return useQuery({
    queryKey: [...myBookingsQueryKey(companyId), classInstanceId],
    queryFn: () => listMyBookings(classInstanceId),
    enabled: Boolean(companyId && classInstanceId),
  });
}

/** The signed-in client's bookings of classes still to come (the client calendar marks them). */
export function useMyUpcomingBookings(companyId: string) {
  return useQuery({
    queryKey: [...myBookingsQueryKey(companyId), 'upcoming'],
    queryFn: () =>
      apiRequest<MyBookingsDto>('my/bookings', { silent: true, showLoader: false, inlineErrors: true }),
    enabled: Boolean(companyId),
  });
}
