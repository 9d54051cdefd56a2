import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CalendarRef, EventDropInfo } from '@fullcalendar/react';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClassInstanceDto, ScheduleScope } from '@kinetic/shared';
import { ApiError } from '../../api/client.ts';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { getFitnessSession } from './api/get-fitness-session.ts';
import { useScheduleChoices } from './api/list-schedule-choices.ts';
import { useUpdateFitnessSession } from './api/update-fitness-session.ts';
import { CalendarView, CALENDAR_VIEWS, type CalendarViewKey } from './calendar-view.tsx';
import { newClassValues, type ClassFormValues } from './class-form-values.ts';
import { classTimeLabel } from './class-labels.ts';
import { moveBody, wallClock } from './move-class.ts';
import { NewClassDialog } from './new-class-dialog.tsx';
import { ScheduleFilterBar } from './schedule-filter-bar.tsx';
import { ScheduleSetupNote } from './schedule-setup-note.tsx';
import { useScheduleFilters } from './schedule-filters.ts';
import { ScopeDialog } from './scope-dialog.tsx';
import { BookAppointmentDialog } from '../appointments/book-appointment-dialog.tsx';
import { AppointmentDetailsDialog } from '../appointments/appointment-details-dialog.tsx';
import { appointmentOfEvent, useCalendarAppointments } from '../appointments/use-calendar-appointments.ts';
import { useOpenAppointment } from '../appointments/use-open-appointment.ts';
import { StatusNote } from '../../ui/status-note.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NARROW = '(max-width: 40em)';
const HEADING = 'calendar-heading';

/** The admin calendar: week, day, month and list, in the studio's zone, filtered from the address. */
export function CalendarPage() {
  usePageTitle('Calendar');
  const base = useAppBase();
  const solo = useIsSolo();
  const navigate = useNavigate();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSchedule ?? false;
  const choices = useScheduleChoices(companyId);
  const { params, filters, setParam } = useScheduleFilters();
  const calendarRef = useRef<CalendarRef>(null);
  const [loaded, setLoaded] = useState<{ count: number | null; error: string | null }>({
    count: null,
    error: null,
  });
  const [newClass, setNewClass] = useState<ClassFormValues | null>(null);
  const [drop, setDrop] = useState<EventDropInfo | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const update = useUpdateFitnessSession(companyId);
  // A solo owner books private sessions from here (issue 17; spec §6 hides the Appointment page from them).
  const [bookingSession, setBookingSession] = useState(false);
  const [booked, setBooked] = useState<string | null>(null);
  const [sessionsError, setSessionsError] = useState<string | null>(null);

  // A phone gets the list by default: seven columns of 45 px each cannot show a class's name.
  const narrow = useMediaQuery(NARROW, window.matchMedia(NARROW).matches, { getInitialValueInEffect: false });
  const defaultView: CalendarViewKey = narrow ? 'list' : 'week';
  const viewParam = params.get('view');
  const view: CalendarViewKey =
    viewParam && viewParam in CALENDAR_VIEWS ? (viewParam as CalendarViewKey) : defaultView;
  const dateParam = params.get('date');
  const date = dateParam && DATE.test(dateParam) ? dateParam : undefined;
  // The chosen studio's zone; otherwise the first studio's (a company's studios usually share one).
  const studio = choices.studios.find((item) => item.id === filters.studioId) ?? choices.studios[0];
  const timeZone = studio?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const startDate = startDateFor(view, date, wallClock(new Date(), timeZone).date);

  // A solo owner's private sessions are drawn here too, and open their details (cancel there).
  const privateSessions = solo && (me.data?.can.manageSchedule || me.data?.can.manageClients) === true;
  const sessionHref = useCallback((id: string) => `${base}/calendar?appointment=${id}`, [base]);
  useCalendarAppointments({
    calendarRef,
    enabled: privateSessions,
    calendarReady: choices.loaded,
    timeZone,
    filters,
    hrefOf: sessionHref,
    onError: setSessionsError,
  });
  const details = useOpenAppointment({
    companyId: privateSessions ? companyId : '',
    params,
    setParam,
    calendarRef,
    calendarReady: choices.loaded,
    headingId: HEADING,
  });

  const onRange = useCallback(
    (nextView: CalendarViewKey, nextDate: string) => {
      if (nextView !== view) setParam('view', nextView === defaultView ? null : nextView);
      if (nextDate !== date) setParam('date', nextDate);
    },
    [view, defaultView, date, setParam],
  );
  const onLoaded = useCallback(
    (count: number | null, error: string | null) => setLoaded({ count, error }),
    [],
  );

  const openNew = (start: Date | null) => {
    const when = start
      ? wallClock(start, timeZone)
      : { date: wallClock(new Date(), timeZone).date, startTime: '09:00' };
    setNewClass(
      newClassValues(when, filters.studioId ?? (choices.studios.length === 1 ? choices.studios[0]?.id : '')),
    );
  };

  const applyMove = async (scope: ScheduleScope) => {
    if (!drop) return;
    const instance = drop.event.extendedProps.instance as ClassInstanceDto;
    const start = drop.event.start;
    if (!start) return;
    try {
      const series = await getFitnessSession(instance.fitnessSessionId);
      await update.mutateAsync({
        fitnessSessionId: series.id,
        body: moveBody(series, instance, start, scope),
      });
      setDrop(null);
      calendarRef.current?.getApi().refetchEvents();
    } catch (error) {
      // The class goes back where it was, and the page says why.
      drop.revert();
      setDrop(null);
      setMoveError(error instanceof ApiError ? error.message : 'Something went wrong');
    }
  };

  const cancelMove = () => {
    drop?.revert();
    setDrop(null);
  };

  const ready =
    choices.loaded &&
    choices.templates.length > 0 &&
    choices.studios.length > 0 &&
    choices.instructors.length > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} id={HEADING} tabIndex={-1}>
            Calendar
          </Title>
          <Text c="dimmed">
            Times are in {timeZone}. Choose an empty time to schedule a class, drag a class to move it, or
            open one for its details.
          </Text>
        </Stack>
        <Group gap="sm">
          {solo && manage ? (
            <Button variant="default" onClick={() => setBookingSession(true)} disabled={!choices.loaded}>
              Book a private session
            </Button>
          ) : null}
          {manage ? (
            <Button onClick={() => openNew(null)} disabled={!ready}>
              New class
            </Button>
          ) : null}
        </Group>
      </Group>
      {solo ? <StatusNote note={booked} /> : null}
      {choices.loaded && !ready && manage ? <ScheduleSetupNote choices={choices} /> : null}
      <ScheduleFilterBar
        filters={filters}
        templates={choices.templates}
        studios={choices.studios}
        instructors={choices.instructors}
        onChange={(key, value) => setParam(key, value)}
      />
      <Text size="sm" c="dimmed">
        {solo ? (
          `By keyboard: Tab reaches every class${privateSessions ? ' and private session' : ''} in the calendar; the List view shows them one per line.`
        ) : (
          <>
            By keyboard: Tab reaches every class in the calendar; the List view and the{' '}
            <Anchor component={Link} to={`${base}/classes${filterSearch(params)}`} underline="always">
              Classes page
            </Anchor>{' '}
            show them one per line.
          </>
        )}
      </Text>
      {privateSessions && sessionsError ? (
        <Alert color="red" role="alert" title="The private sessions could not be loaded">
          {sessionsError}
        </Alert>
      ) : null}
      {privateSessions && details.notFound ? (
        <Alert
          color="red"
          role="alert"
          title="That private session was not found"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={details.dismiss}
        >
          It may have been removed.
        </Alert>
      ) : null}
      {loaded.error ? (
        <Alert color="red" role="alert" title="The classes could not be loaded">
          {loaded.error}
        </Alert>
      ) : null}
      {moveError ? (
        <Alert
          color="red"
          role="alert"
          title="The class was not moved"
          withCloseButton
          onClose={() => setMoveError(null)}
          closeButtonLabel="Dismiss"
        >
          {moveError}
        </Alert>
      ) : null}
      {loaded.count === 0 && !loaded.error ? (
        <Text role="status">
          No classes in this period{Object.keys(filters).length ? ' for these filters' : ''}.
          {manage ? ' Choose New class or an empty time to schedule one.' : ''}
        </Text>
      ) : null}
      {choices.loaded ? (
        <CalendarView
          calendarRef={calendarRef}
          view={view}
          date={startDate}
          timeZone={timeZone}
          filters={filters}
          base={base}
          editable={manage}
          onRange={onRange}
          onLoaded={onLoaded}
          onOpen={(id) => {
            const appointment = appointmentOfEvent(calendarRef.current, id);
            if (appointment) {
              setBooked(null);
              details.open(appointment);
            } else void navigate(`${base}/classes/details/${id}`);
          }}
          onOpenEvent={() => void navigate(`${base}/events`)}
          onSelectSlot={(start) => {
            calendarRef.current?.getApi().unselect();
            if (ready) openNew(start);
          }}
          onDrop={(info) => {
            setMoveError(null);
            setDrop(info);
          }}
        />
      ) : null}
      <NewClassDialog
        companyId={companyId}
        start={newClass}
        templates={choices.templates}
        studios={choices.studios}
        instructors={choices.instructors}
        onClose={() => setNewClass(null)}
        onCreated={() => {
          setNewClass(null);
          calendarRef.current?.getApi().refetchEvents();
        }}
      />
      {solo && manage ? (
        <BookAppointmentDialog
          companyId={companyId}
          opened={bookingSession}
          initialDate={wallClock(new Date(), timeZone).date}
          studios={choices.studios}
          instructors={choices.instructors}
          fixedInstructorId={choices.instructors.length === 1 ? (choices.instructors[0]?.id ?? null) : null}
          onClose={() => setBookingSession(false)}
          onBooked={(appointment, clientName) => {
            setBookingSession(false);
            setBooked(
              `${clientName} is booked: ${appointment.typeName}, ${classTimeLabel(appointment)}. The client gets the confirmation by email.`,
            );
            calendarRef.current?.getApi().refetchEvents();
          }}
        />
      ) : null}
      {privateSessions ? (
        <AppointmentDetailsDialog
          companyId={companyId}
          appointment={details.shown}
          canCancel
          canWaive={me.data?.can.sellAndRefund ?? false}
          onClose={details.close}
          onChanged={(message, closed) => {
            calendarRef.current?.getApi().refetchEvents();
            setBooked(message);
            if (closed) {
              // The session left the calendar: the keyboard goes to the heading, the sentence says why.
              details.dismiss();
              window.setTimeout(() => document.getElementById(HEADING)?.focus(), 20);
            }
          }}
        />
      ) : null}
      <ScopeDialog
        opened={drop !== null}
        title="Move the class"
        summary={drop ? moveSummary(drop) : undefined}
        busy={update.isPending}
        error={null}
        onCancel={cancelMove}
        onChoose={(scope) => void applyMove(scope)}
      />
    </Stack>
  );
}

function moveSummary(drop: EventDropInfo): string {
  const instance = drop.event.extendedProps.instance as ClassInstanceDto;
  const start = drop.event.start ?? new Date(instance.startsAt);
  const end = new Date(start.getTime() + (Date.parse(instance.endsAt) - Date.parse(instance.startsAt)));
  return `Move ${instance.templateName} to ${classTimeLabel({ startsAt: start.toISOString(), endsAt: end.toISOString(), timeZone: instance.timeZone })}?`;
}

/** The Classes page keeps the calendar's filters. */
function filterSearch(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const key of ['studioId', 'instructorId', 'templateId']) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}

/**
 * The date the calendar opens on. A month is kept in the address as its first day; opened again, the
 * calendar still stands on today when today is in that month, so Week and Day go to this week, not to
 * the month's first.
 */
export function startDateFor(
  view: CalendarViewKey,
  date: string | undefined,
  today: string,
): string | undefined {
  return view === 'month' && date && date.slice(0, 7) === today.slice(0, 7) ? today : date;
}
