import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarEventDatesDto,
  CreateEventBody,
  EventBody,
  EventCategory,
  EventDto,
  EventsListDto,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from '../../schedule/api/schedule-keys.ts';

export const EVENTS_PAGE_SIZE = 20;

export const eventsQueryKey = (companyId: string) => ['events', companyId] as const;

export interface EventsListQuery {
  when: 'upcoming' | 'past';
  category: EventCategory | null;
  page: number;
}

export function eventsPath(query: EventsListQuery): string {
  const params = new URLSearchParams({
    when: query.when,
    page: String(query.page),
    pageSize: String(EVENTS_PAGE_SIZE),
  });
  if (query.category) params.set('category', query.category);
  return `events?${params.toString()}`;
}

export function useEvents(companyId: string, query: EventsListQuery) {
  return useQuery({
    queryKey: [...eventsQueryKey(companyId), eventsPath(query)],
    queryFn: () => apiRequest<EventsListDto>(eventsPath(query), { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

/** Every event write changes the list and the calendar (its dates are on it). */
function useEventMutation<T, R>(companyId: string, run: (variables: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey(companyId) });
      await queryClient.invalidateQueries({ queryKey: scheduleQueryKey(companyId) });
    },
  });
}

const eventUrl = (eventId: string) => `events/${encodeURIComponent(eventId)}`;

export const useCreateEvent = (companyId: string) =>
  useEventMutation(companyId, (body: CreateEventBody) =>
    apiRequest<EventDto>('events', { method: 'POST', body, inlineErrors: true }),
  );

export const useUpdateEvent = (companyId: string) =>
  useEventMutation(companyId, ({ eventId, body }: { eventId: string; body: EventBody }) =>
    apiRequest<EventDto>(eventUrl(eventId), { method: 'PUT', body, inlineErrors: true }),
  );

export const useAddEventDate = (companyId: string) =>
  useEventMutation(
    companyId,
    ({ eventId, body }: { eventId: string; body: { startsAt: string; durationMinutes: number } }) =>
      apiRequest<EventDto>(`${eventUrl(eventId)}/dates`, { method: 'POST', body, inlineErrors: true }),
  );

export const useMoveEventDate = (companyId: string) =>
  useEventMutation(
    companyId,
    ({
      eventId,
      classInstanceId,
      body,
    }: {
      eventId: string;
      classInstanceId: string;
      body: { startsAt: string; durationMinutes: number };
    }) =>
      apiRequest<EventDto>(`${eventUrl(eventId)}/dates/${encodeURIComponent(classInstanceId)}`, {
        method: 'PUT',
        body,
        inlineErrors: true,
      }),
  );

export const useRemoveEventDate = (companyId: string) =>
  useEventMutation(companyId, ({ eventId, classInstanceId }: { eventId: string; classInstanceId: string }) =>
    apiRequest<EventDto>(`${eventUrl(eventId)}/dates/${encodeURIComponent(classInstanceId)}`, {
      method: 'DELETE',
      inlineErrors: true,
    }),
  );

export const useDeleteEvent = (companyId: string) =>
  useEventMutation(companyId, (eventId: string) =>
    apiRequest<void>(eventUrl(eventId), { method: 'DELETE', inlineErrors: true }),
  );

export const useCancelEvent = (companyId: string) =>
  useEventMutation(companyId, (eventId: string) =>
    apiRequest<EventDto>(`${eventUrl(eventId)}/cancel`, {
      method: 'POST',
      body: { reason: null },
      inlineErrors: true,
    }),
  );

/** The admin calendar's event dates in a range (its second source beside the classes). */
export function listEventDates(range: { from: string; to: string }, studioId?: string) {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (studioId) params.set('studioId', studioId);
  return apiRequest<CalendarEventDatesDto>(`events/dates?${params.toString()}`, {
    silent: true,
    showLoader: false,
  });
}
