import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useHereForReturn, waiverPathBack } from '../waivers/waiver-needed-note.tsx';
import { useEventFlow } from './event-flow.ts';
import type { BookingProblem } from './use-book-event.ts';
import { READABLE_ALERT } from './event-facts.tsx';

/** Why a booking was refused, with the way to the waiver (coming back here) when that is the reason. */
export function BookingProblemNote({ problem }: { problem: BookingProblem | null }) {
  const { company, roleId } = useEventFlow();
  const here = useHereForReturn();
  return (
    <div role="alert">
      {problem ? (
        <Alert styles={READABLE_ALERT} color="red" variant="light" title="Not booked yet">
          <Text size="sm">
            {problem.message}{' '}
            {problem.waiver ? (
              <Anchor
                component={Link}
                to={waiverPathBack(company, roleId, here)}
                fz="inherit"
                underline="always"
              >
                Sign the waiver
              </Anchor>
            ) : null}
          </Text>
        </Alert>
      ) : null}
    </div>
  );
}
