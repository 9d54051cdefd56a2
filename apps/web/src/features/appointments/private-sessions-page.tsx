import { Title } from '@mantine/core';

/** Placeholder until the appointments pages land (issue 17). */
export function PrivateSessionsPage() {
  return <Title order={1}>Private Sessions</Title>;
}
