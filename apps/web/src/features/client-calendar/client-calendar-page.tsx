import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { Timetable } from '../schedule/timetable.tsx';

/** The client group's index (spec §2): the studio's coming classes; booking is added by the bookings issue. */
export function ClientCalendarPage() {
  usePageTitle('Calendar');
  const { company = '' } = useParams();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Calendar</Title>
        <Text c="dimmed">Times are the studio’s local times. Open a class for its details.</Text>
      </Stack>
      <Timetable company={company} detailsPath={(id) => `app/classes/details/${id}`} />
    </Stack>
  );
}
