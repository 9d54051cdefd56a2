import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { useEventFlow } from './event-flow.ts';
import type { BookingProblem } from './use-book-event.ts';
import { READABLE_ALERT } from './event-facts.tsx';

/** Why a booking was refused, with the way to the waiver (coming back here) when that is the reason. */
export function BookingProblemNote({ problem }: { problem: BookingProblem | null }) {
  const { company, roleId } = useEventFlow();
  const location = useLocation();
  // Settings › Waiver, coming back here once signed (as waiver-needed-note.tsx's link does; importing it
  // would bring the waiver's API and its mutation code into the event page's first chunk).
  const waiver = `/${company}/${roleId}/client/settings/waiver?${new URLSearchParams({
    [RETURN_TO_PARAM]: `${location.pathname}${location.search}`,
  }).toString()}`;
  return (
    <div role="alert">
      {problem ? (
        <Alert styles={READABLE_ALERT} color="red" variant="light" title="Not booked yet">
          <Text size="sm">
            {problem.message}{' '}
            {problem.waiver ? (
              <Anchor component={Link} to={waiver} fz="inherit" underline="always">
                Sign the waiver
              </Anchor>
            ) : null}
          </Text>
        </Alert>
      ) : null}
    </div>
  );
}
