import { Title } from '@mantine/core';

/** Placeholder until the appointments pages land (issue 17). */
export function AppointmentsPage() {
  return <Title order={1}>Appointment</Title>;
}
