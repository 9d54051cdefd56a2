import FullCalendar from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import interactionPlugin from '@fullcalendar/react/interaction';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type { CalendarRef, EventInput, EventSourceFuncInfo } from '@fullcalendar/react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { VisuallyHidden } from '@mantine/core';
import { useCallback, type Ref } from 'react';
import type { AppointmentDto } from '@kinetic/shared';
import { localDate, localTime } from '../schedule/class-labels.ts';
// The classes calendar's look: one calendar component for classes and appointments.
import calendarClasses from '../schedule/calendar-view.module.css';
import { moveBetweenTabs, useFilteredSource } from '../schedule/calendar-source.ts';
import { listAppointments, type AppointmentFilters } from './api/appointments-api.ts';
import { attendeesLabel } from './appointment-labels.ts';
import classes from './appointment-calendar.module.css';

/** The appointment calendar shows a day or a week (per instructor with the filter). */
export const APPOINTMENT_VIEWS = { week: 'timeGridWeek', day: 'timeGridDay' } as const;
export type AppointmentViewKey = keyof typeof APPOINTMENT_VIEWS;

const viewKeyOf = (name: string): AppointmentViewKey => (name === 'timeGridDay' ? 'day' : 'week');

interface AppointmentCalendarViewProps {
  calendarRef: Ref<CalendarRef>;
  view: AppointmentViewKey;
  date: string | undefined;
  timeZone: string;
  filters: AppointmentFilters;
  onRange: (view: AppointmentViewKey, date: string) => void;
  onLoaded: (count: number | null, error: string | null) => void;
  onOpen: (appointment: AppointmentDto) => void;
  /** The address an appointment's link opens (the page with `?appointment=` set). */
  hrefOf: (appointmentId: string) => string;
}

/** The local dates FullCalendar shows, inclusive: what `GET /api/appointments` asks for. */
export function visibleDates(start: Date, end: Date, timeZone: string) {
  return { from: localDate(start, timeZone), to: localDate(new Date(end.getTime() - 1), timeZone) };
}

function toEvents(item: AppointmentDto, hrefOf: (id: string) => string): EventInput[] {
  const start = Date.parse(item.startsAt);
  const end = Date.parse(item.endsAt);
  const cancelled = item.status === 'cancelled';
  const buffers: EventInput[] = [];
  // Buffers are the instructor's time too, drawn lighter behind the appointment (a cancelled one holds none).
  if (item.bufferBeforeMinutes > 0 && !cancelled)
    buffers.push({
      id: `${item.id}-before`,
      start: new Date(start - item.bufferBeforeMinutes * 60_000).toISOString(),
      end: item.startsAt,
      display: 'background',
      color: '#dee2e6',
      className: classes.buffer,
    });
  if (item.bufferAfterMinutes > 0 && !cancelled)
    buffers.push({
      id: `${item.id}-after`,
      start: item.endsAt,
      end: new Date(end + item.bufferAfterMinutes * 60_000).toISOString(),
      display: 'background',
      color: '#dee2e6',
      className: classes.buffer,
    });
  return [
    ...buffers,
    {
      id: item.id,
      title: item.typeName,
      start: item.startsAt,
      end: item.endsAt,
      // A link, so every appointment is reachable by Tab and opens with Enter.
      url: hrefOf(item.id),
      color: cancelled ? '#f1f3f5' : '#e6f4ea',
      contrastColor: cancelled ? '#495057' : '#1f2433',
      className: cancelled ? calendarClasses.cancelled : undefined,
      editable: false,
      extendedProps: { appointment: item },
    },
  ];
}

/** FullCalendar's day and week in the studio's zone; it asks for one visible range at a time. */
export function AppointmentCalendarView(props: AppointmentCalendarViewProps) {
  const { filters, onLoaded, timeZone, hrefOf, onOpen } = props;
  const { calendarRef, currentFilters } = useFilteredSource(filters, props.calendarRef);
  const events = useCallback(
    async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
      try {
        const list = await listAppointments(visibleDates(info.start, info.end, timeZone), currentFilters());
        onLoaded(list.items.length, null);
        return list.items.flatMap((item) => toEvents(item, hrefOf));
      } catch (error) {
        onLoaded(null, error instanceof Error ? error.message : 'The appointments could not be loaded');
        return [];
      }
    },
    [timeZone, onLoaded, hrefOf, currentFilters],
  );

  return (
    <div className={calendarClasses.calendar} onKeyDown={moveBetweenTabs}>
      <FullCalendar
        ref={calendarRef}
        plugins={[classicThemePlugin, timeGridPlugin, interactionPlugin]}
        initialView={APPOINTMENT_VIEWS[props.view]}
        initialDate={props.date}
        timeZone={timeZone}
        headerToolbar={{ start: 'prev,next today', center: 'title', end: 'timeGridWeek,timeGridDay' }}
        buttons={{ today: { text: 'Today' }, timeGridWeek: { text: 'Week' }, timeGridDay: { text: 'Day' } }}
        firstDay={1}
        allDaySlot={false}
        nowIndicator
        height="auto"
        slotMinTime="05:00"
        slotMinHeight={36}
        scrollTime="07:00"
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }}
        editable={false}
        events={events}
        datesSet={(info) =>
          props.onRange(viewKeyOf(info.view.type), localDate(info.view.currentStart, timeZone))
        }
        eventClick={(info) => {
          const appointment = info.event.extendedProps.appointment as AppointmentDto | undefined;
          if (!appointment) return;
          info.jsEvent.preventDefault();
          onOpen(appointment);
        }}
        eventContent={(arg) => {
          const item = arg.event.extendedProps.appointment as AppointmentDto | undefined;
          if (!item) return null;
          const time = localTime(item.startsAt, item.timeZone);
          const who = attendeesLabel(item);
          // Whole: type, time, clients, instructor (a hover shows it; the link's name says it).
          const whole = `${item.typeName}, ${time}${item.status === 'cancelled' ? ', cancelled' : ''} · ${who} · ${item.instructorName}`;
          // Under 45 minutes a block has room for one line: type and client, the time in its title and name.
          const short = Date.parse(item.endsAt) - Date.parse(item.startsAt) < 45 * 60_000;
          if (short)
            return (
              <span
                className={`${calendarClasses.event} ${classes.oneLine}`}
                style={{ borderInlineStartColor: item.status === 'cancelled' ? '#868e96' : '#2b8a3e' }}
                title={whole}
              >
                <VisuallyHidden>{whole}</VisuallyHidden>
                <span
                  aria-hidden
                  className={item.status === 'cancelled' ? calendarClasses.struck : undefined}
                >
                  <strong>{item.typeName}</strong> · {who}
                </span>
              </span>
            );
          if (item.status === 'cancelled')
            // Greyed and struck through: shown with "Show cancelled" only; its time is free again.
            return (
              <span
                className={calendarClasses.event}
                style={{ borderInlineStartColor: '#868e96' }}
                title={whole}
              >
                <span className={calendarClasses.struck}>
                  <strong>{item.typeName}</strong> {time}
                </span>
                <span>Cancelled</span>
                <span className={calendarClasses.struck}>{item.instructorName}</span>
              </span>
            );
          return (
            // Buffers show as the striped time around the block (and in the details), not as text cut by them.
            <span
              className={calendarClasses.event}
              style={{ borderInlineStartColor: '#2b8a3e' }}
              title={whole}
            >
              <span>
                <strong>{item.typeName}</strong> {time}
              </span>
              <span>{attendeesLabel(item)}</span>
              <span>{item.instructorName}</span>
            </span>
          );
        }}
        noEventsContent="No appointments in this period."
      />
    </div>
  );
}
