import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { BookingDto, MyBookingDto, MyBookingsDto, PublicAppointmentTypeDto } from '@kinetic/shared';
import { ApiError, apiRequest } from '../../api/client.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useFocusLater } from '../../ui/use-focus-later.ts';
import { myBookingsQueryKey } from '../bookings/api/booking-keys.ts';
import { useRefreshingMutation } from '../bookings/api/use-refreshing-mutation.ts';
import { ConfirmDialog } from '../bookings/confirm-dialog.tsx';
import { useMyUpcomingBookings } from '../bookings/api/list-my-bookings.ts';
import { creditBack, money, paymentLine, statusLabel, STATUS_COLOURS } from '../bookings/booking-labels.ts';
import { classTimeLabel, dayTimeLabel, placeLabel } from '../schedule/class-labels.ts';
import { usePublicAppointmentTypes } from '../appointment-booking/api/appointment-booking-api.ts';
import { sessionCancellationRule } from '../appointment-booking/appointment-labels.ts';

/**
 * Cancels the client's own place without a toast: the client area says what happened once, in the
 * sentence the focus goes to (as Settings and the packages do), not also in a toast.
 */
const cancelQuietly = ({ bookingId }: { bookingId: string }) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    body: {},
    inlineErrors: true,
    silent: true,
  });

/**
 * What cancelling this private session now means, said before it: free (and what comes back) or late
 * (the fee, and that the session counts as used), from the type's rule (read from the studio's public
 * types); without the rule (a type no longer offered), the general warning.
 */
export function cancelSessionSentence(
  booking: MyBookingDto,
  type: Pick<PublicAppointmentTypeDto, 'cancellation' | 'currency'> | undefined,
  now = Date.now(),
): string {
  if (!type)
    return 'Within the studio’s cancellation window it counts as a late cancellation, and a fee may be owed.';
  return sessionCancellationRule(
    type.cancellation,
    {
      startsAt: booking.classInstance.startsAt,
      timeZone: booking.classInstance.timeZone,
      currency: type.currency,
      paying: booking.paidWith !== 'free',
    },
    { booked: true, credit: creditBack(booking), now },
  );
}

/** What the client reads beside a booking of theirs. */
function clientStatus(booking: MyBookingDto, past: boolean): string {
  if (booking.status === 'waitlisted' && booking.waitlistPosition !== null)
    return `Waitlist #${booking.waitlistPosition}`;
  if (booking.status === 'offered')
    return booking.offerExpiresAt
      ? `Place held until ${dayTimeLabel(booking.offerExpiresAt, booking.classInstance.timeZone)}`
      : 'Place held for you';
  if (booking.status === 'checked_in') return past ? 'Attended' : 'Checked in';
  if (booking.status === 'cancelled' && booking.cancelledBy === 'client') return 'You cancelled';
  return statusLabel(booking);
}

export function BookingList({
  items,
  past,
  detailsPath,
  onCancel,
}: {
  items: MyBookingDto[];
  past: boolean;
  detailsPath: (id: string) => string;
  /** Cancel a private session (it has no class page to cancel from). */
  onCancel?: (booking: MyBookingDto) => void;
}) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((booking) => {
        const cls = booking.classInstance;
        const paid = paymentLine(booking);
        // A private session (issue 17) is named by its type and has no class page.
        const appointment = Boolean(cls.appointmentTypeId);
        return (
          <Paper key={booking.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                {appointment ? (
                  <Text fw={700}>
                    {cls.templateName}{' '}
                    <Text span size="sm" fw={400} c="dimmed">
                      · Private session
                    </Text>
                  </Text>
                ) : (
                  <Anchor component={Link} to={detailsPath(cls.id)} fw={700} underline="always">
                    {cls.templateName}
                  </Anchor>
                )}
                <Text size="sm">{classTimeLabel(cls)}</Text>
                <Text size="sm" c="dimmed">
                  {[cls.instructorName, placeLabel(cls)].filter(Boolean).join(' · ')}
                </Text>
                {paid ? <Text size="sm">{paid}</Text> : null}
                {appointment && onCancel && !past && booking.status === 'booked' ? (
                  <Button
                    variant="outline"
                    color="red.9"
                    size="xs"
                    mt={4}
                    style={{ alignSelf: 'flex-start' }}
                    aria-label={`Cancel ${cls.templateName}, ${classTimeLabel(cls)}`}
                    onClick={() => onCancel(booking)}
                  >
                    Cancel
                  </Button>
                ) : null}
              </Stack>
              <Badge color={STATUS_COLOURS[booking.status]} variant="filled" style={{ flexShrink: 0 }}>
                {clientStatus(booking, past)}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** "My bookings": classes to come (booked, waiting, offered) and the last fifty already over. */
export function MyBookings({
  companyId,
  detailsPath,
}: {
  companyId: string;
  detailsPath: (id: string) => string;
}) {
  const upcoming = useMyUpcomingBookings(companyId);
  const past = useQuery({
    queryKey: [...myBookingsQueryKey(companyId), 'past'],
    queryFn: () => apiRequest<MyBookingsDto>('my/bookings?when=past', { silent: true, showLoader: false }),
    enabled: Boolean(companyId),
  });
  const active = (upcoming.data?.items ?? []).filter((booking) =>
    ['booked', 'waitlisted', 'offered', 'checked_in'].includes(booking.status),
  );
  const cancel = useRefreshingMutation(cancelQuietly, [myBookingsQueryKey(companyId)]);
  // The private sessions' rules (the client calendar reads the same list: one request, cached).
  const { company = '' } = useParams();
  const types = usePublicAppointmentTypes(company);
  const typeOf = (booking: MyBookingDto) =>
    types.data?.items.find((type) => type.id === booking.classInstance.appointmentTypeId);
  const [asking, setAsking] = useState<MyBookingDto | null>(null);
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  // The Cancel pressed is gone with its booking: the keyboard goes to the sentence saying what happened.
  const said = useFocusLater<HTMLParagraphElement>();
  const confirmCancel = (booking: MyBookingDto) =>
    cancel.mutateAsync({ bookingId: booking.id }).then(
      (answer) => {
        setAsking(null);
        setResult({
          text:
            answer.status === 'late_cancelled'
              ? `${booking.classInstance.templateName} cancelled, late: it counts as used${answer.fee ? ` and a ${money(answer.fee.amount, answer.fee.currency)} fee is owed` : ''}.`
              : `${booking.classInstance.templateName} cancelled${creditBack(booking, true) ? `: ${creditBack(booking, true)}` : ''}.`,
          failed: false,
        });
        said.focusLater();
      },
      (failure: unknown) => {
        setAsking(null);
        setResult({
          text: failure instanceof ApiError ? failure.message : 'The cancellation did not go through.',
          failed: true,
        });
        said.focusLater();
      },
    );
  return (
    <Stack gap="lg">
      {result ? (
        <Text ref={said.ref} tabIndex={-1} fw={700} c={result.failed ? 'red.9' : undefined} role="status">
          {result.text}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={asking !== null}
        title="Cancel your private session?"
        keepLabel="Keep my booking"
        confirmLabel="Cancel my booking"
        busy={cancel.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && void confirmCancel(asking)}
      >
        <Text>
          {asking ? `${asking.classInstance.templateName}, ${classTimeLabel(asking.classInstance)}. ` : ''}
          Your time goes back to the studio. {asking ? cancelSessionSentence(asking, typeOf(asking)) : ''}
        </Text>
      </ConfirmDialog>
      <Stack gap="xs" component="section" aria-labelledby="upcoming-heading">
        <Title order={2} size="h3" id="upcoming-heading">
          Coming up
        </Title>
        {upcoming.isError ? (
          <Alert color="red" role="alert" title="Your bookings could not be loaded">
            {upcoming.error.message}
          </Alert>
        ) : !upcoming.data ? (
          <PageLoader />
        ) : active.length === 0 ? (
          <Text c="dimmed">No classes booked. Choose one in the timetable.</Text>
        ) : (
          <BookingList items={active} past={false} detailsPath={detailsPath} onCancel={setAsking} />
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="past-heading">
        <Title order={2} size="h3" id="past-heading">
          Past classes
        </Title>
        {past.isError ? (
          <Alert color="red" role="alert" title="Your past classes could not be loaded">
            {past.error.message}
          </Alert>
        ) : !past.data ? (
          <PageLoader />
        ) : past.data.items.length === 0 ? (
          <Text c="dimmed">None yet.</Text>
        ) : (
          <BookingList items={past.data.items} past detailsPath={detailsPath} />
        )}
      </Stack>
    </Stack>
  );
}
