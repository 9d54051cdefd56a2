import { Alert, Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import { useAppBase } from '../../shell/use-app-base.ts';

interface ScheduleSetupNoteProps {
  choices: { templates: unknown[]; studios: unknown[]; instructors: unknown[] };
}

/** What a class needs before it can be scheduled, with the page that adds each. */
export function ScheduleSetupNote({ choices }: ScheduleSetupNoteProps) {
  const base = useAppBase();
  return (
    <Alert color="secondary" variant="light" title="Before scheduling a class">
      <List size="sm">
        {choices.studios.length === 0 ? (
          <List.Item>
            <Anchor c="dark.9" underline="always" fw={700} component={Link} to={`${base}/settings/studios/new`}>
              Add a studio
            </Anchor>
          </List.Item>
        ) : null}
        {choices.templates.length === 0 ? (
          <List.Item>
            <Anchor c="dark.9" underline="always" fw={700} component={Link} to={`${base}/settings/fitnessClassTemplate`}>
              Add a class template
            </Anchor>
          </List.Item>
        ) : null}
        {choices.instructors.length === 0 ? (
          <List.Item>
            <Anchor c="dark.9" underline="always" fw={700} component={Link} to={`${base}/settings/instructors`}>
              Add an instructor
            </Anchor>
          </List.Item>
        ) : null}
      </List>
    </Alert>
  );
}
