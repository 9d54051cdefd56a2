import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';

/** The client group's index (spec §2): the calendar. The schedule and booking come with classes. */
export function ClientCalendarPage() {
  usePageTitle('Calendar');
  return (
    <Stack gap="md">
      <Title order={1}>Calendar</Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <Text fw={700}>Your studio’s class schedule will appear here.</Text>
          <Text>
            Booking classes online is not available yet. It is coming soon; until then, book with your studio
            directly.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
