import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  EventCancelLinkDto,
  EventCategory,
  EventCheckoutDto,
  EventPageDto,
  MyEventBookingDto,
  PublicEventDto,
} from '@kinetic/shared';
import { setMoneyLocale } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';

/**
 * The public event-booking flow's calls (server `features/events/events-public.routes.ts`); booking a
 * date is the classes' own `POST class-instances/{id}/bookings` (features/bookings/api/book-class.ts).
 */
const eventPath = (company: string, eventId: string) =>
  `public/${encodeURIComponent(company)}/events/${encodeURIComponent(eventId)}`;

const quiet = { silent: true, showLoader: false, inlineErrors: true } as const;

export const eventPageKey = (company: string, eventId: string) =>
  [company.toLowerCase(), 'event-page', eventId] as const;
export const myEventBookingKey = (company: string, eventId: string) =>
  [company.toLowerCase(), 'my-event-booking', eventId] as const;

export async function getEventPage(company: string, eventId: string): Promise<EventPageDto> {
  const page = await apiRequest<EventPageDto>(`${eventPath(company, eventId)}/page`, quiet);
  setMoneyLocale(page.locale);
  return page;
}

/** The event page's read, also asked for before the first render when the app opens on it (first-page-data.ts). */
export const eventPageQueryOptions = (company: string, eventId: string) =>
  queryOptions({
    queryKey: eventPageKey(company, eventId),
    queryFn: () => getEventPage(company, eventId),
    retry: false,
  });

/** The event page's read: the event, whether it can be booked, where, and how it is paid. */
export function useEventPage(company: string, eventId: string, enabled = true) {
  return useQuery({
    ...eventPageQueryOptions(company, eventId),
    enabled: enabled && Boolean(company && eventId),
  });
}

/** The signed-in client's place in the event (booked, waiting or ended), or none. */
export function useMyEventBooking(company: string, eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: myEventBookingKey(company, eventId),
    queryFn: () => apiRequest<MyEventBookingDto>(`${eventPath(company, eventId)}/my-booking`, quiet),
    enabled: enabled && Boolean(company && eventId),
    retry: false,
  });
}

export const startEventCheckout = (company: string, eventId: string, bookingId: string) =>
  apiRequest<EventCheckoutDto>(`${eventPath(company, eventId)}/checkout`, {
    method: 'POST',
    body: { bookingId },
    inlineErrors: true,
  });

const linkPath = (company: string, eventId: string, userId: string, booking: string, sig: string) =>
  `${eventPath(company, eventId)}/users/${encodeURIComponent(userId)}/cancel?${new URLSearchParams({ booking, sig }).toString()}`;

/** What a signed cancel link (from the confirmation email) would cancel. */
export function useCancelLink(
  company: string,
  eventId: string,
  userId: string,
  booking: string,
  sig: string,
) {
  return useQuery({
    queryKey: [company.toLowerCase(), 'event-cancel-link', eventId, userId, booking, sig],
    queryFn: () => apiRequest<EventCancelLinkDto>(linkPath(company, eventId, userId, booking, sig), quiet),
    retry: false,
  });
}

export const cancelByLink = (
  company: string,
  eventId: string,
  userId: string,
  booking: string,
  sig: string,
) =>
  apiRequest<unknown>(linkPath(company, eventId, userId, booking, sig), {
    method: 'POST',
    inlineErrors: true,
    silent: true,
  });

/** Upcoming public events, soonest first (at most 100), of one category or all. */
export function usePublicEvents(company: string, category: EventCategory | null) {
  return useQuery({
    queryKey: [company.toLowerCase(), 'public-events', category ?? 'all'],
    queryFn: () =>
      apiRequest<{ items: PublicEventDto[]; total: number }>(
        `public/${encodeURIComponent(company)}/events?${new URLSearchParams({
          pageSize: '100',
          ...(category ? { category } : {}),
        }).toString()}`,
        quiet,
      ),
    enabled: Boolean(company),
  });
}
