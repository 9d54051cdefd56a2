import { Text } from '@mantine/core';

/** Appointment types: list and editor (issue 17). Placeholder until the editor lands. */
export function AppointmentTypesPanel() {
  return <Text c="dimmed">Appointment types are coming soon.</Text>;
}
