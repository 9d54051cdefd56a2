import type { QueryKey } from '@tanstack/react-query';
import { scheduleQueryKey } from '../../schedule/api/schedule-keys.ts';

/**
 * The roster sits under the schedule's key on purpose: a booking changes the class's counts and the
 * calendar's seat labels too, so one invalidation of the schedule refreshes all three.
 */
export const rosterQueryKey = (companyId: string, classInstanceId: string) =>
  [...scheduleQueryKey(companyId), 'roster', classInstanceId] as const;

export const myBookingsQueryKey = (companyId: string) => [companyId, 'my-bookings'] as const;

export const clientsQueryKey = (companyId: string) => [companyId, 'clients'] as const;

/** What a client's own booking change makes stale: their bookings and the public class counts. */
export const clientBookingKeys = (companyId: string, company: string): QueryKey[] => [
  myBookingsQueryKey(companyId),
  ['public', company],
];
