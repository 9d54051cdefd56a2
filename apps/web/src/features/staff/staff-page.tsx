import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { StaffTabs } from './staff-tabs.tsx';

/** The Staff page (issue 15 §5): who works where, this week's classes per person, invitation status. */
export function StaffPage() {
  usePageTitle('Staff');
  return (
    <Stack>
      <Title order={1}>Staff</Title>
      <StaffTabs active="team" />
    </Stack>
  );
}
