import { Text } from '@mantine/core';

/** Instructors' weekly hours per studio and date exceptions (issue 17). Placeholder until the editor lands. */
export function AvailabilityPanel(_props: { instructorId?: string }) {
  return <Text c="dimmed">Availability is coming soon.</Text>;
}
