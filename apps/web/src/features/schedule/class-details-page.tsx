import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useMe } from '../accounts/api/get-me.ts';
import { rosterAbilities } from '../bookings/can-manage-bookings.ts';
import { RosterSection } from '../bookings/roster-section.tsx';
import { useClassInstance } from './api/get-class-instance.ts';
import { useScheduleChoices } from './api/list-schedule-choices.ts';
import { ClassActions } from './class-actions.tsx';
import { ClassSummary } from './class-summary.tsx';

/** Class details for the team: the facts, notes, the actions and the roster. */
export function ClassDetailsPage() {
  const { classInstanceId = '' } = useParams();
  const base = useAppBase();
  const me = useMe();
  const companyId = me.data?.company.id ?? '';
  const manage = me.data?.can.manageSchedule ?? false;
  const instance = useClassInstance(companyId, classInstanceId);
  const choices = useScheduleChoices(manage ? companyId : '');
  usePageTitle(instance.data ? instance.data.templateName : 'Class Details');

  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={`${base}/calendar`} size="sm">
        Back to the calendar
      </Anchor>
      {instance.isError ? (
        <>
          <Title order={1}>Class Details</Title>
          <Alert color="red" role="alert" title="This class could not be loaded">
            {instance.error.message}
          </Alert>
        </>
      ) : !instance.data ? (
        <PageLoader />
      ) : (
        <>
          <ClassSummary item={instance.data} />
          {instance.data.notes ? (
            <Stack gap={4}>
              <Title order={2} size="h4">
                Notes
              </Title>
              <Text style={{ whiteSpace: 'pre-line' }}>{instance.data.notes}</Text>
            </Stack>
          ) : null}
          {instance.data.eventId ? (
            // An event's date is edited, moved and cancelled with its event.
            manage ? (
              <Anchor component={Link} to={`${base}/events`}>
                Edit or cancel this event on the Events page
              </Anchor>
            ) : null
          ) : manage ? (
            <ClassActions companyId={companyId} item={instance.data} {...choices} />
          ) : null}
          {instance.data.eventId ? null : (
            // The tablet at the door shows this class's check-in code (issue 13 §1).
            <Anchor component={Link} to={`${base}/check-in/door?classInstanceId=${instance.data.id}`}>
              Open the door screen (check-in code)
            </Anchor>
          )}
          <RosterSection companyId={companyId} item={instance.data} abilities={rosterAbilities(me.data)} />
        </>
      )}
    </Stack>
  );
}
