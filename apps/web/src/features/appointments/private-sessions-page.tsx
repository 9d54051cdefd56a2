import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase, useIsSolo } from '../../shell/use-app-base.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { AppointmentTypesPanel } from '../appointment-setup/appointment-types-panel.tsx';
import { AvailabilityPanel } from '../appointment-setup/availability-panel.tsx';

/**
 * Settings › Private Sessions (issue 17, spec §6): a solo instructor's appointment types and working
 * hours. A company has the Appointment page for these; opened there by address, the page says so.
 */
export function PrivateSessionsPage() {
  usePageTitle('Private Sessions');
  const solo = useIsSolo();
  const base = useAppBase();
  if (!solo)
    return (
      <Stack gap="md">
        <Title order={1}>Private Sessions</Title>
        <Text>
          Your business sets up appointment types and working hours on the{' '}
          <Anchor component={Link} to={`${base}/appointment/types`} underline="always">
            Appointment page’s Types tab
          </Anchor>
          .
        </Text>
      </Stack>
    );
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Private Sessions</Title>
        <Text c="dimmed">
          The private sessions you offer and the hours clients can book them. Book one for a client from your
          Calendar.
        </Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="private-session-types">
        <Title order={2} id="private-session-types">
          Session types
        </Title>
        <AppointmentTypesPanel withHeading={false} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="private-session-hours">
        <Title order={2} id="private-session-hours">
          Working hours
        </Title>
        <AvailabilityPanel withHeading={false} />
      </Stack>
    </Stack>
  );
}
