import { Button, Group, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { NoAccessPage } from '../../shell/no-access-page.tsx';
import { useAppBase } from '../../shell/use-app-base.ts';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { AppointmentTypesPanel } from '../appointment-setup/appointment-types-panel.tsx';
import { AvailabilityPanel } from '../appointment-setup/availability-panel.tsx';
import { AppointmentCalendar } from './appointment-calendar.tsx';
import { APPOINTMENT_HEADING } from './appointment-labels.ts';

type TabKey = 'calendar' | 'types' | 'availability';

/** Which tabs this person can use: Types needs Manage settings; Availability the schedule, or their own hours. */
export function appointmentTabs(me: {
  can: { manageSettings: boolean; manageSchedule: boolean };
  user: { roleId: string };
}) {
  return [
    { key: 'calendar' as const, label: 'Calendar', path: '' },
    ...(me.can.manageSettings ? [{ key: 'types' as const, label: 'Types', path: '/types' }] : []),
    ...(me.can.manageSchedule || me.user.roleId === 'instructor'
      ? [{ key: 'availability' as const, label: 'Availability', path: '/availability' }]
      : []),
  ];
}

/** The Appointment page (issue 17): the calendar, and the Types and Availability tabs, each its own address. */
export function AppointmentsPage() {
  usePageTitle('Appointment');
  const base = useAppBase();
  const { tab = 'calendar' } = useParams();
  const me = useMe();
  if (!me.data) return null;
  const tabs = appointmentTabs(me.data);
  const active = tabs.find((item) => item.key === tab);
  if (!active) {
    if (tab === 'types')
      return (
        <NoAccessPage
          title="Appointment types"
          whoMay="You need the “Manage settings” ability. Ask the business owner or an admin."
          dashboard={base}
        />
      );
    if (tab === 'availability')
      return (
        <NoAccessPage
          title="Availability"
          whoMay="You need the “Manage the schedule” ability. Ask the business owner or an admin."
          dashboard={base}
        />
      );
    return <NotFoundPage inShell />;
  }
  return (
    <Stack gap="md">
      <Title order={1} id={APPOINTMENT_HEADING} tabIndex={-1}>
        Appointment
      </Title>
      <Group component="nav" aria-label="Appointment" gap="xs">
        {tabs.map((item) => (
          <Button
            key={item.key}
            component={Link}
            to={`${base}/appointment${item.path}`}
            variant={item.key === active.key ? 'filled' : 'default'}
            aria-current={item.key === active.key ? 'page' : undefined}
          >
            {item.label}
          </Button>
        ))}
      </Group>
      <TabContent tab={active.key} />
    </Stack>
  );
}

function TabContent({ tab }: { tab: TabKey }) {
  if (tab === 'types') return <AppointmentTypesPanel />;
  if (tab === 'availability') return <AvailabilityPanel />;
  return <AppointmentCalendar />;
}
