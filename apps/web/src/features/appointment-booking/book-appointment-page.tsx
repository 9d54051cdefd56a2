import { Title } from '@mantine/core';

/** Placeholder until the appointments pages land (issue 17). */
export function BookAppointmentPage() {
  return <Title order={1}>Book a private session</Title>;
}
