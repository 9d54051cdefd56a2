import type { Ref } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyBookingsDto } from '@kinetic/shared';
import { apiRequest } from '../../api/client.ts';
import { myBookingsQueryKey } from '../bookings/api/booking-keys.ts';
import { bookedSentence } from '../bookings/booking-labels.ts';
import { placeLabel } from '../schedule/class-labels.ts';
import { whenLabel } from './appointment-labels.ts';

/** What the confirmation says; from the booking's answer, or (after a reload) from My bookings. */
export interface BookedFacts {
  typeName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  instructorName: string;
  place: string;
  /** "You’re booked, using 1 credit of 10-Class Pack." */
  paid: string;
}

/** Step 5: "You’re booked" with the time, instructor and place, and the way to My bookings. */
export function BookedStep({
  facts,
  appointmentId,
  companyId,
  clientBase,
  headingRef,
  onAnother,
}: {
  facts: BookedFacts | null;
  appointmentId: string;
  companyId: string;
  clientBase: string;
  headingRef: Ref<HTMLHeadingElement>;
  onAnother: () => void;
}) {
  // After a reload the answer is gone: the client's own booking of that appointment says the same.
  const mine = useQuery({
    queryKey: [...myBookingsQueryKey(companyId), 'appointment', appointmentId],
    queryFn: () =>
      apiRequest<MyBookingsDto>(`my/bookings?classInstanceId=${encodeURIComponent(appointmentId)}`, {
        silent: true,
        showLoader: false,
        inlineErrors: true,
      }),
    enabled: !facts && Boolean(companyId),
  });
  const found = mine.data?.items.find((booking) => ['booked', 'checked_in'].includes(booking.status));
  const shown: BookedFacts | null =
    facts ??
    (found
      ? {
          typeName: found.classInstance.templateName,
          startsAt: found.classInstance.startsAt,
          endsAt: found.classInstance.endsAt,
          timeZone: found.classInstance.timeZone,
          instructorName: found.classInstance.instructorName,
          place: placeLabel(found.classInstance),
          paid: bookedSentence(found),
        }
      : null);
  return (
    <Stack gap="sm" component="section" aria-labelledby="step-heading">
      <Title order={2} size="h3" id="step-heading" ref={headingRef} tabIndex={-1}>
        You’re booked
      </Title>
      {shown ? (
        <Stack gap={4}>
          <Text fw={700}>{shown.typeName}</Text>
          <Text>{whenLabel(shown.startsAt, shown.endsAt, shown.timeZone)}</Text>
          <Text>With {shown.instructorName}</Text>
          <Text>At {shown.place}</Text>
          {shown.paid ? <Text size="sm">{shown.paid}</Text> : null}
          <Text size="sm" c="dimmed">
            We have emailed you the details. You can cancel from My bookings.
          </Text>
        </Stack>
      ) : mine.isError ? (
        <Alert color="yellow" variant="light" title="Your booking is made">
          Its details could not be loaded here: {mine.error.message}
        </Alert>
      ) : (
        <Text>Loading your booking…</Text>
      )}
      <Group gap="sm">
        <Button component={Link} to={`${clientBase}?view=mine`}>
          See My bookings
        </Button>
        <Anchor component="button" type="button" className="tap-link" onClick={onAnother}>
          Book another session
        </Anchor>
      </Group>
    </Stack>
  );
}
