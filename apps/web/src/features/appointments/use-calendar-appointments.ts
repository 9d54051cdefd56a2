import type { CalendarRef, EventInput, EventSourceFuncInfo } from '@fullcalendar/react';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { AppointmentDto } from '@kinetic/shared';
import { localTime } from '../schedule/class-labels.ts';
import type { ScheduleFilters } from '../schedule/api/list-class-instances.ts';
import { listAppointments } from './api/appointments-api.ts';
import { visibleDates } from './appointment-calendar-view.tsx';
import { attendeesLabel } from './appointment-labels.ts';
import classes from './calendar-appointments.module.css';

/** A private session's id in the classes calendar (apart from the classes' ids). */
export const PRIVATE_SESSION_PREFIX = 'appointment-';

/** The appointment a calendar event stands for, or null for a class or an event date. */
export function appointmentOfEvent(calendar: CalendarRef | null, eventId: string): AppointmentDto | null {
  if (!eventId.startsWith(PRIVATE_SESSION_PREFIX)) return null;
  const event = calendar?.getApi().getEventById(eventId);
  return (event?.extendedProps.appointment as AppointmentDto | undefined) ?? null;
}

/** Drawn by the classes calendar as its title: "Private session", the type and time, the clients. */
function toEvent(item: AppointmentDto, hrefOf: (id: string) => string): EventInput {
  return {
    id: `${PRIVATE_SESSION_PREFIX}${item.id}`,
    title: `Private session\n${item.typeName} ${localTime(item.startsAt, item.timeZone)}\n${attendeesLabel(item)}`,
    start: item.startsAt,
    end: item.endsAt,
    // A link, so every private session is reachable by Tab and opens with Enter.
    url: hrefOf(item.id),
    color: '#fdeef4',
    contrastColor: '#1f2433',
    editable: false,
    startEditable: false,
    durationEditable: false,
    className: classes.privateSession,
    extendedProps: { appointment: item },
  };
}

interface CalendarAppointmentsOptions {
  calendarRef: RefObject<CalendarRef | null>;
  /** Only a solo owner's Calendar shows private sessions (spec §6 hides the Appointment page from them). */
  enabled: boolean;
  /** Whether the calendar is on the page (its ref set). */
  calendarReady: boolean;
  timeZone: string;
  filters: ScheduleFilters;
  hrefOf: (appointmentId: string) => string;
  onError: (message: string | null) => void;
}

/**
 * The solo owner's private sessions on the classes Calendar: a second event source asking
 * `GET /api/appointments` for the local dates the calendar shows. A class filter (template) shows classes
 * only; the studio and instructor filters apply. The calendar's own refetch (a filter change) asks again.
 */
export function useCalendarAppointments(options: CalendarAppointmentsOptions) {
  const { calendarRef, enabled, calendarReady, timeZone, hrefOf, onError } = options;
  const filters = useRef(options.filters);
  useLayoutEffect(() => {
    filters.current = options.filters;
  }, [options.filters]);
  useEffect(() => {
    const api = calendarRef.current?.getApi();
    if (!enabled || !calendarReady || !api) return;
    const source = api.addEventSource({
      id: 'private-sessions',
      events: async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
        const { templateId, instructorId, studioId } = filters.current;
        if (templateId) return [];
        try {
          const list = await listAppointments(visibleDates(info.start, info.end, timeZone), {
            instructorId,
            studioId,
          });
          onError(null);
          return list.items.map((item) => toEvent(item, hrefOf));
        } catch (error) {
          onError(error instanceof Error ? error.message : 'The private sessions could not be loaded');
          return [];
        }
      },
    });
    return () => source.remove();
  }, [calendarRef, enabled, calendarReady, timeZone, hrefOf, onError]);
}
