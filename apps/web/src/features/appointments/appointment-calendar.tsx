import { Alert, Anchor, Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { CalendarRef } from '@fullcalendar/react';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { StatusNote } from '../../ui/status-note.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useAppointmentTypes } from '../appointment-setup/api/appointment-setup-api.ts';
import { usePeople } from '../people/api/list-people.ts';
import { wallClock } from '../schedule/move-class.ts';
import { useScheduleFilters } from '../schedule/schedule-filters.ts';
import { useStudios } from '../studios/api/list-studios.ts';
import {
  AppointmentCalendarView,
  APPOINTMENT_VIEWS,
  type AppointmentViewKey,
} from './appointment-calendar-view.tsx';
import { AppointmentDetailsDialog } from './appointment-details-dialog.tsx';
import { BookAppointmentDialog } from './book-appointment-dialog.tsx';
import { APPOINTMENT_HEADING } from './appointment-labels.ts';
import { useOpenAppointment } from './use-open-appointment.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NARROW = '(max-width: 40em)';
const options = (items: { id: string; name: string }[]) =>
  items.map((item) => ({ value: item.id, label: item.name }));

/**
 * The Appointment page's calendar: the classes calendar's day and week, per instructor (managers choose,
 * or see everyone; an instructor sees their own) and studio; view, date and filters in the address.
 */
export function AppointmentCalendar() {
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const can = me.data?.can;
  // Managers see everyone's appointments and book for clients; an instructor sees their own (the server's rule).
  const manager = Boolean(can?.manageSchedule || can?.manageClients);
  const studios = useStudios(companyId);
  const instructors = usePeople(companyId, 'instructor');
  const types = useAppointmentTypes(companyId);
  const { params, filters, setParam } = useScheduleFilters();
  const calendarRef = useRef<CalendarRef>(null);
  const [loaded, setLoaded] = useState<{ count: number | null; error: string | null }>({
    count: null,
    error: null,
  });
  const [booking, setBooking] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const noteFocus = useFocusLater<HTMLDivElement>();

  // A phone opens on the day: seven columns of 45 px cannot show a client's name.
  const narrow = useMediaQuery(NARROW, window.matchMedia(NARROW).matches, { getInitialValueInEffect: false });
  const defaultView: AppointmentViewKey = narrow ? 'day' : 'week';
  const viewParam = params.get('view');
  const view: AppointmentViewKey =
    viewParam && viewParam in APPOINTMENT_VIEWS ? (viewParam as AppointmentViewKey) : defaultView;
  const dateParam = params.get('date');
  const date = dateParam && DATE.test(dateParam) ? dateParam : undefined;
  const studioList = studios.data?.items ?? [];
  const studio = studioList.find((item) => item.id === filters.studioId) ?? studioList[0];
  const timeZone = studio?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = wallClock(new Date(), timeZone).date;
  // "Show cancelled" is kept in the address, as the filters are.
  const showCancelled = params.get('cancelled') === 'shown';
  const details = useOpenAppointment({
    companyId,
    params,
    setParam,
    calendarRef,
    calendarReady: studios.isSuccess,
    headingId: APPOINTMENT_HEADING,
  });

  const onRange = useCallback(
    (nextView: AppointmentViewKey, nextDate: string) => {
      setParam('view', nextView === defaultView ? null : nextView);
      setParam('date', nextDate);
    },
    [setParam, defaultView],
  );
  const onLoaded = useCallback(
    (count: number | null, error: string | null) => setLoaded({ count, error }),
    [],
  );
  const hrefOf = useCallback((id: string) => `${base}/appointment?appointment=${id}`, [base]);
  const refresh = () => calendarRef.current?.getApi().refetchEvents();

  const noTypes = types.isSuccess && types.data.items.length === 0;
  const ready = studios.isSuccess && instructors.isSuccess;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="dimmed">
          Times are in {timeZone}.{' '}
          {manager
            ? 'Open an appointment for its clients and notes, or to cancel it.'
            : 'Open an appointment to see its clients, notes and buffers; the studio’s team books and cancels them.'}
        </Text>
        {can?.manageClients ? (
          <Button onClick={() => setBooking(true)} disabled={!ready || noTypes}>
            Book appointment
          </Button>
        ) : null}
      </Group>
      {noTypes ? (
        <Alert color="blue" variant="light" title="No appointment types yet">
          {can?.manageSettings ? (
            <>
              Add the private sessions you offer (length, price, who teaches them) on the{' '}
              <Anchor component={Link} to={`${base}/appointment/types`} underline="always">
                Types tab
              </Anchor>
              ; then set working hours on Availability.
            </>
          ) : (
            'Appointments can be booked once the business owner adds appointment types.'
          )}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: manager ? 3 : 2 }} spacing="sm">
        {manager ? (
          <Select
            label="Instructor"
            placeholder="All instructors"
            clearable
            searchable
            data={options(instructors.data?.items ?? [])}
            value={filters.instructorId ?? null}
            onChange={(value) => setParam('instructorId', value)}
          />
        ) : null}
        <Select
          label="Studio"
          placeholder="All studios"
          clearable
          data={options(studioList)}
          value={filters.studioId ?? null}
          onChange={(value) => setParam('studioId', value)}
        />
        <Switch
          label="Show cancelled"
          description="Cancelled appointments, struck through"
          checked={showCancelled}
          onChange={(event) => setParam('cancelled', event.currentTarget.checked ? 'shown' : null)}
          style={{ alignSelf: 'end' }}
        />
      </SimpleGrid>
      {!manager ? <Text size="sm">You see your own appointments.</Text> : null}
      <div ref={noteFocus.ref} tabIndex={-1}>
        <StatusNote note={note} />
      </div>
      {details.notFound ? (
        <Alert
          color="red"
          role="alert"
          title="That appointment was not found"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={details.dismiss}
        >
          It may have been removed, or the link is for another business.
        </Alert>
      ) : null}
      {loaded.error ? (
        <Alert color="red" role="alert" title="The appointments could not be loaded">
          {loaded.error}
        </Alert>
      ) : null}
      {loaded.count === 0 && !loaded.error ? (
        <Text role="status">
          No appointments in this period{filters.instructorId || filters.studioId ? ' for these filters' : ''}
          .
        </Text>
      ) : null}
      {studios.isSuccess ? (
        <AppointmentCalendarView
          calendarRef={calendarRef}
          view={view}
          date={date}
          timeZone={timeZone}
          filters={{
            instructorId: filters.instructorId,
            studioId: filters.studioId,
            includeCancelled: showCancelled || undefined,
          }}
          onRange={onRange}
          onLoaded={onLoaded}
          onOpen={(appointment) => {
            setNote(null);
            details.open(appointment);
          }}
          hrefOf={hrefOf}
        />
      ) : null}
      <AppointmentDetailsDialog
        companyId={companyId}
        appointment={details.shown}
        canCancel={manager}
        canWaive={can?.sellAndRefund ?? false}
        onClose={details.close}
        onChanged={(message, closed) => {
          refresh();
          setNote(message);
          if (closed) {
            // The appointment left the calendar: the keyboard goes to the sentence saying so.
            details.dismiss();
            noteFocus.focusLater();
          }
        }}
      />
      <BookAppointmentDialog
        companyId={companyId}
        opened={booking}
        initialDate={date && date >= today ? date : today}
        studios={studioList}
        instructors={instructors.data?.items ?? []}
        onClose={() => setBooking(false)}
        onBooked={(appointment, clientName) => {
          setBooking(false);
          setNote(`${clientName} is booked: ${appointment.typeName} with ${appointment.instructorName}.`);
          // The calendar goes to the booked day, so the new appointment is in sight.
          setParam('date', wallClock(appointment.startsAt, appointment.timeZone).date);
          calendarRef.current?.getApi().gotoDate(appointment.startsAt);
          refresh();
        }}
      />
    </Stack>
  );
}
