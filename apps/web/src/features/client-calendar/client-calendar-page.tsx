import { Anchor, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { MyBookingDto } from '@kinetic/shared';
import { PageLoader } from '../../ui/page-loader.tsx';
import { SegmentedChoice } from '../../ui/segmented-choice.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { usePublicAppointmentTypes } from '../appointment-booking/api/appointment-booking-api.ts';
import { useMyUpcomingBookings } from '../bookings/api/list-my-bookings.ts';
import { useScheduleFilters } from '../schedule/schedule-filters.ts';
import { Timetable } from '../schedule/timetable.tsx';

// "My bookings" (and its status and payment labels) is its own chunk, fetched when the client heads for
// the switch (pointer over it, or focus) or opens `?view=mine`: the timetable's first paint does without
// it (issue 11 §7).
const loadMyBookings = () => import('./my-bookings.tsx');
const MyBookings = lazy(() => loadMyBookings().then((module) => ({ default: module.MyBookings })));
const prefetchMyBookings = () => void loadMyBookings();

const VIEWS = [
  { value: 'classes', label: 'Timetable' },
  { value: 'mine', label: 'My bookings' },
] as const;

const MARKS: Partial<Record<MyBookingDto['status'], (booking: MyBookingDto) => string>> = {
  booked: () => 'Booked',
  checked_in: () => 'Checked in',
  offered: () => 'Place held for you',
  waitlisted: (booking) => `Waitlist #${booking.waitlistPosition ?? '?'}`,
};

/**
 * The client group's index (spec §2): the studio's coming classes day by day (the client's own marked),
 * or "My bookings" — what is coming up and what is past. The choice is kept in the address (`view=mine`).
 */
export function ClientCalendarPage() {
  usePageTitle('Calendar');
  const { company = '', roleId = 'client' } = useParams();
  const me = useMe();
  const privateSessions = usePublicAppointmentTypes(company);
  const companyId = me.data?.company.id ?? '';
  const mine = useMyUpcomingBookings(companyId);
  const { params, setParam } = useScheduleFilters();
  const view = params.get('view') === 'mine' ? 'mine' : 'classes';
  const marks = new Map<string, string>();
  for (const booking of mine.data?.items ?? []) {
    const mark = MARKS[booking.status]?.(booking);
    if (mark) marks.set(booking.classInstanceId, mark);
  }
  const detailsPath = (id: string) => `classes/details/${id}`;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Calendar</Title>
        <Text c="dimmed">Times are the studio’s local times. Open a class to book it or see your place.</Text>
        {privateSessions.data && privateSessions.data.items.length > 0 ? (
          <Anchor
            component={Link}
            to={`/${company}/${roleId}/client/app/appointments`}
            className="tap-link"
            style={{ alignSelf: 'flex-start' }}
          >
            Book a private session
          </Anchor>
        ) : null}
      </Stack>
      <SegmentedChoice
        label="Show"
        value={view}
        onChange={(value) => setParam('view', value === 'mine' ? 'mine' : null)}
        options={VIEWS}
        onPointerEnter={prefetchMyBookings}
        onFocus={prefetchMyBookings}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'mine' ? (
        <Suspense fallback={<PageLoader />}>
          <MyBookings companyId={companyId} detailsPath={detailsPath} />
        </Suspense>
      ) : (
        <Timetable company={company} detailsPath={detailsPath} markOf={(id) => marks.get(id)} />
      )}
    </Stack>
  );
}
