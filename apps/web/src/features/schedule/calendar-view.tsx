import FullCalendar from '@fullcalendar/react';
import { VisuallyHidden } from '@mantine/core';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import type {
  CalendarRef,
  DateSelectInfo,
  EventDropInfo,
  EventInput,
  EventSourceFuncInfo,
} from '@fullcalendar/react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useCallback, type Ref } from 'react';
import { EVENT_CALENDAR_COLOUR, type CalendarEventDateDto, type ClassInstanceDto } from '@kinetic/shared';
import { listEventDates } from '../events/api/events.ts';
import { listClassInstances, type ScheduleFilters } from './api/list-class-instances.ts';
import { localTime, seatLabel, seatSpoken } from './class-labels.ts';
import classes from './calendar-view.module.css';
import { moveBetweenTabs, useFilteredSource } from './calendar-source.ts';

export const CALENDAR_VIEWS = {
  week: 'timeGridWeek',
  day: 'timeGridDay',
  month: 'dayGridMonth',
  list: 'listWeek',
} as const;
export type CalendarViewKey = keyof typeof CALENDAR_VIEWS;

export const viewKeyOf = (name: string): CalendarViewKey =>
  (Object.entries(CALENDAR_VIEWS).find(([, value]) => value === name)?.[0] as CalendarViewKey | undefined) ??
  'week';

interface CalendarViewProps {
  calendarRef: Ref<CalendarRef>;
  view: CalendarViewKey;
  date: string | undefined;
  timeZone: string;
  filters: ScheduleFilters;
  base: string;
  editable: boolean;
  onRange: (view: CalendarViewKey, date: string) => void;
  onLoaded: (count: number | null, error: string | null) => void;
  onOpen: (classInstanceId: string) => void;
  /** An event's date was chosen: the Events page. */
  onOpenEvent: () => void;
  onSelectSlot: (start: Date, end: Date, allDay: boolean) => void;
  onDrop: (info: EventDropInfo) => void;
}

function toEvent(item: ClassInstanceDto, base: string): EventInput {
  return {
    id: item.id,
    title: item.templateName,
    start: item.startsAt,
    end: item.endsAt,
    // A link, so every class is reachable by Tab and opens with Enter.
    url: `${base}/classes/details/${item.id}`,
    // A light tile with dark text reads at AA whatever colour the template has; the colour marks its edge.
    color: item.status === 'cancelled' ? '#f1f3f5' : '#e4e8f8',
    contrastColor: item.status === 'cancelled' ? '#495057' : '#1f2433',
    editable: item.status !== 'cancelled',
    className: item.status === 'cancelled' ? classes.cancelled : undefined,
    extendedProps: { instance: item },
  };
}

/** An event's date (issue 12): its own colour and title, opening the Events page; not dragged. */
function toEventDate(item: CalendarEventDateDto, base: string): EventInput {
  return {
    id: `event-${item.classInstanceId}`,
    title: item.title,
    start: item.startsAt,
    end: item.endsAt,
    url: `${base}/events`,
    color: item.status === 'cancelled' ? '#f1f3f5' : '#fcebf2',
    contrastColor: item.status === 'cancelled' ? '#495057' : '#1f2433',
    editable: false,
    className: item.status === 'cancelled' ? classes.cancelled : undefined,
    extendedProps: { eventDate: item },
  };
}

/** FullCalendar in the studio's zone; it asks for one visible range at a time. */
export function CalendarView(props: CalendarViewProps) {
  const { filters, base, onLoaded, timeZone } = props;
  const { calendarRef, currentFilters } = useFilteredSource(filters, props.calendarRef);
  const events = useCallback(
    async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
      try {
        const range = { from: info.start.toISOString(), to: info.end.toISOString() };
        const filters = currentFilters();
        // Events have no template or instructor: a filter by either shows classes only.
        const [list, eventDates] = await Promise.all([
          listClassInstances(range, filters),
          filters.templateId || filters.instructorId
            ? Promise.resolve({ items: [] })
            : listEventDates(range, filters.studioId),
        ]);
        onLoaded(list.items.length + eventDates.items.length, null);
        return [
          ...list.items.map((item) => toEvent(item, base)),
          ...eventDates.items.map((item) => toEventDate(item, base)),
        ];
      } catch (error) {
        onLoaded(null, error instanceof Error ? error.message : 'The classes could not be loaded');
        return [];
      }
    },
    [base, onLoaded, currentFilters],
  );

  return (
    // FullCalendar marks its view switcher as tabs; arrow keys, Home and End move between them, as tabs do.
    <div className={classes.calendar} onKeyDown={moveBetweenTabs}>
      <FullCalendar
        ref={calendarRef}
        plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        initialView={CALENDAR_VIEWS[props.view]}
        initialDate={props.date}
        timeZone={timeZone}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: 'timeGridWeek,timeGridDay,dayGridMonth,listWeek',
        }}
        buttons={{
          today: { text: 'Today' },
          timeGridWeek: { text: 'Week' },
          timeGridDay: { text: 'Day' },
          dayGridMonth: { text: 'Month' },
          listWeek: { text: 'List' },
        }}
        firstDay={1}
        allDaySlot={false}
        nowIndicator
        height="auto"
        slotMinTime="05:00"
        // 36 px a half hour: an hour's class has room for its name, seats, instructor and room.
        slotMinHeight={36}
        scrollTime="07:00"
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }}
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }}
        dayMaxEvents
        selectable={props.editable}
        editable={props.editable}
        eventDurationEditable={false}
        events={events}
        datesSet={(info) =>
          props.onRange(viewKeyOf(info.view.type), wallDate(info.view.currentStart, timeZone))
        }
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.extendedProps.eventDate) props.onOpenEvent();
          else props.onOpen(info.event.id);
        }}
        select={(info: DateSelectInfo) => props.onSelectSlot(info.start, info.end, info.allDay)}
        eventDrop={props.onDrop}
        eventContent={(arg) => {
          const eventDate = arg.event.extendedProps.eventDate as CalendarEventDateDto | undefined;
          if (eventDate)
            return (
              <span className={classes.event} style={{ borderInlineStartColor: EVENT_CALENDAR_COLOUR }}>
                <span className={eventDate.status === 'cancelled' ? classes.struck : undefined}>
                  <strong>{eventDate.title}</strong> {localTime(eventDate.startsAt, eventDate.timeZone)}
                </span>
                <span>
                  Event · {eventDate.bookedCount}/{eventDate.capacity}
                </span>
              </span>
            );
          const instance = arg.event.extendedProps.instance as ClassInstanceDto | undefined;
          if (!instance) return arg.event.title;
          const cancelled = instance.status === 'cancelled';
          return (
            <span className={classes.event} style={{ borderInlineStartColor: instance.colour ?? '#4860CF' }}>
              <span className={cancelled ? classes.struck : undefined}>
                <strong>{instance.templateName}</strong> {localTime(instance.startsAt, instance.timeZone)}
              </span>
              <span>
                <span aria-hidden="true">{seatLabel(instance)}</span>
                <VisuallyHidden>{seatSpoken(instance)}</VisuallyHidden>
              </span>
              <span>{instance.instructorName}</span>
              {instance.roomName ? <span>{instance.roomName}</span> : null}
            </span>
          );
        }}
        noEventsContent="No classes in this period. Choose New class to schedule one."
      />
    </div>
  );
}

function wallDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}
