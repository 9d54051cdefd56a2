import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { MyBookingDto } from '@kinetic/shared';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { useMyUpcomingBookings } from '../bookings/api/list-my-bookings.ts';
import { Timetable } from '../schedule/timetable.tsx';

const MARKS: Partial<Record<MyBookingDto['status'], (booking: MyBookingDto) => string>> = {
  booked: () => 'Booked',
  checked_in: () => 'Checked in',
  offered: () => 'Place held for you',
  waitlisted: (booking) => `Waitlist #${booking.waitlistPosition ?? '?'}`,
};

/** The client group's index (spec §2): the studio's coming classes, the client's own marked. */
export function ClientCalendarPage() {
  usePageTitle('Calendar');
  const { company = '' } = useParams();
  const me = useMe();
  const mine = useMyUpcomingBookings(me.data?.company.id ?? '');
  const marks = new Map<string, string>();
  for (const booking of mine.data?.items ?? []) {
    const mark = MARKS[booking.status]?.(booking);
    if (mark) marks.set(booking.classInstanceId, mark);
  }
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Calendar</Title>
        <Text c="dimmed">Times are the studio’s local times. Open a class to book it or see your place.</Text>
      </Stack>
      <Timetable
        company={company}
        detailsPath={(id) => `classes/details/${id}`}
        markOf={(id) => marks.get(id)}
      />
    </Stack>
  );
}
